// CGABAR.WAIT by lanes that have not arrived (here lanes 0-15 arrived,
// all 32 wait): undefined in PTX, a run-time error naming the lanes.
.launch grid=1 block=32 cluster=1
.expect-error "lanes 0xffff0000, PC 0x0030 (cluster_err_wait.s:9): `CGABAR.WAIT`: CGABAR.WAIT without a preceding CGABAR.ARV"
main:
        S2R R0, SR_TID.X ;
        ISETP.LT.U32.AND P0, PT, R0, 0x10, PT ;
   @P0  CGABAR.ARV ;
        CGABAR.WAIT ;
        EXIT ;
