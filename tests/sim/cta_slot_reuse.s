// Reused CTA slots start clean.  Six CTAs run two at a time (resident=2),
// so CTAs 2..5 reuse the warp slots of CTAs that finished.  Each thread
// first reads state it has not written: P0 and UR5 (stored as idx + both
// into out) and R20..R23 (stored with one STG.E.128 into quad); then it
// dirties all of it, the R rows by an LDG.E.128 into R20, so rows 21..23
// are written without being named.  out must be idx and quad all zero: a
// slot carries nothing over (docs/semantics.md, CTA scheduling).
.launch grid=6 block=64 resident=2
.buffer junk u32[4] = {7, 8, 9, 10}
.buffer out u32[384] = zero
.buffer quad u32[1536] = random(1)
.param junk
.param out
.param quad
.expect out = iota
.expect quad = zero
main:
        S2R R0, SR_TID.X ;
        S2R R1, SR_CTAID.X ;
        LDC.64 R8, c[0x0][0x100] ;
        LDC.64 R10, c[0x0][0x108] ;
        IMAD R4, R1, 0x40, R0 ;
        IMAD.WIDE.U32 R2, R4, 0x4, R10 ;
        SEL R6, RZ, 0x1, !P0 ;
        MOV R7, UR5 ;
        IADD3 R5, R6, R7, R4 ;
        STG.E [R2.64], R5 ;
        LDC.64 R10, c[0x0][0x110] ;
        IMAD.WIDE.U32 R2, R4, 0x10, R10 ;
        STG.E.128 [R2.64], R20 ;
        LDG.E.128 R20, [R8.64] ;
        ISETP.EQ.U32.AND P0, PT, RZ, RZ, PT ;
        S2UR UR5, SR_CTAID.X ;
        UIADD3 UR5, UR5, 0x1, URZ ;
        EXIT ;
