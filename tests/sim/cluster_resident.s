// A cluster's CTAs are co-resident: with resident=1 the resident count is
// rounded up to a whole cluster (here 2 CTAs), so the cluster barrier of
// each cluster completes; clusters run one after another (grid 6 = three
// clusters).  out[cta] = the word the other CTA of the cluster stored.
.launch grid=6 block=32 cluster=2 shared=16 resident=1
.buffer out u32[6] = zero
.param out
.expect out = {2, 1, 4, 3, 6, 5}
main:
        S2R R0, SR_TID.X ;
        S2R R1, SR_CTAID.X ;
        S2R R2, SR_CLUSTER_CTARANK ;
        IADD3 R3, R1, 0x1, RZ ;
        STS [RZ], R3 ;
        CGABAR.ARV ;
        CGABAR.WAIT ;
        LOP3.LUT R5, R2, 0x1, RZ, 0x3c, !PT ;
        MAPA R6, RZ, R5 ;
        LDS R7, [R6] ;
        CGABAR.ARV ;
        CGABAR.WAIT ;
        ISETP.NE.U32.AND P0, PT, R0, RZ, PT ;
   @P0  EXIT ;
        MOV R10, c[0x0][0x100] ;
        MOV R11, c[0x0][0x104] ;
        IMAD.WIDE.U32 R12, R1, 0x4, R10 ;
        STG.E [R12.64], R7 ;
        EXIT ;
