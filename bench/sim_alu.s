// ALU-bound loop: ITERS iterations of a multiply-add / xor / add chain per
// thread (5 instructions per iteration, uniform branch), then one store.
// Parameters: out (u32 per thread), iters (u32).
main:
    S2R R0, SR_TID.X ;
    S2R R1, SR_CTAID.X ;
    LDC R8, c[0x0][0x0] ;
    IMAD R0, R1, R8, R0 ;                // global thread index
    LDC R7, c[0x0][0x108] ;              // iterations
    MOV R2, R0 ;                         // x = index
    MOV R5, RZ ;                         // y = 0
    MOV R6, RZ ;                         // i = 0
loop:
    IMAD R2, R2, 0x19660d, R6 ;          // x = x * 1664525 + i
    LOP3.LUT R5, R5, R2, RZ, 0x3c, !PT ; // y ^= x
    IADD3 R6, R6, 0x1, RZ ;
    ISETP.LT.U32.AND P0, PT, R6, R7, PT ;
    @P0 BRA loop ;
    LDC.64 R10, c[0x0][0x100] ;
    IMAD.WIDE.U32 R10, R0, 0x4, R10 ;
    STG.E [R10.64], R5 ;
    EXIT ;
