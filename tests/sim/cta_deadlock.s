// Deadlock across two resident CTAs of 96 threads: CTA 0's warps 0 and 1
// wait on barrier 1 for 96 arrivals, but its warp 2 has exited (a count
// > 0 does not count exited warps); in CTA 1 warps 0 and 2 exit and warp 1
// waits on barrier 2 for 64.  Nothing can issue anywhere: one error naming
// both CTAs, then a note per blocked warp prefixed with its CTA
// (test_sim_ctas.c checks the notes).  While CTA 1 still ran, CTA 0's
// blocked warps were not a deadlock.
.launch grid=2 block=96
.expect-error "kernel 'main', CTAs (0,0,0), (1,0,0): deadlock: no warp can issue and none is asleep"
main:
        S2R R0, SR_CTAID.X ;
        S2R R1, SR_TID.X ;
        ISETP.NE.U32.AND P1, PT, R0, RZ, PT ;
        ISETP.GE.U32.AND P3, PT, R1, 0x40, PT ;
   @P1  BRA `(.L_cta1) ;
   @P3  EXIT ;
        BAR.SYNC 0x1, 0x60 ;
        EXIT ;
.L_cta1:
        ISETP.LT.U32.OR P2, PT, R1, 0x20, P3 ;
   @P2  EXIT ;
        BAR.SYNC 0x2, 0x40 ;
        EXIT ;
