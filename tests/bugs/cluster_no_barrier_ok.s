// The correct twin of cluster_no_barrier.s (CTA reads its cluster neighbour's shared memory (DSMEM) without a cluster barrier after the neighbour wrote it): clean under --check=race,sync,init.
.launch grid=2 block=32 cluster=2 shared=128 check=race,sync,init
.buffer out u32[64] = zero
.param out
.expect out = {100, 101, 102, 103, 104, 105, 106, 107, 108, 109, 110, 111, 112, 113, 114, 115, 116, 117, 118, 119, 120, 121, 122, 123, 124, 125, 126, 127, 128, 129, 130, 131, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31}
main:
        S2R R0, SR_TID.X ;
        S2R R1, SR_CLUSTER_CTARANK ;
        S2R R30, SR_CTAID.X ;
        SHF.L.U32 R2, R0, 0x2, RZ ;
        IMAD R3, R1, 0x64, R0 ;
        STS [R2], R3 ;
        CGABAR.ARV ;
        CGABAR.WAIT ;
        LOP3.LUT R4, R1, 0x1, RZ, 0x3c, !PT ;
        MAPA R5, R2, R4 ;
        LDS R6, [R5] ;
        IMAD R7, R30, 0x20, R0 ;
        MOV R8, c[0x0][0x100] ;
        MOV R9, c[0x0][0x104] ;
        IMAD.WIDE.U32 R10, R7, 0x4, R8 ;
        STG.E [R10.64], R6 ;
        CGABAR.ARV ;
        CGABAR.WAIT ;
        EXIT ;
