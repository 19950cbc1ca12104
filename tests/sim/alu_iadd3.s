// IADD3: three-input add, carry-out predicates (carry k = sum >> 32 as
// P = k >= 1, Q = k >= 2) and IADD3.X carry-in.  Lane i stores to out[i].
.launch grid=1 block=32
.init R1 = lane
.buffer out u32[32] = 0
.buffer carry u32[32] = 0
.param out
.param carry
    LDC.64 R8, c[0x0][0x100] ;
    LDC.64 R10, c[0x0][0x108] ;
    IMAD.WIDE.U32 R8, R1, 0x4, R8 ;
    IMAD.WIDE.U32 R10, R1, 0x4, R10 ;
    // 0xfffffff0 + lane + 0x10: carries for every lane, sum = lane
    IADD3 R2, P0, P1, R1, -0x10, R20 ;
    // carry in from P0 (1) and P1 (0): R3 = 7 + 1
    IADD3.X R3, RZ, 0x7, RZ, P0, P1 ;
    IADD3 R2, R2, R3, RZ ;
    STG.E [R8.64], R2 ;
    // three times 0xffffffff: the sum needs bit 33 (carry 2)
    IADD3 R4, P2, P3, R21, R21, R21 ;
    SEL R5, RZ, 0x1, !P2 ;
    SEL R6, RZ, 0x2, !P3 ;
    IADD3 R5, R5, R6, RZ ;
    STG.E [R10.64], R5 ;
    EXIT ;
.init R20 = 0x10
.init R21 = 0xffffffff
.expect out = {8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39}
.expect carry[0] = 3
.expect carry[31] = 3
