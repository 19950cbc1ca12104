// BUG (race): shared tile overwritten for the next round while other warps still read the previous one (missing second __syncthreads).
// Twin: shared_reuse_nobar_ok.s.
.expect-error "PC 0x00b0 (shared_reuse_nobar.s:20): `STS [R14], R5`: --check=race: write of 4 bytes at shared 0x0 (sh) by lane 0 races with the read of 4 bytes by CTA (0,0,0) warp 1 lane 31 at PC 0x0080 (shared_reuse_nobar.s:17) `LDS R4, [R6]`: no barrier between them; the last common barrier is BAR.SYNC 0 at 0x0070 (shared_reuse_nobar.s:16)"
.launch grid=1 block=64 check=race,sync,init
.buffer out u32[64] = zero
.param out
        .shared sh, 256
main:
        S2R R0, SR_TID.X ;
        MOV R8, c[0x0][0x100] ;
        MOV R9, c[0x0][0x104] ;
        SHF.L.U32 R14, R0, 0x2, RZ ;
        LOP3.LUT R6, R0, 0x3f, RZ, 0x3c, !PT ;
        SHF.L.U32 R6, R6, 0x2, RZ ;
        STS [R14+`(sh)], R0 ;
        BAR.SYNC 0x0 ;
        LDS R4, [R6+`(sh)] ;
        NOP ;
        IADD3 R5, R0, 0x100, RZ ;
        STS [R14+`(sh)], R5 ;
        BAR.SYNC 0x0 ;
        LDS R5, [R6+`(sh)] ;
        IADD3 R4, R4, R5, RZ ;
        IMAD.WIDE.U32 R2, R0, 0x4, R8 ;
        STG.E [R2.64], R4 ;
        EXIT ;
