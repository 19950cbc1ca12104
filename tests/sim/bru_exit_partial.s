// EXIT partial (mask_np != 0): the guard-true lanes leave ValidMask, the
// others fall through.  Then a diverged group exits entirely (full EXIT
// with other valid lanes): the warp switches to the remaining group.
.launch grid=1 block=32
.buffer out u32[32] = zero
.param out
.init P0 = mask 0x000000ff
.init P1 = mask 0x0000ff00
.expect out = {0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,7,7,7,7,7,7,7,7,7,7,7,7,7,7,7,7}
main:
        S2R R0, SR_TID.X ;
        MOV R8, c[0x0][0x100] ;
        MOV R9, c[0x0][0x104] ;
        IMAD.WIDE.U32 R2, R0, 0x4, R8 ;
   @P0  EXIT ;
        BSSY B0, `(.L_join) ;
  @!P1  BRA `(.L_other) ;
        EXIT ;
.L_other:
        MOV R5, 0x7 ;
        BSYNC B0 ;
.L_join:
        STG.E [R2.64], R5 ;
        EXIT ;
