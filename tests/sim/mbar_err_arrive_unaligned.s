// Misuse: a whole warp arrives on 0x3c, 4 bytes into the object at 0x38
// (the highest offset of 64 bytes of shared memory): not an object
// address (the index entry of 0x38 must not answer for it).
.launch grid=1 block=32 shared=64
.init P0 = mask 0x1
.expect-error "lanes 0x00000001, PC 0x0020 (mbar_err_arrive_unaligned.s:9): `MBAR.ARRIVE RZ, [R2]`: mbarrier address 0x3c is not a multiple of 8 (shared size 0x40)"
@P0     MBAR.INIT [0x38], 0x20 ;
        MOV R2, 0x3c ;
        MBAR.ARRIVE RZ, [R2] ;
        EXIT ;
