// A negative offset that takes a lane below shared address 0 faults with
// the 64-bit address (Ra + off wraps), under a partial mask too.
.launch grid=1 block=32 shared=64
.init R1 = tid
.expect-error "shared load of 4 bytes at 0xfffffffffffffffc: out of range (1 lane)"
    SHF.L.U32 R2, R1, 0x2, RZ ;
    ISETP.LT.U32.AND P0, PT, R1, 0x4, PT ;
    @P0 LDS R5, [R2-0x4] ;
    EXIT ;
