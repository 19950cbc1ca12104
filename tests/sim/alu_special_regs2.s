// S2R of SR_NWARPID (warps per CTA), SR_SMID / SR_NSMID (one SM: 0, 1) and
// SR_GLOBALTIMERLO/HI (one nanosecond per cycle: it advances like the clock).
// Thread 0 of CTA 0 stores the values (every thread computes them; one
// writer keeps the outputs race-free under --check=race).
.launch grid=2 block=96
.buffer out u32[8] = 0
.param out
    S2R R2, SR_NWARPID ;
    S2R R3, SR_SMID ;
    S2R R4, SR_NSMID ;
    S2R R5, SR_GLOBALTIMERLO ;
    S2R R6, SR_GLOBALTIMERHI ;
    S2R R7, SR_GLOBALTIMERLO ;
    IMAD R8, R5, -0x1, R7 ;              // later read minus earlier
    ISETP.GT.U32.AND P0, PT, R8, RZ, PT ;
    SEL R8, RZ, 0x1, !P0 ;               // 1: the timer advanced
    LDC.64 R16, c[0x0][0x100] ;
    S2R R9, SR_TID.X ;
    S2R R10, SR_CTAID.X ;
    LOP3.LUT R9, R9, R10, RZ, 0xfc, !PT ;
    ISETP.NE.U32.AND P1, PT, R9, RZ, PT ;
@P1 EXIT ;
    STG.E [R16.64], R2 ;
    STG.E [R16.64+0x4], R3 ;
    STG.E [R16.64+0x8], R4 ;
    STG.E [R16.64+0xc], R6 ;
    STG.E [R16.64+0x10], R8 ;
    EXIT ;
.expect out[0] = 3
.expect out[1] = 0
.expect out[2] = 1
.expect out[3] = 0
.expect out[4] = 1
