// A .128 global store that leaves its buffer in some lanes faults and
// names every lane that does.
.launch grid=1 block=32
.init R1 = tid
.buffer out u32[8] = 0
.param out
.expect-error "global store of 16 bytes at 0x10000020: unmapped address (30 lanes)"
    LDC.64 R2, c[0x0][0x100] ;
    IMAD.WIDE.U32 R2, R1, 0x10, R2 ;
    STG.E.128 [R2.64], R4 ;
    EXIT ;
