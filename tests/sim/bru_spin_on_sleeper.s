// No false livelock: warp 1 spins (same state every iteration) on a flag
// that warp 0 writes after a long NANOSLEEP; a pending timer is a future
// event, so the repeated state of warp 1 is not a livelock.
.launch grid=1 block=64
.buffer flag u32[1] = zero
.param flag
.expect flag = {2}
main:
        S2R R0, SR_TID.X ;
        MOV R12, c[0x0][0x100] ;
        MOV R13, c[0x0][0x104] ;
        ISETP.GE.U32.AND P1, PT, R0, 0x20, PT ;
   @P1  BRA `(.L_spin) ;
        NANOSLEEP 0x4000 ;
        MOV R5, 0x1 ;
        STG.E [R12.64], R5 ;
        EXIT ;
.L_spin:
        LDG.E R5, [R12.64] ;
        ISETP.EQ.AND P2, PT, R5, RZ, PT ;
   @P2  BRA `(.L_spin) ;
        ISETP.EQ.U32.AND P3, PT, R0, 0x20, PT ;
        MOV R5, 0x2 ;
   @P3  STG.E [R12.64], R5 ;
        EXIT ;
