// The warp-wide paths of LDS/STS/LDL/STL (src/sim/ldst.c: shared_access,
// local_ptrs, local_row) against what lane-by-lane accesses give: every lane's
// pointer is found before any register is written (LDS.64 R4, [R4]
// overwrites its own address register), the highest lane wins a store
// race on one word, with all 32 lanes and with a partial mask, negative
// offsets, and per-lane local offsets under a partial mask.
.launch grid=1 block=32 shared=256 local=64
.init R1 = tid
.buffer out u32[8] = 0
.param out
    SHF.L.U32 R2, R1, 0x3, RZ ;          // 8 tid: one pair per lane
    IADD3 R3, R1, 0x100, RZ ;
    STS.64 [R2], R2 ;                    // lane l: {8l, l + 0x100}
    IADD3 R4, R2, 0x8, RZ ;
    LDS.64 R4, [R4-0x8] ;                // R4 is the address and the data
    STS [0xf0], R1 ;                     // 32 lanes, one word: lane 31
    ISETP.LT.U32.AND P0, PT, R1, 0x5, PT ;
    @P0 STS [0xf4], R1 ;                 // lanes 0-4: lane 4
    ISETP.GE.U32.AND P1, PT, R1, 0x1c, PT ;
    IADD3 R6, R1, 0x7, RZ ;
    SHF.L.U32 R8, R1, 0x3, RZ ;
    LOP3.LUT R8, R8, 0x38, RZ, 0xc0, !PT ; // (8 l) mod 64: per-lane offsets
    @P1 STL.64 [R8], R6 ;                // lanes 28-31
    @P1 LDL.64 R10, [R8] ;
    @!P1 MOV R10, RZ ;
    BAR.SYNC 0x0 ;
    LDS R12, [0xf0] ;
    LDS R13, [0xf4] ;
    ISETP.NE.AND P2, PT, R1, 0x1e, PT ;
    @P2 EXIT ;
    LDC.64 R14, c[0x0][0x100] ;          // lane 30 writes what it saw
    STG.E.64 [R14.64], R4 ;
    STG.E [R14.64+0x8], R12 ;
    STG.E [R14.64+0xc], R13 ;
    STG.E [R14.64+0x10], R10 ;
    STG.E [R14.64+0x14], R8 ;
    EXIT ;
.expect out = {0xf0, 0x11e, 31, 4, 37, 0x30, 0, 0}
