// Misuse: an object address that is not a multiple of 8 is a fault.
.launch grid=1 block=32 shared=64
.init P0 = mask 0x1
.expect-error "mbarrier address 0xc is not a multiple of 8 (shared size 0x40)"
@P0     MBAR.INIT [0xc], 0x2 ;
        EXIT ;
