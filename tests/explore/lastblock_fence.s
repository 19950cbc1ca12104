// The fixed twin of lastblock_nofence.s: MEMBAR.GPU (__threadfence())
// after each partial's store and after the last ticket, so the last CTA
// always reads every partial.  `simt explore --memory=relaxed` finds every
// schedule within the bound returns the same sum (tests/explore.sh).
.launch grid=4 block=32 memory=relaxed
.buffer partial u32[4] = zero
.buffer out u32[2] = zero
.param partial
.param out
.expect out = {100, 4}
main:
        S2R R0, SR_TID.X ;
        S2R R1, SR_CTAID.X ;
        ISETP.NE.U32.AND P0, PT, R0, RZ, PT ;
   @P0  EXIT ;
        LDC.64 R8, c[0x0][0x100] ;              // partial
        LDC.64 R10, c[0x0][0x108] ;             // out: {sum, tickets}
        IADD3 R4, R1, 0x1, RZ ;
        IMAD R4, R4, 0xa, RZ ;                  // (cta + 1) * 10
        IMAD.WIDE.U32 R2, R1, 0x4, R8 ;
        STG.E [R2.64], R4 ;
        MEMBAR.GPU ;                            // the partial before the ticket
        MOV R5, 0xffffffff ;
        ATOMG.E.INC R6, [R10.64+0x4], R5 ;
        ISETP.NE.U32.AND P1, PT, R6, 0x3, PT ;
   @P1  EXIT ;
        MEMBAR.GPU ;                            // the ticket before the partials
        MOV R4, RZ ;
        MOV R20, 0x4 ;
.Lsum:
        LDG.E R6, [R8.64] ;
        IADD3 R4, R4, R6, RZ ;
        IADD3 R8, P2, R8, 0x4, RZ ;
        IADD3.X R9, R9, RZ, RZ, P2, !PT ;
        IADD3 R20, R20, -0x1, RZ ;
        ISETP.NE.U32.AND P1, PT, R20, RZ, PT ;
   @P1  BRA `(.Lsum) ;
        STG.E [R10.64], R4 ;
        EXIT ;
