// The .CLUSTER scope (sm_90) on atomics, reductions and fences: accepted
// and, like every scope in simtkit's sequentially consistent memory, no
// weaker than .GPU (docs/semantics.md, "Clusters").  Each of the 2 CTAs
// of the cluster adds tid+1 into rank 0's shared word with
// ATOMS.ADD.CLUSTER, fences with FENCE.SC.CLUSTER / MEMBAR.CLUSTER, and
// bumps a global counter with ATOMG.E.ADD.RELAXED.CLUSTER and
// RED.E.ADD.RELEASE.CLUSTER; after a cluster barrier rank 0 reports.
// The last barrier is reached by a divergent warp (thread 0 of rank 0
// stores first, its other lanes branch straight to it): the lanes that
// wait first park at CGABAR.WAIT and the warp switches to the lane that
// has not arrived (docs/semantics.md, "Clusters").
.launch grid=2 block=32 cluster=2 shared=16
.buffer out u32[2] = zero
.param out
.expect out = {1056, 128}
main:
        S2R R0, SR_TID.X ;
        S2R R1, SR_CLUSTER_CTARANK ;
        STS [RZ], RZ ;                       // the word the atomics add into
        CGABAR.ARV ;                         // cleared in every CTA before
        CGABAR.WAIT ;                        // any CTA adds (check=init)
        MAPA R2, RZ, 0x0 ;
        IADD3 R3, R0, 0x1, RZ ;
        ATOMS.ADD.CLUSTER R4, [R2], R3 ;
        FENCE.SC.CLUSTER ;
        MEMBAR.CLUSTER ;
        MOV R8, c[0x0][0x100] ;
        MOV R9, c[0x0][0x104] ;
        MOV R5, 0x1 ;
        ATOMG.E.ADD.RELAXED.CLUSTER R6, [R8.64+0x4], R5 ;
        RED.E.ADD.RELEASE.CLUSTER [R8.64+0x4], R5 ;
        CGABAR.ARV ;
        CGABAR.WAIT ;
        ISETP.EQ.U32.AND P0, PT, R1, RZ, PT ;
        ISETP.EQ.AND P0, PT, R0, RZ, P0 ;
   @!P0 BRA `(.L_end) ;
        LDS R7, [RZ] ;
        STG.E [R8.64], R7 ;
.L_end:
        CGABAR.ARV ;
        CGABAR.WAIT ;
        EXIT ;
