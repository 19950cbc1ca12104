// BUG (sync): CTA barrier inside a branch only lanes 0-15 take (__syncthreads in divergent code).
// Twin: bar_divergent_ok.s.
.expect-error "PC 0x0060 (bar_divergent.s:15): `@P0 BAR.SYNC 0x0`: --check=sync: barrier 0 reached by lanes 0x0000ffff of the warp's live lanes 0xffffffff: a CTA barrier in divergent code (the lanes 0xffff0000 that did not arrive are not ordered by it; PTX requires all threads of the warp)"
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
        ISETP.LT.U32.AND P0, PT, R0, 0x10, PT ;
   @P0  BAR.SYNC 0x0 ;
        LOP3.LUT R6, R0, 0x3f, RZ, 0x3c, !PT ;
        SHF.L.U32 R6, R6, 0x2, RZ ;
   @P0  LDS R7, [R6+`(sh)] ;
        IMAD.WIDE.U32 R2, R0, 0x4, R8 ;
   @P0  STG.E [R2.64], R7 ;
        EXIT ;
