// 64- and 128-bit shared and local accesses (register pairs and quads),
// sub-word shared loads with extension, and MUFU on exact cases.
.launch grid=1 block=2 shared=64
.init R1 = tid
.buffer out u32[16] = 0
.param out
    ISETP.NE.AND P0, PT, R1, RZ, PT ;
    @P0 EXIT ;
    MOV R4, 0x11111111 ;
    MOV R5, 0x22222222 ;
    MOV R6, 0x833344f4 ;
    MOV R7, 0x44444444 ;
    STS.128 [0x10], R4 ;
    LDS.64 R8, [0x18] ;                  // R6, R7
    LDS.S16 R10, [0x1a] ;                // 0x8333 sign-extended
    LDS.U8 R11, [0x18] ;                 // 0xf4
    STL.128 [0x20], R4 ;
    LDL.64 R12, [0x20] ;                 // R4, R5
    LDL.S8 R14, [0x28] ;                 // 0xf4 -> -12
    MUFU.RSQ R15, 4.0 ;
    MUFU.COS R16, RZ ;
    MUFU.SIN R17, RZ ;
    LDC.64 R2, c[0x0][0x100] ;
    STG.E.64 [R2.64], R8 ;
    STG.E [R2.64+0x8], R10 ;
    STG.E [R2.64+0xc], R11 ;
    STG.E.64 [R2.64+0x10], R12 ;
    STG.E [R2.64+0x18], R14 ;
    STG.E [R2.64+0x1c], R15 ;
    STG.E [R2.64+0x20], R16 ;
    STG.E [R2.64+0x24], R17 ;
    EXIT ;
.expect out = {0x833344f4, 0x44444444, 0xffff8333, 0xf4, 0x11111111, 0x22222222, 0xfffffff4, 0x3f000000, 0x3f800000, 0, 0, 0, 0, 0, 0, 0}
