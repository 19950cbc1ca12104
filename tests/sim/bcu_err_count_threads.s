// A barrier count beyond the CTA's threads, rounded up to whole warps
// (here 2 warps: 64), is a runtime exception: the phase could never
// complete (a BAR.SYNC would deadlock, a BAR.ARV would leave a barrier that
// never resets).  Found by fuzz_words; count 0x40 is still legal with a
// partial second warp (48 threads).
.launch grid=1 block=48
.expect-error "barrier count exceeds the CTA's warps (it could never complete) (barrier 5, count 96"
main:
        BAR.ARV 0x5, 0x40 ;
        BAR.SYNC 0x5, 0x40 ;
        BAR.ARV 0x5, 0x60 ;
        EXIT ;
