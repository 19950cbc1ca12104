// The planned LDG/STG and LDS/STS whose lanes are not one row
// (src/sim/ldst.c: ldst_global_lanes, ldst_shared_lanes): each lane's own
// word across two global pages (lane l at out + 256 l), a partial warp,
// gathers of two rows of 16 threads (each row one word, the destination
// the address register; both rows the same 16 words, consecutive or
// not), and store races
// on one word (the highest lane of the mask wins), global and shared.
.launch grid=1 block=32 shared=256
.init R1 = tid
.buffer out u32[2048] = 0
.buffer res u32[8] = 0
.buffer got u32[160] = 0
.param out
.param res
.param got
    LDC.64 R2, c[0x0][0x100] ;
    IMAD.WIDE.U32 R4, R1, 0x100, R2 ;    // lane l: out + 256 l (8 KB: two pages)
    IADD3 R6, R1, 0x64, RZ ;
    STG.E [R4.64+0x4], R6 ;              // out[64 l + 1] = l + 100
    ISETP.LT.U32.AND P0, PT, R1, 0x7, PT ;
    @P0 STG.E [R4.64+0x8], R1 ;          // lanes 0-6: out[64 l + 2] = l
    LDG.E R8, [R4.64+0x4] ;              // the strided words back
    @!P0 LDG.E R9, [R4.64+0x4] ;         // lanes 7-31
    @P0 LDG.E R9, [R4.64+0x8] ;          // lanes 0-6
    STG.E [R2.64+0x1ffc], R1 ;           // 32 lanes, one word: lane 31
    @P0 STG.E [R2.64+0x1ff8], R1 ;       // lanes 0-6: lane 6
    SHF.R.U32.HI R10, RZ, 0x4, R1 ;
    SHF.L.U32 R10, R10, 0x2, RZ ;        // lane l: 4 (l / 16): two words
    STS [R10+0x10], R6 ;                 // lanes 15 and 31 win: 115, 131
    @P0 STS [R10+0x40], R1 ;             // lanes 0-6, one word: 6
    SHF.L.U32 R20, R1, 0x2, RZ ;
    STS [R20+0x80], R6 ;                 // a row: 0x80 + 4 l holds l + 100
    IMAD R22, R1, 0xc, RZ ;
    LOP3.LUT R22, R22, 0x3c, RZ, 0xc0, !PT ; // 4 (3 l mod 16): both halves
    LOP3.LUT R20, R20, 0x3c, RZ, 0xc0, !PT ; // 4 (l mod 16): both halves
    BAR.SYNC 0x0 ;
    LDS R10, [R10+0x10] ;                // the address register is the data
    LDS R11, [0x40] ;
    LDS R21, [R20+0x80] ;                // lanes 16-31 repeat lanes 0-15
    LDS R22, [R22+0x80] ;                // the same, not consecutive
    LDC.64 R14, c[0x0][0x110] ;
    IMAD.WIDE.U32 R14, R1, 0x4, R14 ;
    STG.E [R14.64], R8 ;                 // every lane's gathered words
    STG.E [R14.64+0x80], R9 ;
    STG.E [R14.64+0x100], R10 ;
    STG.E [R14.64+0x180], R21 ;
    STG.E [R14.64+0x200], R22 ;
    ISETP.NE.AND P1, PT, R1, 0x3, PT ;
    @P1 EXIT ;
    LDC.64 R14, c[0x0][0x108] ;          // lane 3 writes what it saw
    STG.E [R14.64+0x8], R10 ;
    STG.E [R14.64+0xc], R11 ;
    LDG.E R16, [R2.64+0x1ffc] ;
    LDG.E R17, [R2.64+0x1ff8] ;
    LDG.E R18, [R2.64+0x1804] ;          // out[64 * 24 + 1]
    STG.E [R14.64+0x10], R16 ;
    STG.E [R14.64+0x14], R17 ;
    STG.E [R14.64+0x18], R18 ;
    EXIT ;
.expect res = {0, 0, 115, 6, 31, 6, 124, 0}
.expect got = {100, 101, 102, 103, 104, 105, 106, 107, 108, 109, 110, 111, 112, 113, 114, 115, 116, 117, 118, 119, 120, 121, 122, 123, 124, 125, 126, 127, 128, 129, 130, 131, 0, 1, 2, 3, 4, 5, 6, 107, 108, 109, 110, 111, 112, 113, 114, 115, 116, 117, 118, 119, 120, 121, 122, 123, 124, 125, 126, 127, 128, 129, 130, 131, 115, 115, 115, 115, 115, 115, 115, 115, 115, 115, 115, 115, 115, 115, 115, 115, 131, 131, 131, 131, 131, 131, 131, 131, 131, 131, 131, 131, 131, 131, 131, 131, 100, 101, 102, 103, 104, 105, 106, 107, 108, 109, 110, 111, 112, 113, 114, 115, 100, 101, 102, 103, 104, 105, 106, 107, 108, 109, 110, 111, 112, 113, 114, 115, 100, 103, 106, 109, 112, 115, 102, 105, 108, 111, 114, 101, 104, 107, 110, 113, 100, 103, 106, 109, 112, 115, 102, 105, 108, 111, 114, 101, 104, 107, 110, 113}
