// Register-indexed LDC with a word per lane, lanes 4-31 past the bank's
// data: the lanes are read one by one and the first that faults is
// reported, as before the lanes were checked at once.
.launch grid=1 block=32
.init R1 = tid
.param u32:11
.param u32:22
.param u32:33
.param u32:44
.expect-error "lanes 0xffffffff, PC 0x0010 (fault_const_lanes.s:12): `LDC R3, c[0x0][R2+0x100]`: constant load of 4 bytes at c[0x0][0x110]: out of range (bank size 0x110)"
    SHF.L.U32 R2, R1, 0x2, RZ ;
    LDC R3, c[0x0][R2+0x100] ;
    EXIT ;
