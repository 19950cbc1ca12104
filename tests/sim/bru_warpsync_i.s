// WARPSYNC 0xffffffff after an if/else without BSYNC: the first group to
// arrive switches to the missing lanes (not synchronised branch), the
// second arrival finds every lane of the mask at this PC and releases
// them all.  BSSY B1 right after records the ActiveMask (all lanes).
.launch grid=1 block=32
.buffer out u32[32] = zero
.param out
.init P0 = mask 0x0f0f0f0f
.expect out = {0xffffffff,0xffffffff,0xffffffff,0xffffffff,0xffffffff,0xffffffff,0xffffffff,0xffffffff,0xffffffff,0xffffffff,0xffffffff,0xffffffff,0xffffffff,0xffffffff,0xffffffff,0xffffffff,0xffffffff,0xffffffff,0xffffffff,0xffffffff,0xffffffff,0xffffffff,0xffffffff,0xffffffff,0xffffffff,0xffffffff,0xffffffff,0xffffffff,0xffffffff,0xffffffff,0xffffffff,0xffffffff}
main:
        S2R R0, SR_TID.X ;
        MOV R8, c[0x0][0x100] ;
        MOV R9, c[0x0][0x104] ;
        IMAD.WIDE.U32 R2, R0, 0x4, R8 ;
   @P0  BRA `(.L_else) ;
        MOV R5, 0x1 ;
        BRA `(.L_common) ;
.L_else:
        MOV R5, 0x2 ;
.L_common:
        WARPSYNC 0xffffffff ;
        BSSY B1, `(.L_end) ;
        BMOV R10, B1 ;
        STG.E [R2.64], R10 ;
.L_end:
        EXIT ;
