// An arrival on another CTA's mbarrier returns no state (PTX:
// mbarrier.arrive.shared::cluster has the sink _ as destination): a
// destination other than RZ is a run-time error naming the rank.
.launch grid=2 block=32 cluster=2 shared=16
.expect-error "`MBAR.ARRIVE R[4:5], [R2]`: MBAR.ARRIVE on the mbarrier of another CTA of the cluster (rank 1) returns no state: its destination must be RZ"
main:
        S2R R0, SR_TID.X ;
        ISETP.EQ.AND P6, PT, R0, RZ, PT ;
   @P6  MBAR.INIT [0x0], 0x20 ;
        CGABAR.ARV ;
        CGABAR.WAIT ;
        S2R R1, SR_CLUSTER_CTARANK ;
        LOP3.LUT R3, R1, 0x1, RZ, 0x3c, !PT ;
        MAPA R2, RZ, R3 ;
        MBAR.ARRIVE R[4:5], [R2] ;
        EXIT ;
