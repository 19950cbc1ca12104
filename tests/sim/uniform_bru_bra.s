// BRA.DIV / BRA.CONV with a uniform-register lane mask made by the uniform
// datapath (UMOV; ULDC of a parameter).  In the then-side (lanes 0-15
// active, 16-31 valid): UR4 = 0xffff names no valid-inactive lane, so the
// warp counts as convergent (DIV falls through, CONV jumps); ~UR4 names
// lanes 16-31, so it is divergent (DIV jumps).  @P1 BRA.DIV UR5 with P1 =
// lanes 0-3 only: UR5 names inactive lanes, and with a UR every active lane
// jumps when any guarded lane does, so lanes 4-15 skip the +0x1000 too.
// Lanes 0-15 end with 0x1, lanes 16-31 with 0x2.
.launch grid=1 block=32
.init P0 = mask 0x0000ffff
.init P1 = mask 0x0000000f
.buffer out u32[32] = zero
.param out
.param u32:0x00ff0000
.expect out = {1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2}
main:
        S2R R0, SR_TID.X ;
        MOV R8, c[0x0][0x100] ;
        MOV R9, c[0x0][0x104] ;
        IMAD.WIDE.U32 R2, R0, 0x4, R8 ;
        MOV R5, 0x0 ;
        UMOV UR4, 0xffff ;
        ULDC UR5, c[0x0][0x108] ;
        BSSY B0, `(.L_join) ;
  @!P0  BRA `(.L_else) ;
        BRA.DIV UR4, `(.L_t1) ;                 // convergent: no jump
        IADD3 R5, R5, 0x1, RZ ;
.L_t1:
        BRA.CONV UR4, `(.L_t2) ;                // convergent: jump
        IADD3 R5, R5, 0x10, RZ ;
.L_t2:
        BRA.DIV ~UR4, `(.L_t3) ;                // divergent: jump
        IADD3 R5, R5, 0x100, RZ ;
.L_t3:
   @P1  BRA.DIV UR5, `(.L_join) ;               // every active lane jumps
        IADD3 R5, R5, 0x1000, RZ ;
        BRA `(.L_join) ;
.L_else:
        IADD3 R5, R5, 0x2, RZ ;
.L_join:
        BSYNC B0 ;
        STG.E [R2.64], R5 ;
        EXIT ;
