// A planned STG whose lanes are not one row (ldst_global_lanes, each
// lane's own word 256 bytes from the last) with lanes past the end of the
// buffer: the general path reports the lanes that fault, as before.
.launch grid=1 block=32
.init R1 = tid
.buffer out u32[1024] = 0
.param out
.expect-error "lanes 0xffff0000, PC 0x0020 (fault_global_lanes.s:11): `STG.E [R2.64], R1`: global store of 4 bytes at 0x10001000: unmapped address (16 lanes)"
    LDC.64 R2, c[0x0][0x100] ;
    IMAD.WIDE.U32 R2, R1, 0x100, R2 ;
    STG.E [R2.64], R1 ;
    EXIT ;
