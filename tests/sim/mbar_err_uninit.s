// Misuse: an arrival on an address no MBAR.INIT initialised.
.launch grid=1 block=32 shared=64
.init P0 = mask 0x1
.expect-error "lanes 0x00000001, PC 0x0000 (mbar_err_uninit.s:5): `@P0 MBAR.ARRIVE RZ, [0x8]`: mbarrier at shared 0x8 is uninitialised (no MBAR.INIT)"
@P0     MBAR.ARRIVE RZ, [0x8] ;
        EXIT ;
