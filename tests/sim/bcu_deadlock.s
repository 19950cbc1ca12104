// Deadlock: the barrier expects 0x60 arrivals but the CTA has 2 warps.
// The report names each blocked warp, its instruction and the barrier's
// count and expected count.
.launch grid=1 block=64
.expect-error "warp 1 blocked after PC 0x0000 (bcu_deadlock.s:7) `BAR.SYNC 0x5, 0x60`: active 0xffffffff valid 0xffffffff yield 0x00000000 sleep 0x00000000; waits on barrier 5: 64 of expected 96 arrivals"
main:
        BAR.SYNC 0x5, 0x60 ;
        EXIT ;
