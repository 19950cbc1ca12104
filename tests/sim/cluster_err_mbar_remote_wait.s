// Waits (and MBAR.INIT / MBAR.INVAL) act on the issuing CTA's mbarriers
// only (PTX: shared::cta addresses): a shared::cluster address naming
// another CTA is a run-time error.
.launch grid=2 block=32 cluster=2 shared=16
.expect-error "the mbarrier at shared::cluster 0x2000000 is in CTA rank 1 of the cluster, not in the issuing CTA (rank 0)"
main:
        S2R R0, SR_TID.X ;
        ISETP.EQ.AND P6, PT, R0, RZ, PT ;
   @P6  MBAR.INIT [0x0], 0x20 ;
        CGABAR.ARV ;
        CGABAR.WAIT ;
        S2R R1, SR_CLUSTER_CTARANK ;
        LOP3.LUT R3, R1, 0x1, RZ, 0x3c, !PT ;
        MAPA R2, RZ, R3 ;
        MBAR.TRY.WAIT.PARITY P0, [R2], 0x0 ;
        EXIT ;
