// diverge.s - a divergent if/else reconverged with BSSY/BSYNC.
//
// Odd lanes take the branch (R1 = tid * 2), even lanes fall through
// (R1 = tid + 0x100); BSSY records the lanes in B0 and BSYNC B0 waits until
// both groups arrive, after which the whole warp stores out[tid] = R1.
//
// The directives below make the file self-contained and self-checking:
//   build/simt run examples/diverge.s --print out     (or: simt test ...)
.launch grid=1 block=32
.buffer out u32[32] = zero
.param out
.expect out = {256, 2, 258, 6, 260, 10, 262, 14, 264, 18, 266, 22, 268, 26, 270, 30, 272, 34, 274, 38, 276, 42, 278, 46, 280, 50, 282, 54, 284, 58, 286, 62}
diverge:
        S2R R0, SR_TID.X ;
        LOP3.LUT P0, RZ, R0, 0x1, RZ, 0xc0, !PT ;   // P0 = tid & 1
        BSSY B0, `(.L_join) ;                       // reconverge at .L_join
   @P0  BRA `(.L_odd) ;
        IADD3 R1, R0, 0x100, RZ ;                   // even lanes
        BRA `(.L_sync) ;
.L_odd:
        IMAD.SHL.U32 R1, R0, 0x2, RZ ;              // odd lanes
.L_sync:
        BSYNC B0 ;
.L_join:
        LDC.64 R2, c[0x0][0x100] ;                  // parameter 0: out
        IMAD.WIDE.U32 R2, R0, 0x4, R2 ;             // &out[tid]
        STG.E [R2.64], R1 ;
        EXIT ;
