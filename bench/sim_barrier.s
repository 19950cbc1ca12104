// Barrier-heavy: every iteration each thread publishes its value in
// shared memory, BAR.SYNC, adds its right neighbour's value (cyclic in the
// CTA), BAR.SYNC.  Parameters: out (u32), iters (u32); shared = 4 * ntid.
main:
    S2R R0, SR_TID.X ;
    S2R R1, SR_CTAID.X ;
    LDC R8, c[0x0][0x0] ;
    IMAD R9, R1, R8, R0 ;                // global index
    SHF.L.U32 R2, R0, 0x2, RZ ;          // my slot
    IADD3 R3, R0, 0x1, RZ ;
    ISETP.GE.U32.AND P1, PT, R3, R8, PT ;
    SEL R3, RZ, R3, P1 ;                 // (tid + 1) % ntid
    SHF.L.U32 R3, R3, 0x2, RZ ;
    LDC R7, c[0x0][0x108] ;
    MOV R5, R9 ;
    MOV R6, RZ ;
loop:
    STS [R2], R5 ;
    BAR.SYNC 0x0 ;
    LDS R4, [R3] ;
    IADD3 R5, R5, R4, RZ ;
    BAR.SYNC 0x0 ;
    IADD3 R6, R6, 0x1, RZ ;
    ISETP.LT.U32.AND P0, PT, R6, R7, PT ;
    @P0 BRA loop ;
    LDC.64 R10, c[0x0][0x100] ;
    IMAD.WIDE.U32 R10, R9, 0x4, R10 ;
    STG.E [R10.64], R5 ;
    EXIT ;
