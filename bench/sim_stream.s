// Load/store stream: y[i] = 3 * x[i] + y[i] over n elements with a
// grid-stride loop (n a multiple of the thread count).  Parameters:
// x, y (u32 buffers), n (u32).
main:
    S2R R0, SR_TID.X ;
    S2R R1, SR_CTAID.X ;
    LDC R8, c[0x0][0x0] ;
    LDC R9, c[0x0][0xc] ;
    IMAD R0, R1, R8, R0 ;                // i
    IMAD R9, R8, R9, RZ ;                // stride = ntid * nctaid
    LDC R7, c[0x0][0x110] ;              // n
    LDC.64 R12, c[0x0][0x100] ;
    LDC.64 R14, c[0x0][0x108] ;
loop:
    IMAD.WIDE.U32 R2, R0, 0x4, R12 ;
    IMAD.WIDE.U32 R4, R0, 0x4, R14 ;
    LDG.E R6, [R2.64] ;
    LDG.E R10, [R4.64] ;
    IMAD R10, R6, 0x3, R10 ;
    STG.E [R4.64], R10 ;
    IADD3 R0, R0, R9, RZ ;
    ISETP.LT.U32.AND P0, PT, R0, R7, PT ;
    @P0 BRA loop ;
    EXIT ;
