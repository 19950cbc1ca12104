// A warp blocked on its CTA's barrier while another CTA runs is waiting,
// not deadlocked: in CTA 0, warp 1 waits on BAR.SYNC 0x0 while warp 0
// spins (NANOSLEEP) on a flag that CTA 1 sets after a long loop; then
// warp 0 arrives, the barrier completes and both warps store.
.launch grid=2 block=64 max-cycles=1000000
.buffer flag u32[1] = zero
.buffer out u32[4] = zero
.param flag
.param out
.expect out = {7, 7, 0, 0}
.expect flag = {7}
main:
        S2R R0, SR_CTAID.X ;
        S2R R1, SR_TID.X ;
        LDC.64 R12, c[0x0][0x100] ;
        LDC.64 R14, c[0x0][0x108] ;
        ISETP.NE.U32.AND P1, PT, R0, RZ, PT ;
   @P1  BRA `(.L_cta1) ;
        ISETP.GE.U32.AND P2, PT, R1, 0x20, PT ;
   @P2  BRA `(.L_bar) ;
.L_spin:
        NANOSLEEP 0x20 ;
        LDG.E R6, [R12.64] ;
        ISETP.EQ.AND P3, PT, R6, RZ, PT ;
   @P3  BRA `(.L_spin) ;
.L_bar:
        BAR.SYNC 0x0 ;
        LDG.E R6, [R12.64] ;
        SHF.R.U32.HI R2, RZ, 0x5, R1 ;
        IMAD.WIDE.U32 R14, R2, 0x4, R14 ;
        STG.E [R14.64], R6 ;
        EXIT ;
.L_cta1:
        ISETP.GE.U32.AND P2, PT, R1, 0x20, PT ;
   @P2  EXIT ;
        MOV R6, RZ ;
.L_loop:
        IADD3 R6, R6, 0x1, RZ ;
        ISETP.LT.U32.AND P3, PT, R6, 0x200, PT ;
   @P3  BRA `(.L_loop) ;
        MOV R5, 0x7 ;
        STG.E [R12.64], R5 ;
        EXIT ;
