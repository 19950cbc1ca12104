// BUG (race): CTA reads its cluster neighbour's shared memory (DSMEM) without a cluster barrier after the neighbour wrote it.
// Twin: cluster_no_barrier_ok.s.
.expect-error "PC 0x0090 (cluster_no_barrier.s:17): `LDS R6, [R5]`: --check=race: read of 4 bytes at shared 0x0 by lane 0 races with the write of 4 bytes by CTA (1,0,0) warp 0 lane 0 at PC 0x0050 (cluster_no_barrier.s:13) `STS [R2], R3`: they are in different CTAs and no release/acquire pair of GPU scope (a fence or .RELEASE/.ACQUIRE atomic on one location, observed) orders them"
.launch grid=2 block=32 cluster=2 shared=128 check=race,sync,init
.buffer out u32[64] = zero
.param out
main:
        S2R R0, SR_TID.X ;
        S2R R1, SR_CLUSTER_CTARANK ;
        S2R R30, SR_CTAID.X ;
        SHF.L.U32 R2, R0, 0x2, RZ ;
        IMAD R3, R1, 0x64, R0 ;
        STS [R2], R3 ;
        NOP ;
        LOP3.LUT R4, R1, 0x1, RZ, 0x3c, !PT ;
        MAPA R5, R2, R4 ;
        LDS R6, [R5] ;
        IMAD R7, R30, 0x20, R0 ;
        MOV R8, c[0x0][0x100] ;
        MOV R9, c[0x0][0x104] ;
        IMAD.WIDE.U32 R10, R7, 0x4, R8 ;
        STG.E [R10.64], R6 ;
        NOP ;
        EXIT ;
