// Deadlock: the barrier expects 0x60 arrivals (3 warps) but warp 2 exited
// before it (a count > 0 does not count exited warps).  The report names
// each blocked warp, its instruction and the barrier's count and expected
// count.  (A count beyond the CTA's warps is an exception instead:
// bcu_err_count_threads.s.)
.launch grid=1 block=96
.expect-error "warp 1 blocked after PC 0x0030 (bcu_deadlock.s:12) `BAR.SYNC 0x5, 0x60`: active 0xffffffff valid 0xffffffff yield 0x00000000 sleep 0x00000000; waits on barrier 5: 64 of expected 96 arrivals"
main:
        S2R R0, SR_TID.X ;
        ISETP.GE.U32.AND P1, PT, R0, 0x40, PT ;
   @P1  EXIT ;
        BAR.SYNC 0x5, 0x60 ;
        EXIT ;
