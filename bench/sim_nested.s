// Nested divergence: thread i runs ITERS + (i % 32) iterations (outer
// region B0, lanes leave one by one); inside, lanes whose value has bit 3
// set take one path and the others another (inner region B1, reconverging
// every iteration).  Parameters: out (u32), iters (u32).
main:
    S2R R0, SR_TID.X ;
    S2R R1, SR_CTAID.X ;
    LDC R8, c[0x0][0x0] ;
    IMAD R0, R1, R8, R0 ;
    LDC R7, c[0x0][0x108] ;
    LOP3.LUT R9, R0, 0x1f, RZ, 0xc0, !PT ;
    IADD3 R7, R7, R9, RZ ;               // iterations: iters + lane
    MOV R2, R0 ;
    MOV R5, RZ ;
    MOV R6, RZ ;
    BSSY B0, done ;
loop:
    IMAD R2, R2, 0x19660d, R6 ;
    LOP3.LUT P1, RZ, R2, 0x8, RZ, 0xc0, !PT ;   // P1: bit 3 set
    BSSY B1, join ;
    @!P1 BRA other ;
    LOP3.LUT R5, R5, R2, RZ, 0x3c, !PT ;        // y ^= x
    BRA join_sync ;
other:
    IADD3 R5, R5, R2, RZ ;                      // y += x
join_sync:
    BSYNC B1 ;
join:
    IADD3 R6, R6, 0x1, RZ ;
    ISETP.LT.U32.AND P0, PT, R6, R7, PT ;
    @P0 BRA loop ;
    BSYNC B0 ;
done:
    LDC.64 R10, c[0x0][0x100] ;
    IMAD.WIDE.U32 R10, R0, 0x4, R10 ;
    STG.E [R10.64], R5 ;
    EXIT ;
