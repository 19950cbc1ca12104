// BSSY ORs the guard lanes into B0; BMOV R, B0 reads it, BMOV.CLEAR reads
// and clears; BMOV B1, R takes the first guard lane's value; BREAK clears
// the guard lanes (here lane 0, the only one with tid & 0xf == 0) from it.
.launch grid=1 block=32
.buffer out u32[32] = zero
.param out
.init P0 = mask 0x0000ffff
.expect out[0] = 0x0000ffff
.expect out[1] = 0x0000fffe
.expect out[2] = 0
.expect out[3] = 0x12345678
main:
        S2R R0, SR_TID.X ;
        MOV R8, c[0x0][0x100] ;
        MOV R9, c[0x0][0x104] ;
        IMAD.WIDE.U32 R2, R0, 0x4, R8 ;
   @P0  BSSY B0, `(.L_end) ;
        BMOV R10, B0 ;
        MOV R11, 0xf ;
        LOP3.LUT P1, RZ, R0, R11, RZ, 0xc0, !PT ;
  @!P1  BREAK B0 ;
        BMOV.CLEAR R12, B0 ;
        BMOV R13, B0 ;
        MOV R14, 0x12345678 ;
        BMOV B1, R14 ;
        BMOV R15, B1 ;
        MOV R4, c[0x0][0x100] ;
        MOV R5, c[0x0][0x104] ;
        STG.E [R4.64], R10 ;
        STG.E [R4.64+0x4], R12 ;
        STG.E [R4.64+0x8], R13 ;
        STG.E [R4.64+0xc], R15 ;
.L_end:
        EXIT ;
