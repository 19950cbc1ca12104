// The correct twin of rare_late_write.s (a write that almost always lands before the other warp reads it: only about one random schedule in a thousand lets the reader overtake (the race checker reports it on every schedule)): clean under --check=race,sync,init.
.launch grid=1 block=64 policy=random:684 check=race,sync,init
.buffer out u32[1] = zero
.param out
        .shared data, 4
.expect out = {42}
main:
        S2R R0, SR_TID.X ;
        MOV R8, c[0x0][0x100] ;
        MOV R9, c[0x0][0x104] ;
        ISETP.GE.U32.AND P1, PT, R0, 0x20, PT ;
        ISETP.EQ.U32.AND P3, PT, R0, 0x20, PT ;
        ISETP.EQ.U32.AND P4, PT, R0, RZ, PT ;
   @P4  STS [`(data)], RZ ;
        BAR.SYNC 0x0 ;
        MOV R5, 0x40 ;
   @!P1 MOV R5, 0x52 ;
.Lloop:
        IADD3 R5, R5, -0x1, RZ ;
        ISETP.NE.U32.AND P2, PT, R5, RZ, PT ;
   @P2  BRA `(.Lloop) ;
        MOV R4, 0x2a ;
   @P3  STS [`(data)], R4 ;
        BAR.SYNC 0x0 ;
   @!P4 EXIT ;
        LDS R7, [`(data)] ;
        STG.E [R8.64], R7 ;
        EXIT ;
