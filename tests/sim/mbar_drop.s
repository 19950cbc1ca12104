// MBAR.ARRIVE.DROP: arrive and leave - the count is removed from pending
// and from the participants of later phases.  Object of 4: lane 0 drops
// 1 (participants 3, pending 3), three arrivals complete the phase, whose
// pending is reset to 3.  .DROP.NOCOMPLETE drops 2 of phase 1's pending 3.
.launch grid=1 block=32 shared=64
.init P0 = mask 0x1
.buffer out u64[3] = 0
.param out
        LDC.64 R8, c[0x0][0x100] ;
@P0     MBAR.INIT [0x8], 0x4 ;
@P0     MBAR.ARRIVE.DROP RZ, [0x8] ;
        LDS.64 R12, [0x8] ;
@P0     STG.E.64 [R8.64], R12 ;
@P0     MBAR.ARRIVE RZ, [0x8], 0x3 ;
        LDS.64 R12, [0x8] ;
@P0     STG.E.64 [R8.64+0x8], R12 ;
@P0     MBAR.ARRIVE.DROP.NOCOMPLETE RZ, [0x8], 0x2 ;
        LDS.64 R12, [0x8] ;
@P0     STG.E.64 [R8.64+0x10], R12 ;
        EXIT ;
.expect out = {0x300003, 0x8000000000300003, 0x8000000000100001}
