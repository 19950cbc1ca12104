// The correct twin of spinlock_noyield.s (spin lock taken by the lanes of one warp without YIELD: the spinning lanes never hand the warp to the holder (independent thread scheduling)): clean under --check=race,sync,init.
.launch grid=1 block=32 check=race,sync,init
.buffer out u32[1] = zero
.param out
        .shared lock, 4
        .shared count, 4
.expect out = {32}
main:
        S2R R0, SR_LANEID ;
        ISETP.EQ.U32.AND P0, PT, R0, RZ, PT ;
   @P0  STS [`(lock)], RZ ;
   @P0  STS [`(count)], RZ ;
        WARPSYNC 0xffffffff ;
        S2R R0, SR_LANEID ;
        MOV R8, c[0x0][0x100] ;
        MOV R9, c[0x0][0x104] ;
        MOV R3, 0x1 ;
.Lspin:
        ATOMS.CAS.ACQUIRE.CTA R4, [`(lock)], RZ, R3 ;
        ISETP.EQ.U32.AND P0, PT, R4, RZ, PT ;
   @P0  BRA `(.Lgot) ;
        YIELD ;
        BRA `(.Lspin) ;
.Lgot:
        LDS R5, [`(count)] ;
        IADD3 R5, R5, 0x1, RZ ;
        STS [`(count)], R5 ;
        ATOMS.EXCH.RELEASE.CTA RZ, [`(lock)], RZ ;
        WARPSYNC 0xffffffff ;
        ISETP.NE.U32.AND P0, PT, R0, RZ, PT ;
   @P0  EXIT ;
        LDS R5, [`(count)] ;
        STG.E [R8.64], R5 ;
        EXIT ;
