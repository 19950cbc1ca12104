// BUG (race): data written inside an if by lanes 0-15 and read after it by lanes 16-31 with no reconvergence (BSSY/BSYNC) or __syncwarp.
// Twin: branch_no_reconverge_ok.s.
.expect-error "PC 0x00b0 (branch_no_reconverge.s:21): `LDS R7, [R6]`: --check=race: read of 4 bytes at shared 0x0 (sh) by lane 16 races with the write of 4 bytes by CTA (0,0,0) warp 0 lane 0 at PC 0x0080 (branch_no_reconverge.s:17) `STS [R14], R4`: lanes 0 and 16 of one warp: no WARPSYNC, convergence at BSYNC or warp collective orders them (lanes do not run in lock-step under independent thread scheduling)"
.launch grid=1 block=32 check=race,sync,init
.buffer out u32[32] = zero
.param out
        .shared sh, 64
main:
        S2R R0, SR_LANEID ;
        MOV R8, c[0x0][0x100] ;
        MOV R9, c[0x0][0x104] ;
        SHF.L.U32 R14, R0, 0x2, RZ ;
        ISETP.LT.U32.AND P0, PT, R0, 0x10, PT ;
        NOP ;
   @!P0 BRA `(.Ljoin) ;
        IADD3 R4, R0, 0x9, RZ ;
        STS [R14+`(sh)], R4 ;
.Ljoin:
        NOP ;
        LOP3.LUT R6, R14, 0x3c, RZ, 0xc0, !PT ;
        LDS R7, [R6+`(sh)] ;
        IMAD.WIDE.U32 R2, R0, 0x4, R8 ;
        STG.E [R2.64], R7 ;
        EXIT ;
