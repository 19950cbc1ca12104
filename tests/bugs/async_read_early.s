// BUG (race): shared buffer read before the async copy (cp.async) into it was waited for.
// Twin: async_read_early_ok.s.
.expect-error "PC 0x00a0 (async_read_early.s:21): `LDS R4, [R6]`: --check=race: read of 4 bytes at shared 0x0 (buf) by lane 31 races with the write of 4 bytes by the async copy of CTA (0,0,0) warp 0 lane 0 at PC 0x0060 (async_read_early.s:17) `LDGSTS.E [R2], [R12.64]`: the async copy had not completed for its issuer: no DEPBAR, mbarrier wait or ARRIVES ordered its write before the other access"
.launch grid=1 block=32 check=race,sync,init
.buffer in u32[32] = iota
.buffer out u32[32] = zero
.param in
.param out
        .shared buf, 128
main:
        S2R R0, SR_TID.X ;
        LDC.64 R8, c[0x0][0x100] ;
        LDC.64 R10, c[0x0][0x108] ;
        SHF.L.U32 R2, R0, 0x2, RZ ;
        IMAD.WIDE.U32 R12, R2, 0x1, R8 ;
        IMAD.WIDE.U32 R14, R2, 0x1, R10 ;
        LDGSTS.E [R2+`(buf)], [R12.64] ;
        LDGDEPBAR ;
        NOP ;
        LOP3.LUT R6, R2, 0x7c, RZ, 0x3c, !PT ;
        LDS R4, [R6+`(buf)] ;
        STG.E [R14.64], R4 ;
        EXIT ;
