// ISETP compares (signed default, .U32), the .AND/.OR/.XOR combination
// with the source predicate, the complement output, SEL and IMNMX.
.launch grid=1 block=8
.init R1 = lane
.buffer r u32[8] = 0
.buffer m s32[8] = 0
.param r
.param m
    LDC.64 R10, c[0x0][0x100] ;
    IMAD.WIDE.U32 R10, R1, 0x4, R10 ;
    IADD3 R2, R1, -0x4, RZ ;                     // lane - 4: -4..3
    ISETP.LT.AND P0, P1, R2, RZ, PT ;            // signed: lanes 0-3
    ISETP.LT.U32.AND P2, PT, R2, 0x2, PT ;       // unsigned: lanes 4, 5
    ISETP.EQ.OR P3, PT, R1, 0x7, P2 ;            // lanes 4, 5, 7
    ISETP.NE.XOR P4, PT, R1, RZ, P0 ;            // (lane != 0) ^ (lane < 4)
    SEL R3, RZ, 0x1, !P0 ;
    SEL R4, RZ, 0x2, !P1 ;
    SEL R5, RZ, 0x4, !P2 ;
    SEL R6, RZ, 0x8, !P3 ;
    SEL R7, RZ, 0x10, !P4 ;
    LOP3.LUT R3, R3, R4, R5, 0xfe, !PT ;         // a | b | c
    LOP3.LUT R3, R3, R6, R7, 0xfe, !PT ;
    STG.E [R10.64], R3 ;
    LDC.64 R10, c[0x0][0x108] ;
    IMAD.WIDE.U32 R10, R1, 0x4, R10 ;
    IMNMX R8, R2, -0x1, PT ;                     // min(lane - 4, -1)
    IMNMX R9, R2, 0x1, !PT ;                     // max(lane - 4, 1)
    IADD3 R8, R8, R9, RZ ;
    STG.E [R10.64], R8 ;
    EXIT ;
// lane 0: P0 P4? (0 != 0) ^ 1 = 1 -> 1 + 16 = 17; lanes 1-3: P0 only -> 1;
// lane 4: P1 P2 P3 P4 -> 2+4+8+16 = 30; lane 5: same 30; lane 6: P1 P4 = 18;
// lane 7: P1 P3 P4 = 26
.expect r = {17, 1, 1, 1, 30, 30, 18, 26}
.expect m = {-3, -2, -1, 0, 0, 0, 1, 2}
