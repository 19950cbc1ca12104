// The deadlock report names the lanes of the B register that have not
// reached a BSYNC: warp 0 has lanes 16-31 parked at BSYNC B1 while lanes
// 0-15 wait at a barrier whose count warp 1 (exited) never completes.
.launch grid=1 block=64
.init P0 = mask 0xffff0000
.expect-error "lanes 0xffff0000 parked at PC 0x0070 (bcu_deadlock_bsync.s:16) `BSYNC B1` (lanes 0x0000ffff of B1 not arrived)"
main:
        S2R R0, SR_TID.X ;
        ISETP.GE.U32.AND P1, PT, R0, 0x20, PT ;
   @P1  EXIT ;
        BSSY B1, `(.L_sync) ;
   @P0  BRA `(.L_sync) ;
        BAR.SYNC 0x1, 0x40 ;
        NOP ;
.L_sync:
        BSYNC B1 ;
        EXIT ;
