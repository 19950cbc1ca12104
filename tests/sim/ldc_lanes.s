// Register-indexed LDC with a word per lane (src/sim/special.c: every lane
// checked, then read): lane l reads param l mod 4, its index register the
// destination.
.launch grid=1 block=32
.init R1 = tid
.buffer out u32[32] = 0
.param out
.param u32:11
.param u32:22
.param u32:33
.param u32:44
    LOP3.LUT R2, R1, 0x3, RZ, 0xc0, !PT ;
    SHF.L.U32 R2, R2, 0x2, RZ ;
    LDC R2, c[0x0][R2+0x108] ;
    LDC.64 R4, c[0x0][0x100] ;
    IMAD.WIDE.U32 R4, R1, 0x4, R4 ;
    STG.E [R4.64], R2 ;
    EXIT ;
.expect out = {11, 22, 33, 44, 11, 22, 33, 44, 11, 22, 33, 44, 11, 22, 33, 44, 11, 22, 33, 44, 11, 22, 33, 44, 11, 22, 33, 44, 11, 22, 33, 44}
