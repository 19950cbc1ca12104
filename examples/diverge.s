// diverge.s - a divergent if/else reconverged with BSSY/BSYNC.
//
// Odd lanes take the branch (R1 = tid * 2), even lanes fall through
// (R1 = tid + 0x100); BSSY records the lanes in B0 and BSYNC B0 waits until
// both groups arrive, after which the whole warp stores out[tid] = R1.
//
//   build/simt run examples/diverge.s --block 32 \
//       --buffer out=u32[32]:zero --param out --print out
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
