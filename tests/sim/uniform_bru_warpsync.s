// WARPSYNC with a uniform-register member mask made on the uniform
// datapath.  UR4 = R2UR of a VOTE ballot (all 32 lanes), UR5 = UMOV
// 0xffff0000.  Lanes 0-15 run WARPSYNC ~UR5 (mask 0xffff: all members
// there, they go on alone: a VOTE over exactly those lanes); lanes 16-31
// take the other path.  WARPSYNC UR4 then waits for all 32 lanes: the
// first group switches to the second, which arrives at the same PC, and
// the warp goes on converged (a whole-warp VOTE, ballot 0xffffffff in
// out2; a VOTE whose members are not all active raises).
.launch grid=1 block=32
.init P0 = mask 0x0000ffff
.buffer out u32[32] = zero
.buffer out2 u32[32] = zero
.param out
.param out2
.expect out = {0xffff,0xffff,0xffff,0xffff,0xffff,0xffff,0xffff,0xffff,0xffff,0xffff,0xffff,0xffff,0xffff,0xffff,0xffff,0xffff,0xffff0000,0xffff0000,0xffff0000,0xffff0000,0xffff0000,0xffff0000,0xffff0000,0xffff0000,0xffff0000,0xffff0000,0xffff0000,0xffff0000,0xffff0000,0xffff0000,0xffff0000,0xffff0000}
.expect out2 = {0xffffffff,0xffffffff,0xffffffff,0xffffffff,0xffffffff,0xffffffff,0xffffffff,0xffffffff,0xffffffff,0xffffffff,0xffffffff,0xffffffff,0xffffffff,0xffffffff,0xffffffff,0xffffffff,0xffffffff,0xffffffff,0xffffffff,0xffffffff,0xffffffff,0xffffffff,0xffffffff,0xffffffff,0xffffffff,0xffffffff,0xffffffff,0xffffffff,0xffffffff,0xffffffff,0xffffffff,0xffffffff}
.expect UR4 = 0xffffffff
main:
        S2R R0, SR_TID.X ;
        MOV R8, c[0x0][0x100] ;
        MOV R9, c[0x0][0x104] ;
        IMAD.WIDE.U32 R2, R0, 0x4, R8 ;
        MOV R8, c[0x0][0x108] ;
        MOV R9, c[0x0][0x10c] ;
        IMAD.WIDE.U32 R12, R0, 0x4, R8 ;
        VOTE.ANY R4, PT, PT ;
        R2UR UR4, R4 ;
        UMOV UR5, 0xffff0000 ;
  @!P0  BRA `(.L_other) ;
        WARPSYNC ~UR5 ;
        VOTE.ANY R6, PT, PT, 0xffff ;
        BRA `(.L_sync) ;
.L_other:
        VOTE.ANY R6, PT, PT, 0xffff0000 ;
.L_sync:
        WARPSYNC UR4 ;
        VOTE.ANY R7, PT, PT ;
        STG.E [R2.64], R6 ;
        STG.E [R12.64], R7 ;
        EXIT ;
