// A kernel that states its cluster shape (.cluster_dims 2, 1, 1: what the
// PTX front end writes for .reqnctapercluster, CUDA's __cluster_dims__):
// a launch without a cluster shape runs with clusters of 2 (here grid 4 =
// two clusters), so SR_CLUSTER_NCTARANK is 2, SR_IS_EXPLICIT_CLUSTER 1
// and MAPA reaches the other rank (docs/semantics.md, "Clusters").
// out[cta] = nctarank | explicit << 4 | (peer's rank word) << 8.
.launch grid=4 block=32 shared=0x10
.buffer out u32[4] = zero
.param out
.expect out = {0x112, 0x012, 0x112, 0x012}
        .cluster_dims 2, 1, 1
main:
        S2R R0, SR_TID.X ;
        S2R R1, SR_CLUSTER_CTARANK ;
        S2R R2, SR_CLUSTER_NCTARANK ;
        S2R R3, SR_IS_EXPLICIT_CLUSTER ;
        S2R R4, SR_CTAID.X ;
        STS [RZ], R1 ;                             // word 0: my rank
        CGABAR.ARV ;
        CGABAR.WAIT ;
        LOP3.LUT R5, R1, 0x1, RZ, 0x3c, !PT ;      // the other rank
        MAPA R6, RZ, R5 ;
        LDS R7, [R6] ;
        SHF.L.U32 R3, R3, 0x4, RZ ;
        SHF.L.U32 R7, R7, 0x8, RZ ;
        LOP3.LUT R8, R2, R3, R7, 0xfe, !PT ;
        ISETP.NE.AND P0, PT, R0, RZ, PT ;
        MOV R10, c[0x0][0x100] ;
        MOV R11, c[0x0][0x104] ;
        IMAD.WIDE.U32 R10, R4, 0x4, R10 ;
   @!P0 STG.E [R10.64], R8 ;
        CGABAR.ARV ;
        CGABAR.WAIT ;
        EXIT ;
