// companions.s - the companion instructions of isa/alu.isa, fp.isa, mem.isa.
// Format as in seed_examples.s: `// => TEXT` is the canonical disassembly,
// no comment means the line is already canonical and must round-trip.
companions:

// ---- NOP / MOV -------------------------------------------------------------
NOP ;
@P0 NOP ;
MOV R0, R1 ;
MOV R0, 0x3f800000 ;
MOV R1, c[0x0][0x28] ;
MOV R2, UR4 ;
MOV R3, 1 ;                                  // => MOV R3, 0x1
@PT MOV R4, RZ ;                             // => MOV R4, RZ
@!P2 MOV R5, 0xffffffff ;

// ---- IADD3 / IADD3.X ----------------------------------------------------------
IADD3 R0, R6, 0x8000, RZ ;
IADD3 R4, R4, -0x3, RZ ;
IADD3 R2, P0, R2, c[0x0][0x160], RZ ;
IADD3 R0, R1, R2, R3 ;
IADD3 R4, P0, P1, R2, R3, RZ ;
IADD3 R4, P0, PT, R2, R3, RZ ;               // => IADD3 R4, P0, R2, R3, RZ
IADD3 R0, R1, 16, RZ ;                       // => IADD3 R0, R1, 0x10, RZ
IADD3.X R5, R3, R7, RZ, P0, !PT ;
IADD3.X R3, RZ, c[0x0][0x164], RZ, P0, P1 ;
IADD3.X R3, P2, R4, 0x1, RZ, !P0, !PT ;

// ---- IMAD ------------------------------------------------------------------------
IMAD.SHL.U32 R6, R6, 0x4, RZ ;
IMAD.MOV.U32 R1, RZ, RZ, c[0x0][0x28] ;
IMAD.WIDE R2, R0, R5, c[0x0][0x160] ;
IMAD.WIDE.U32 R4, R6, 0x4, R2 ;
IMAD R0, R1, R2, R3 ;
IMAD.HI.U32 R4, R5, 0x55555556, RZ ;
IMAD R0, R1, R2, 0x10 ;
IMAD R7, R8, c[0x0][0x0], R9 ;
IMAD.U32.SHL R6, R6, 0x4, RZ ;               // => IMAD.SHL.U32 R6, R6, 0x4, RZ
IMAD.LO.S32 R0, R1, R2, R3 ;                 // => IMAD R0, R1, R2, R3

// ---- ISETP ---------------------------------------------------------------------------
ISETP.GE.U32.AND P0, PT, R1, R2, PT ;
ISETP.NE.AND P0, PT, R0, RZ, PT ;
ISETP.GT.OR P1, P2, R3, 0x10, !P0 ;
ISETP.LT.XOR P0, PT, R0, c[0x0][0x170], P1 ;
ISETP.GE.S32.AND P0, PT, R1, R2, PT ;        // => ISETP.GE.AND P0, PT, R1, R2, PT
ISETP.AND.U32.GE P0, PT, R1, R2, PT ;        // => ISETP.GE.U32.AND P0, PT, R1, R2, PT
ISETP.F.AND P3, PT, R1, -0x1, PT ;
ISETP.T.AND P4, P5, R1, R1, PT ;

// ---- LOP3.LUT --------------------------------------------------------------------------
LOP3.LUT R0, R1, R2, RZ, 0xc0, !PT ;
LOP3.LUT P0, RZ, R4, 0x1, RZ, 0xc0, !PT ;
LOP3.LUT R5, R5, c[0x0][0x168], RZ, 0x3c, !PT ;
LOP3.LUT PT, R0, R1, R2, R3, 0xfe, !PT ;     // => LOP3.LUT R0, R1, R2, R3, 0xfe, !PT
LOP3.LUT R0, R1, 0xff, RZ, 0xc0, PT ;

// ---- SHF ----------------------------------------------------------------------------------
SHF.R.S32.HI R7, RZ, 0x1f, R6 ;
SHF.L.U32 R4, R4, 0x1, RZ ;
SHF.L.U64.HI R3, R2, 0x2, R3 ;
SHF.R.U32.HI R0, RZ, R5, R4 ;
SHF.R.S64 R2, R2, c[0x0][0x160], R3 ;
SHF.L.U32.LO R4, R4, 0x1, RZ ;               // => SHF.L.U32 R4, R4, 0x1, RZ

// ---- SEL / POPC / BREV / FLO / IABS / IMNMX ------------------------------------------------
SEL R0, R1, R2, P0 ;
SEL R3, RZ, 0x1, !P1 ;
SEL R4, R5, c[0x0][0x10], PT ;
POPC R0, R1 ;
POPC R2, c[0x0][0x160] ;
POPC R3, 0xff ;
BREV R0, R1 ;
BREV R2, c[0x0][0x160] ;
BREV R3, 0x1 ;
@!P1 BREV R4, 0x80000000 ;
FLO.U32 R0, R1 ;
FLO.U32.SH R2, R3 ;
FLO R4, R5 ;
FLO.S32 R4, R5 ;                             // => FLO R4, R5
IABS R0, R1 ;
IABS R2, -0x5 ;
IABS R3, c[0x0][0x8] ;
IMNMX R0, R1, R2, PT ;
IMNMX.U32 R0, R1, 0x10, !PT ;
IMNMX R6, R7, c[0x0][0x4], !PT ;

// ---- S2R -------------------------------------------------------------------------------------
S2R R0, SR_TID.X ;
S2R R1, SR_TID.Y ;
S2R R2, SR_TID.Z ;
S2R R3, SR_CTAID.X ;
S2R R4, SR_CTAID.Y ;
S2R R5, SR_CTAID.Z ;
S2R R6, SR_NTID.X ;
S2R R7, SR_NCTAID.Z ;
S2R R8, SR_LANEID ;
S2R R9, SR_WARPID ;
S2R R10, SR_LANEMASK_EQ ;
S2R R11, SR_LANEMASK_LT ;
S2R R12, SR_LANEMASK_LE ;
S2R R13, SR_LANEMASK_GT ;
S2R R14, SR_LANEMASK_GE ;
S2R R15, SR_CLOCKLO ;
S2R R16, SR_CLOCKHI ;

// ---- FADD / FMUL / FFMA ---------------------------------------------------------------------------
FADD R0, R1, R2 ;
FADD.FTZ R0, R1, 1.5 ;
FADD.RZ R3, R4, c[0x0][0x160] ;
FADD R5, R5, -0.25 ;
FADD R0, R1, 0x3fc00000 ;                    // => FADD R0, R1, 1.5
FADD.RN R0, R1, R2 ;                         // => FADD R0, R1, R2
FADD R6, R7, +INF ;
FADD R6, R7, -INF ;
FADD R6, R7, +QNAN ;
FADD R6, R7, INF ;                           // => FADD R6, R7, +INF
FADD R6, R7, NAN ;                           // => FADD R6, R7, +QNAN
FADD R6, R7, -NAN ;                          // => FADD R6, R7, 0xffc00000
FADD R6, R7, 1e+10 ;
FMUL R0, R1, R2 ;
FMUL.FTZ.RM R0, R1, 0.5 ;
FMUL R2, R3, c[0x0][0x164] ;
FFMA R0, R1, R2, R3 ;
FFMA R0, R1, 2.0, R3 ;
FFMA.RZ R0, R1, R2, 0.5 ;
FFMA.FTZ R4, R5, R6, c[0x0][0x170] ;
FFMA R4, R5, c[0x0][0x170], R6 ;
FFMA.RP.FTZ R0, R1, R2, R3 ;                 // => FFMA.FTZ.RP R0, R1, R2, R3

// ---- FSETP / MUFU ----------------------------------------------------------------------------------
FSETP.GT.AND P0, PT, R1, R2, PT ;
FSETP.NEU.FTZ.OR P1, PT, R3, 1.0, !P0 ;
FSETP.NAN.AND P0, P1, R0, R0, PT ;
FSETP.GEU.XOR P2, PT, R4, c[0x0][0x160], P3 ;
FSETP.NUM.AND P0, PT, R0, R1, PT ;
FSETP.LTU.AND P0, PT, R0, R1, PT ;
MUFU.RCP R0, R1 ;
MUFU.SQRT R2, R3 ;
MUFU.EX2 R4, 0.5 ;
MUFU.LG2 R5, c[0x0][0x160] ;
MUFU.RSQ R6, R7 ;
MUFU.SIN R8, R9 ;
MUFU.COS R10, R11 ;

// ---- I2F / F2I ----------------------------------------------------------------------------------------
I2F R0, R1 ;
I2F.U32 R2, R3 ;
I2F.U32.RZ R4, c[0x0][0x160] ;
I2F.F32.S32 R0, R1 ;                         // => I2F R0, R1
I2F R5, -0x7 ;
F2I.TRUNC.NTZ R0, R1 ;
F2I.U32.TRUNC.NTZ R2, R3 ;
F2I.FLOOR R4, 2.5 ;
F2I R5, c[0x0][0x160] ;
F2I.CEIL R6, R7 ;
F2I.S64.TRUNC R6, R7 ;
F2I.U64.F64.FLOOR R2, R4 ;
F2I.F64 R0, R2 ;
I2F.F64.S64 R6, R8 ;
I2F.U64.RZ R0, R2 ;
I2F.S64.F64 R2, R4 ;                         // => I2F.F64.S64 R2, R4
I2F.S64 R0, -0x7 ;                           // error: a 64-bit integer source of I2F must be a register pair
F2I.F64 R0, 2.5 ;                            // error: an .F64 source of F2I must be a register pair

// ---- fp64.isa: DADD DMUL DFMA DSETP FMNMX FRND FDIV FSQRT F2F ---------------------------------------
DADD R0, R2, R4 ;                            // => DADD R[0:1], R[2:3], R[4:5]
DADD.RZ R[6:7], R[6:7], R[8:9] ;
DMUL.RP R0, R2, R4 ;                         // => DMUL.RP R[0:1], R[2:3], R[4:5]
DFMA.RM R8, R8, R10, R12 ;                   // => DFMA.RM R[8:9], R[8:9], R[10:11], R[12:13]
DSETP.GEU.OR P1, PT, R[6:7], R[8:9], !P0 ;
DADD R1, R2, R4 ;                            // error: 64-bit register pair must start at an even register
FMNMX R0, R1, R2, PT ;
FMNMX.FTZ R0, R1, 1.0, !PT ;
FMNMX R3, R4, c[0x0][0x160], PT ;
FRND R0, R1 ;
FRND.FLOOR R2, R3 ;
FRND.F64.TRUNC R4, R6 ;
FRND.TRUNC.F64 R4, R6 ;                      // => FRND.F64.TRUNC R4, R6
FDIV R0, R1, R2 ;
FDIV.RP.FTZ R0, R1, R2 ;
FDIV.F64.RM R4, R6, R8 ;
FSQRT.RM R2, R3 ;
FSQRT.F64.RP R4, R6 ;
F2F.F64.F32 R0, R2 ;
F2F.F32.F64.RZ R1, R2 ;
F2F.F16.F32 R3, R4 ;
F2F.F32.F16 R5, R3 ;
F2F.BF16.F32.RZ R6, R7 ;
F2F.F32.F32.F32 R0, R1 ;                     // error: repeated modifier .F32 for F2F
F2F.F32 R0, R1 ;                             // error: F2F needs one of .F16 .F32 .F64 .BF16

// ---- LDC ------------------------------------------------------------------------------------------------
LDC R0, c[0x0][0x160] ;
LDC R6, c[0x3][R0+0x10] ;
LDC.64 R2, c[0x0][0x160] ;
LDC.U8 R4, c[0x2][R5-0x4] ;
LDC R7, c[0x1][R2] ;
LDC R1, c[0x0][RZ+0x20] ;                    // => LDC R1, c[0x0][0x20]
LDC.32 R1, c[0x0][0x20] ;                    // => LDC R1, c[0x0][0x20]

// ---- global / shared / generic / local -------------------------------------------------------------------------
LDG.E R0, [R2.64] ;
LDG.E.64 R2, [R4.64+0x10] ;
LDG.E.U8 R5, [R6.64-0x1] ;
LDG.E.128 R8, [R2.64+0x100] ;
LDG.E.S16 R9, [R2.64+0x2] ;
LDG.E R0, [R2.64+0x0] ;                      // => LDG.E R0, [R2.64]
@P1 LDG.E.S8 R1, [R4.64+-0x8] ;              // => @P1 LDG.E.S8 R1, [R4.64-0x8]
STG.E [R2.64], R0 ;
STG.E.64 [R4.64+0x8], R6 ;
STG.E.U16 [R2.64-0x2], R7 ;
STG.E.128 [R8.64+0x20], R4 ;
LDS R0, [R2+0x10] ;
LDS.64 R4, [R1] ;
LDS.U8 R3, [0x20] ;
STS [R2+0x10], R0 ;
STS.64 [R1-0x8], R4 ;
STS.U16 [0x40], R3 ;
LD.E R0, [R2.64] ;
LD.E.64 R4, [R6.64+0x8] ;
ST.E [R2.64], R0 ;
ST.E.S8 [R2.64+0x3], R1 ;
LDL R0, [R1+0x8] ;
LDL.64 R2, [R1] ;
STL [R1+0x8], R0 ;
STL.64 [R1], R2 ;
LDG.E.STRONG.GPU R0, [R2.64] ;
LDG.E.64.STRONG.SYS R4, [R2.64+0x8] ;
LDG.E.STRONG.CTA.64 R4, [R2.64] ;            // => LDG.E.64.STRONG.CTA R4, [R2.64]
LDG.E.WEAK R0, [R2.64] ;                     // => LDG.E R0, [R2.64]
STG.E.STRONG.GPU [R2.64], R0 ;
STG.E.128.STRONG.SYS [R8.64+0x20], R4 ;
LDS.STRONG.CTA R0, [R2] ;
STS.U16.STRONG.CTA [0x40], R3 ;
LD.E.STRONG.SYS R0, [R2.64] ;
ST.E.STRONG.CLUSTER [R2.64], R0 ;
LDG.E.STRONG R0, [R2.64] ;                   // error: unknown modifier .STRONG
LDG.E.STRONG.GPU.STRONG.SYS R0, [R2.64] ;    // error: STRONG.SYS
LDL.STRONG.CTA R0, [R1] ;                    // error: unknown modifier .STRONG

// ---- guards and control slots ----------------------------------------------------------------------------
@!P3 IADD3 R0, R1, R2, RZ $sched(2,1) $req(0x3) $wsb(1) ;
@P6 FADD R0, R1, R2 $sched(4) ;
LDG.E R0, [R2.64] $wsb(0) ;
EXIT ;
