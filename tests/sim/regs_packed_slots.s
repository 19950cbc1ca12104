// The register files of a CTA slot are packed into each other's unused
// rows (src/sim/sched.c, cta_init): warp j's row k is row j * P + k of the
// slot's block, and its RZ and sink rows (j * P + 255, + 256) fall into
// the rows another warp does not reach.  Here R63 is the highest row the
// code names (rows_dirty 67: P = 94, so warp j's RZ and sink lie in
// warp j + 2's unused rows), five warps per CTA, four CTAs through fewer
// resident slots (a slot is reused).  Every thread writes R40..R63 (R62
// through RZ, which must read 0) and the sink (a destination RZ) and
// checks them after the other warps ran between: out[gid] = gid when no
// row was overwritten.  (A stride that put RZ and the sink on rows
// another warp uses, e.g. P = 69 with them on R48 and R49 of warp j + 3,
// fails here.)
.launch grid=4 block=160
.init R0 = tid
.buffer out u32[640] = 0
.param out
    S2R R1, SR_CTAID.X ;
    IMAD R3, R1, 0xa0, R0 ;                      // gid
    IMAD R4, R1, 0x3e8, R0 ;
    IADD3 R4, R4, 0x7, RZ ;                      // v = 1000 ctaid + tid + 7
    IADD3 R40, R4, 0x28, RZ ;
    IADD3 R41, R4, 0x29, RZ ;
    IADD3 R42, R4, 0x2a, RZ ;
    IADD3 R43, R4, 0x2b, RZ ;
    IADD3 R44, R4, 0x2c, RZ ;
    IADD3 R45, R4, 0x2d, RZ ;
    IADD3 R46, R4, 0x2e, RZ ;
    IADD3 R47, R4, 0x2f, RZ ;
    IADD3 R48, R4, 0x30, RZ ;
    IADD3 R49, R4, 0x31, RZ ;
    IADD3 R50, R4, 0x32, RZ ;
    IADD3 R51, R4, 0x33, RZ ;
    IADD3 R52, R4, 0x34, RZ ;
    IADD3 R53, R4, 0x35, RZ ;
    IADD3 R54, R4, 0x36, RZ ;
    IADD3 R55, R4, 0x37, RZ ;
    IADD3 R56, R4, 0x38, RZ ;
    IADD3 R57, R4, 0x39, RZ ;
    IADD3 R58, R4, 0x3a, RZ ;
    IADD3 R59, R4, 0x3b, RZ ;
    IADD3 R60, R4, 0x3c, RZ ;
    IADD3 R61, R4, 0x3d, RZ ;
    IADD3 R63, R4, 0x3f, RZ ;
    IADD3 RZ, R60, R61, RZ ;                     // the sink
    BAR.SYNC 0x0 ;                               // every warp wrote its rows
    IADD3 RZ, R63, R61, RZ ;
    IADD3 R62, R4, 0x3e, RZ ;
    IADD3 R62, R62, RZ, RZ ;                     // RZ reads 0
    BAR.SYNC 0x0 ;
    MOV R7, RZ ;
    IADD3 R5, R4, 0x28, RZ ;
    LOP3.LUT R2, R40, R5, RZ, 0x3c, !PT ;
    LOP3.LUT R7, R7, R2, RZ, 0xfc, !PT ;
    IADD3 R5, R4, 0x29, RZ ;
    LOP3.LUT R2, R41, R5, RZ, 0x3c, !PT ;
    LOP3.LUT R7, R7, R2, RZ, 0xfc, !PT ;
    IADD3 R5, R4, 0x2a, RZ ;
    LOP3.LUT R2, R42, R5, RZ, 0x3c, !PT ;
    LOP3.LUT R7, R7, R2, RZ, 0xfc, !PT ;
    IADD3 R5, R4, 0x2b, RZ ;
    LOP3.LUT R2, R43, R5, RZ, 0x3c, !PT ;
    LOP3.LUT R7, R7, R2, RZ, 0xfc, !PT ;
    IADD3 R5, R4, 0x2c, RZ ;
    LOP3.LUT R2, R44, R5, RZ, 0x3c, !PT ;
    LOP3.LUT R7, R7, R2, RZ, 0xfc, !PT ;
    IADD3 R5, R4, 0x2d, RZ ;
    LOP3.LUT R2, R45, R5, RZ, 0x3c, !PT ;
    LOP3.LUT R7, R7, R2, RZ, 0xfc, !PT ;
    IADD3 R5, R4, 0x2e, RZ ;
    LOP3.LUT R2, R46, R5, RZ, 0x3c, !PT ;
    LOP3.LUT R7, R7, R2, RZ, 0xfc, !PT ;
    IADD3 R5, R4, 0x2f, RZ ;
    LOP3.LUT R2, R47, R5, RZ, 0x3c, !PT ;
    LOP3.LUT R7, R7, R2, RZ, 0xfc, !PT ;
    IADD3 R5, R4, 0x30, RZ ;
    LOP3.LUT R2, R48, R5, RZ, 0x3c, !PT ;
    LOP3.LUT R7, R7, R2, RZ, 0xfc, !PT ;
    IADD3 R5, R4, 0x31, RZ ;
    LOP3.LUT R2, R49, R5, RZ, 0x3c, !PT ;
    LOP3.LUT R7, R7, R2, RZ, 0xfc, !PT ;
    IADD3 R5, R4, 0x32, RZ ;
    LOP3.LUT R2, R50, R5, RZ, 0x3c, !PT ;
    LOP3.LUT R7, R7, R2, RZ, 0xfc, !PT ;
    IADD3 R5, R4, 0x33, RZ ;
    LOP3.LUT R2, R51, R5, RZ, 0x3c, !PT ;
    LOP3.LUT R7, R7, R2, RZ, 0xfc, !PT ;
    IADD3 R5, R4, 0x34, RZ ;
    LOP3.LUT R2, R52, R5, RZ, 0x3c, !PT ;
    LOP3.LUT R7, R7, R2, RZ, 0xfc, !PT ;
    IADD3 R5, R4, 0x35, RZ ;
    LOP3.LUT R2, R53, R5, RZ, 0x3c, !PT ;
    LOP3.LUT R7, R7, R2, RZ, 0xfc, !PT ;
    IADD3 R5, R4, 0x36, RZ ;
    LOP3.LUT R2, R54, R5, RZ, 0x3c, !PT ;
    LOP3.LUT R7, R7, R2, RZ, 0xfc, !PT ;
    IADD3 R5, R4, 0x37, RZ ;
    LOP3.LUT R2, R55, R5, RZ, 0x3c, !PT ;
    LOP3.LUT R7, R7, R2, RZ, 0xfc, !PT ;
    IADD3 R5, R4, 0x38, RZ ;
    LOP3.LUT R2, R56, R5, RZ, 0x3c, !PT ;
    LOP3.LUT R7, R7, R2, RZ, 0xfc, !PT ;
    IADD3 R5, R4, 0x39, RZ ;
    LOP3.LUT R2, R57, R5, RZ, 0x3c, !PT ;
    LOP3.LUT R7, R7, R2, RZ, 0xfc, !PT ;
    IADD3 R5, R4, 0x3a, RZ ;
    LOP3.LUT R2, R58, R5, RZ, 0x3c, !PT ;
    LOP3.LUT R7, R7, R2, RZ, 0xfc, !PT ;
    IADD3 R5, R4, 0x3b, RZ ;
    LOP3.LUT R2, R59, R5, RZ, 0x3c, !PT ;
    LOP3.LUT R7, R7, R2, RZ, 0xfc, !PT ;
    IADD3 R5, R4, 0x3c, RZ ;
    LOP3.LUT R2, R60, R5, RZ, 0x3c, !PT ;
    LOP3.LUT R7, R7, R2, RZ, 0xfc, !PT ;
    IADD3 R5, R4, 0x3d, RZ ;
    LOP3.LUT R2, R61, R5, RZ, 0x3c, !PT ;
    LOP3.LUT R7, R7, R2, RZ, 0xfc, !PT ;
    IADD3 R5, R4, 0x3e, RZ ;
    LOP3.LUT R2, R62, R5, RZ, 0x3c, !PT ;
    LOP3.LUT R7, R7, R2, RZ, 0xfc, !PT ;
    IADD3 R5, R4, 0x3f, RZ ;
    LOP3.LUT R2, R63, R5, RZ, 0x3c, !PT ;
    LOP3.LUT R7, R7, R2, RZ, 0xfc, !PT ;
    IADD3 R7, R7, R3, RZ ;                       // gid: none overwritten
    LDC.64 R8, c[0x0][0x100] ;
    IMAD.WIDE.U32 R8, R3, 0x4, R8 ;
    STG.E [R8.64], R7 ;
    EXIT ;
.expect out = iota
