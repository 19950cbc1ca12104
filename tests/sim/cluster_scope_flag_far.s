// A flag released and acquired with .CLUSTER scope does not order CTAs of
// different clusters (grid 2, clusters of one CTA): CTA 0 reads CTA 1's
// data after seeing the flag, but the release does not reach it - a race
// (PTX: the two are not morally strong).  The same in one cluster:
// tests/sim/cluster_scope_flag.s.
.expect-error "--check=race: read of 4 bytes at global 0x10002000 (data) by lane 0 races with the write of 4 bytes by CTA (1,0,0) warp 0 lane 0"
.launch grid=2 block=32 cluster=1 policy=random:21 check=race,sync,init
.buffer flag u32[1] = zero
.buffer data u32[32] = zero
.buffer out u32[32] = zero
.param flag
.param data
.param out
main:
        S2R R0, SR_LANEID ;
        S2R R1, SR_CTAID.X ;
        LDC.64 R8, c[0x0][0x100] ;
        LDC.64 R10, c[0x0][0x108] ;
        IMAD.WIDE.U32 R2, R0, 0x4, R10 ;
        ISETP.NE.U32.AND P0, PT, R1, RZ, PT ;
   @!P0 BRA `(.Lconsumer) ;
        IADD3 R4, R0, 0x64, RZ ;
        STG.E [R2.64], R4 ;
        NOP ;
        MOV R5, 0x1 ;
        ATOMG.E.EXCH.RELEASE.CLUSTER RZ, [R8.64], R5 ;
        EXIT ;
.Lconsumer:
        ATOMG.E.OR.ACQUIRE.CLUSTER R6, [R8.64], RZ ;
        ISETP.EQ.U32.AND P1, PT, R6, RZ, PT ;
   @P1  BRA `(.Lconsumer) ;
        NOP ;
        LDG.E R4, [R2.64] ;
        LDC.64 R12, c[0x0][0x110] ;
        IMAD.WIDE.U32 R2, R0, 0x4, R12 ;
        STG.E [R2.64], R4 ;
        EXIT ;
