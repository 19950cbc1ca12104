// Independent thread scheduling: the 32 lanes of one warp pass a token
// through shared memory in lane order.  Each lane spins until the token
// equals its lane id, then records the token order and passes token + 1.
// The YIELD in the spin loop lets the waiting lanes hand the warp to the lane
// that holds the token (a reconvergence-stack model cannot run this).
.launch grid=1 block=32 shared=4
.buffer order u32[32] = zero
.param order
.expect order = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32}
main:
        S2R R0, SR_LANEID ;
        MOV R12, c[0x0][0x100] ;
        MOV R13, c[0x0][0x104] ;
.L_spin:
        LDS R1, [0x0] ;
        ISETP.EQ.U32.AND P0, PT, R1, R0, PT ;
   @P0  BRA `(.L_go) ;
        YIELD ;
        BRA `(.L_spin) ;
.L_go:
        IADD3 R2, R0, 0x1, RZ ;
        STS [0x0], R2 ;
        IMAD.WIDE.U32 R4, R0, 0x4, R12 ;
        STG.E [R4.64], R2 ;
        EXIT ;
