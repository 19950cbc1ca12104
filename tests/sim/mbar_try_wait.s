// MBAR.TRY.WAIT.PARITY blocks: warp 1 waits for phase 0 of an object of
// 32 participants, which warp 0 completes only after a delay and after
// storing data to shared memory; warp 1 then reads the data.  A second
// wait with a suspend-time hint of 0x20 cycles on an object that never
// completes returns false after the limit; a token wait (MBAR.TRY.WAIT)
// on the completed phase returns true at once.
.launch grid=1 block=64 shared=256
.init R1 = tid
.buffer out u32[32] = 0
.buffer flags u32[3] = 0
.param out
.param flags
        ISETP.GE.U32.AND P1, PT, R1, 0x20, PT ;
        ISETP.EQ.AND P0, PT, R1, RZ, PT ;
@P0     MBAR.INIT [0x0], 0x20 ;
@P0     MBAR.INIT [0x8], 0x1 ;
        BAR.SYNC 0x0 ;
@P1     BRA `(consumer) ;
        NOP $sched(15) ;
        NOP $sched(15) ;
        NOP $sched(15) ;
        NOP $sched(15) ;
        SHF.L.U32 R2, R1, 0x2, RZ ;
        IADD3 R3, R1, 0x100, RZ ;
        STS [R2+0x40], R3 ;
        MBAR.ARRIVE RZ, [0x0] ;
        EXIT ;
consumer:
        MBAR.TRY.WAIT.PARITY P2, [0x0], 0x0 ;
        MBAR.TRY.WAIT.PARITY P3, [0x8], 0x0, 0x20 ;
        MOV R10, RZ ;
        MOV R11, RZ ;
        MBAR.TRY.WAIT P4, [0x0], R[10:11] ;      // token of phase 0: done
        IADD3 R4, R1, -0x20, RZ ;
        SHF.L.U32 R2, R4, 0x2, RZ ;
        LDS R5, [R2+0x40] ;
        LDC.64 R8, c[0x0][0x100] ;
        IMAD.WIDE.U32 R8, R2, 0x1, R8 ;
        STG.E [R8.64], R5 ;
        MOV R6, 0x1 ;
        SEL R12, R6, RZ, P2 ;
        SEL R13, R6, RZ, P3 ;
        SEL R14, R6, RZ, P4 ;
        ISETP.EQ.AND P5, PT, R4, RZ, PT ;
        LDC.64 R8, c[0x0][0x108] ;
@P5     STG.E [R8.64], R12 ;
@P5     STG.E [R8.64+0x4], R13 ;
@P5     STG.E [R8.64+0x8], R14 ;
        EXIT ;
.expect out = {256, 257, 258, 259, 260, 261, 262, 263, 264, 265, 266, 267, 268, 269, 270, 271, 272, 273, 274, 275, 276, 277, 278, 279, 280, 281, 282, 283, 284, 285, 286, 287}
.expect flags = {1, 0, 1}
