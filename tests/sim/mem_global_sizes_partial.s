// Global loads and stores of every size through the resolved-pointer
// path (src/sim/ldst.c): sub-word loads extend, .64 and .128 move register
// pairs and quads, under a partial mask; a sub-word store writes its low
// bytes only, and the highest lane wins a race on one word.
.launch grid=1 block=32
.init R1 = tid
.buffer in u32[4] = {0x8081f2f3, 0x11223344, 0x55667788, 0x99aabbcc}
.buffer out u32[12] = 0
.param in
.param out
    LDC.64 R2, c[0x0][0x100] ;
    LDC.64 R4, c[0x0][0x108] ;
    ISETP.LT.U32.AND P0, PT, R1, 0x3, PT ;
    @!P0 EXIT ;
    LDG.E.S8 R6, [R2.64] ;               // 0xf3 -> -13
    LDG.E.U16 R7, [R2.64+0x2] ;          // 0x8081
    LDG.E.S16 R8, [R2.64+0x2] ;          // 0xffff8081
    LDG.E.64 R10, [R2.64+0x8] ;
    LDG.E.128 R12, [R2.64] ;
    STG.E.128 [R4.64+0x10], R12 ;        // lanes 0-2, one address: lane 2
    STG.E.U8 [R4.64+0x20], R1 ;          // low byte of lane 2's tid
    STG.E.U16 [R4.64+0x26], R7 ;
    ISETP.NE.AND P1, PT, R1, 0x2, PT ;
    @P1 EXIT ;
    STG.E [R4.64], R6 ;
    STG.E [R4.64+0x4], R8 ;
    STG.E.64 [R4.64+0x8], R10 ;
    EXIT ;
.expect out = {0xfffffff3, 0xffff8081, 0x55667788, 0x99aabbcc, 0x8081f2f3, 0x11223344, 0x55667788, 0x99aabbcc, 0x2, 0x80810000, 0, 0}
