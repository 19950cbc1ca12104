// BRA.U jumps only when every active lane agrees; with P0 true on half the
// lanes nobody jumps (out = 2 everywhere), with PT everybody jumps (+1).
.launch grid=1 block=32
.buffer out u32[32] = zero
.param out
.init P0 = mask 0x0000ffff
.expect out = {3,3,3,3,3,3,3,3,3,3,3,3,3,3,3,3,3,3,3,3,3,3,3,3,3,3,3,3,3,3,3,3}
main:
        S2R R0, SR_TID.X ;
        MOV R8, c[0x0][0x100] ;
        MOV R9, c[0x0][0x104] ;
        IMAD.WIDE.U32 R2, R0, 0x4, R8 ;
        MOV R5, 0x0 ;
   @P0  BRA.U `(.L_skip) ;
        IADD3 R5, R5, 0x2, RZ ;
.L_skip:
        BRA.U `(.L_one) ;
        IADD3 R5, R5, 0x10, RZ ;
.L_one:
        IADD3 R5, R5, 0x1, RZ ;
        STG.E [R2.64], R5 ;
        EXIT ;
