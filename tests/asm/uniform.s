// uniform.s - the uniform datapath of isa/uniform.isa (R2UR S2UR ULDC UMOV
// UIADD3 UIMAD ULOP3.LUT UISETP UPLOP3.LUT USEL USHF).  Format as in
// companions.s: `// => TEXT` is the canonical disassembly, no comment means
// the line is canonical and must round-trip, `// error: TEXT` must be
// rejected with a message containing TEXT.
uniform:

// ---- guards: UP for the U* instructions and S2UR, P for R2UR ---------------------
@UP0 UMOV UR4, 0x1 ;
@!UP6 UIADD3 UR4, UR4, 0x1, URZ ;
@UPT UMOV UR4, 0x1 ;                         // => UMOV UR4, 0x1
@P0 R2UR UR5, R3 ;
@!P2 R2UR UR5, R3 ;
@P0 UMOV UR4, 0x1 ;                          // error: 'P0' is not a UPred guard predicate
@UP0 R2UR UR5, R3 ;                          // error: 'UP0' is not a Pred guard predicate

// ---- R2UR / S2UR / ULDC ----------------------------------------------------------
R2UR UR4, R0 ;
R2UR URZ, RZ ;
R2UR UR4, UR5 ;                              // error: no form of R2UR takes
R2UR R4, R0 ;                                // error: no form of R2UR takes
R2UR UR63, R0 ;                              // error: register UR63 out of range (UR0..UR62, URZ)
S2UR UR4, SR_CTAID.X ;
S2UR UR4, SR_NCTAID.Z ;
S2UR UR62, SR_CLOCKHI ;
S2UR UR4, SR_TID.X ;                         // error: no form of S2UR takes (uniform register, special register); forms: S2UR UReg, USReg
S2UR UR4, SR_LANEID ;                        // error: no form of S2UR takes
ULDC UR4, c[0x0][0x100] ;
ULDC.64 UR4, c[0x0][0x108] ;
ULDC.64 UR62, c[0x3][0x0] ;
ULDC.32 UR4, c[0x0][0x0] ;                   // => ULDC UR4, c[0x0][0x0]
ULDC.64 UR5, c[0x0][0x108] ;                 // error: ULDC.64 needs an even URd
ULDC.64 UR4, c[0x0][0x104] ;                 // error: a 64-bit constant must be at a multiple of 8
ULDC UR4, c[0x0][0x102] ;                    // error: a 32-bit constant must be at a multiple of 4
ULDC UR4, UR5 ;                              // error: no form of ULDC takes

// ---- UMOV / UIADD3 / UIMAD --------------------------------------------------------
UMOV UR4, UR5 ;
UMOV UR4, 0xffffffff ;
UMOV UR4, 4096 ;                             // => UMOV UR4, 0x1000
UMOV UR4, R5 ;                               // error: no form of UMOV takes
UMOV UR4, c[0x0][0x0] ;                      // error: no form of UMOV takes
UIADD3 UR4, UR5, UR6, UR7 ;
UIADD3 UR4, UR5, -0x1, URZ ;
UIADD3 UR4, UP0, UR5, UR6, URZ ;
UIADD3 UR4, UP0, UP1, UR5, 0x10, UR7 ;
UIADD3 UR4, UPT, UP1, UR5, 0x10, UR7 ;       // error: the first carry-out predicate must be given before the second
UIADD3 UR4, UR5, R6, UR7 ;                   // error: no form of UIADD3 takes
UIMAD UR4, UR5, UR6, URZ ;
UIMAD UR4, UR5, -0x3, UR6 ;

// ---- logic, compare, select, shift ------------------------------------------------------
ULOP3.LUT UR4, UR5, UR6, UR7, 0x96, !UPT ;
ULOP3.LUT UP1, UR4, UR5, 0xff, URZ, 0xc0, UP0 ;
ULOP3.LUT UR4, UR5, UR6, UR7, 0x100, !UPT ;  // error: immediate out of range for UImm8 lut (0..0xff)
UISETP.NE.AND UP0, UPT, UR4, URZ, UPT ;
UISETP.GE.U32.OR UP1, UP2, UR5, 0x10, !UP0 ;
UISETP.NE.S32.AND UP0, UPT, UR4, URZ, UPT ;  // => UISETP.NE.AND UP0, UPT, UR4, URZ, UPT
UISETP.NE UP0, UPT, UR4, URZ, UPT ;          // error: UISETP needs one of .AND .OR .XOR
UISETP.NE.AND P0, PT, UR4, URZ, PT ;         // error: no form of UISETP takes
UPLOP3.LUT UP0, UPT, UP1, UP2, UPT, 0x80, 0x0 ;
UPLOP3.LUT UP3, UP4, !UP0, !UP1, !UP2, 0xff, 0x1 ;
UPLOP3.LUT UP0, UPT, UP1, UP2, UPT, 0x80 ;   // error: no form of UPLOP3.LUT takes
USEL UR4, UR5, UR6, UP0 ;
USEL UR4, URZ, 0x1, !UP1 ;
USEL UR4, UR5, UR6, P0 ;                     // error: no form of USEL takes
USHF.L.U32 UR4, UR5, 0x2, URZ ;
USHF.R.S64.HI UR4, UR5, UR6, UR7 ;
USHF.L UR4, UR5, 0x2, URZ ;                  // error: USHF needs one of .U32 .S32 .U64 .S64
