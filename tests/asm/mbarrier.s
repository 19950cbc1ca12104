// mbarrier.s - isa/mbarrier.isa: mbarrier operations, LDGSTS and its group
// companions, UBLKCP.  Format as in companions.s: `// => TEXT` is the
// canonical disassembly, `// error: TEXT` a rejected line, no comment means
// the line is canonical and must round-trip.
mbarrier:

// ---- MBAR.INIT / MBAR.INVAL ----------------------------------------------------
MBAR.INIT [R2], 0x40 ;
MBAR.INIT [R2+0x8], R4 ;
@P0 MBAR.INIT [0x10], 0x1 ;
@!P1 MBAR.INIT [R2-0x8], 0xfffff ;
MBAR.INIT [R2], 64 ;                              // => MBAR.INIT [R2], 0x40
MBAR.INIT [R2], 0x0 ;                             // error: at least one participant
MBAR.INIT [R2], 0x100000 ;                        // error: range
MBAR.INIT [R2] ;                                  // error: MBAR.INIT
MBAR.INIT [R2.64], 0x1 ;                          // error:
MBAR.INVAL [R2] ;
MBAR.INVAL [R2+0x8] ;
MBAR.INVAL [R2], 0x1 ;                            // error: MBAR.INVAL

// ---- MBAR.ARRIVE -------------------------------------------------------------
MBAR.ARRIVE RZ, [R2] ;
MBAR.ARRIVE RZ, [R2], 0x1 ;                       // => MBAR.ARRIVE RZ, [R2]
MBAR.ARRIVE R[4:5], [R2+0x8], 0x3 ;
MBAR.ARRIVE R[4:5], [R2], R7 ;
MBAR.ARRIVE.EXPECT_TX RZ, [R2], 0x4000 ;
MBAR.ARRIVE.EXPECT_TX R[8:9], [R2], R10 ;
MBAR.ARRIVE.NOCOMPLETE R[6:7], [R2], R3 ;
MBAR.ARRIVE.DROP RZ, [R2] ;
MBAR.ARRIVE.DROP.NOCOMPLETE RZ, [R2], 0x2 ;
MBAR.ARRIVE.NOCOMPLETE.DROP RZ, [R2], 0x2 ;       // => MBAR.ARRIVE.DROP.NOCOMPLETE RZ, [R2], 0x2
MBAR.ARRIVE.KEEP.COMPLETE.NOTX RZ, [R2] ;         // => MBAR.ARRIVE RZ, [R2]
MBAR.ARRIVE.DROP.DROP RZ, [R2] ;                  // error: modifier
MBAR.ARRIVE.FOO RZ, [R2] ;                        // error: modifier
MBAR.ARRIVE R[5:6], [R2] ;                        // error: even
MBAR.ARRIVE R4, [R2] ;                            // => MBAR.ARRIVE R[4:5], [R2]
MBAR.ARRIVE RZ, [R2], 0x100000 ;                  // error: range

// ---- MBAR.EXPECT.TX / MBAR.COMPLETE.TX ---------------------------------------------
MBAR.EXPECT.TX [R2], 0x1000 ;
MBAR.EXPECT.TX [R2+0x8], R5 ;
MBAR.COMPLETE.TX [R2], 0x1000 ;
MBAR.COMPLETE.TX [R2], R5 ;
MBAR.EXPECT.TX [R2] ;                             // error: MBAR.EXPECT.TX

// ---- waits -----------------------------------------------------------------------
MBAR.TEST.WAIT P0, [R2], R[4:5] ;
@P1 MBAR.TEST.WAIT P2, [R2+0x8], R[6:7] ;
MBAR.TEST.WAIT.PARITY P0, [R2], R3 ;
MBAR.TEST.WAIT.PARITY P0, [R2], 0x1 ;
MBAR.TEST.WAIT.PARITY P0, [R2], 0x2 ;             // error: range
MBAR.TRY.WAIT P0, [R2], R[4:5] ;
MBAR.TRY.WAIT P0, [R2+0x8], R[4:5], 0x100 ;
MBAR.TRY.WAIT P0, [R2], R[4:5], 0x0 ;             // => MBAR.TRY.WAIT P0, [R2], R[4:5]
MBAR.TRY.WAIT.PARITY P0, [R2], R3 ;
MBAR.TRY.WAIT.PARITY P0, [R2+0x8], 0x0 ;
MBAR.TRY.WAIT.PARITY P1, [R2], R3, 0x40 ;
MBAR.TRY.WAIT.PARITY P1, [R2], 0x1, 0xfffff ;
MBAR.TRY.WAIT P0, [R2], R4 ;                      // => MBAR.TRY.WAIT P0, [R2], R[4:5]
MBAR.TRY.WAIT.PARITY [R2], R3 ;                   // error: MBAR.TRY.WAIT.PARITY

// ---- LDGSTS / LDGDEPBAR / DEPBAR / ARRIVES ------------------------------------------
LDGSTS.E [R3], [R4.64] ;
LDGSTS.E.128 [R3+0x100], [R4.64+0x10] ;
LDGSTS.E.64 [R5-0x8], [R6.64] ;
LDGSTS.128.E [R3], [R4.64] ;                      // => LDGSTS.E.128 [R3], [R4.64]
LDGSTS.E.32 [R3], [R4.64] ;                       // => LDGSTS.E [R3], [R4.64]
LDGSTS [R3], [R4.64] ;                            // error: LDGSTS needs one of .E
LDGSTS.E [R3], [R4] ;                             // error:
LDGDEPBAR ;
@P2 LDGDEPBAR ;
DEPBAR.LE SB0, 0x0 ;
DEPBAR.LE SB0, 0x3f ;
DEPBAR SB0, 0x0 ;                                 // error: DEPBAR needs one of .LE
DEPBAR.LE SB6, 0x0 ;                              // error:
DEPBAR.LE SB0, 0x40 ;                             // error: range
ARRIVES.LDGSTSBAR [R2] ;
ARRIVES.LDGSTSBAR.NOINC [R2+0x8] ;
ARRIVES [R2] ;                                    // error: ARRIVES needs one of .LDGSTSBAR

// ---- UBLKCP ------------------------------------------------------------------------
UBLKCP [R3], [R4.64], R6, [R2] ;
UBLKCP [R3+0x400], [R4.64+0x100], R6, [R2+0x8] ;
@P0 UBLKCP [R3], [R4.64-0x10], R6, [R2-0x800] ;
UBLKCP [R3], [R4.64], R6, [R2+0x800] ;            // error: range
UBLKCP [R3], [R4.64], 0x100, [R2] ;               // error: UBLKCP
