// BRA.DIV / BRA.CONV without UR: is_div = any((Pg & Active) ^ Valid).
// After lanes 16-31 exit, Valid = Active = 0x0000ffff: not divergent, so
// BRA.DIV falls through (+1) and BRA.CONV jumps (skips +0x10).  Inside a
// branch taken by lanes 0-7 only, BRA.DIV jumps (skips +0x100).
.launch grid=1 block=32
.buffer out u32[32] = zero
.param out
.init P0 = mask 0x0000ffff
.init P1 = mask 0x000000ff
.expect out[0] = 0x1
.expect out[7] = 0x1
.expect out[8] = 0x101
.expect out[15] = 0x101
.expect out[16] = 0
main:
        S2R R0, SR_TID.X ;
        MOV R8, c[0x0][0x100] ;
        MOV R9, c[0x0][0x104] ;
        IMAD.WIDE.U32 R2, R0, 0x4, R8 ;
        MOV R5, 0x0 ;
  @!P0  EXIT ;
        BRA.DIV `(.L_a) ;
        IADD3 R5, R5, 0x1, RZ ;
.L_a:
        BRA.CONV `(.L_b) ;
        IADD3 R5, R5, 0x10, RZ ;
.L_b:
        BSSY B0, `(.L_join) ;
  @!P1  BRA `(.L_join) ;
        BRA.DIV `(.L_c) ;
        IADD3 R5, R5, 0x100, RZ ;
.L_c:
        BSYNC B0 ;
.L_join:
        BSYNC B0 ;
  @!P1  IADD3 R5, R5, 0x100, RZ ;
        STG.E [R2.64], R5 ;
        EXIT ;
