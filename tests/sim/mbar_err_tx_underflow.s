// Misuse: MBAR.COMPLETE.TX of more bytes than pending.
.launch grid=1 block=32 shared=64
.init P0 = mask 0x1
.expect-error "pending transaction byte count underflow (mbarrier at shared 0x8: count 32; participants 1, pending 1, tx 16, phase 0)"
@P0     MBAR.INIT [0x8], 0x1 ;
@P0     MBAR.EXPECT.TX [0x8], 0x10 ;
@P0     MBAR.COMPLETE.TX [0x8], 0x20 ;
        EXIT ;
