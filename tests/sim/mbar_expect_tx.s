// Transaction bytes (seed 002 "arrive.expect_tx", PTX expect_tx and
// complete_tx): the phase completes only when pending arrivals AND pending
// bytes are zero.  Object of 2: ARRIVE.EXPECT_TX 0x100 (tx 0x100, pending
// 1), EXPECT.TX 0x20 (tx 0x120), the last arrival leaves tx pending (no
// completion), COMPLETE.TX 0x100 then 0x20 completes.
.launch grid=1 block=32 shared=64
.init P0 = mask 0x1
.buffer out u64[4] = 0
.param out
        LDC.64 R8, c[0x0][0x100] ;
        MOV R5, 0x20 ;
@P0     MBAR.INIT [0x10], 0x2 ;
@P0     MBAR.ARRIVE.EXPECT_TX R[10:11], [0x10], 0x100 ;
@P0     STG.E.64 [R8.64], R10 ;              // token: the initial word
@P0     MBAR.EXPECT.TX [0x10], R5 ;
@P0     MBAR.ARRIVE RZ, [0x10] ;
        LDS.64 R12, [0x10] ;
@P0     STG.E.64 [R8.64+0x8], R12 ;          // pending 0, tx 0x120, phase 0
@P0     MBAR.COMPLETE.TX [0x10], 0x100 ;
        LDS.64 R12, [0x10] ;
@P0     STG.E.64 [R8.64+0x10], R12 ;         // tx 0x20
@P0     MBAR.COMPLETE.TX [0x10], R5 ;
        LDS.64 R12, [0x10] ;
@P0     STG.E.64 [R8.64+0x18], R12 ;         // phase 1, pending 2, tx 0
        EXIT ;
.expect out = {0x200002, 0x1200000000002, 0x200000000002, 0x8000000000200002}
