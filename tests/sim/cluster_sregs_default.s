// No cluster shape: every CTA is a cluster of one (CUDA's implicit 1x1x1 cluster).
// Thread 0 of each CTA stores the 15 cluster special registers at
// out[lin*16 + k] (lin = the CTA's linear id, x fastest): k = 0-2
// SR_CLUSTERID.X/Y/Z, 3-5 SR_NCLUSTERID.*, 6-8 SR_CLUSTER_CTAID.*, 9-11
// SR_CLUSTER_NCTAID.*, 12 SR_CLUSTER_CTARANK, 13 SR_CLUSTER_NCTARANK,
// 14 SR_IS_EXPLICIT_CLUSTER.  Expected values: tests/sim/ref/cluster_ref.py.
// S2UR reads the cluster registers into uniform registers too.
.launch grid=3 block=32
.buffer out u32[48] = zero
.param out
.expect out = {0, 0, 0, 3, 1, 1, 0, 0, 0, 1, 1, 1, 0, 1, 0, 0, 1, 0, 0, 3, 1, 1, 0, 0, 0, 1, 1, 1, 0, 1, 0, 0, 2, 0, 0, 3, 1, 1, 0, 0, 0, 1, 1, 1, 0, 1, 0, 0}
main:
        S2UR UR4, SR_CLUSTER_NCTARANK ;
.expect UR4 = 1
        S2UR UR5, SR_IS_EXPLICIT_CLUSTER ;
.expect UR5 = 0
        S2R R0, SR_TID.X ;
        ISETP.NE.U32.AND P0, PT, R0, RZ, PT ;
   @P0  EXIT ;
        S2R R4, SR_CTAID.X ;
        S2R R5, SR_CTAID.Y ;
        S2R R6, SR_NCTAID.X ;
        IMAD R7, R5, R6, R4 ;                // lin
        MOV R8, c[0x0][0x100] ;
        MOV R9, c[0x0][0x104] ;
        IMAD.WIDE.U32 R2, R7, 0x40, R8 ;
        S2R R10, SR_CLUSTERID.X ;
        STG.E [R2.64+0x0], R10 ;
        S2R R10, SR_CLUSTERID.Y ;
        STG.E [R2.64+0x4], R10 ;
        S2R R10, SR_CLUSTERID.Z ;
        STG.E [R2.64+0x8], R10 ;
        S2R R10, SR_NCLUSTERID.X ;
        STG.E [R2.64+0xc], R10 ;
        S2R R10, SR_NCLUSTERID.Y ;
        STG.E [R2.64+0x10], R10 ;
        S2R R10, SR_NCLUSTERID.Z ;
        STG.E [R2.64+0x14], R10 ;
        S2R R10, SR_CLUSTER_CTAID.X ;
        STG.E [R2.64+0x18], R10 ;
        S2R R10, SR_CLUSTER_CTAID.Y ;
        STG.E [R2.64+0x1c], R10 ;
        S2R R10, SR_CLUSTER_CTAID.Z ;
        STG.E [R2.64+0x20], R10 ;
        S2R R10, SR_CLUSTER_NCTAID.X ;
        STG.E [R2.64+0x24], R10 ;
        S2R R10, SR_CLUSTER_NCTAID.Y ;
        STG.E [R2.64+0x28], R10 ;
        S2R R10, SR_CLUSTER_NCTAID.Z ;
        STG.E [R2.64+0x2c], R10 ;
        S2R R10, SR_CLUSTER_CTARANK ;
        STG.E [R2.64+0x30], R10 ;
        S2R R10, SR_CLUSTER_NCTARANK ;
        STG.E [R2.64+0x34], R10 ;
        S2R R10, SR_IS_EXPLICIT_CLUSTER ;
        STG.E [R2.64+0x38], R10 ;
        EXIT ;
