// BUG (race): warp-synchronous shared-memory reduction that relies on lock-step (no WARPSYNC / __syncwarp).
// Twin: warp_reduce_nosync_ok.s.
.expect-error "PC 0x00a0 (warp_reduce_nosync.s:20): `@P0 LDS R6, [R15]`: --check=race: read of 4 bytes at shared 0x40 (sh+0x40) by lane 0 races with the write of 4 bytes by CTA (0,0,0) warp 0 lane 16 at PC 0x0040 (warp_reduce_nosync.s:13) `STS [R14], R0`: lanes 16 and 0 of one warp: no WARPSYNC, convergence at BSYNC or warp collective orders them (lanes do not run in lock-step under independent thread scheduling)"
.launch grid=1 block=32 check=race,sync,init
.buffer out u32[1] = zero
.param out
        .shared sh, 128
main:
        S2R R0, SR_LANEID ;
        MOV R8, c[0x0][0x100] ;
        MOV R9, c[0x0][0x104] ;
        SHF.L.U32 R14, R0, 0x2, RZ ;
        STS [R14+`(sh)], R0 ;
        NOP ;
        MOV R5, 0x10 ;
.Lstep:
        ISETP.LT.U32.AND P0, PT, R0, R5, PT ;
        SHF.L.U32 R15, R5, 0x2, RZ ;
        IADD3 R15, R14, R15, RZ ;
   @P0  LDS R6, [R15+`(sh)] ;
   @P0  LDS R7, [R14+`(sh)] ;
   @P0  IADD3 R7, R7, R6, RZ ;
   @P0  STS [R14+`(sh)], R7 ;
        NOP ;
        SHF.R.U32.HI R5, RZ, 0x1, R5 ;
        ISETP.NE.U32.AND P1, PT, R5, RZ, PT ;
   @P1  BRA `(.Lstep) ;
        ISETP.NE.U32.AND P0, PT, R0, RZ, PT ;
   @P0  EXIT ;
        LDS R7, [`(sh)] ;
        STG.E [R8.64], R7 ;
        EXIT ;
