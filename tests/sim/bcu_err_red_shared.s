// BAR.RED may not share a barrier with BAR.SYNC / BAR.ARV.
.launch grid=1 block=64
.expect-error "BAR.RED shares the barrier with BAR.SYNC/BAR.ARV"
main:
        S2R R0, SR_TID.X ;
        ISETP.GE.U32.AND P1, PT, R0, 0x20, PT ;
  @!P1  BAR.SYNC 0x4, 0x40 ;
   @P1  BAR.RED.OR 0x4, 0x40, PT ;
        EXIT ;
