// BUG (race): producer arrives on the mbarrier before it writes the data.
// Twin: mbar_arrive_early_ok.s.
.expect-error "PC 0x0110 (mbar_arrive_early.s:28): `LDS R7, [R14+0x10]`: --check=race: read of 4 bytes at shared 0x10 (data) by lane 0 races with the write of 4 bytes by CTA (0,0,0) warp 1 lane 0 at PC 0x00d0 (mbar_arrive_early.s:23) `STS [R15+0x10], R4`: no barrier between them; the last common barrier is BAR.SYNC 0 at 0x0060 (mbar_arrive_early.s:16)"
.launch grid=1 block=64 check=race,sync,init
.buffer out u32[32] = zero
.param out
        .shared bar, 8
        .shared data, 128
main:
        S2R R0, SR_TID.X ;
        MOV R8, c[0x0][0x100] ;
        MOV R9, c[0x0][0x104] ;
        ISETP.EQ.U32.AND P0, PT, R0, RZ, PT ;
   @P0  MBAR.INIT [`(bar)], 0x20 ;
        NOP ;
        BAR.SYNC 0x0 ;
        ISETP.GE.U32.AND P1, PT, R0, 0x20, PT ;
        SHF.L.U32 R14, R0, 0x2, RZ ;
   @!P1 BRA `(.Lconsumer) ;
        IADD3 R4, R0, 0x3, RZ ;
        IADD3 R15, R14, -0x80, RZ ;
        MBAR.ARRIVE RZ, [`(bar)] ;
        STS [R15+`(data)], R4 ;
        EXIT ;
.Lconsumer:
        MBAR.TRY.WAIT.PARITY P2, [`(bar)], 0x0 ;
   @!P2 BRA `(.Lconsumer) ;
        LDS R7, [R14+`(data)] ;
        IMAD.WIDE.U32 R2, R0, 0x4, R8 ;
        STG.E [R2.64], R7 ;
        EXIT ;
