// BRX with a guard true on some lanes only (partial jump): the
// fall-through lanes run first, the jumping lanes' RPC holds their own
// per-lane targets; BSYNC collects them group by group.
.launch grid=1 block=32
.buffer out u32[32] = zero
.param out
.init P0 = mask 0xffffff00
.expect out = {9,9,9,9,9,9,9,9,1,2,1,2,1,2,1,2,1,2,1,2,1,2,1,2,1,2,1,2,1,2,1,2}
main:
        S2R R0, SR_TID.X ;
        MOV R8, c[0x0][0x100] ;
        MOV R9, c[0x0][0x104] ;
        IMAD.WIDE.U32 R2, R0, 0x4, R8 ;
        LOP3.LUT R6, R0, 0x1, RZ, 0xc0, !PT ;
        IMAD.SHL.U32 R6, R6, 0x20, RZ ;
        BSSY B0, `(.L_join) ;
   @P0  BRX R6, 0x20 ;
        MOV R5, 0x9 ;
        BRA `(.L_join) ;
.L_t0:
        MOV R5, 0x1 ;
        BRA `(.L_join) ;
.L_t1:
        MOV R5, 0x2 ;
.L_join:
        BSYNC B0 ;
        STG.E [R2.64], R5 ;
        EXIT ;
