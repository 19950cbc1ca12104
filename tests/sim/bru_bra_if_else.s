// BRA partial jump (BRX rule): the fall-through lanes run first, the
// jumping lanes wait in RPC; BSYNC B0 switches to them and reconverges.
.launch grid=1 block=32
.buffer out u32[32] = zero
.param out
.init P0 = mask 0x0000ffff
.expect out = {1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2}
main:
        S2R R0, SR_TID.X ;
        MOV R8, c[0x0][0x100] ;
        MOV R9, c[0x0][0x104] ;
        IMAD.WIDE.U32 R2, R0, 0x4, R8 ;
        BSSY B0, `(.L_join) ;
   @P0  BRA `(.L_then) ;
        MOV R5, 0x2 ;
        BRA `(.L_join) ;
.L_then:
        MOV R5, 0x1 ;
.L_join:
        BSYNC B0 ;
        STG.E [R2.64], R5 ;
        EXIT ;
