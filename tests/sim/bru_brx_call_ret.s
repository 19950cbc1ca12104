// BRX with per-lane targets: lane group of the lowest lane runs first, the
// other targets wait in RPC (all-jump branch of the BRX pseudo-code);
// BSYNC reconverges.  Then CALL.REL to a function that returns with
// RET.ABS through the address LEPC produced (with LEPC's offset).
.launch grid=1 block=32
.buffer out u32[32] = zero
.param out
.expect out = {0x11,0x12,0x13,0x11,0x12,0x13,0x11,0x12,0x13,0x11,0x12,0x13,0x11,0x12,0x13,0x11,0x12,0x13,0x11,0x12,0x13,0x11,0x12,0x13,0x11,0x12,0x13,0x11,0x12,0x13,0x11,0x12}
main:
        S2R R0, SR_TID.X ;
        MOV R8, c[0x0][0x100] ;
        MOV R9, c[0x0][0x104] ;
        IMAD.WIDE.U32 R2, R0, 0x4, R8 ;
        IMAD.HI.U32 R6, R0, 0x55555556, RZ ;
        IMAD R6, R6, -0x3, R0 ;
        IMAD.SHL.U32 R6, R6, 0x20, RZ ;
        BSSY B0, `(.L_join) ;
        BRX R6, 0x0 ;
.L_t0:
        MOV R5, 0x1 ;
        BRA `(.L_join) ;
.L_t1:
        MOV R5, 0x2 ;
        BRA `(.L_join) ;
.L_t2:
        MOV R5, 0x3 ;
.L_join:
        BSYNC B0 ;
.L_lepc:
        LEPC R10, `(.L_ret - .L_lepc) ;
        CALL.REL `(.L_func - .L_ret) ;
.L_ret:
        STG.E [R2.64], R5 ;
        EXIT ;
.L_func:
        IADD3 R5, R5, 0x10, RZ ;
        RET.ABS R10, 0x0 ;
