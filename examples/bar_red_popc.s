// bar_red_popc.s - a CTA-wide vote with BAR.RED.POPC.
//
// Every thread sets P0 when its thread index is odd; BAR.RED.POPC waits for
// all warps of the CTA at barrier 0 (count 0 = every live warp) and counts
// the threads whose P0 is true; B2R.RESULT reads the count, and each thread
// stores it to out[tid].  With --block 96, out holds 48 everywhere.
//
// The directives below make the file self-contained and self-checking:
//   build/simt run examples/bar_red_popc.s --print out     (or: simt test ...)
.launch grid=1 block=96
.buffer out u32[96] = zero
.param out
.expect out = {48, 48, 48, 48, 48, 48, 48, 48, 48, 48, 48, 48, 48, 48, 48, 48, 48, 48, 48, 48, 48, 48, 48, 48, 48, 48, 48, 48, 48, 48, 48, 48, 48, 48, 48, 48, 48, 48, 48, 48, 48, 48, 48, 48, 48, 48, 48, 48, 48, 48, 48, 48, 48, 48, 48, 48, 48, 48, 48, 48, 48, 48, 48, 48, 48, 48, 48, 48, 48, 48, 48, 48, 48, 48, 48, 48, 48, 48, 48, 48, 48, 48, 48, 48, 48, 48, 48, 48, 48, 48, 48, 48, 48, 48, 48, 48}
bar_red_popc:
        S2R R0, SR_TID.X ;
        LOP3.LUT P0, RZ, R0, 0x1, RZ, 0xc0, !PT ;   // P0 = tid & 1
        BAR.RED.POPC 0x0, P0 ;                      // barrier 0, all warps
        B2R.RESULT R1 ;                             // R1 = popcount
        LDC.64 R2, c[0x0][0x100] ;                  // parameter 0: out
        IMAD.WIDE.U32 R2, R0, 0x4, R2 ;             // &out[tid]
        STG.E [R2.64], R1 ;
        EXIT ;
