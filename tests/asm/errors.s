// errors.s - lines the assembler must reject.  Each line carries
// `// error: TEXT`: assembling it fails with a diagnostic containing TEXT.
errors:

// registers and predicates
MOV R256, R1 ;                               // error: register
MOV R0, UR63 ;                               // error: register
MOV R0, P0 ;                                 // error: no form of MOV takes
@P7 EXIT ;                                   // error: P7
BMOV B16, R0 ;                               // error: no form of BMOV takes
CALL.ABS R[7:8], 0x0 ;                       // error: even
S2R R0, SR_FOO ;                             // error: no form of S2R takes

// immediates out of range
BAR.SYNC 0x10 ;                              // error: range
BAR.SYNC 0x0, 0x1000 ;                       // error: range
B2R R0, 0x10 ;                               // error: range
LOP3.LUT R0, R1, R2, RZ, 0x100, !PT ;        // error: range
NANOSLEEP 0x100000000 ;                      // error: range
LDS R0, [R2+0x800000] ;                      // error: range
EXIT $wsb(8) ;                               // error: range

// modifiers
BAR 0x0 ;                                    // error: BAR needs one of .SYNC .ARV
BAR.FOO 0x0 ;                                // error: modifier
BAR.SYNC.SYNC 0x0 ;                          // error: modifier
SHF.X.U32 R0, R1, 0x1, RZ ;                  // error: modifier
ISETP.GE P0, PT, R1, R2, PT ;                // error: ISETP needs one of .AND .OR .XOR
MUFU R0, R1 ;                                // error: MUFU needs one of
LDG R0, [R2.64] ;                            // error: LDG needs one of .E
CALL R[8:9], 0x0 ;                           // error: CALL needs one of .REL .ABS

// missing or extra operands
MOV R0 ;                                     // error: no form of MOV takes
IADD3 R0, R1, R2 ;                           // error: no form of IADD3 takes
ISETP.GE.AND P0, PT, R1, R2 ;                // error: no form of ISETP takes
BSYNC ;                                      // error: no form of BSYNC takes
EXIT P0, P1 ;                                // error: no form of EXIT takes

// encoding rules of the ISA (__Exception)
BAR.SYNC 0x0, 0x41 ;                         // error: multiple of 32
BAR.RED.AND 0x1, 0x30, P0 ;                  // error: multiple of 32
BAR.ARV 0x0 ;                                // error: BAR.ARV needs a count greater than 0
BAR.ARV R4 ;                                 // error: BAR.ARV needs a count greater than 0
BRA.U UR4, 0x100 ;                           // error: needs .DIV or .CONV
BRA UR4, 0x100 ;                             // error: needs .DIV or .CONV
CALL.REL c[0x2][0x104] ;                     // error: multiple of 8
IADD3 R0, PT, P1, R1, R2, R3 ;               // error: carry-out

// branch targets and byte offsets
BRA 0x108 ;                                  // error: multiple of 16
BRX R6, -0x78 ;                              // error: multiple of 16

// constant operands must be aligned to their size
MOV R0, c[0x0][0x2] ;                        // error: multiple of 4
IMAD R2, R0, R5, c[0x0][0x162] ;             // error: multiple of 4
IMAD.WIDE R2, R0, R5, c[0x0][0x164] ;        // error: multiple of 8
BRX c[0x3][0x181] ;                          // error: multiple of 4
WARPSYNC c[0x2][0x102] ;                     // error: multiple of 4
