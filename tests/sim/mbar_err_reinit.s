// Misuse: MBAR.INIT of a live object without MBAR.INVAL first.
.launch grid=1 block=32 shared=64
.init P0 = mask 0x1
.expect-error "MBAR.INIT of the mbarrier at shared 0x8, which is initialised already"
@P0     MBAR.INIT [0x8], 0x2 ;
@P0     MBAR.INIT [0x8], 0x2 ;
        EXIT ;
