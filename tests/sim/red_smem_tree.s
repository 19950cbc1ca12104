// Classic shared-memory tree reduction with BAR.SYNC: 2 CTAs x 256
// threads sum in[] = 0..511 (iota); each step halves the stride (128, 64,
// ..., 1), the lanes below it add their partner, and BAR.SYNC separates
// the steps.  Thread 0 of each CTA writes its CTA's sum.
.launch grid=2 block=256 shared=1024
.buffer in u32[512] = iota
.buffer out u32[2] = zero
.param in
.param out
.expect out = {32640, 98176}
main:
        S2R R0, SR_TID.X ;
        S2R R1, SR_CTAID.X ;
        IMAD R13, R1, 0x100, R0 ;
        MOV R8, c[0x0][0x100] ;
        MOV R9, c[0x0][0x104] ;
        IMAD.WIDE.U32 R2, R13, 0x4, R8 ;
        LDG.E R4, [R2.64] ;
        SHF.L.U32 R14, R0, 0x2, RZ ;
        STS [R14], R4 ;
        BAR.SYNC 0x0 ;
        MOV R5, 0x80 ;
.Lstep:
        ISETP.LT.U32.AND P0, PT, R0, R5, PT ;
        SHF.L.U32 R15, R5, 0x2, RZ ;
        IADD3 R15, R14, R15, RZ ;
   @P0  LDS R6, [R15] ;
   @P0  LDS R7, [R14] ;
   @P0  IADD3 R7, R7, R6, RZ ;
   @P0  STS [R14], R7 ;
        BAR.SYNC 0x0 ;
        SHF.R.U32.HI R5, RZ, 0x1, R5 ;
        ISETP.NE.U32.AND P1, PT, R5, RZ, PT ;
   @P1  BRA `(.Lstep) ;
        ISETP.NE.U32.AND P0, PT, R0, RZ, PT ;
   @P0  EXIT ;
        LDS R7, [RZ] ;
        MOV R8, c[0x0][0x108] ;
        MOV R9, c[0x0][0x10c] ;
        IMAD.WIDE.U32 R2, R1, 0x4, R8 ;
        STG.E [R2.64], R7 ;
        EXIT ;
