// WARPSYNC whose only missing lanes are yield lanes switches to them
// (mask_m_y): lanes 0-15 (fall-through) YIELD once, which hands the warp to
// lanes 16-31; these wait at WARPSYNC 0xffffffff and switch back to the
// yield lanes, which resume after their YIELD (at the NOP) and complete
// the sync.
// YIELD with no divergence (the last one) is a no-op.
.launch grid=1 block=32
.buffer out u32[32] = zero
.param out
.init P0 = mask 0xffff0000
.expect out = {0xffffffff,0xffffffff,0xffffffff,0xffffffff,0xffffffff,0xffffffff,0xffffffff,0xffffffff,0xffffffff,0xffffffff,0xffffffff,0xffffffff,0xffffffff,0xffffffff,0xffffffff,0xffffffff,0xffffffff,0xffffffff,0xffffffff,0xffffffff,0xffffffff,0xffffffff,0xffffffff,0xffffffff,0xffffffff,0xffffffff,0xffffffff,0xffffffff,0xffffffff,0xffffffff,0xffffffff,0xffffffff}
main:
        S2R R0, SR_TID.X ;
        MOV R8, c[0x0][0x100] ;
        MOV R9, c[0x0][0x104] ;
        IMAD.WIDE.U32 R2, R0, 0x4, R8 ;
   @P0  BRA `(.L_common) ;
        YIELD ;
        NOP ;
.L_common:
        WARPSYNC 0xffffffff ;
        YIELD ;
        BSSY B1, `(.L_end) ;
        BMOV R10, B1 ;
        STG.E [R2.64], R10 ;
.L_end:
        EXIT ;
