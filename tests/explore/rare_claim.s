// A race that one interleaving in thousands exposes.  Warp 0 works through
// a long private loop, then claims a slot (slot = 1) and gives it back at
// once (slot = 0).  Warp 1 finishes a short loop and checks the slot
// without any synchronisation: if it finds it claimed it records a failure
// (out = 0xdead).  Under every scheduling that keeps the warps roughly in
// step - round-robin, greedy, and `--policy random:SEED` for seeds 1-1000
// (bench/rare_random.sh counts 0 failures) - warp 1 looks long before the
// claim; only a schedule that holds warp 1 back until warp 0 is between its
// two stores shows the bug.  `simt explore` finds it with one departure
// from round-robin, because partial-order reduction runs the private loops
// without choice points (tests/explore.sh); rare_claim_fixed.s is the twin.
.launch grid=1 block=64
.buffer slot u32[1] = zero
.buffer out u32[1] = zero
.param slot
.param out
.expect out = {0}
main:
        S2R R0, SR_TID.X ;
        S2R R2, SR_LANEID ;
        ISETP.NE.U32.AND P0, PT, R2, RZ, PT ;
   @P0  EXIT ;
        LDC.64 R8, c[0x0][0x100] ;              // slot
        LDC.64 R10, c[0x0][0x108] ;             // out
        ISETP.NE.U32.AND P1, PT, R0, RZ, PT ;
   @P1  BRA `(.Lwarp1) ;
        MOV R20, 0x190 ;                        // warp 0: 400 iterations
.Lwork0:
        IADD3 R20, R20, -0x1, RZ ;
        ISETP.NE.U32.AND P2, PT, R20, RZ, PT ;
   @P2  BRA `(.Lwork0) ;
        MOV R5, 0x1 ;
        STG.E [R8.64], R5 ;                     // claim
        STG.E [R8.64], RZ ;                     // give back
        EXIT ;
.Lwarp1:
        MOV R20, 0x20 ;                         // warp 1: 32 iterations
.Lwork1:
        IADD3 R20, R20, -0x1, RZ ;
        ISETP.NE.U32.AND P2, PT, R20, RZ, PT ;
   @P2  BRA `(.Lwork1) ;
        LDG.E R6, [R8.64] ;                     // is the slot free?
        ISETP.NE.U32.AND P3, PT, R6, RZ, PT ;
        MOV R7, 0xdead ;
   @P3  STG.E [R10.64], R7 ;                    // it was not: failure
        EXIT ;
