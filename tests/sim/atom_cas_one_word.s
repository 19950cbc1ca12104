// CAS of a whole warp on one word (src/sim/atomic.c: cas_one32), lanes in
// ascending order: a chain in which every lane wins (lane l compares with
// l, stores l + 1), its destination the compare register; a chain with
// losers between the winners (lane l compares with l rounded down to even,
// stores that + 2: the odd lanes lose and read the next even lane's
// compare value); a chain whose destination is its new value's
// register; shared memory under a partial mask (lanes 0-19 win).
.launch grid=1 block=32 shared=16
.init R1 = tid
.buffer word u32[3] = 0
.buffer all u32[32] = 0
.buffer half u32[32] = 0
.buffer part u32[32] = 0
.buffer sh u32[1] = 0
.param word
.param all
.param half
.param part
.param sh
    LDC.64 R8, c[0x0][0x100] ;
    IADD3 R4, R1, RZ, RZ ;
    IADD3 R5, R1, 0x1, RZ ;
    ATOMG.E.CAS R4, [R8.64], R4, R5 ;    // every lane wins: d = l
    LOP3.LUT R6, R1, 0xfffffffe, RZ, 0xc0, !PT ;
    IADD3 R7, R6, 0x2, RZ ;
    ATOMG.E.CAS R6, [R8.64+0x4], R6, R7 ; // even lanes win
    IADD3 R14, R1, 0x1, RZ ;
    ATOMG.E.CAS R14, [R8.64+0x8], R1, R14 ; // d is the new value's register
    STS [0x0], RZ ;
    BAR.SYNC 0x0 ;
    MOV R10, 0xdead ;
    ISETP.LT.U32.AND P0, PT, R1, 0x14, PT ;
    @P0 ATOMS.CAS R10, [0x0], R1, R5 ;   // lanes 0-19 win
    BAR.SYNC 0x0 ;
    LDS R11, [0x0] ;
    LDC.64 R12, c[0x0][0x108] ;
    IMAD.WIDE.U32 R12, R1, 0x4, R12 ;
    STG.E [R12.64], R4 ;
    LDC.64 R12, c[0x0][0x110] ;
    IMAD.WIDE.U32 R12, R1, 0x4, R12 ;
    STG.E [R12.64], R6 ;
    LDC.64 R12, c[0x0][0x118] ;
    IMAD.WIDE.U32 R12, R1, 0x4, R12 ;
    STG.E [R12.64], R10 ;
    ISETP.NE.AND P2, PT, R14, R1, PT ;    // lane l read l: else the store below
    @P2 STG.E [R12.64], RZ ;
    ISETP.NE.AND P1, PT, R1, RZ, PT ;
    @P1 EXIT ;
    LDC.64 R12, c[0x0][0x120] ;
    STG.E [R12.64], R11 ;
    EXIT ;
.expect word = {32, 32, 32}
.expect all = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31}
.expect half = {0, 2, 2, 4, 4, 6, 6, 8, 8, 10, 10, 12, 12, 14, 14, 16, 16, 18, 18, 20, 20, 22, 22, 24, 24, 26, 26, 28, 28, 30, 30, 32}
.expect part = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 57005, 57005, 57005, 57005, 57005, 57005, 57005, 57005, 57005, 57005, 57005, 57005}
.expect sh = {20}
