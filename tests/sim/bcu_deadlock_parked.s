// The deadlock report also describes lanes parked inside the warp: warp 0
// waits at the barrier with lanes 16-31 parked at a WARPSYNC (lanes 0-15
// never arrive there), warp 1 never reaches the barrier's count.
.launch grid=1 block=64
.init P0 = mask 0xffff0000
.expect-error "lanes 0xffff0000 parked at PC 0x0050 (bcu_deadlock_parked.s:14) `WARPSYNC 0xffffffff` (lanes 0x0000ffff of the membermask not arrived)"
main:
        S2R R0, SR_TID.X ;
        ISETP.GE.U32.AND P1, PT, R0, 0x20, PT ;
   @P1  EXIT ;
   @P0  BRA `(.L_ws) ;
        BAR.SYNC 0x1, 0x40 ;
.L_ws:
        WARPSYNC 0xffffffff ;
        EXIT ;
