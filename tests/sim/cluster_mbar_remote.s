// Arrivals and complete-tx on another CTA's mbarrier (mbarrier.arrive /
// complete_tx on shared::cluster): rank 0 initialises its mbarrier at 0x0
// (1 participant), a cluster barrier publishes it (the
// fence.mbarrier_init.release.cluster + barrier.cluster pattern); then
// thread 0 of rank 1 arrives on it through MAPA expecting 64 bytes, and
// its threads 0-15 each store 4 bytes into rank 0's buffer at 0x40 and
// complete 4 bytes there.  The last completion ends the phase: rank 0,
// parked in MBAR.TRY.WAIT.PARITY, wakes and copies the buffer to out.
.launch grid=2 block=64 cluster=2 shared=0x100
.buffer out u32[16] = zero
.param out
.expect out = {7, 10, 13, 16, 19, 22, 25, 28, 31, 34, 37, 40, 43, 46, 49, 52}
main:
        S2R R0, SR_TID.X ;
        S2R R1, SR_CLUSTER_CTARANK ;
        ISETP.EQ.AND P0, PT, R0, RZ, PT ;        // thread 0
        ISETP.EQ.U32.AND P1, PT, R1, RZ, PT ;    // rank 0
        ISETP.EQ.U32.AND P2, PT, R1, RZ, P0 ;    // thread 0 of rank 0
   @P2  MBAR.INIT [0x0], 0x1 ;
        CGABAR.ARV ;
        CGABAR.WAIT ;
        ISETP.LT.U32.AND P3, PT, R0, 0x10, PT ;
        SHF.L.U32 R3, R0, 0x2, RZ ;
        IADD3 R3, R3, 0x40, RZ ;                 // 0x40 + 4t
   @P1  BRA `(.L_consumer) ;
        MAPA R2, RZ, 0x0 ;                       // rank 0's mbarrier
   @P0  MBAR.ARRIVE.EXPECT_TX RZ, [R2], 0x40 ;
        MAPA R4, R3, 0x0 ;
        IMAD R5, R0, 0x3, RZ ;
        IADD3 R5, R5, 0x7, RZ ;                  // 3t + 7
   @P3  STS [R4], R5 ;
   @P3  MBAR.COMPLETE.TX [R2], 0x4 ;
        EXIT ;
.L_consumer:
        MBAR.TRY.WAIT.PARITY P4, [0x0], 0x0 ;
   @!P3 EXIT ;
        LDS R6, [R3] ;
        MOV R8, c[0x0][0x100] ;
        MOV R9, c[0x0][0x104] ;
        IMAD.WIDE.U32 R10, R0, 0x4, R8 ;
        STG.E [R10.64], R6 ;
        EXIT ;
