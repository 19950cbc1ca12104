// FSETP ordered and unordered comparisons on NaN, I2F (signed, unsigned,
// rounding), F2I (rounding, saturation, NaN -> 0), MUFU on exact cases.
.launch grid=1 block=1
.buffer cmp u32[1] = 0
.buffer conv s32[8] = 0
.buffer f f32[8] = 0
.param cmp
.param conv
.param f
    MOV R1, 0x7fc00000 ;                 // NaN
    MOV R2, 0x3f800000 ;                 // 1.0
    FSETP.LT.AND P0, PT, R1, R2, PT ;    // false
    FSETP.LTU.AND P1, PT, R1, R2, PT ;   // true
    FSETP.NE.AND P2, PT, R1, R2, PT ;    // false
    FSETP.NEU.AND P3, PT, R1, R2, PT ;   // true
    FSETP.NAN.AND P4, P5, R1, R2, PT ;   // true, complement false
    FSETP.GE.AND P6, PT, R2, 1.0, PT ;   // true
    SEL R3, RZ, 0x1, !P0 ;
    SEL R4, RZ, 0x2, !P1 ;
    LOP3.LUT R3, R3, R4, RZ, 0xfc, !PT ;
    SEL R4, RZ, 0x4, !P2 ;
    SEL R5, RZ, 0x8, !P3 ;
    LOP3.LUT R3, R3, R4, R5, 0xfe, !PT ;
    SEL R4, RZ, 0x10, !P4 ;
    SEL R5, RZ, 0x20, !P5 ;
    LOP3.LUT R3, R3, R4, R5, 0xfe, !PT ;
    SEL R4, RZ, 0x40, !P6 ;
    LOP3.LUT R3, R3, R4, RZ, 0xfc, !PT ;
    LDC.64 R10, c[0x0][0x100] ;
    STG.E [R10.64], R3 ;
    LDC.64 R10, c[0x0][0x108] ;
    F2I R6, R1 ;                         // NaN -> 0
    F2I R7, 3e+09 ;                      // saturates to INT_MAX
    F2I R8, -3e+09 ;                     // INT_MIN
    F2I R9, -2.5 ;                       // nearest even: -2
    F2I.FLOOR R12, -2.5 ;                // -3
    F2I.CEIL R13, -2.5 ;                 // -2
    F2I.TRUNC R14, 2.75 ;                // 2
    F2I.U32 R15, -1.0 ;                  // unsigned: saturates to 0
    STG.E [R10.64], R6 ;
    STG.E [R10.64+0x4], R7 ;
    STG.E [R10.64+0x8], R8 ;
    STG.E [R10.64+0xc], R9 ;
    STG.E [R10.64+0x10], R12 ;
    STG.E [R10.64+0x14], R13 ;
    STG.E [R10.64+0x18], R14 ;
    STG.E [R10.64+0x1c], R15 ;
    LDC.64 R10, c[0x0][0x110] ;
    I2F R16, -0x7 ;
    MOV R17, 0x1000001 ;                 // 2^24 + 1: not representable
    I2F R18, R17 ;                       // RN: 2^24
    I2F.RP R19, R17 ;                    // 2^24 + 2
    MOV R20, 0xffffffff ;
    I2F.U32 R21, R20 ;                   // 2^32
    MUFU.RCP R22, 4.0 ;
    MUFU.SQRT R23, 16.0 ;
    MUFU.EX2 R24, 3.0 ;
    STG.E [R10.64], R16 ;
    STG.E [R10.64+0x4], R18 ;
    STG.E [R10.64+0x8], R19 ;
    STG.E [R10.64+0xc], R21 ;
    STG.E [R10.64+0x10], R22 ;
    STG.E [R10.64+0x14], R23 ;
    STG.E [R10.64+0x18], R24 ;
    MUFU.LG2 R25, 8.0 ;
    STG.E [R10.64+0x1c], R25 ;
    EXIT ;
.expect cmp = {0x5a}
.expect conv = {0, 2147483647, -2147483648, -2, -3, -2, 2, 0}
.expect f = {-7.0, 16777216.0, 16777218.0, 4294967296.0, 0.25, 4.0, 8.0, 3.0}
