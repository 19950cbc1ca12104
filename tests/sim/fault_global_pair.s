// A 64-bit global access must be 8-byte aligned in every lane; a .128
// store past the end of its buffer writes nothing and names its lanes.
.launch grid=1 block=32
.init R1 = tid
.buffer out u32[8] = 0
.param out
.expect-error "global load of 8 bytes at 0x10000004: misaligned (16 lanes)"
    LDC.64 R2, c[0x0][0x100] ;
    LOP3.LUT R4, R1, 0x1, RZ, 0xc0, !PT ;   // odd lanes: +4
    IMAD.WIDE.U32 R2, R4, 0x4, R2 ;
    LDG.E.64 R6, [R2.64] ;
    EXIT ;
