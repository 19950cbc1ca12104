// The correct twin of mbar_double_init.s (mbarrier initialised twice (the second MBAR.INIT on a live object)): clean under --check=race,sync,init.
.launch grid=1 block=64 check=race,sync,init
.buffer out u32[32] = zero
.param out
        .shared bar, 8
        .shared data, 128
.expect out = {35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59, 60, 61, 62, 63, 64, 65, 66}
main:
        S2R R0, SR_TID.X ;
        MOV R8, c[0x0][0x100] ;
        MOV R9, c[0x0][0x104] ;
        ISETP.EQ.U32.AND P0, PT, R0, RZ, PT ;
   @P0  MBAR.INIT [`(bar)], 0x20 ;
        @P0  MBAR.INVAL [`(bar)] ;
   @P0  MBAR.INIT [`(bar)], 0x20 ;
        BAR.SYNC 0x0 ;
        ISETP.GE.U32.AND P1, PT, R0, 0x20, PT ;
        SHF.L.U32 R14, R0, 0x2, RZ ;
   @!P1 BRA `(.Lconsumer) ;
        IADD3 R4, R0, 0x3, RZ ;
        IADD3 R15, R14, -0x80, RZ ;
        STS [R15+`(data)], R4 ;
        MBAR.ARRIVE RZ, [`(bar)] ;
        EXIT ;
.Lconsumer:
        MBAR.TRY.WAIT.PARITY P2, [`(bar)], 0x0 ;
   @!P2 BRA `(.Lconsumer) ;
        LDS R7, [R14+`(data)] ;
        IMAD.WIDE.U32 R2, R0, 0x4, R8 ;
        STG.E [R2.64], R7 ;
        EXIT ;
