// Histogram under contention across warps and CTAs (grid 4 x 128 threads):
// thread g puts v = ((g * g) >> 3) & 15 into 16 bins twice - directly with
// ATOMG.E.ADD on global bins, and through a per-CTA shared histogram
// (ATOMS.ADD, BAR.SYNC, then threads 0-15 RED.E.ADD their bin into global
// bins2).  Random scheduling interleaves the warps; both results are exact.
.launch grid=4 block=128 shared=64 policy=random:11
.buffer bins u32[16] = zero
.buffer bins2 u32[16] = zero
.param bins
.param bins2
.expect bins = {0x50, 0x10, 0x50, 0x10, 0x30, 0x10, 0x10, 0x10, 0x50, 0x10, 0x10, 0x10, 0x30, 0x10, 0x10, 0x10}
.expect bins2 = {0x50, 0x10, 0x50, 0x10, 0x30, 0x10, 0x10, 0x10, 0x50, 0x10, 0x10, 0x10, 0x30, 0x10, 0x10, 0x10}
main:
        S2R R0, SR_TID.X ;
        S2R R1, SR_CTAID.X ;
        S2R R12, SR_NTID.X ;
        IMAD R13, R1, R12, R0 ;              // g
        IMAD R4, R13, R13, RZ ;
        SHF.R.U32.HI R4, RZ, 0x3, R4 ;
        LOP3.LUT R4, R4, 0xf, RZ, 0xc0, !PT ; // v
        // clear the shared histogram (threads 0-15)
        ISETP.LT.U32.AND P0, PT, R0, 0x10, PT ;
        SHF.L.U32 R14, R0, 0x2, RZ ;
   @P0  STS [R14], RZ ;
        BAR.SYNC 0x0 ;
        MOV R8, c[0x0][0x100] ;
        MOV R9, c[0x0][0x104] ;
        IMAD.WIDE.U32 R2, R4, 0x4, R8 ;
        MOV R5, 0x1 ;
        ATOMG.E.ADD R6, [R2.64], R5 ;
        SHF.L.U32 R15, R4, 0x2, RZ ;
        ATOMS.ADD RZ, [R15], R5 ;
        BAR.SYNC 0x0 ;
   @P0  LDS R7, [R14] ;
        MOV R8, c[0x0][0x108] ;
        MOV R9, c[0x0][0x10c] ;
        IMAD.WIDE.U32 R2, R0, 0x4, R8 ;
   @P0  RED.E.ADD [R2.64], R7 ;
        EXIT ;
