// seed_examples.s - every instruction line of the __Examples blocks of
// seeds/000 (barrier unit) and seeds/001 (branch unit), in seed order.
// Expectations (tests/asm format): `// => TEXT` the disassembly of the
// assembled word (spacing normalised); `// error: TEXT` assembling this line
// fails with a diagnostic containing TEXT; no comment: assembles and
// round-trips.  Deviations from the seed text are noted on the line.
seed_examples:
.Base:

// ---- seed 000, group BCU --------------------------------------------------
BAR.SYNC 0x0 ;
BAR.ARV 0x1, 0x80 ;
BAR.ARV 0x1, R5 ;
BAR.ARV R4, 0x80 ;
BAR.ARV R5, R5 ;            // => BAR.ARV R5, R5
BAR.SYNC R7, R7 ;           // => BAR.SYNC R7, R7
BAR.SYNC R4 ;
BAR.RED.OR 0x0, P0 ;
BAR.RED.AND 0x1, 0x80, P0 ;
BAR.RED.AND 0x1, R5, P0 ;
BAR.RED.AND R4, P0 ;
BAR.RED.AND R4, 0x80, P0 ;
BAR.RED.AND R5, R5, P0 ;    // error: no form of BAR.RED takes
B2R.RESULT RZ, P0 ;
B2R.RESULT R4 ;
B2R.BAR R4, 0x2 ;           // => B2R R4, 0x2
B2R.WARP R4 ;
R2B.WARP R4 ;
R2B.BAR 0x4, R4 ;           // => R2B 0x4, R4

// ---- seed 000, BAR -----------------------------------------------------------
BAR.SYNC 0x0, 0x40 ;
BAR.SYNC R0, R1 ;
BAR.ARV 0x0, R1 ;

// ---- seed 000, BAR_RED ---------------------------------------------------------
BAR.RED.POPC 0x0, 0x40, PT ;
BAR.RED.OR R0, !P1 ;

// ---- seed 000, B2R ---------------------------------------------------------------
B2R R0, 0x0 ;               // => B2R R0
B2R.WARP R0, 0x0 ;          // => B2R.WARP R0
B2R.BAR R0, 0x0 ;           // => B2R R0
BAR.RED.POPC 0x1, 0x40, PT ;
B2R.WARP R1, 0x4 ;

// ---- seed 000, B2R_RESULT ----------------------------------------------------------
BAR.RED.POPC 0x0, 0x40, PT ;
BAR.RESULT R0, PT ;         // => B2R.RESULT R0

// ---- seed 000, R2B -------------------------------------------------------------------
R2B 0x0, R0 ;               // => R2B R0
R2B.WARP R0 ;
R2B.BAR 0x0, R0 ;           // => R2B R0
BAR.RED.POPC 0x1, 0x40, PT ;
R2B.WARP 0x4, R1 ;

// ---- seed 001, BRA -----------------------------------------------------------------------
     BRA `(label) ;
     BRA 0x110 ;
@P0  BRA 0x800 ;
@!P1 BRA.U 0x6290 ;
     BRA.DIV 0x3940 ;
     BRA.CONV 0x1730 ;
@!P1 BRA !P2, 0x7e0 ;
     BRA.DIV ~URZ, 0x3910 ;
@!P0 BRA.CONV UR4, 0xbe0 ;

// ---- seed 001, BRX ------------------------------------------------------------------------
BRX R6, `(.Base - . - 0x10) ;
BRX R6, -0x70 ;
@P0 BRX R5, -0x110 ;
@P0 BRX !P1, R5, -0x110 ;
@P0 BRX UR4, -0x110 ;
    BRX c[0x3][0x180] ;

// ---- seed 001, CALL --------------------------------------------------------------------------
      CALL.ABS `(.Target) ;
      CALL.ABS 0x0 ;
      CALL.REL `(.Label) ;
  @P1 CALL.ABS R[8:9], 0x110 ;
  @P1 CALL.ABS P0, R[8:9], 0x110 ;
      CALL.ABS UR[4:5] ;
      CALL.REL c[0x2][0x100] ;

// ---- seed 001, LEPC -------------------------------------------------------------------------
LEPC R[4:5] ;
LEPC R[4:5], 0x80 ;

// ---- seed 001, EXIT ---------------------------------------------------------------------------
// The seed writes `@!P1 EXIT, P2`: the text syntax has no comma between the
// mnemonic and the first operand, so that spelling is rejected and the line
// is repeated without it.
     EXIT ;
@P0  EXIT ;
@!P1 EXIT, P2 ;             // error: unexpected ','
@!P1 EXIT P2 ;

// ---- seed 001, BMOV ---------------------------------------------------------------------------
BMOV B0, R3 ;
BMOV R5, B11 ;
BMOV.CLEAR R6, B0 ;

// ---- seed 001, BSSY / BSYNC ---------------------------------------------------------------------
     BSSY B0 ;
@P0  BSSY B15 ;
     BSYNC B0 ;
@!P2 BSYNC B0 ;

// ---- seed 001, YIELD --------------------------------------------------------------------------------
     YIELD ;
@P0  YIELD ;
@P0  YIELD !P3 ;

// ---- seed 001, WARPSYNC ---------------------------------------------------------------------------
     WARPSYNC 0xffffffff ;
@P0  WARPSYNC R9 ;
@P1  WARPSYNC P3, UR2 ;
     WARPSYNC c[0x2][0x100] ;

// ---- seed 001, NANOSLEEP -------------------------------------------------------------------------
      NANOSLEEP 0x100 ;
      NANOSLEEP R3 ;
@P0   NANOSLEEP UR4 ;
@!P1  NANOSLEEP c[0x2][0x120] ;

// labels the examples refer to
label:
.Target:
.Label:
      EXIT ;
