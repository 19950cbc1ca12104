// A wait on the phase a .NOCOMPLETE arrival left open with nothing pending
// never succeeds by itself: no arrival is missing, yet the phase has not
// completed (seed: completion suppressed).  Every lane waits with no time
// limit and nothing in flight can complete it: the deadlock report shows the
// object with pending 0 and the source line of the wait.
.launch grid=1 block=32 shared=64
.init P0 = mask 0x1
.expect-error "warp 0 blocked at PC 0x0020 (mbar_nocomplete_wait.s:11) `MBAR.TRY.WAIT.PARITY P1, [0x8], 0x0`: active 0xffffffff valid 0xffffffff yield 0x00000000 sleep 0x00000000; lanes 0xffffffff wait on the mbarrier at shared 0x8 for the phase with parity 0 to complete (object 0x0000000000000002: participants 2, pending 0, tx 0, phase 0)"
@P0     MBAR.INIT [0x8], 0x2 ;
@P0     MBAR.ARRIVE.NOCOMPLETE RZ, [0x8], 0x2 ;
        MBAR.TRY.WAIT.PARITY P1, [0x8], 0x0 ;
        EXIT ;
