// Whole-warp arrivals (MBAR.ARRIVE RZ, count 1 per lane) in the two shapes
// the quick path leaves or takes: on [0x8] (20 participants) the phase
// completes after lane 19 and lanes 20-31 arrive in phase 1 (pending 8);
// on [0x10] (40 participants, 0x40 transaction bytes expected) the 32
// arrivals leave pending 8 and the bytes untouched.  out = the two words.
.launch grid=1 block=32 shared=64
.init P0 = mask 0x1
.buffer out u64[2] = 0
.param out
        LDC.64 R8, c[0x0][0x100] ;
@P0     MBAR.INIT [0x8], 0x14 ;
@P0     MBAR.INIT [0x10], 0x28 ;
@P0     MBAR.EXPECT.TX [0x10], 0x40 ;
        MOV R2, 0x8 ;
        MOV R3, 0x10 ;
        MBAR.ARRIVE RZ, [R2] ;
        MBAR.ARRIVE RZ, [R3] ;
        LDS.64 R12, [0x8] ;
        LDS.64 R14, [0x10] ;
@P0     STG.E.64 [R8.64], R12 ;
@P0     STG.E.64 [R8.64+0x8], R14 ;
        EXIT ;
.expect out = {0x8000000000800014, 0x400000800028}
