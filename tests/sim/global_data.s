// Module global data (docs/launch-abi.md): the object's .nv.global section
// is allocated in global memory at load with its initial bytes, and its
// address is in c[0x0][0x30]; a store to it is a store to global memory.
.launch grid=1 block=32
.buffer out u32[64] = 0
.param out
	.section .text.k
	.global k
k:
    S2R R0, SR_TID.X ;
    LDC.64 R16, c[0x0][0x100] ;
    LDC.64 R2, c[0x0][0x30] ;               // the global data base
    SHF.L.U32 R1, R0, 0x2, RZ ;
    LOP3.LUT R1, R1, 0xc, RZ, 0xc0, !PT ;   // (tid % 4) * 4
    IADD3 R2, P0, R2, R1, RZ ;
    IADD3.X R3, R3, RZ, RZ, P0, !PT ;
    LDG.E R4, [R2.64] ;                     // gtab[tid % 4]
    IMAD.WIDE.U32 R6, R0, 0x4, R16 ;
    STG.E [R6.64], R4 ;
    BAR.SYNC 0x0 ;
    ISETP.NE.AND P1, PT, R0, RZ, PT ;
    @!P1 STG.E [R2.64+0x10], R0 ;           // lane 0: gtab[4] = 0 (was 9)
    BAR.SYNC 0x0 ;
    LDC.64 R2, c[0x0][0x30] ;
    LDG.E R5, [R2.64+0x10] ;
    STG.E [R6.64+0x80], R5 ;
    EXIT ;
	.section .nv.global.init,"aw"
gtab:
	.word 5, 6, 7, 8, 9
.expect out[0] = 5
.expect out[1] = 6
.expect out[2] = 7
.expect out[3] = 8
.expect out[7] = 8
.expect out[32] = 0
.expect out[63] = 0
