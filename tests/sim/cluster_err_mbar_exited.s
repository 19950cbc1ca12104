// An arrival on the mbarrier of a CTA of the cluster that has exited is
// diagnosed like any access to an exited CTA's shared memory.
.launch grid=2 block=32 cluster=2 shared=16 max-cycles=100000
.buffer flag u32[1] = zero
.param flag
.expect-error "`MBAR.ARRIVE RZ, [R2]`: mbarrier address 0x2000000: the CTA of that rank has exited (CTA rank 1; the cluster has 2 CTAs)"
main:
        S2R R0, SR_TID.X ;
        ISETP.NE.U32.AND P0, PT, R0, RZ, PT ;
   @P0  EXIT ;
        MBAR.INIT [0x0], 0x1 ;
        S2R R1, SR_CLUSTER_CTARANK ;
        MOV R12, c[0x0][0x100] ;
        MOV R13, c[0x0][0x104] ;
        ISETP.NE.U32.AND P1, PT, R1, RZ, PT ;
   @P1  BRA `(.L_rank1) ;
.L_spin:
        NANOSLEEP 0x10 ;
        LDG.E R6, [R12.64] ;
        ISETP.EQ.AND P2, PT, R6, RZ, PT ;
   @P2  BRA `(.L_spin) ;
        NANOSLEEP 0x100 ;
        MAPA R2, RZ, 0x1 ;
        MBAR.ARRIVE RZ, [R2] ;
        EXIT ;
.L_rank1:
        MOV R5, 0x1 ;
        STG.E [R12.64], R5 ;
        EXIT ;
