// Misuse: pending transaction bytes beyond 20 bits (two expects that
// together exceed 2^20-1).
.launch grid=1 block=32 shared=64
.init P0 = mask 0x1
.expect-error "pending transaction bytes would exceed 2^20-1 (mbarrier at shared 0x8: count 2; participants 1, pending 1, tx 1048575, phase 0)"
@P0     MBAR.INIT [0x8], 0x1 ;
@P0     MBAR.EXPECT.TX [0x8], 0xfffff ;
@P0     MBAR.EXPECT.TX [0x8], 0x2 ;
        EXIT ;
