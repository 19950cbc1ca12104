// Intra-warp producer/consumer.  Consumers (lanes 0-15, the fall-through)
// spin on a flag with YIELD, which switches to the producers and marks the
// consumers as yield lanes.  The producers set the flag and reach BSYNC B0
// with only yield lanes missing: "yield release" lets them pass (without
// it the warp could not make progress).  When the producers exit, the
// consumers run again, see the flag, and fully synchronise at BSYNC.
.launch grid=1 block=32
.buffer out u32[32] = zero
.buffer flag u32[1] = zero
.param out
.param flag
.init P0 = mask 0xffff0000
.expect out = {0x11,0x11,0x11,0x11,0x11,0x11,0x11,0x11,0x11,0x11,0x11,0x11,0x11,0x11,0x11,0x11,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2}
.expect flag = {1}
main:
        S2R R0, SR_TID.X ;
        MOV R8, c[0x0][0x100] ;
        MOV R9, c[0x0][0x104] ;
        IMAD.WIDE.U32 R2, R0, 0x4, R8 ;
        MOV R12, c[0x0][0x108] ;
        MOV R13, c[0x0][0x10c] ;
        BSSY B0, `(.L_join) ;
   @P0  BRA `(.L_producer) ;
.L_spin:
        LDG.E R5, [R12.64] ;
        ISETP.NE.AND P1, PT, R5, RZ, PT ;
   @P1  BRA `(.L_got) ;
        YIELD ;
        BRA `(.L_spin) ;
.L_got:
        IADD3 R5, R5, 0x10, RZ ;
        BRA `(.L_join) ;
.L_producer:
        MOV R6, 0x1 ;
        STG.E [R12.64], R6 ;
        MOV R5, 0x2 ;
.L_join:
        BSYNC B0 ;
        STG.E [R2.64], R5 ;
        EXIT ;
