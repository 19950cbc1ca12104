// A cluster barrier that can never complete is a deadlock whose report
// names, per CTA rank, the threads that have not arrived: warp 1 of rank 1
// waits on CTA barrier 1 for warp 0, which waits on the cluster barrier.
.launch grid=2 block=64 cluster=2
.expect-error "deadlock"
.expect-error "CTA (0,0,0) warp 0 blocked at PC 0x0070 (cluster_deadlock.s:15) `CGABAR.WAIT`: active 0xffffffff valid 0xffffffff yield 0x00000000 sleep 0x00000000; waits on the cluster barrier of cluster (0,0,0) (phase 0) for threads that have not arrived: CTA rank 1 (1,0,0): 32 of 64 threads in 1 warp"
main:
        S2R R0, SR_TID.X ;
        S2R R1, SR_CLUSTER_CTARANK ;
        ISETP.GE.U32.AND P0, PT, R0, 0x20, PT ;
        ISETP.NE.U32.AND P0, PT, R1, RZ, P0 ;  // warp 1 of rank 1
   @P0  BAR.SYNC 0x1, 0x40 ;
   @P0  EXIT ;
        CGABAR.ARV ;
        CGABAR.WAIT ;
        EXIT ;
