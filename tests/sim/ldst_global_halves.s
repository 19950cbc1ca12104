// A planned LDG/STG of a full warp whose two rows of 16 lanes each access
// 16 consecutive words (src/sim/ldst.c: ldst_global_halves): two rows of a
// matrix 64 words wide, both rows at one address (a store: the second row
// wins; a load: both read it), and a row that crosses a page (the lanes
// path); every lane loads its word back.
.launch grid=1 block=32
.init R1 = tid
.buffer out u32[2048] = 0
.buffer got u32[96] = 0
.param out
.param got
    LDC.64 R2, c[0x0][0x100] ;
    SHF.R.U32.HI R4, RZ, 0x4, R1 ;       // the row: l / 16
    LOP3.LUT R5, R1, 0xf, RZ, 0xc0, !PT ; // the column: l mod 16
    SHF.L.U32 R5, R5, 0x2, RZ ;
    IMAD R6, R4, 0x100, R5 ;             // 256 row + 4 column
    IADD3 R7, P0, R2, R6, RZ ;
    IADD3.X R8, R3, RZ, RZ, P0, !PT ;    // R7:R8 = out + 256 row + 4 column
    IADD3 R9, R1, 0x64, RZ ;
    STG.E [R7.64], R9 ;                  // two rows: l + 100
    IADD3 R10, P1, R2, R5, RZ ;
    IADD3.X R11, R3, RZ, RZ, P1, !PT ;   // R10:R11 = out + 4 column
    IADD3 R9, R1, 0xc8, RZ ;
    STG.E [R10.64+0x800], R9 ;           // one row twice: l + 200, lanes 16-31 win
    IADD3 R9, R1, 0x12c, RZ ;
    STG.E [R7.64+0xfe0], R9 ;            // row 0 crosses a page: l + 300
    LDG.E R12, [R7.64] ;
    LDG.E R13, [R10.64+0x800] ;
    LDG.E R14, [R7.64+0xfe0] ;
    LDC.64 R16, c[0x0][0x108] ;
    IMAD.WIDE.U32 R16, R1, 0x4, R16 ;
    STG.E [R16.64], R12 ;
    STG.E [R16.64+0x80], R13 ;
    STG.E [R16.64+0x100], R14 ;
    EXIT ;
.expect got = {100, 101, 102, 103, 104, 105, 106, 107, 108, 109, 110, 111, 112, 113, 114, 115, 116, 117, 118, 119, 120, 121, 122, 123, 124, 125, 126, 127, 128, 129, 130, 131, 216, 217, 218, 219, 220, 221, 222, 223, 224, 225, 226, 227, 228, 229, 230, 231, 216, 217, 218, 219, 220, 221, 222, 223, 224, 225, 226, 227, 228, 229, 230, 231, 300, 301, 302, 303, 304, 305, 306, 307, 308, 309, 310, 311, 312, 313, 314, 315, 316, 317, 318, 319, 320, 321, 322, 323, 324, 325, 326, 327, 328, 329, 330, 331}
