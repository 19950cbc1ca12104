// NANOSLEEP URb: the sleep time (cycles) is a uniform register loaded with
// ULDC from a parameter.  The whole warp sleeps, so the cycle counter that
// S2UR reads after it has advanced by at least 0x400 (UP0, in both warps;
// with URZ, or 0, it would not).
.launch grid=1 block=64
.param u32:0x400
main:
        ULDC UR4, c[0x0][0x100] ;
        S2UR UR5, SR_CLOCKLO ;
        NANOSLEEP UR4 ;
        S2UR UR6, SR_CLOCKLO ;
        UIADD3 UR7, UR6, -0x400, URZ ;
        UISETP.GE.U32.AND UP0, UPT, UR7, UR5, UPT ;  // clock2 - 0x400 >= clock1
.expect UP0 = 1
.expect UR4 = 0x400
        EXIT ;
