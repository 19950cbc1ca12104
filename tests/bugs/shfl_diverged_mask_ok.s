// The correct twin of shfl_diverged_mask.s (SHFL whose membermask names lanes that diverged away (full mask inside an if)): clean under --check=race,sync,init.
.launch grid=1 block=32 check=race,sync,init
.buffer out u32[32] = zero
.param out
.expect out = {1, 0, 3, 2, 5, 4, 7, 6, 9, 8, 11, 10, 13, 12, 15, 14, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0}
main:
        S2R R0, SR_LANEID ;
        MOV R8, c[0x0][0x100] ;
        MOV R9, c[0x0][0x104] ;
        ISETP.LT.U32.AND P0, PT, R0, 0x10, PT ;
        BSSY B0, `(.Ljoin) ;
   @!P0 BRA `(.Lskip) ;
        SHFL.BFLY PT, R4, R0, 0x1, 0x1f, 0xffff ;
        IMAD.WIDE.U32 R2, R0, 0x4, R8 ;
        STG.E [R2.64], R4 ;
.Lskip:
        BSYNC B0 ;
.Ljoin:
        EXIT ;
