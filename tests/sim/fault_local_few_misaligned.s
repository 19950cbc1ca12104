// Four lanes' STL.64 (ldst.c: local_few) where one lane in the middle of
// the mask is misaligned (lane 2 at 0x24): the OR of the sums catches it;
// the general path reports the lane and stores nothing.
.launch grid=1 block=32 local=64
.init R1 = tid
.expect-error "local store of 8 bytes at 0x24: misaligned (1 lane)"
    ISETP.LT.U32.AND P0, PT, R1, 0x4, PT ; // lanes 0-3
    MOV R2, 0x10 ;
    ISETP.EQ.U32.AND P1, PT, R1, 0x2, PT ;
    @P1 MOV R2, 0x14 ;                     // lane 2: 0x14
    @P0 STL.64 [R2+0x10], R2 ;
    EXIT ;
