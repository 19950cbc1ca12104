// Atomics under contention across CTAs: lane 0 of each of 4 CTAs draws 8
// tickets from one counter (ATOMG.E.ADD) and writes its CTA id at
// log[ticket].  The CTAs are resident together and round-robin alternates
// them, so the tickets go 0, 1, 2, 3, 0, 1, ...; with one CTA at a time
// (resident=1) the log would be eight 0s, eight 1s, ...
.launch grid=4 block=32
.init P0 = mask 0x1
.buffer ctr u32[1] = zero
.buffer log u32[32] = zero
.param ctr
.param log
.expect ctr = {32}
.expect log = {0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3}
main:
        S2R R0, SR_CTAID.X ;
        LDC.64 R8, c[0x0][0x100] ;
        LDC.64 R10, c[0x0][0x108] ;
        MOV R7, 0x1 ;
        MOV R5, RZ ;
.Lloop:
   @P0  ATOMG.E.ADD R6, [R8.64], R7 ;
   @P0  IMAD.WIDE.U32 R2, R6, 0x4, R10 ;
   @P0  STG.E [R2.64], R0 ;
        IADD3 R5, R5, 0x1, RZ ;
        ISETP.LT.U32.AND P1, PT, R5, 0x8, PT ;
   @P1  BRA `(.Lloop) ;
        EXIT ;
