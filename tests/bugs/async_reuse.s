// BUG (race): shared buffer refilled by an async copy while other warps still read its old contents (no barrier before the copy).
// Twin: async_reuse_ok.s.
.expect-error "PC 0x0090 (async_reuse.s:20): `LDS R4, [R6]`: --check=race: read of 4 bytes at shared 0x0 (buf) by lane 31 races with the write of 4 bytes by the async copy of CTA (0,0,0) warp 0 lane 0 at PC 0x00b0 (async_reuse.s:22) `LDGSTS.E [R2], [R12.64]`: the async copy had not completed for its issuer: no DEPBAR, mbarrier wait or ARRIVES ordered its write before the other access"
.launch grid=1 block=64 check=race,sync,init
.buffer in u32[64] = iota
.buffer out u32[64] = zero
.param in
.param out
        .shared buf, 256
main:
        S2R R0, SR_TID.X ;
        LDC.64 R8, c[0x0][0x100] ;
        LDC.64 R10, c[0x0][0x108] ;
        SHF.L.U32 R2, R0, 0x2, RZ ;
        IMAD.WIDE.U32 R12, R2, 0x1, R8 ;
        IMAD.WIDE.U32 R14, R2, 0x1, R10 ;
        STS [R2+`(buf)], R0 ;
        BAR.SYNC 0x0 ;
        LOP3.LUT R6, R2, 0xfc, RZ, 0x3c, !PT ;
        LDS R4, [R6+`(buf)] ;
        NOP ;
        LDGSTS.E [R2+`(buf)], [R12.64] ;
        LDGDEPBAR ;
        DEPBAR.LE SB0, 0x0 ;
        BAR.SYNC 0x0 ;
        LDS R5, [R6+`(buf)] ;
        IADD3 R4, R4, R5, RZ ;
        STG.E [R14.64], R4 ;
        EXIT ;
