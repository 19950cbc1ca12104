// Random policy across CTAs is reproducible: four CTAs race on one word
// (last = cta + 1, then read it back into seen[6*cta + i]); which CTA's
// value each read sees depends on the interleaving random:5 picks among
// the warps of all resident CTAs.  The expected values pin that sequence
// (test_sim_ctas.c also compares whole traces of two runs and of two seeds).
.launch grid=4 block=32 policy=random:5 resident=4
.buffer last u32[1] = zero
.buffer seen u32[24] = zero
.param last
.param seen
main:
        S2R R0, SR_CTAID.X ;
        LDC.64 R12, c[0x0][0x100] ;
        LDC.64 R14, c[0x0][0x108] ;
        IADD3 R1, R0, 0x1, RZ ;
        IMAD R2, R0, 0x18, RZ ;
        IMAD.WIDE.U32 R8, R2, 0x1, R14 ;   // &seen[6 * cta]
        MOV R6, RZ ;
.L_loop:
        STG.E [R12.64], R1 ;
        LDG.E R7, [R12.64] ;
        STG.E [R8.64], R7 ;
        IADD3 R8, P0, R8, 0x4, RZ ;
        IADD3.X R9, R9, RZ, RZ, P0, !PT ;
        IADD3 R6, R6, 0x1, RZ ;
        ISETP.LT.U32.AND P1, PT, R6, 0x6, PT ;
   @P1  BRA `(.L_loop) ;
        EXIT ;
.expect seen = {1, 1, 1, 4, 2, 1, 2, 2, 3, 2, 2, 2, 3, 3, 3, 4, 1, 3, 4, 4, 4, 2, 4, 2}
.expect last = {3}
