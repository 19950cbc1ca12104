// Cooperating BAR.ARV / BAR.SYNC must use the same count: warp 0 arrives
// with 0x80, warps 1-3 with 0x40.
.launch grid=1 block=128
.expect-error "warp 1, lanes 0xffffffff, PC 0x0040 (bcu_err_mismatch.s:10): `@P1 BAR.SYNC 0x1, 0x40`: count differs"
main:
        S2R R0, SR_TID.X ;
        ISETP.GE.U32.AND P1, PT, R0, 0x20, PT ;
  @!P1  BAR.ARV 0x1, 0x80 ;
  @!P1  EXIT ;
   @P1  BAR.SYNC 0x1, 0x40 ;
        EXIT ;
