// FADD/FMUL/FFMA: correctly rounded binary32 in the four rounding modes,
// FFMA's single rounding, .FTZ, canonical NaN, infinities.
.launch grid=1 block=1
.buffer out f32[14] = 0
.buffer bits u32[2] = 0
.param out
.param bits
    LDC.64 R10, c[0x0][0x100] ;
    MOV R1, 0x3f800000 ;                 // 1.0
    MOV R2, 0x33800000 ;                 // 2^-24: half an ulp of 1.0
    FADD R3, R1, R2 ;                    // tie -> even: 1.0
    FADD.RP R4, R1, R2 ;                 // 1 + 2^-23
    FADD.RM R5, R1, -1.0 ;               // exact zero in RM: -0
    FMUL R6, R1, 3.0 ;
    FMUL.RZ R7, R4, R4 ;                 // (1 + 2^-23)^2 rounded toward zero
    MOV R8, 0x3f800800 ;                 // 1 + 2^-12
    FFMA R9, R8, R8, -1.0 ;              // exact 2^-11 + 2^-24: one rounding
    FMUL R12, R8, R8 ;
    FADD R13, R12, -1.0 ;                // product rounded (tie to even): 2^-11
    MOV R14, 0x00400000 ;                // a subnormal
    FADD R15, R14, RZ ;                  // kept
    FADD.FTZ R16, R14, RZ ;              // flushed
    FMUL R17, R1, +INF ;
    STG.E [R10.64], R3 ;
    STG.E [R10.64+0x4], R4 ;
    STG.E [R10.64+0x8], R5 ;
    STG.E [R10.64+0xc], R6 ;
    STG.E [R10.64+0x10], R7 ;
    STG.E [R10.64+0x14], R9 ;
    STG.E [R10.64+0x18], R13 ;
    STG.E [R10.64+0x1c], R15 ;
    STG.E [R10.64+0x20], R16 ;
    STG.E [R10.64+0x24], R17 ;
    FADD.RZ R18, R1, 0x7f7fffff ;        // FLT_MAX + 1, toward zero: FLT_MAX
    MOV R22, 0x7f7fffff ;
    FMUL.RP R19, R22, 2.0 ;              // overflow up: +INF
    FFMA.RM R20, R1, -1.0, R1 ;          // exact zero in RM: -0
    FMUL R21, RZ, +INF ;                 // NaN
    STG.E [R10.64+0x28], R18 ;
    STG.E [R10.64+0x2c], R19 ;
    STG.E [R10.64+0x30], R20 ;
    STG.E [R10.64+0x34], R21 ;
    LDC.64 R10, c[0x0][0x108] ;
    STG.E [R10.64], R20 ;
    STG.E [R10.64+0x4], R21 ;
    EXIT ;
.expect out = {1.0, 1.00000012, -0.0, 3.0, 1.00000024, 0.000488340855, 0.00048828125, 5.87747175e-39, 0.0, inf, 3.40282347e+38, inf, -0.0, 0x7fffffff}
.expect bits = {0x80000000, 0x7fffffff}
