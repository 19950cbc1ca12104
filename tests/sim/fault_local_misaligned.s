// A 64-bit local access must be 8-byte aligned in every lane: lanes 1 and
// 3 of the partial mask fault, and the store writes nothing.
.launch grid=1 block=32 local=64
.init R1 = tid
.expect-error "local store of 8 bytes at 0x4: misaligned (2 lanes)"
    SHF.L.U32 R2, R1, 0x2, RZ ;
    ISETP.LT.U32.AND P0, PT, R1, 0x4, PT ;
    @P0 STL.64 [R2], R2 ;
    EXIT ;
