// The directive forms: `//!` lines, a random input checked against the
// same generator, predicate inits, a random scheduling policy and two
// CTAs.  Lanes whose P0 bit is clear copy nothing (the output keeps 0).
//! .launch grid=2 block=32 policy=random:11
//! .init R1 = tid
//! .init P0 = mask 0x0000ffff
//! .buffer in u64[64] = random(7)
//! .buffer out u64[64] = 0
//! .buffer half u64[64] = 0
//! .param in
//! .param out
//! .param half
    S2R R0, SR_CTAID.X ;
    IMAD R1, R0, 0x20, R1 ;
    SHF.L.U32 R1, R1, 0x3, RZ ;
    LDC.64 R2, c[0x0][0x100] ;
    LDC.64 R4, c[0x0][0x108] ;
    LDC.64 R6, c[0x0][0x110] ;
    IMAD.WIDE.U32 R2, R1, 0x1, R2 ;
    IMAD.WIDE.U32 R4, R1, 0x1, R4 ;
    IMAD.WIDE.U32 R6, R1, 0x1, R6 ;
    LDG.E.64 R8, [R2.64] ;
    STG.E.64 [R4.64], R8 ;
    @P0 STG.E.64 [R6.64], R8 ;
    EXIT ;
//! .expect out = random(7)
// random(7) is splitmix64 from state 7: elements 0, 15, 32, 47 below
//! .expect half[0] = 7191089600892374487
//! .expect half[15] = 10114117652854834680
//! .expect half[16] = 0
//! .expect half[31] = 0
//! .expect half[32] = 7068487416905635272
//! .expect half[47] = 15272132712961327230
//! .expect half[48] = 0
//! .expect half[63] = 0
