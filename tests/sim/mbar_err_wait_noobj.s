// Misuse: a whole warp waits on [0x8], where no MBAR.INIT made an object,
// in a CTA whose only object is at 0x0 (the index exists: its entry for
// 0x8 is empty).
.launch grid=1 block=32 shared=64
.init P0 = mask 0x1
.expect-error "lanes 0x00000001, PC 0x0020 (mbar_err_wait_noobj.s:9): `MBAR.TRY.WAIT.PARITY P1, [R2], RZ`: mbarrier at shared 0x8 is uninitialised (no MBAR.INIT)"
@P0     MBAR.INIT [0x0], 0x1 ;
        MOV R2, 0x8 ;
        MBAR.TRY.WAIT.PARITY P1, [R2], RZ ;
        EXIT ;
