// A wait that can never succeed: the object expects 64 arrivals and only
// one warp (32 arrivals) comes.  The deadlock report names the waiting
// lanes, the object address and its decoded state.
.launch grid=1 block=32 shared=64
.init P0 = mask 0x1
.expect-error "warp 0 blocked at PC 0x0020 (mbar_deadlock.s:9) `MBAR.TRY.WAIT.PARITY P1, [0x8], 0x0`: active 0xffffffff valid 0xffffffff yield 0x00000000 sleep 0x00000000; lanes 0xffffffff wait on the mbarrier at shared 0x8 for the phase with parity 0 to complete (object 0x0000000002000040: participants 64, pending 32, tx 0, phase 0)"
@P0     MBAR.INIT [0x8], 0x40 ;
        MBAR.ARRIVE RZ, [0x8] ;
        MBAR.TRY.WAIT.PARITY P1, [0x8], 0x0 ;
        EXIT ;
