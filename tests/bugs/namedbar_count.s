// BUG (sync): named barrier whose arrivals give different thread counts (bar.sync 1, 64 and bar.sync 1, 32).
// Twin: namedbar_count_ok.s.
.expect-error "PC 0x0070 (namedbar_count.s:16): `@P1 BAR.SYNC 0x1, 0x20`: count differs from the count of the barrier's other arrivals (barrier 1, count 32, expected 64, arrivals 32)"
.launch grid=1 block=64 check=race,sync,init
.buffer out u32[64] = zero
.param out
        .shared sh, 256
main:
        S2R R0, SR_TID.X ;
        MOV R8, c[0x0][0x100] ;
        MOV R9, c[0x0][0x104] ;
        SHF.L.U32 R14, R0, 0x2, RZ ;
        STS [R14+`(sh)], R0 ;
        ISETP.GE.U32.AND P1, PT, R0, 0x20, PT ;
   @!P1 BAR.SYNC 0x1, 0x40 ;
   @P1  BAR.SYNC 0x1, 0x20 ;
        LOP3.LUT R6, R0, 0x3f, RZ, 0x3c, !PT ;
        SHF.L.U32 R6, R6, 0x2, RZ ;
        LDS R7, [R6+`(sh)] ;
        IMAD.WIDE.U32 R2, R0, 0x4, R8 ;
        STG.E [R2.64], R7 ;
        EXIT ;
