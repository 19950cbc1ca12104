// LDL/STL by [Ra + off] at any lane mask (src/sim/ldst.c: local_row):
// each lane at its own offset in its own area, 32-, 64- and 128-bit,
// a full warp and partial masks, a negative offset, a load that
// overwrites its own address register (LDL.64 R10, [R10+0x40]) and a
// store from the registers a load wrote; checked against the values the
// lanes put there, one row of 4 words per lane.
.launch grid=1 block=32 local=128
.init R1 = tid
.buffer out u32[128] = 0
.param out
    LOP3.LUT R2, R1, 0x7, RZ, 0xc0, !PT ;
    SHF.L.U32 R2, R2, 0x3, RZ ;          // (tid & 7) * 8: 0..56
    MOV R4, R1 ;
    IADD3 R5, R1, 0x100, RZ ;
    STL.64 [R2+0x40], R4 ;               // all 32: {tid, tid + 0x100}
    LOP3.LUT R3, R1, 0x1, RZ, 0xc0, !PT ;
    ISETP.NE.AND P0, PT, R3, RZ, PT ;    // odd lanes
    IADD3 R6, R1, 0x200, RZ ;
    @P0 STL [R2+0x44], R6 ;              // odd: the high word tid + 0x200
    LDL.64 R8, [R2+0x40] ;
    MOV R10, R2 ;
    LDL.64 R10, [R10+0x40] ;             // the address register overwritten
    ISETP.LT.U32.AND P1, PT, R1, 0x5, PT ; // lanes 0-4
    IADD3 R12, R2, 0x10, RZ ;
    LOP3.LUT R12, R12, 0x30, RZ, 0xc0, !PT ; // 16-aligned: 0x10, 0x20, 0x30, 0
    IADD3 R12, R12, 0x10, RZ ;
    MOV R16, RZ ;
    MOV R17, RZ ;
    MOV R18, RZ ;
    MOV R19, RZ ;
    @P1 STL.128 [R12-0x10], R8 ;         // lanes 0-4: {R8, R9, R10, R11}
    @P1 LDL.128 R16, [R12-0x10] ;
    IADD3 R20, R16, R17, RZ ;
    IADD3 R20, R20, R18, RZ ;
    IADD3 R20, R20, R19, RZ ;            // lanes 0-4: their sum, else 0
    LDC.64 R14, c[0x0][0x100] ;
    SHF.L.U32 R3, R1, 0x4, RZ ;          // 16 tid bytes: lane tid's row
    IADD3 R14, P2, R14, R3, RZ ;
    IADD3.X R15, R15, RZ, RZ, P2, !PT ;
    STG.E [R14.64], R8 ;
    STG.E [R14.64+0x4], R9 ;
    STG.E [R14.64+0x8], R11 ;
    STG.E [R14.64+0xc], R20 ;
    EXIT ;
.expect out = {0, 0x100, 0x100, 0x200, 1, 0x201, 0x201, 0x404, 2, 0x102, 0x102, 0x208, 3, 0x203, 0x203, 0x40c, 4, 0x104, 0x104, 0x210, 5, 0x205, 0x205, 0, 6, 0x106, 0x106, 0, 7, 0x207, 0x207, 0, 8, 0x108, 0x108, 0, 9, 0x209, 0x209, 0, 0xa, 0x10a, 0x10a, 0, 0xb, 0x20b, 0x20b, 0, 0xc, 0x10c, 0x10c, 0, 0xd, 0x20d, 0x20d, 0, 0xe, 0x10e, 0x10e, 0, 0xf, 0x20f, 0x20f, 0, 0x10, 0x110, 0x110, 0, 0x11, 0x211, 0x211, 0, 0x12, 0x112, 0x112, 0, 0x13, 0x213, 0x213, 0, 0x14, 0x114, 0x114, 0, 0x15, 0x215, 0x215, 0, 0x16, 0x116, 0x116, 0, 0x17, 0x217, 0x217, 0, 0x18, 0x118, 0x118, 0, 0x19, 0x219, 0x219, 0, 0x1a, 0x11a, 0x11a, 0, 0x1b, 0x21b, 0x21b, 0, 0x1c, 0x11c, 0x11c, 0, 0x1d, 0x21d, 0x21d, 0, 0x1e, 0x11e, 0x11e, 0, 0x1f, 0x21f, 0x21f, 0}
