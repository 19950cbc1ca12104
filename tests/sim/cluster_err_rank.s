// A shared::cluster address whose rank byte names a rank the cluster does
// not have (here rank 8, built by hand: (8+1) << 24) faults like any bad
// shared access, naming the rank; lanes 16-31 only.
.launch grid=2 block=32 cluster=2 shared=256
.expect-error "PC 0x0050 (cluster_err_rank.s:12): `@P0 LDS R5, [R3]`: shared load of 4 bytes at 0x9000040: CTA rank outside the cluster (CTA rank 8; the cluster has 2 CTAs) (16 lanes)"
main:
        S2R R0, SR_TID.X ;
        SHF.L.U32 R2, R0, 0x2, RZ ;
        IADD3 R3, R2, 0x9000000, RZ ;
        ISETP.GE.U32.AND P0, PT, R0, 0x10, PT ;
        LDS R5, [R2] ;
   @P0  LDS R5, [R3] ;
        EXIT ;
