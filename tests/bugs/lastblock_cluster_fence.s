// BUG (race): last-block grid reduction over two clusters whose fence has cluster scope (MEMBAR.CLUSTER: it does not order the partial sums for the other cluster's last block).
// Twin: lastblock_cluster_fence_ok.s.
.expect-error "PC 0x0140 (lastblock_cluster_fence.s:31): `LDG.E R6, [R8.64]`: --check=race: read of 4 bytes at global 0x10000000 (partial) by lane 0 races with the write of 4 bytes by CTA (0,0,0) warp 0 lane 0 at PC 0x00b0 (lastblock_cluster_fence.s:21) `STG.E [R2.64], R4`: they are in different CTAs and no release/acquire pair of GPU scope (a fence or .RELEASE/.ACQUIRE atomic on one location, observed) orders them"
.launch grid=4 block=32 cluster=2 policy=random:3 check=race,sync,init
.buffer partial u32[4] = zero
.buffer out u32[2] = zero
.param partial
.param out
main:
        S2R R0, SR_TID.X ;
        S2R R1, SR_CTAID.X ;
        S2R R20, SR_NCTAID.X ;
        ISETP.NE.U32.AND P0, PT, R0, RZ, PT ;
   @P0  EXIT ;
        MOV R8, c[0x0][0x100] ;
        MOV R9, c[0x0][0x104] ;
        MOV R10, c[0x0][0x108] ;
        MOV R11, c[0x0][0x10c] ;
        IMAD.WIDE.U32 R2, R1, 0x4, R8 ;
        IADD3 R4, R1, 0x1, RZ ;
        STG.E [R2.64], R4 ;
        MEMBAR.CLUSTER ;
        MOV R5, 0xffffffff ;
        ATOMG.E.INC R6, [R10.64+0x4], R5 ;
        IADD3 R7, R20, -0x1, RZ ;
        ISETP.NE.U32.AND P1, PT, R6, R7, PT ;
   @P1  EXIT ;
        MEMBAR.GPU ;
        MOV R4, RZ ;
.Lsum:
        LDG.E R6, [R8.64] ;
        IADD3 R4, R4, R6, RZ ;
        IADD3 R8, P2, R8, 0x4, RZ ;
        IADD3.X R9, R9, RZ, RZ, P2, !PT ;
        IADD3 R20, R20, -0x1, RZ ;
        ISETP.NE.U32.AND P1, PT, R20, RZ, PT ;
   @P1  BRA `(.Lsum) ;
        STG.E [R10.64], R4 ;
        EXIT ;
