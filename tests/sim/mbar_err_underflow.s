// Misuse: more arrivals than pending (pending underflow): lane 0 arrives
// with a count of 3 while 2 arrivals are pending.
.launch grid=1 block=32 shared=64
.init P0 = mask 0x1
.expect-error "pending arrival count underflow (mbarrier at shared 0x8: count 3; participants 2, pending 2, tx 0, phase 0)"
@P0     MBAR.INIT [0x8], 0x2 ;
@P0     MBAR.ARRIVE RZ, [0x8], 0x3 ;
        EXIT ;
