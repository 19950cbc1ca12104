// LDG/STG of every size: .U8/.S8/.U16/.S16 extension, 32, .64 pairs,
// .128 quads; stores truncate; offsets in the address.
.launch grid=1 block=1
.buffer src u8[16] = {0x01, 0x82, 0x03, 0x84, 0xf5, 0x06, 0x07, 0x88, 9, 10, 11, 12, 13, 14, 15, 16}
.buffer dst u32[12] = 0
.param src
.param dst
    LDC.64 R2, c[0x0][0x100] ;
    LDC.64 R4, c[0x0][0x108] ;
    LDG.E.U8 R6, [R2.64+0x1] ;           // 0x82
    LDG.E.S8 R7, [R2.64+0x1] ;           // 0xffffff82
    LDG.E.U16 R8, [R2.64+0x2] ;          // 0x8403
    LDG.E.S16 R9, [R2.64+0x2] ;          // 0xffff8403
    LDG.E R10, [R2.64+0x4] ;             // 0x880706f5
    LDG.E.64 R12, [R2.64+0x8] ;
    LDG.E.128 R16, [R2.64] ;
    STG.E [R4.64], R6 ;
    STG.E [R4.64+0x4], R7 ;
    STG.E [R4.64+0x8], R8 ;
    STG.E [R4.64+0xc], R9 ;
    STG.E [R4.64+0x10], R10 ;
    STG.E.64 [R4.64+0x18], R12 ;
    STG.E.128 [R4.64+0x20], R16 ;
    STG.E.U8 [R4.64+0x14], R7 ;          // low byte only: 0x82
    STG.E.U16 [R4.64+0x16], R9 ;         // 0x8403
    EXIT ;
.expect dst = {0x82, 0xffffff82, 0x8403, 0xffff8403, 0x880706f5, 0x84030082, 0x0c0b0a09, 0x100f0e0d, 0x84038201, 0x880706f5, 0x0c0b0a09, 0x100f0e0d}
