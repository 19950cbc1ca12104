// The last selection read straight from the text (docs/assembler.md,
// "Speed"): each line below repeats the word of the line before it, so it
// is read by that word's guess - or, when it does not look like it or a
// value is out of range, the general way, with the same words and the
// same messages as a line read the general way from the start.
.text.k:
IADD3 R1, R2, 0x10, RZ ;                 // => IADD3 R1, R2, 0x10, RZ
IADD3 R200, R3, 0x20, RZ ;               // => IADD3 R200, R3, 0x20, RZ
IADD3 R1,R2,-0x10,RZ;                    // => IADD3 R1, R2, -0x10, RZ
IADD3 R256, R2, 0x10, RZ ;               // error: register R256 out of range (R0..R254, RZ)
IADD3 R1, R2, 0x10, R4 ;                 // => IADD3 R1, R2, 0x10, R4
IADD3 R1, R2, 0x100000000, RZ ;          // error: immediate out of range for SImm32 b (-0x80000000..0x7fffffff)
IADD3 R01, R2, +0x10, RZ ;               // => IADD3 R1, R2, 0x10, RZ
IADD3 R1, R2, 0x10, RZ $sched(3) ;       // => IADD3 R1, R2, 0x10, RZ $sched(3)
IADD3 R1, R2, 0x10, RZ $sched(99) ;      // error: $sched stall value 99 out of range (0..15)
// predicates: another name of the enum keeps the selection
ISETP.GE.AND P0, PT, R1, R2, PT ;        // => ISETP.GE.AND P0, PT, R1, R2, PT
ISETP.GE.AND P5, PT, R3, R4, PT ;        // => ISETP.GE.AND P5, PT, R3, R4, PT
ISETP.GE.AND P3, P2, R3, R4, !P1 ;       // => ISETP.GE.AND P3, P2, R3, R4, !P1
ISETP.GE.AND P3, P2, R3, R4, P1 ;        // => ISETP.GE.AND P3, P2, R3, R4, P1
ISETP.GE.AND P7, PT, R3, R4, PT ;        // error: no form of ISETP takes (label or unknown name 'P7', predicate, register, register, predicate)
ISETP.GE.AND UP1, PT, R3, R4, PT ;       // error: no form of ISETP takes (uniform predicate, predicate, register, register, predicate)
ISETP.GE.AND P1, PT, R3, 0x5, PT ;       // => ISETP.GE.AND P1, PT, R3, 0x5, PT
B2R.RESULT R0, P3 ;                      // => B2R.RESULT R0, P3
B2R.RESULT R0, PT ;                      // => B2R.RESULT R0
B2R.RESULT R0, P4 ;                      // => B2R.RESULT R0, P4
BAR.SYNC 0x1 ;                           // => BAR.SYNC 0x1
BAR.SYNC 0x10 ;                          // error: immediate out of range for UImm4 barid (0..0xf)
BAR.SYNC 0xf ;                           // => BAR.SYNC 0xf
// addresses and constants
LDG.E R1, [R2.64+0x10] ;                 // => LDG.E R1, [R2.64+0x10]
LDG.E R5, [R6.64] ;                      // => LDG.E R5, [R6.64]
LDG.E R5, [R6.64-0x8] ;                  // => LDG.E R5, [R6.64-0x8]
LDG.E R5, [R6+0x8] ;                     // error: no form of LDG takes (register, memory address)
LDG.E R5, [RZ.64+0x8] ;                  // => LDG.E R5, [0x8]
LDG.E R5, [R255.64+0x8] ;                // error: register R255 out of range (R0..R254, RZ)
LDG.E R5, [R6.64+0x1000000] ;            // error: immediate out of range for SImm24 off (-0x800000..0x7fffff)
LDS R1, [R2+0x4] ;                       // => LDS R1, [R2+0x4]
LDS R1, [0x40] ;                         // => LDS R1, [0x40]
LDS R1, [R3] ;                           // => LDS R1, [R3]
MOV R1, c[0x0][0x160] ;                  // => MOV R1, c[0x0][0x160]
MOV R2, c[0x3][0x10] ;                   // => MOV R2, c[0x3][0x10]
MOV R2, c[0x40][0x10] ;                  // error: constant bank 0x40 out of range (0..0x3f)
MOV R2, c[0x0][R1+0x10] ;                // error: no form of MOV takes (register, indexed constant)
S2R R1, SR_TID.X ;                       // => S2R R1, SR_TID.X
S2R R2, SR_TID.Y ;                       // => S2R R2, SR_TID.Y
S2R R2, SR_FOO ;                         // error: no form of S2R takes (register, label or unknown name 'SR_FOO')
// two ways in turn: a line the last selection's guess does not read is
// tried by the guess of the selection before it (asm_word.prev)
MOV R1, 0x1 ;                            // => MOV R1, 0x1
MOV R3, c[0x0][0x10] ;                   // => MOV R3, c[0x0][0x10]
MOV R4, 0x2 $sched(2) ;                  // => MOV R4, 0x2 $sched(2)
MOV R5, c[0x0][0x14] ;                   // => MOV R5, c[0x0][0x14]
MOV R6, 0x3 ;                            // => MOV R6, 0x3
MOV R256, 0x3 ;                          // error: register R256 out of range (R0..R254, RZ)
MOV R7, c[0x40][0x10] ;                  // error: constant bank 0x40 out of range (0..0x3f)
MOV R8, c[0x0][0x18] ;                   // => MOV R8, c[0x0][0x18]
MOV R9, -0x4 ;                           // error: immediate out of range for UImm32 b (0..0xffffffff)
MOV R9, 0x4 ;                            // => MOV R9, 0x4
// labels: `(name) and bare names are fixups; '.' goes the general way
@P1 BRA `(.L_1) ;
@!P2 BRA .L_1 ;
BRA . ;
BRA .L_2 ;                               // error: undefined symbol '.L_2'
.L_1:
BSSY B0, `(.L_1) ;
BSSY B7, `(.L_1) ;
BRA .L_1 ;
@P1 BRA `(.L_1) ;
BRA .L_1 ;
@P3 BRA `(.L_1) ;
BRA .L_3 ;                               // error: undefined symbol '.L_3'
@P4 BRA `(.L_1) ;
BSYNC B0 ;                               // => BSYNC B0
BSYNC B15 ;                              // => BSYNC B15
BSYNC B16 ;                              // error: no form of BSYNC takes (label or unknown name 'B16')
EXIT ;
// a word the cache holds is found by its first byte below '!', without
// reading it (asm_guess_cached): before a tab, at ';', a 16-byte word,
// and a longer word that begins with a cached one (not cached: read the
// general way)
EXIT ;                                   // => EXIT
EXIT	;                                   // => EXIT
EXIT;                                    // => EXIT
EXITS ;                                  // error: unknown instruction 'EXITS'
ISETP.GE.U32.AND P5, PT, R157, R13, PT ; // => ISETP.GE.U32.AND P5, PT, R157, R13, PT
ISETP.GE.U32.AND	P5, PT, R7, R13, PT ;   // => ISETP.GE.U32.AND P5, PT, R7, R13, PT
IADD3 R1, R2, 0x10, RZ ;                 // => IADD3 R1, R2, 0x10, RZ
IADD3.X R1, R2, 0x10, RZ, P0, !PT ;      // => IADD3.X R1, R2, 0x10, RZ, P0, !PT
IADD3X R1, R2, 0x10, RZ ;                // error: unknown instruction 'IADD3X'
