// A parked MBAR.TRY.WAIT parks the whole warp: lanes 0-15 wait for phase 0
// that lanes 16-31 of the same warp would complete, but those lanes wait
// at another PC (after the divergent BRA) and never run.  The report
// shows both lane groups (compare mbar_yield_poll.s).
.launch grid=1 block=32 shared=64
.expect-error "warp 0 blocked at PC 0x0040 (mbar_deadlock_diverged.s:15) `MBAR.TRY.WAIT.PARITY P2, [0x8], 0x0`: active 0x0000ffff valid 0xffffffff yield 0x00000000 sleep 0x00000000; lanes 0x0000ffff wait on the mbarrier at shared 0x8 for the phase with parity 0 to complete (object 0x0000000001000010: participants 16, pending 16, tx 0, phase 0); lanes 0xffff0000 parked at PC 0x0070 (mbar_deadlock_diverged.s:19) `MBAR.ARRIVE RZ, [0x8]`"
.init R1 = tid
.init P0 = mask 0x1
.buffer out u32[32] = 0
.param out
@P0     MBAR.INIT [0x8], 0x10 ;
        ISETP.LT.U32.AND P1, PT, R1, 0x10, PT ;
        BSSY B0, `(join) ;
@!P1    BRA `(arrivers) ;
        MBAR.TRY.WAIT.PARITY P2, [0x8], 0x0 ;
        MOV R5, 0x1 ;
        BRA `(join) ;
arrivers:
        MBAR.ARRIVE RZ, [0x8] ;
        MOV R5, 0x2 ;
join:
        BSYNC B0 ;
        LDC.64 R8, c[0x0][0x100] ;
        SHF.L.U32 R2, R1, 0x2, RZ ;
        IMAD.WIDE.U32 R8, R2, 0x1, R8 ;
        STG.E [R8.64], R5 ;
        EXIT ;
