// The correct twin of async_read_early.s (shared buffer read before the async copy (cp.async) into it was waited for): clean under --check=race,sync,init.
.launch grid=1 block=32 check=race,sync,init
.buffer in u32[32] = iota
.buffer out u32[32] = zero
.param in
.param out
        .shared buf, 128
.expect out = {31, 30, 29, 28, 27, 26, 25, 24, 23, 22, 21, 20, 19, 18, 17, 16, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0}
main:
        S2R R0, SR_TID.X ;
        LDC.64 R8, c[0x0][0x100] ;
        LDC.64 R10, c[0x0][0x108] ;
        SHF.L.U32 R2, R0, 0x2, RZ ;
        IMAD.WIDE.U32 R12, R2, 0x1, R8 ;
        IMAD.WIDE.U32 R14, R2, 0x1, R10 ;
        LDGSTS.E [R2+`(buf)], [R12.64] ;
        LDGDEPBAR ;
        DEPBAR.LE SB0, 0x0 ;
        WARPSYNC 0xffffffff ;
        LOP3.LUT R6, R2, 0x7c, RZ, 0x3c, !PT ;
        LDS R4, [R6+`(buf)] ;
        STG.E [R14.64], R4 ;
        EXIT ;
