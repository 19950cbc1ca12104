// NANOSLEEP with no divergence: SleepMask |= pmask and the warp sleeps
// until its timer (0x100 cycles) expires; the clock read after it is at
// least 0x100 later.
.launch grid=1 block=32
.buffer out u32[32] = zero
.param out
.expect out = {1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1}
main:
        S2R R0, SR_TID.X ;
        MOV R8, c[0x0][0x100] ;
        MOV R9, c[0x0][0x104] ;
        IMAD.WIDE.U32 R2, R0, 0x4, R8 ;
        S2R R10, SR_CLOCKLO ;
        NANOSLEEP 0x100 ;
        S2R R11, SR_CLOCKLO ;
        IADD3 R11, R11, -0x100, RZ ;
        ISETP.GE.U32.AND P1, PT, R11, R10, PT ;
        SEL R5, RZ, 0x1, !P1 ;
        STG.E [R2.64], R5 ;
        EXIT ;
