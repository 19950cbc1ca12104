// The correct twin of bar_divergent.s (CTA barrier inside a branch only lanes 0-15 take (__syncthreads in divergent code)): clean under --check=race,sync,init.
.launch grid=1 block=64 check=race,sync,init
.buffer out u32[64] = zero
.param out
        .shared sh, 256
.expect out = {63, 62, 61, 60, 59, 58, 57, 56, 55, 54, 53, 52, 51, 50, 49, 48, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0}
main:
        S2R R0, SR_TID.X ;
        MOV R8, c[0x0][0x100] ;
        MOV R9, c[0x0][0x104] ;
        SHF.L.U32 R14, R0, 0x2, RZ ;
        STS [R14+`(sh)], R0 ;
        ISETP.LT.U32.AND P0, PT, R0, 0x10, PT ;
        BAR.SYNC 0x0 ;
        LOP3.LUT R6, R0, 0x3f, RZ, 0x3c, !PT ;
        SHF.L.U32 R6, R6, 0x2, RZ ;
   @P0  LDS R7, [R6+`(sh)] ;
        IMAD.WIDE.U32 R2, R0, 0x4, R8 ;
   @P0  STG.E [R2.64], R7 ;
        EXIT ;
