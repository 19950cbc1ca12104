// warp.s - the warp collectives of isa/warp.isa (VOTE VOTEU SHFL MATCH REDUX
// ELECT).  Format as in companions.s: `// => TEXT` is the canonical
// disassembly, no comment means the line is canonical and must round-trip,
// `// error: TEXT` must be rejected with a message containing TEXT.
warp:

// ---- VOTE / VOTEU -----------------------------------------------------------
VOTE.ANY R0, PT, P0 ;
VOTE.ALL RZ, P1, !P2 ;
VOTE.EQ R3, P0, P1, 0xffff ;
VOTE.ANY R5, PT, PT, R4 ;
@!P3 VOTE.ALL R1, P2, P1, 0x1 ;
VOTE.ALL R0, P1, P2, 0xffffffff ;            // => VOTE.ALL R0, P1, P2
VOTE.ANY R0, PT, P0, 4294967295 ;            // => VOTE.ANY R0, PT, P0
VOTE.EQ R0, P1, P2, 255 ;                    // => VOTE.EQ R0, P1, P2, 0xff
VOTEU.ANY UR4, UPT, P0 ;
VOTEU.ALL URZ, UP1, !P3, 0xff ;
VOTEU.EQ UR6, UP0, P2, R7 ;
VOTE R0, PT, P0 ;                            // error: VOTE needs one of .ALL .ANY .EQ
VOTE.ANY.ALL R0, PT, P0 ;                    // error: modifier
VOTE.ANY R0, P0 ;                            // error: no form of VOTE takes
VOTE.ANY R0, PT, P0, 0x100000000 ;           // error: range
VOTEU.ANY R0, UPT, P0 ;                      // error: no form of VOTEU takes

// ---- SHFL: every (lane, clamp, mask) form and mode -------------------------------
SHFL.IDX PT, R0, R1, R2, R3, R4 ;
SHFL.IDX PT, R0, R1, R2, R3 ;
SHFL.UP PT, R0, R1, R2, 0x0, R4 ;
SHFL.UP P0, R0, R1, R2, 0x1800 ;
SHFL.DOWN PT, R0, R1, 0x1, R3, R4 ;
SHFL.DOWN P1, R0, R1, 0x10, R3 ;
SHFL.BFLY PT, R0, R1, 0x1f, 0x1f, R4 ;
SHFL.BFLY PT, R3, R2, 0x1, 0x1f ;
SHFL.BFLY PT, R3, R2, 0x1, 0x1f, 0xffff ;
SHFL.IDX P6, R3, R2, 0x0, 0x1f1f, 0xf0f0f0f0 ;
@P2 SHFL.DOWN PT, R3, R2, 8, 31 ;            // => @P2 SHFL.DOWN PT, R3, R2, 0x8, 0x1f
SHFL.IDX PT, R3, R2, 0x3, 0x1f, 0xffffffff ; // => SHFL.IDX PT, R3, R2, 0x3, 0x1f
SHFL PT, R0, R1, 0x1, 0x1f ;                 // error: SHFL needs one of .IDX .UP .DOWN .BFLY
SHFL.IDX PT, R0, R1, 0x20, 0x1f ;            // error: range
SHFL.IDX PT, R0, R1, 0x1, 0x2000 ;           // error: range
SHFL.IDX PT, R0, R1, 0x1, 0x3f ;             // error: bits 5-7 of the SHFL clamp/segment operand must be 0
SHFL.IDX R0, R1, 0x1, 0x1f ;                 // error: no form of SHFL takes

// ---- MATCH ---------------------------------------------------------------------------
MATCH.ANY R0, R2 ;
MATCH.ALL R1, P0, R2 ;
MATCH.ALL R1, R2 ;
MATCH.ANY.U64 R3, R4, 0xff ;
MATCH.ALL.U64 R5, P1, R6, R7 ;
MATCH.ANY.U32 R0, R2 ;                       // => MATCH.ANY R0, R2
MATCH.ALL R1, PT, R2, 0xffffffff ;           // => MATCH.ALL R1, R2
MATCH.ANY R1, P0, R2 ;                       // error: only MATCH.ALL writes a predicate
MATCH.ANY.U64 R1, R3 ;                       // error: MATCH.U64 needs an even register
MATCH R0, R2 ;                               // error: MATCH needs one of .ANY .ALL

// ---- REDUX ---------------------------------------------------------------------------
REDUX.SUM R0, R1 ;
REDUX.SUM.S32 R0, R1, 0xffff ;
REDUX.MIN R2, R3 ;
REDUX.MIN.S32 R2, R3 ;
REDUX.MAX R2, R3, R4 ;
REDUX.MAX.S32 R2, R3, R4 ;
REDUX.AND R5, R6 ;
REDUX.OR R5, R6, 0x3 ;
REDUX.XOR R5, R6, R9 ;
REDUX.MIN.F32 R7, R8 ;
REDUX.MAX.F32 R7, R8 ;
REDUX.MIN.F32.NAN R7, R8 ;
REDUX.MAX.F32.ABS R7, R8 ;
REDUX.MAX.F32.NAN.ABS R7, R8 ;
REDUX.SUM.U32 R0, R1 ;                       // => REDUX.SUM R0, R1
REDUX.ABS.MIN.NAN.F32 R7, R8 ;               // => REDUX.MIN.F32.NAN.ABS R7, R8
REDUX.SUM.F32 R0, R1 ;                       // error: REDUX.F32 supports only .MIN and .MAX
REDUX.AND.S32 R0, R1 ;                       // error: REDUX .AND .OR .XOR take no type
REDUX.MIN.NAN R0, R1 ;                       // error: REDUX .NAN and .ABS need .F32
REDUX.MUL R0, R1 ;                           // error: modifier

// ---- ELECT ---------------------------------------------------------------------------
ELECT P0, RZ ;
ELECT P1, R2 ;
ELECT P0, R3, 0xf0f0 ;
ELECT P2, RZ, R4 ;
@!P1 ELECT PT, R5, 0x80000001 ;
ELECT P0, R3, 0xffffffff ;                   // => ELECT P0, R3
ELECT P0 ;                                   // error: no form of ELECT takes
