// Contended global atomics: thread i runs ITERS iterations of an LCG and
// adds 1 to bin (x >> 26) of a 64-bin histogram in global memory with
// ATOMG.E.ADD (no return).  Every warp hits a handful of bins at once.
// Parameters: hist (u32[64]), iters (u32).
main:
    S2R R0, SR_TID.X ;
    S2R R1, SR_CTAID.X ;
    LDC R8, c[0x0][0x0] ;
    IMAD R0, R1, R8, R0 ;                // global index = LCG state
    LDC R7, c[0x0][0x108] ;
    LDC.64 R10, c[0x0][0x100] ;
    MOV R2, R0 ;
    MOV R6, RZ ;
    MOV R5, 0x1 ;
loop:
    IMAD R2, R2, 0x19660d, R6 ;
    SHF.R.U32.HI R3, RZ, 0x1a, R2 ;      // bin = x >> 26
    IMAD.WIDE.U32 R12, R3, 0x4, R10 ;
    ATOMG.E.ADD RZ, [R12.64], R5 ;
    IADD3 R6, R6, 0x1, RZ ;
    ISETP.LT.U32.AND P0, PT, R6, R7, PT ;
    @P0 BRA loop ;
    EXIT ;
