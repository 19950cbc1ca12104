// A multicast mask naming a rank the cluster does not have (bit 2 in a
// cluster of 2) is a run-time error.
.launch grid=2 block=32 cluster=2 shared=0x200
.buffer src u32[64] = iota
.param src
.expect-error "UBLKCP.MULTICAST CTA mask 0x5 names a rank outside the cluster (the cluster has 2 CTAs: ranks 0..1)"
main:
        S2R R0, SR_TID.X ;
        ISETP.EQ.AND P6, PT, R0, RZ, PT ;
   @P6  MBAR.INIT [0x0], 0x1 ;
        MOV R8, c[0x0][0x100] ;
        MOV R9, c[0x0][0x104] ;
        MOV R4, 0x100 ;
        MOV R5, 0x100 ;
        MOV R7, 0x5 ;
   @P6  UBLKCP.MULTICAST [R4], [R8.64], R5, [RZ], R7 ;
        EXIT ;
