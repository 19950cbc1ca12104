// Stores and loads of two CTAs interleave: each CTA (one warp) counts
// cnt[own] = 1..8 and after every store records the other CTA's counter in
// seen[8*cta + i].  Round-robin alternates the two warps instruction by
// instruction, so each sees the other's count climb with its own; with
// CTAs one after another CTA 0 would see only zeros and CTA 1 only 8s.
// (test_sim_ctas.c checks the same interleaving in the trace.)
.launch grid=2 block=32
.buffer cnt u32[2] = zero
.buffer seen u32[16] = zero
.param cnt
.param seen
.expect cnt = {8, 8}
.expect seen = {1, 2, 3, 4, 5, 6, 7, 8, 1, 2, 3, 4, 5, 6, 7, 8}
main:
        S2R R0, SR_CTAID.X ;
        LDC.64 R12, c[0x0][0x100] ;
        LDC.64 R14, c[0x0][0x108] ;
        IMAD.WIDE.U32 R2, R0, 0x4, R12 ;   // &cnt[own]
        LOP3.LUT R1, R0, 0x1, RZ, 0x3c, !PT ;
        IMAD.WIDE.U32 R4, R1, 0x4, R12 ;   // &cnt[other]
        IMAD.WIDE.U32 R8, R0, 0x20, R14 ;  // &seen[8 * own]
        MOV R6, RZ ;
.L_loop:
        IADD3 R6, R6, 0x1, RZ ;
        STG.E [R2.64], R6 ;
        LDG.E R7, [R4.64] ;
        STG.E [R8.64], R7 ;
        IADD3 R8, P0, R8, 0x4, RZ ;
        IADD3.X R9, R9, RZ, RZ, P0, !PT ;
        ISETP.LT.U32.AND P1, PT, R6, 0x8, PT ;
   @P1  BRA `(.L_loop) ;
        EXIT ;
