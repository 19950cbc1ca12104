// The execution rule of the uniform datapath: a U* instruction executes
// once per issue, for the warp, when its uniform guard is true, whatever
// lanes are active.  Both sides of a divergent branch issue their own
// UIADD3 on the one UR4 of the warp (0x1 + 0x10); after a partial EXIT the
// remaining lanes still execute it once (UR6); a partial last warp (block
// 40: warp 1 has 8 lanes) executes it once too.  A false guard does
// nothing (UR7); the ballot after BSYNC shows the lanes back together.
.launch grid=1 block=40
.init P0 = mask 0x0000000f
.buffer out u32[2] = 0
.param out
.expect out = {0xfffffff0, 0xf0}
main:
        BSSY B0, `(.L_join) ;
  @!P0  BRA `(.L_else) ;
        UIADD3 UR4, UR4, 0x1, URZ ;             // lanes 0-3
        BRA `(.L_join) ;
.L_else:
        UIADD3 UR4, UR4, 0x10, URZ ;            // lanes 4-31 (warp 1: 4-7)
.L_join:
        BSYNC B0 ;
.expect UR4 = 0x11
        UIADD3 UR5, UR5, 0x1, URZ ;             // once per warp
.expect UR5 = 1
   @P0  EXIT ;                                  // lanes 0-3 leave
        UIADD3 UR6, UR6, 0x2, URZ ;
.expect UR6 = 2
  @!UPT UIADD3 UR7, UR7, 0x1, URZ ;
.expect UR7 = 0
        VOTE.ANY R4, PT, PT ;                   // the lanes still running
        S2UR UR8, SR_WARPID ;
        ULDC.64 UR10, c[0x0][0x100] ;
        USHF.L.U32 UR9, UR8, 0x2, URZ ;
        UIADD3 UR10, UR10, UR9, URZ ;           // (no carry: buffers are aligned)
        MOV R2, UR10 ;
        MOV R3, UR11 ;
        STG.E [R2.64], R4 ;
        EXIT ;
