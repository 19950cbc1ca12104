// A member lane that is active but predicated off: the guard leaves lanes
// 16-31 out of a REDUX whose mask names the whole warp.
.launch grid=1 block=32
.expect-error "REDUX: member lanes 0xffff0000 are active but do not execute it (guard false)"
main:
        S2R R0, SR_LANEID ;
        ISETP.LT.U32.AND P0, PT, R0, 0x10, PT ;
   @P0  REDUX.SUM R1, R0 ;
        EXIT ;
