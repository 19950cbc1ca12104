// Shared-memory tree reduction: each CTA of 256 threads sums TILES tiles of
// 256 consecutive u32 of x (tile k of CTA c starts at (c * TILES + k) *
// 256): every thread stores its element to shared memory, then 8 steps of
// "if (t < s) sh[t] += sh[t + s]" with BAR.SYNC between them; thread 0
// adds sh[0] to its total and writes it to out[c] at the end.
// Parameters: x (u32), out (u32), tiles (u32); shared = 1024 bytes.
main:
    S2R R0, SR_TID.X ;
    S2R R1, SR_CTAID.X ;
    LDC R7, c[0x0][0x110] ;              // tiles
    LDC.64 R10, c[0x0][0x100] ;          // x
    SHF.L.U32 R2, R0, 0x2, RZ ;          // my slot
    IMAD R3, R1, R7, RZ ;                // first tile of this CTA
    SHF.L.U32 R3, R3, 0x8, RZ ;          // its first element
    IADD3 R3, R3, R0, RZ ;               // my element of the first tile
    MOV R5, RZ ;                         // total (thread 0)
    MOV R6, RZ ;                         // tile counter
tile:
    IMAD.WIDE.U32 R12, R3, 0x4, R10 ;
    LDG.E R4, [R12.64] ;
    STS [R2], R4 ;
    BAR.SYNC 0x0 ;
    MOV R8, 0x80 ;                       // s = 128
step:
    ISETP.GE.U32.AND P1, PT, R0, R8, PT ;
    BSSY B0, skip ;
    @P1 BRA skip_sync ;
    SHF.L.U32 R9, R8, 0x2, RZ ;
    IADD3 R9, R2, R9, RZ ;
    LDS R4, [R9] ;
    LDS R14, [R2] ;
    IADD3 R14, R14, R4, RZ ;
    STS [R2], R14 ;
skip_sync:
    BSYNC B0 ;
skip:
    BAR.SYNC 0x0 ;
    SHF.R.U32.HI R8, RZ, 0x1, R8 ;
    ISETP.NE.U32.AND P2, PT, R8, RZ, PT ;
    @P2 BRA step ;
    ISETP.NE.U32.AND P3, PT, R0, RZ, PT ;
    @!P3 LDS R4, [RZ] ;
    @!P3 IADD3 R5, R5, R4, RZ ;
    BAR.SYNC 0x0 ;                       // sh[0] read before the next tile
    IADD3 R3, R3, 0x100, RZ ;
    IADD3 R6, R6, 0x1, RZ ;
    ISETP.LT.U32.AND P0, PT, R6, R7, PT ;
    @P0 BRA tile ;
    @P3 EXIT ;
    LDC.64 R12, c[0x0][0x108] ;
    IMAD.WIDE.U32 R12, R1, 0x4, R12 ;
    STG.E [R12.64], R5 ;
    EXIT ;
