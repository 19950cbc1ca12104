// A 64-bit load from an address that is not a multiple of 8 faults.
.launch grid=1 block=32
.buffer buf u64[64] = iota
.param buf
.expect-error "global load of 8 bytes at 0x10000004: misaligned"
    LDC.64 R2, c[0x0][0x100] ;
    LDG.E.64 R4, [R2.64+0x4] ;
    EXIT ;
