// DADD/DMUL/DFMA/DSETP, FDIV/FSQRT (.F64 and f32): correctly rounded
// binary64/binary32 in the four rounding modes, DFMA's single rounding,
// -0 from an exact zero in .RM, NaN compares (docs/isa-decisions.md
// "Float64 and correctly rounded companions").
.launch grid=1 block=1
.buffer d u64[14] = 0
.buffer s u32[8] = 0
.param d
.param s
    LDC.64 R10, c[0x0][0x100] ;
    MOV R0, RZ ;
    MOV R1, 0x3ff00000 ;                 // 1.0
    MOV R2, RZ ;
    MOV R3, 0x3ca00000 ;                 // 2^-53: half an ulp of 1.0
    DADD R4, R0, R2 ;                    // tie -> even: 1.0
    STG.E.64 [R10.64], R4 ;
    DADD.RP R4, R0, R2 ;                 // 1 + 2^-52
    STG.E.64 [R10.64+0x8], R4 ;
    DMUL.RZ R6, R4, R4 ;                 // (1 + 2^-52)^2 toward zero: 1 + 2^-51
    STG.E.64 [R10.64+0x10], R6 ;
    MOV R6, RZ ;
    MOV R7, 0xbff00000 ;                 // -1.0
    DADD.RM R8, R0, R6 ;                 // exact zero in RM: -0
    STG.E.64 [R10.64+0x18], R8 ;
    MOV R12, 0x2000000 ;
    MOV R13, 0x3ff00000 ;                // a = 1 + 2^-27 (low word 0x02000000)
    DFMA R14, R12, R12, R6 ;             // a*a - 1 = 2^-26 + 2^-54 exactly
    STG.E.64 [R10.64+0x20], R14 ;
    DMUL R14, R12, R12 ;                 // a*a rounded: 1 + 2^-26
    DADD R14, R14, R6 ;                  // 2^-26
    STG.E.64 [R10.64+0x28], R14 ;
    MOV R2, RZ ;
    MOV R3, 0x40080000 ;                 // 3.0
    FDIV.F64 R4, R0, R2 ;                // 1/3 RN
    STG.E.64 [R10.64+0x30], R4 ;
    FDIV.F64.RP R4, R0, R2 ;             // 1/3 RP: one ulp up
    STG.E.64 [R10.64+0x38], R4 ;
    FDIV.F64.RM R4, R0, R2 ;
    STG.E.64 [R10.64+0x40], R4 ;
    MOV R2, RZ ;
    MOV R3, 0x40000000 ;                 // 2.0
    FSQRT.F64 R4, R2 ;                   // sqrt(2) RN (rounded up)
    STG.E.64 [R10.64+0x48], R4 ;
    FSQRT.F64.RZ R4, R2 ;                // one ulp below
    STG.E.64 [R10.64+0x50], R4 ;
    FSQRT.F64.RP R4, R2 ;
    STG.E.64 [R10.64+0x58], R4 ;
    MOV R4, RZ ;
    MOV R5, 0xfff80000 ;                 // a NaN
    DMUL R6, R4, R0 ;                    // NaN result: canonical
    STG.E.64 [R10.64+0x60], R6 ;
    MOV R6, RZ ;
    MOV R7, 0x7ff00000 ;                 // +inf
    DMUL R8, R6, RZ ;                    // inf * 0: NaN
    STG.E.64 [R10.64+0x68], R8 ;
    LDC.64 R10, c[0x0][0x108] ;
    DSETP.LT.AND P0, PT, R0, R2, PT ;    // 1 < 2
    DSETP.GE.AND P1, PT, R4, R0, PT ;    // NaN >= 1: false
    DSETP.GEU.AND P2, P3, R4, R0, PT ;   // unordered: true, and its negation
    SEL R12, RZ, 0x1, !P0 ;
    SEL R13, RZ, 0x1, !P1 ;
    SEL R14, RZ, 0x1, !P2 ;
    SEL R15, RZ, 0x1, !P3 ;
    STG.E.128 [R10.64], R12 ;
    MOV R0, 0x3f800000 ;                 // 1.0f
    MOV R1, 0x40400000 ;                 // 3.0f
    FDIV R2, R0, R1 ;                    // 1/3 RN (rounded up)
    FDIV.RZ R3, R0, R1 ;
    MOV R1, 0x40000000 ;
    FSQRT R4, R1 ;                       // sqrt(2) RN (rounded down)
    FSQRT.RP R5, R1 ;
    STG.E.128 [R10.64+0x10], R2 ;
    EXIT ;
.expect d = {0x3ff0000000000000, 0x3ff0000000000001, 0x3ff0000000000002, 0x8000000000000000, 0x3e50000001000000, 0x3e50000000000000, 0x3fd5555555555555, 0x3fd5555555555556, 0x3fd5555555555555, 0x3ff6a09e667f3bcd, 0x3ff6a09e667f3bcc, 0x3ff6a09e667f3bcd, 0x7fffffffffffffff, 0x7fffffffffffffff}
.expect s = {1, 0, 1, 0, 0x3eaaaaab, 0x3eaaaaaa, 0x3fb504f3, 0x3fb504f4}
