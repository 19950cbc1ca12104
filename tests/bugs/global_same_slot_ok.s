// The correct twin of global_same_slot.s (every CTA writes its result to the same output word (index by thread, not by block)): clean under --check=race,sync,init.
.launch grid=2 block=32 check=race,sync,init
.buffer out u32[2] = zero
.param out
.expect out = {1, 2}
main:
        S2R R0, SR_TID.X ;
        S2R R1, SR_CTAID.X ;
        ISETP.NE.U32.AND P0, PT, R0, RZ, PT ;
   @P0  EXIT ;
        MOV R8, c[0x0][0x100] ;
        MOV R9, c[0x0][0x104] ;
        IMAD.WIDE.U32 R2, R1, 0x4, R8 ;
        IADD3 R4, R1, 0x1, RZ ;
        STG.E [R2.64], R4 ;
        EXIT ;
