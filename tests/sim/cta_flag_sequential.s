// The handshake of cta_flag_handshake.s with one CTA resident at a time
// (the old sequential model): CTA 0 waits for CTA 1, which cannot start
// before CTA 0 ends: the run hangs until the cycle limit (both warps of
// CTA 0 spin, so each sees the other issue: no livelock report).
.launch grid=2 block=64 max-cycles=200000 resident=1
.buffer flag u32[2] = zero
.buffer out u32[2] = zero
.param flag
.param out
main:
        S2R R0, SR_CTAID.X ;
        LDC.64 R12, c[0x0][0x100] ;
        LDC.64 R14, c[0x0][0x108] ;
        ISETP.NE.U32.AND P1, PT, R0, RZ, PT ;
   @P1  BRA `(.L_cta1) ;
        MOV R5, 0x1 ;
        STG.E [R12.64], R5 ;
.L_wait:
        YIELD ;
        LDG.E R6, [R12.64+0x4] ;
        ISETP.EQ.AND P2, PT, R6, RZ, PT ;
   @P2  BRA `(.L_wait) ;
        STG.E [R14.64], R6 ;
        EXIT ;
.L_cta1:
        NANOSLEEP 0x40 ;
        LDG.E R6, [R12.64] ;
        ISETP.EQ.AND P2, PT, R6, RZ, PT ;
   @P2  BRA `(.L_cta1) ;
        MOV R5, 0x2 ;
        STG.E [R12.64+0x4], R5 ;
        STG.E [R14.64+0x4], R6 ;
        EXIT ;
.expect-error "kernel 'main', CTA (0,0,0): cycle limit 200000 reached (raise with --max-cycles N or .launch max-cycles=N); warp 0 of CTA (0,0,0) issued last and stands at PC 0x0090 (cta_flag_sequential.s:21) `ISETP.EQ.AND P2, PT, R6, RZ, PT`"
