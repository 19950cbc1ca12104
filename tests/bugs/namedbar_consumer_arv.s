// BUG (race): producer/consumer named barrier where the consumer uses BAR.ARV (arrive) instead of BAR.SYNC (wait).
// Twin: namedbar_consumer_arv_ok.s.
.expect-error "PC 0x00c0 (namedbar_consumer_arv.s:22): `LDS R7, [R6]`: --check=race: read of 4 bytes at shared 0x0 (sh) by lane 0 races with the write of 4 bytes by CTA (0,0,0) warp 0 lane 0 at PC 0x0070 (namedbar_consumer_arv.s:16) `STS [R14], R4`: barrier 1 at 0x0080 completed between them but not both threads took part in it (a barrier count below the CTA, BAR.ARV, or a divergent arrival)"
.launch grid=1 block=64 check=race,sync,init
.buffer out u32[32] = zero
.param out
        .shared sh, 128
main:
        S2R R0, SR_TID.X ;
        MOV R8, c[0x0][0x100] ;
        MOV R9, c[0x0][0x104] ;
        ISETP.GE.U32.AND P1, PT, R0, 0x20, PT ;
        SHF.L.U32 R14, R0, 0x2, RZ ;
   @P1  BRA `(.Lconsumer) ;
        IADD3 R4, R0, 0x7, RZ ;
        STS [R14+`(sh)], R4 ;
        BAR.ARV 0x1, 0x40 ;
        EXIT ;
.Lconsumer:
        BAR.ARV 0x1, 0x40 ;
        IADD3 R6, R14, -0x80, RZ ;
        LDS R7, [R6+`(sh)] ;
        IADD3 R13, R0, -0x20, RZ ;
        IMAD.WIDE.U32 R2, R13, 0x4, R8 ;
        STG.E [R2.64], R7 ;
        EXIT ;
