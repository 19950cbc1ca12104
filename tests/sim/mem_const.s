// Constant banks: bank 0 launch words (ntid, nctaid, dynamic shared size),
// parameters laid out in declaration order each aligned to its size,
// register-indexed LDC into a table in bank 2, LDC.64, LDC.S8.
.launch grid=3,2,1 block=16,2,1 shared=48
.init R1 = tid
.buffer out u32[12] = 0
.param u8:0x7f
.param out
.param s32:-5
.param f32:1.5
    ISETP.NE.AND P0, PT, R1, RZ, PT ;
    S2R R0, SR_CTAID.X ;
    S2R R2, SR_CTAID.Y ;
    LOP3.LUT P1, RZ, R0, R2, RZ, 0xfc, !PT ;   // P1 = (ctaid.x | ctaid.y) != 0
    @P0 EXIT ;
    @P1 EXIT ;
    LDC.64 R4, c[0x0][0x108] ;           // out: u8 at 0x100, pointer aligned to 0x108
    LDC R6, c[0x0][0x0] ;                // ntid.x
    LDC R7, c[0x0][0x4] ;                // ntid.y
    LDC R8, c[0x0][0xc] ;                // nctaid.x
    LDC R9, c[0x0][0x10] ;               // nctaid.y
    LDC R10, c[0x0][0x18] ;              // dynamic shared bytes
    LDC.U8 R11, c[0x0][0x100] ;
    LDC R12, c[0x0][0x110] ;             // s32 after the pointer
    LDC R13, c[0x0][0x114] ;             // f32
    MOV R14, 0x8 ;
    LDC R15, c[0x2][R14+0x4] ;           // table[3]
    LDC.S8 R16, c[0x2][0x10] ;
    LDC.64 R18, c[0x2][0x8] ;
    STG.E [R4.64], R6 ;
    STG.E [R4.64+0x4], R7 ;
    STG.E [R4.64+0x8], R8 ;
    STG.E [R4.64+0xc], R9 ;
    STG.E [R4.64+0x10], R10 ;
    STG.E [R4.64+0x14], R11 ;
    STG.E [R4.64+0x18], R12 ;
    STG.E [R4.64+0x1c], R13 ;
    STG.E [R4.64+0x20], R15 ;
    STG.E [R4.64+0x24], R16 ;
    STG.E.64 [R4.64+0x28], R18 ;
    EXIT ;
.expect out = {16, 2, 3, 2, 48, 0x7f, -5, 0x3fc00000, 40, 0xfffffffe, 30, 40}

	.section .nv.constant2.main,"a",@progbits
	.word 10, 20, 30, 40, 0xfe
