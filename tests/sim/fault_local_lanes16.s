// As fault_local_lane.s with 16 lanes (ldst.c: local_row checks many
// lanes branch-free over all 32, few lane by lane): a negative offset
// takes lanes 0-3 below their thread's bytes; the general path reports
// them.
.launch grid=1 block=32 local=64
.init R1 = tid
.expect-error "local store of 4 bytes at 0xfffffffffffffff0: out of range (4 lanes)"
    ISETP.LT.U32.AND P0, PT, R1, 0x10, PT ; // lanes 0-15
    SHF.L.U32 R2, R1, 0x2, RZ ;             // 4 tid: 0..0x3c
    @P0 STL [R2-0x10], R1 ;                 // lanes 0-3: -0x10..-0x4
    EXIT ;
