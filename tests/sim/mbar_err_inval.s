// Misuse: a wait on an invalidated object (MBAR.INVAL makes it
// uninitialised again; only MBAR.INIT may follow).
.launch grid=1 block=32 shared=64
.init P0 = mask 0x1
.expect-error "`@P0 MBAR.TEST.WAIT.PARITY P1, [0x8], 0x0`: mbarrier at shared 0x8 is invalidated (MBAR.INVAL)"
@P0     MBAR.INIT [0x8], 0x2 ;
@P0     MBAR.INVAL [0x8] ;
@P0     MBAR.TEST.WAIT.PARITY P1, [0x8], 0x0 ;
        EXIT ;
