// BUG (sync): SHFL whose membermask names lanes that diverged away (full mask inside an if).
// Twin: shfl_diverged_mask_ok.s.
.expect-error "PC 0x0060 (shfl_diverged_mask.s:14): `SHFL.BFLY PT, R4, R0, 0x1, 0x1f`: SHFL: member lanes 0xffff0000 are live but not converged with the issuing lanes 0x0000ffff (not in ActiveMask)"
.launch grid=1 block=32 check=race,sync,init
.buffer out u32[32] = zero
.param out
main:
        S2R R0, SR_LANEID ;
        MOV R8, c[0x0][0x100] ;
        MOV R9, c[0x0][0x104] ;
        ISETP.LT.U32.AND P0, PT, R0, 0x10, PT ;
        BSSY B0, `(.Ljoin) ;
   @!P0 BRA `(.Lskip) ;
        SHFL.BFLY PT, R4, R0, 0x1, 0x1f, 0xffffffff ;
        IMAD.WIDE.U32 R2, R0, 0x4, R8 ;
        STG.E [R2.64], R4 ;
.Lskip:
        BSYNC B0 ;
.Ljoin:
        EXIT ;
