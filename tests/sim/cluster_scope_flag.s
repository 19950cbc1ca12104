// A flag released and acquired with .CLUSTER scope orders the CTAs of one
// cluster: CTA 0 (the consumer) is in the producer CTA 1's cluster (grid 2, cluster 2),
// so its reads of the data are ordered after CTA 1's writes: clean under
// the race checker.  tests/sim/cluster_scope_flag_far.s: the same flag
// between two clusters is a race.
.launch grid=2 block=32 cluster=2 policy=random:21 check=race,sync,init
.buffer flag u32[1] = zero
.buffer data u32[32] = zero
.buffer out u32[32] = zero
.param flag
.param data
.param out
.expect out = {0x64, 0x65, 0x66, 0x67, 0x68, 0x69, 0x6a, 0x6b, 0x6c, 0x6d, 0x6e, 0x6f, 0x70, 0x71, 0x72, 0x73, 0x74, 0x75, 0x76, 0x77, 0x78, 0x79, 0x7a, 0x7b, 0x7c, 0x7d, 0x7e, 0x7f, 0x80, 0x81, 0x82, 0x83}
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
