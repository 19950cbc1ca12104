// A sleeping warp wakes when its timer expires even while other warps keep
// issuing: warp 0 sleeps 0x40 cycles then sets a flag; warp 1 spins on the
// flag with a counter (so it always has an instruction to issue).
.launch grid=1 block=64
.buffer out u32[64] = zero
.buffer flag u32[1] = zero
.param out
.param flag
.expect out[0] = 7
.expect out[31] = 7
.expect out[32] = 8
.expect out[63] = 8
main:
        S2R R0, SR_TID.X ;
        MOV R8, c[0x0][0x100] ;
        MOV R9, c[0x0][0x104] ;
        IMAD.WIDE.U32 R2, R0, 0x4, R8 ;
        MOV R12, c[0x0][0x108] ;
        MOV R13, c[0x0][0x10c] ;
        ISETP.GE.U32.AND P1, PT, R0, 0x20, PT ;
   @P1  BRA `(.L_spin) ;
        NANOSLEEP 0x40 ;
        MOV R5, 0x7 ;
        STG.E [R12.64], R5 ;
        STG.E [R2.64], R5 ;
        EXIT ;
.L_spin:
        IADD3 R7, R7, 0x1, RZ ;
        LDG.E R5, [R12.64] ;
        ISETP.EQ.AND P2, PT, R5, RZ, PT ;
   @P2  BRA `(.L_spin) ;
        IADD3 R5, R5, 0x1, RZ ;
        STG.E [R2.64], R5 ;
        EXIT ;
