// BUG (race): threads of different warps exchange data after WARPSYNC (__syncwarp) where __syncthreads is needed.
// Twin: warpsync_across_warps_ok.s.
.expect-error "PC 0x0080 (warpsync_across_warps.s:17): `LDS R7, [R6]`: --check=race: read of 4 bytes at shared 0xfc (sh+0xfc) by lane 0 races with the write of 4 bytes by CTA (0,0,0) warp 1 lane 31 at PC 0x0040 (warpsync_across_warps.s:13) `STS [R14], R0`: no barrier between them; no barrier completed before them"
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
        WARPSYNC 0xffffffff ;
        LOP3.LUT R6, R0, 0x3f, RZ, 0x3c, !PT ;
        SHF.L.U32 R6, R6, 0x2, RZ ;
        LDS R7, [R6+`(sh)] ;
        IMAD.WIDE.U32 R2, R0, 0x4, R8 ;
        STG.E [R2.64], R7 ;
        EXIT ;
