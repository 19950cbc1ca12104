// BRA.DIV URa: with the UR mask ~URZ (all lanes) naming lanes that are
// valid but not active (the else side of a branch), is_div holds and every
// active lane jumps; BRA.CONV with the same mask does not jump.
.launch grid=1 block=32
.buffer out u32[32] = zero
.param out
.init P0 = mask 0x0000ffff
.expect out = {1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0}
main:
        S2R R0, SR_TID.X ;
        MOV R8, c[0x0][0x100] ;
        MOV R9, c[0x0][0x104] ;
        IMAD.WIDE.U32 R2, R0, 0x4, R8 ;
        MOV R5, 0x0 ;
        BSSY B0, `(.L_join) ;
  @!P0  BRA `(.L_join) ;
        BRA.CONV ~URZ, `(.L_skip) ;
        IADD3 R5, R5, 0x1, RZ ;
        BRA.DIV ~URZ, `(.L_join) ;
        IADD3 R5, R5, 0x10, RZ ;
.L_skip:
        IADD3 R5, R5, 0x100, RZ ;
.L_join:
        BSYNC B0 ;
        STG.E [R2.64], R5 ;
        EXIT ;
