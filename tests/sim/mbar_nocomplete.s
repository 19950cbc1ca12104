// MBAR.ARRIVE.NOCOMPLETE (seed 002 "arrive.nocomplete"): pending -= count
// without completing.  Object of 4: .NOCOMPLETE with 3 leaves pending 1
// (phase unchanged), a normal arrival completes.  With tx bytes pending a
// .NOCOMPLETE arrival may bring pending to 0: the phase then completes when
// MBAR.COMPLETE.TX removes the last byte.
.launch grid=1 block=32 shared=64
.init P0 = mask 0x1
.buffer out u64[4] = 0
.param out
        LDC.64 R8, c[0x0][0x100] ;
@P0     MBAR.INIT [0x8], 0x4 ;
@P0     MBAR.ARRIVE.NOCOMPLETE RZ, [0x8], 0x3 ;
        LDS.64 R12, [0x8] ;
@P0     STG.E.64 [R8.64], R12 ;              // pending 1, phase 0
@P0     MBAR.ARRIVE RZ, [0x8] ;
        LDS.64 R12, [0x8] ;
@P0     STG.E.64 [R8.64+0x8], R12 ;          // phase 1, pending 4
@P0     MBAR.EXPECT.TX [0x8], 0x10 ;
@P0     MBAR.ARRIVE.NOCOMPLETE RZ, [0x8], 0x4 ;
        LDS.64 R12, [0x8] ;
@P0     STG.E.64 [R8.64+0x10], R12 ;         // pending 0, tx 0x10, phase 1
@P0     MBAR.COMPLETE.TX [0x8], 0x10 ;
        LDS.64 R12, [0x8] ;
@P0     STG.E.64 [R8.64+0x18], R12 ;         // phase 0 again, pending 4
        EXIT ;
.expect out = {0x100004, 0x8000000000400004, 0x8000100000000004, 0x400004}
