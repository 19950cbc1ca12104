// The correct twin of namedbar_consumer_arv.s (producer/consumer named barrier where the consumer uses BAR.ARV (arrive) instead of BAR.SYNC (wait)): clean under --check=race,sync,init.
.launch grid=1 block=64 check=race,sync,init
.buffer out u32[32] = zero
.param out
        .shared sh, 128
.expect out = {7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38}
main:
        S2R R0, SR_TID.X ;
        MOV R8, c[0x0][0x100] ;
        MOV R9, c[0x0][0x104] ;
        ISETP.GE.U32.AND P1, PT, R0, 0x20, PT ;
        SHF.L.U32 R14, R0, 0x2, RZ ;
   @P1  BRA `(.Lconsumer) ;
        IADD3 R4, R0, 0x7, RZ ;
        STS [R14+`(sh)], R4 ;
        BAR.ARV 0x1, 0x40 ;
        EXIT ;
.Lconsumer:
        BAR.SYNC 0x1, 0x40 ;
        IADD3 R6, R14, -0x80, RZ ;
        LDS R7, [R6+`(sh)] ;
        IADD3 R13, R0, -0x20, RZ ;
        IMAD.WIDE.U32 R2, R13, 0x4, R8 ;
        STG.E [R2.64], R7 ;
        EXIT ;
