// The correct twin of branch_no_reconverge.s (data written inside an if by lanes 0-15 and read after it by lanes 16-31 with no reconvergence (BSSY/BSYNC) or __syncwarp): clean under --check=race,sync,init.
.launch grid=1 block=32 check=race,sync,init
.buffer out u32[32] = zero
.param out
        .shared sh, 64
.expect out = {9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24}
main:
        S2R R0, SR_LANEID ;
        MOV R8, c[0x0][0x100] ;
        MOV R9, c[0x0][0x104] ;
        SHF.L.U32 R14, R0, 0x2, RZ ;
        ISETP.LT.U32.AND P0, PT, R0, 0x10, PT ;
        BSSY B0, `(.Lafter) ;
   @!P0 BRA `(.Ljoin) ;
        IADD3 R4, R0, 0x9, RZ ;
        STS [R14+`(sh)], R4 ;
.Ljoin:
        BSYNC B0 ;
.Lafter:
        LOP3.LUT R6, R14, 0x3c, RZ, 0xc0, !PT ;
        LDS R7, [R6+`(sh)] ;
        IMAD.WIDE.U32 R2, R0, 0x4, R8 ;
        STG.E [R2.64], R7 ;
        EXIT ;
