// A store one element past the end of a buffer faults (the page is mapped
// for the buffer's bytes only), naming space, address, size and lanes.
.launch grid=1 block=32
.init R1 = tid
.buffer out u32[31] = 0
.param out
.expect-error "global store of 4 bytes at 0x1000007c: unmapped address (1 lane)"
    LDC.64 R2, c[0x0][0x100] ;
    IMAD.WIDE.U32 R2, R1, 0x4, R2 ;
    STG.E [R2.64], R1 ;
    EXIT ;
