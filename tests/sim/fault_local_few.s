// Three lanes' LDL by [Ra - 0x10] (ldst.c: local_few checks few lanes by
// the largest 64-bit sum and the OR of all): lane 0's sum is negative,
// lanes 1 and 2 are inside their thread's bytes; the general path
// reports lane 0 and loads nothing.
.launch grid=1 block=32 local=64
.init R1 = tid
.expect-error "local load of 4 bytes at 0xfffffffffffffff8: out of range (1 lane)"
    ISETP.LT.U32.AND P0, PT, R1, 0x3, PT ; // lanes 0-2
    SHF.L.U32 R2, R1, 0x4, RZ ;            // 16 tid: 0, 0x10, 0x20
    IADD3 R2, R2, 0x8, RZ ;                // 8, 0x18, 0x28
    @P0 LDL R4, [R2-0x10] ;                // lane 0: -8
    EXIT ;
