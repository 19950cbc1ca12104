// IMAD: low product + c, .HI (high half + c), .WIDE (64-bit pair result,
// 64-bit c), .U32 vs signed, and the .SHL/.MOV spellings.
.launch grid=1 block=4
.init R1 = lane
.buffer lo s32[4] = 0
.buffer hi u32[4] = 0
.buffer wide s64[4] = 0
.buffer idiom u32[4] = 0
.param lo
.param hi
.param wide
.param idiom
    LDC.64 R10, c[0x0][0x100] ;
    IMAD.WIDE.U32 R10, R1, 0x4, R10 ;
    IMAD R2, R1, -0x3, R20 ;                 // 100 - 3 * lane
    STG.E [R10.64], R2 ;
    LDC.64 R10, c[0x0][0x108] ;
    IMAD.WIDE.U32 R10, R1, 0x4, R10 ;
    IMAD.HI.U32 R3, R1, R24, R21 ;           // lane * 2^31 >> 32, + 1
    STG.E [R10.64], R3 ;
    LDC.64 R10, c[0x0][0x110] ;
    IMAD.WIDE.U32 R10, R1, 0x8, R10 ;
    IMAD.WIDE R4, R1, -0x2, R22 ;            // -2 * lane + (2^32 + 0)
    STG.E.64 [R10.64], R4 ;
    LDC.64 R10, c[0x0][0x118] ;
    IMAD.WIDE.U32 R10, R1, 0x4, R10 ;
    IMAD.SHL.U32 R6, R1, 0x10, RZ ;
    IMAD.MOV.U32 R7, RZ, RZ, R6 ;
    IADD3 R7, R7, 0x1, RZ ;
    STG.E [R10.64], R7 ;
    EXIT ;
.init R20 = 100
.init R21 = 1
.init R22 = 0
.init R23 = 1
.init R24 = 0x80000000
.expect lo = {100, 97, 94, 91}
.expect hi = {1, 1, 2, 2}
.expect wide = {4294967296, 4294967294, 4294967292, 4294967290}
.expect idiom = {1, 17, 33, 49}
