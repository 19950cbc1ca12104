// BRX URa: the jump distance is a uniform register computed on the uniform
// datapath.  Three warps; warp w jumps w * 0x20 bytes ahead (S2UR WARPID,
// UIMAD) into a table of two-instruction targets.  Then a backward BRX
// loop: UR7 = UISETP/USEL choose between the negative distance back to
// .L_loop (UIADD3 of a label expression) and 0 (the next instruction), so
// the loop body runs three times.  Each warp stores its R5 at out[warpid].
.launch grid=1 block=96
.buffer out u32[3] = 0
.param out
.expect out = {0x301, 0x302, 0x303}
main:
        MOV R5, 0x0 ;
        S2UR UR4, SR_WARPID ;
        UIMAD UR5, UR4, 0x20, URZ ;             // 0, 0x20, 0x40
        BRX UR5, 0x0 ;
.L_t0:
        IADD3 R5, R5, 0x1, RZ ;
        BRA `(.L_done) ;
.L_t1:
        IADD3 R5, R5, 0x2, RZ ;
        BRA `(.L_done) ;
.L_t2:
        IADD3 R5, R5, 0x3, RZ ;
        BRA `(.L_done) ;
.L_done:
        UIADD3 UR12, URZ, `(.L_loop - .L_back), URZ ;
        UMOV UR6, 0x0 ;
.L_loop:
        UIADD3 UR6, UR6, 0x1, URZ ;
        IADD3 R5, R5, 0x100, RZ ;
        UISETP.LT.AND UP1, UPT, UR6, 0x3, UPT ;
        USEL UR7, UR12, URZ, UP1 ;
        BRX UR7, 0x0 ;
.L_back:
.expect UR6 = 3
.expect UR12 = 0xffffffb0
        ULDC.64 UR8, c[0x0][0x100] ;
        USHF.L.U32 UR10, UR4, 0x2, URZ ;
        UIADD3 UR8, UR8, UR10, URZ ;            // (aligned buffer: no carry)
        MOV R2, UR8 ;
        MOV R3, UR9 ;
        STG.E [R2.64], R5 ;
        EXIT ;
