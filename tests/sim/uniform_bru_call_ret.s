// CALL and RET through uniform register pairs built on the uniform
// datapath.  CALL.ABS UR[4:5] to .L_f1 (UMOV of the label); .L_f1 returns
// with RET.ABS UR[6:7], the address LEPC produced, moved over by R2UR
// (uniform, so check=uniform stays silent).  CALL.REL UR[8:9] jumps
// forward by a UIADD3 of a label distance; .L_f2 returns with RET.REL
// UR[12:13], a negative distance whose high word USHF.R.S32.HI makes.
.launch grid=1 block=64 check=uniform
.buffer out u32[64] = zero
.param out
.expect out = {0x210,0x210,0x210,0x210,0x210,0x210,0x210,0x210,0x210,0x210,0x210,0x210,0x210,0x210,0x210,0x210,0x210,0x210,0x210,0x210,0x210,0x210,0x210,0x210,0x210,0x210,0x210,0x210,0x210,0x210,0x210,0x210,0x210,0x210,0x210,0x210,0x210,0x210,0x210,0x210,0x210,0x210,0x210,0x210,0x210,0x210,0x210,0x210,0x210,0x210,0x210,0x210,0x210,0x210,0x210,0x210,0x210,0x210,0x210,0x210,0x210,0x210,0x210,0x210}
.expect UR13 = 0xffffffff
main:
        S2R R0, SR_TID.X ;
        MOV R8, c[0x0][0x100] ;
        MOV R9, c[0x0][0x104] ;
        IMAD.WIDE.U32 R2, R0, 0x4, R8 ;
        MOV R5, 0x0 ;
.L_lepc:
        LEPC R10, `(.L_ret1 - .L_lepc) ;
        R2UR UR6, R10 ;
        R2UR UR7, R11 ;
        UMOV UR4, `(.L_f1) ;
        UMOV UR5, 0x0 ;
        CALL.ABS UR[4:5] ;
.L_ret1:
        UIADD3 UR8, URZ, `(.L_f2 - .L_ret2), URZ ;
        USHF.R.S32.HI UR9, URZ, 0x1f, UR8 ;
        CALL.REL UR[8:9] ;
.L_ret2:
        STG.E [R2.64], R5 ;
        EXIT ;
.L_f1:
        IADD3 R5, R5, 0x10, RZ ;
        RET.ABS UR[6:7] ;
.L_f2:
        IADD3 R5, R5, 0x200, RZ ;
        UIADD3 UR12, URZ, `(.L_ret2 - .L_r2), URZ ;
        USHF.R.S32.HI UR13, URZ, 0x1f, UR12 ;
        RET.REL UR[12:13] ;
.L_r2:
        EXIT ;
