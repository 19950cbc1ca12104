// A partial warp's LDL by [Ra + off] where one lane's address is past
// its thread's bytes: the warp-wide path (ldst.c: local_row) leaves it to
// the general path, which names the access (local=64: lane 3 at 0x40).
.launch grid=1 block=32 local=64
.init R1 = tid
.expect-error "local load of 4 bytes at 0x40: out of range (1 lane)"
    ISETP.LT.U32.AND P0, PT, R1, 0x4, PT ; // lanes 0-3
    SHF.L.U32 R2, R1, 0x4, RZ ;            // 16 tid: 0, 0x10, 0x20, 0x30
    @P0 LDL R4, [R2+0x10] ;                // lane 3: 0x40
    EXIT ;
