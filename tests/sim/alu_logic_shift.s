// LOP3.LUT truth tables, its predicate output, SHF funnel shifts (left,
// right, signed, 64-bit, .HI), POPC, FLO (.U32/.S32/.SH), IABS, MOV.
.launch grid=1 block=1
.buffer out u32[16] = 0
.param out
    LDC.64 R10, c[0x0][0x100] ;
    MOV R1, 0xf0f0ff00 ;
    MOV R2, 0xcccc0f0f ;
    LOP3.LUT R3, R1, R2, RZ, 0xc0, !PT ;         // a & b
    LOP3.LUT R4, R1, R2, RZ, 0x3c, !PT ;         // a ^ b
    LOP3.LUT P0, R5, R1, R2, R1, 0x0, !PT ;      // constant 0, P0 = false
    SEL R5, RZ, 0x5, P0 ;
    STG.E [R10.64], R3 ;
    STG.E [R10.64+0x4], R4 ;
    STG.E [R10.64+0x8], R5 ;
    SHF.L.U32 R6, R1, 0x4, RZ ;                  // low word of R1 << 4
    SHF.R.S32.HI R7, RZ, 0x4, R1 ;               // R1 >> 4 arithmetic
    SHF.R.U64 R8, R1, 0x8, R2 ;                  // low word of (R2:R1) >> 8
    SHF.L.U64.HI R9, R1, 0x8, R2 ;               // high word of (R2:R1) << 8
    STG.E [R10.64+0xc], R6 ;
    STG.E [R10.64+0x10], R7 ;
    STG.E [R10.64+0x14], R8 ;
    STG.E [R10.64+0x18], R9 ;
    POPC R12, R1 ;
    FLO.U32 R13, R1 ;
    FLO.U32.SH R14, R1 ;
    FLO R15, R1 ;                                // signed: highest 0 bit below the sign
    STG.E [R10.64+0x1c], R12 ;
    STG.E [R10.64+0x20], R13 ;
    STG.E [R10.64+0x24], R14 ;
    STG.E [R10.64+0x28], R15 ;
    IABS R16, R2 ;
    FLO.U32 R17, RZ ;
    MOV R18, c[0x0][0x0] ;
    STG.E [R10.64+0x2c], R16 ;
    STG.E [R10.64+0x30], R17 ;
    STG.E [R10.64+0x34], R18 ;
    EXIT ;
.expect out = {0xc0c00f00, 0x3c3cf00f, 5, 0x0f0ff000, 0xff0f0ff0, 0x0ff0f0ff, 0xcc0f0ff0, 16, 31, 0, 27, 0x3333f0f1, 0xffffffff, 1, 0, 0}
