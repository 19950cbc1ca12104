// A store one element past the end of a buffer faults (the page is mapped
// for the buffer's bytes only), naming space, address, size and lanes, and
// the PC with its source line.
.launch grid=1 block=32
.init R1 = tid
.buffer out u32[31] = 0
.param out
.expect-error "lanes 0x80000000, PC 0x0020 (fault_global_overrun.s:11): `STG.E [R2.64], R1`: global store of 4 bytes at 0x1000007c: unmapped address (1 lane)"
    LDC.64 R2, c[0x0][0x100] ;
    IMAD.WIDE.U32 R2, R1, 0x4, R2 ;
    STG.E [R2.64], R1 ;
    EXIT ;
