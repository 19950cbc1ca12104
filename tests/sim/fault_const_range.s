// A constant load beyond the bank's data faults (bank 0 = 0x100 + params).
.launch grid=1 block=32
.param u32:1
.expect-error "constant load of 4 bytes at c[0x0][0x104]: out of range"
    LDC R4, c[0x0][0x100] ;
    LDC R5, c[0x0][0x104] ;
    EXIT ;
