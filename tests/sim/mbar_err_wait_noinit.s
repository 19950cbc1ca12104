// Misuse: a whole warp waits on the highest 8 bytes of shared memory
// (0x38) in a CTA that never issued MBAR.INIT (it has no mbarrier state
// at all).
.launch grid=1 block=32 shared=64
.expect-error "lanes 0x00000001, PC 0x0010 (mbar_err_wait_noinit.s:7): `MBAR.TRY.WAIT.PARITY P1, [R2], RZ`: mbarrier at shared 0x38 is uninitialised (no MBAR.INIT)"
        MOV R2, 0x38 ;
        MBAR.TRY.WAIT.PARITY P1, [R2], RZ ;
        EXIT ;
