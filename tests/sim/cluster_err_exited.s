// A CTA stays resident (its shared memory kept) until every CTA of its
// cluster has exited, but an access to the shared memory of a CTA that has
// exited is undefined in PTX: the simulator stops with a fault naming the
// rank.  Rank 1 sets a flag and exits; rank 0 waits for the flag, sleeps
// long enough for rank 1's EXIT, then stores into rank 1's shared memory.
.launch grid=2 block=32 cluster=2 shared=64 max-cycles=100000
.buffer flag u32[1] = zero
.param flag
.expect-error "`ST.E [R22.64], R0`: shared store of 4 bytes at 0x7f0002000000 (generic): the CTA of that rank has exited (CTA rank 1; the cluster has 2 CTAs) (1 lane)"
main:
        S2R R0, SR_TID.X ;
        ISETP.NE.U32.AND P0, PT, R0, RZ, PT ;
   @P0  EXIT ;
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
        MOV R4, 0x1 ;
        MAPA R19, RZ, R4 ;
        MOV R20, c[0x0][0x20] ;
        MOV R21, c[0x0][0x24] ;
        IMAD.WIDE.U32 R22, R19, 0x1, R20 ;
        ST.E [R22.64], R0 ;
        EXIT ;
.L_rank1:
        MOV R5, 0x1 ;
        STG.E [R12.64], R5 ;
        EXIT ;
