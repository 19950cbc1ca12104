// The fixed twin of rare_claim.s: warp 1 waits while the slot is claimed
// instead of recording a failure, so every schedule ends with out = 0
// (`simt explore` agrees within its bound; tests/explore.sh).
.launch grid=1 block=64
.buffer slot u32[1] = zero
.buffer out u32[1] = zero
.param slot
.param out
.expect out = {0}
main:
        S2R R0, SR_TID.X ;
        S2R R2, SR_LANEID ;
        ISETP.NE.U32.AND P0, PT, R2, RZ, PT ;
   @P0  EXIT ;
        LDC.64 R8, c[0x0][0x100] ;              // slot
        LDC.64 R10, c[0x0][0x108] ;             // out
        ISETP.NE.U32.AND P1, PT, R0, RZ, PT ;
   @P1  BRA `(.Lwarp1) ;
        MOV R20, 0x190 ;                        // warp 0: 400 iterations
.Lwork0:
        IADD3 R20, R20, -0x1, RZ ;
        ISETP.NE.U32.AND P2, PT, R20, RZ, PT ;
   @P2  BRA `(.Lwork0) ;
        MOV R5, 0x1 ;
        STG.E [R8.64], R5 ;                     // claim
        STG.E [R8.64], RZ ;                     // give back
        EXIT ;
.Lwarp1:
        MOV R20, 0x20 ;                         // warp 1: 32 iterations
.Lwork1:
        IADD3 R20, R20, -0x1, RZ ;
        ISETP.NE.U32.AND P2, PT, R20, RZ, PT ;
   @P2  BRA `(.Lwork1) ;
.Lcheck:
        LDG.E R6, [R8.64] ;                     // is the slot free?
        ISETP.NE.U32.AND P3, PT, R6, RZ, PT ;
   @P3  BRA `(.Lcheck) ;                        // not yet: look again
        EXIT ;
