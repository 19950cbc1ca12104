// MBAR.INVAL (seed 002 "inval"): the object becomes uninitialised; its
// word stays readable; MBAR.INIT may then use the address again.
.launch grid=1 block=32 shared=64
.init P0 = mask 0x1
.buffer out u64[2] = 0
.param out
        LDC.64 R8, c[0x0][0x100] ;
@P0     MBAR.INIT [0x8], 0x2 ;
@P0     MBAR.ARRIVE RZ, [0x8] ;
@P0     MBAR.INVAL [0x8] ;
        LDS.64 R12, [0x8] ;
@P0     STG.E.64 [R8.64], R12 ;               // unchanged by INVAL
@P0     MBAR.INIT [0x8], 0x5 ;
        LDS.64 R12, [0x8] ;
@P0     STG.E.64 [R8.64+0x8], R12 ;
        EXIT ;
.expect out = {0x100002, 0x500005}
