// S2R: thread and CTA indices in 3-D, launch sizes, lane id, warp id and
// the lane masks.  Block 8x4x2 (two warps), grid 2x3x1; every thread of
// CTA (1,2,0) writes 8 words at out[8 * flat_tid].
.launch grid=2,3,1 block=8,4,2
.init R1 = tid
.buffer out u32[512] = 0
.param out
    S2R R2, SR_CTAID.X ;
    S2R R3, SR_CTAID.Y ;
    ISETP.NE.AND P0, PT, R2, 0x1, PT ;
    ISETP.NE.OR P0, PT, R3, 0x2, P0 ;
    @P0 EXIT ;
    S2R R4, SR_TID.X ;
    S2R R5, SR_TID.Y ;
    S2R R6, SR_TID.Z ;
    S2R R7, SR_LANEID ;
    S2R R8, SR_WARPID ;
    S2R R9, SR_LANEMASK_LT ;
    S2R R10, SR_LANEMASK_GE ;
    S2R R11, SR_NTID.Y ;
    S2R R12, SR_NCTAID.Y ;
    S2R R13, SR_LANEMASK_EQ ;
    S2R R14, SR_LANEMASK_LE ;
    S2R R15, SR_LANEMASK_GT ;
    LDC.64 R16, c[0x0][0x100] ;
    SHF.L.U32 R18, R1, 0x5, RZ ;         // 32 bytes per thread
    IMAD.WIDE.U32 R16, R18, 0x1, R16 ;
    IMAD R4, R5, 0x10, R4 ;              // x + 16 y
    IMAD R4, R6, 0x100, R4 ;             // + 256 z
    STG.E [R16.64], R4 ;
    STG.E [R16.64+0x4], R7 ;
    STG.E [R16.64+0x8], R8 ;
    STG.E [R16.64+0xc], R9 ;
    STG.E [R16.64+0x10], R10 ;
    IMAD R11, R11, 0x10, R12 ;           // ntid.y * 16 + nctaid.y
    STG.E [R16.64+0x14], R11 ;
    LOP3.LUT R13, R13, R14, R15, 0x96, !PT ;   // eq ^ le ^ gt = ~eq
    STG.E [R16.64+0x18], R13 ;
    STG.E [R16.64+0x1c], R1 ;
    EXIT ;
// thread 0: tid (0,0,0), lane 0, warp 0
.expect out[0] = 0
.expect out[1] = 0
.expect out[2] = 0
.expect out[3] = 0
.expect out[4] = 0xffffffff
.expect out[5] = 0x43
.expect out[6] = 0xfffffffe
// thread 13: tid (5,1,0), lane 13
.expect out[104] = 0x15
.expect out[105] = 13
.expect out[107] = 0x1fff
.expect out[108] = 0xffffe000
// thread 45: tid (5,1,1), warp 1, lane 13
.expect out[360] = 0x115
.expect out[361] = 13
.expect out[362] = 1
.expect out[367] = 45
.expect out[110] = 0xffffdfff
