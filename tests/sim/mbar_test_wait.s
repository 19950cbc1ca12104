// MBAR.TEST.WAIT (token) and MBAR.TEST.WAIT.PARITY: non-blocking tests.
// A token's phase is complete once the object's phase bit differs from the
// token's; "parity p complete" means the current phase bit differs from p.
// Object of 2; lane 0 arrives (token T0, phase 0 still running), tests,
// arrives again (phase 0 completes), tests T0 again, then the parities.
// Lanes outside the guard keep their predicate (P6 preset to all lanes).
.launch grid=1 block=32 shared=64
.init P0 = mask 0x1
.init P6 = mask 0xffffffff
.buffer out u32[6] = 0
.param out
        LDC.64 R8, c[0x0][0x100] ;
        MOV R5, 0x1 ;
@P0     MBAR.INIT [0x8], 0x2 ;
@P0     MBAR.ARRIVE R[10:11], [0x8] ;
@P0     MBAR.TEST.WAIT P1, [0x8], R[10:11] ;      // false: phase 0 runs
@P0     MBAR.ARRIVE RZ, [0x8] ;
@P0     MBAR.TEST.WAIT P2, [0x8], R[10:11] ;      // true
@P0     MBAR.TEST.WAIT.PARITY P3, [0x8], 0x0 ;    // true: phase 0 done
@P0     MBAR.TEST.WAIT.PARITY P4, [0x8], R5 ;     // false: phase 1 runs
@P0     MBAR.TEST.WAIT.PARITY P6, [0x8], 0x1 ;    // false, lane 0 only
        SEL R12, R5, RZ, P1 ;
        SEL R13, R5, RZ, P2 ;
        SEL R14, R5, RZ, P3 ;
        SEL R15, R5, RZ, P4 ;
        SEL R16, R5, RZ, P6 ;
@P0     STG.E [R8.64], R12 ;
@P0     STG.E [R8.64+0x4], R13 ;
@P0     STG.E [R8.64+0x8], R14 ;
@P0     STG.E [R8.64+0xc], R15 ;
@P0     STG.E [R8.64+0x10], R16 ;                 // lane 0: 0
        ISETP.EQ.AND P5, PT, R16, 0x1, PT ;       // other lanes kept P6
        S2R R17, SR_LANEID ;
        ISETP.EQ.AND P5, PT, R17, 0x1f, P5 ;
@P5     STG.E [R8.64+0x14], R16 ;                 // lane 31: 1
        EXIT ;
.expect out = {0, 1, 1, 0, 0, 1}
