// BUG (race): a write that almost always lands before the other warp reads it: only about one random schedule in a thousand lets the reader overtake (the race checker reports it on every schedule).
// Twin: rare_late_write_ok.s.
.expect-error "PC 0x00e0 (rare_late_write.s:24): `@P3 STS [0x0], R4`: --check=race: write of 4 bytes at shared 0x0 (data) by lane 0 races with the read of 4 bytes by CTA (0,0,0) warp 0 lane 0 at PC 0x0110 (rare_late_write.s:27) `LDS R7, [0x0]`: no barrier between them; the last common barrier is BAR.SYNC 0 at 0x0070 (rare_late_write.s:16)"
.launch grid=1 block=64 policy=random:684 check=race,sync,init
.buffer out u32[1] = zero
.param out
        .shared data, 4
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
        NOP ;
   @!P4 EXIT ;
        LDS R7, [`(data)] ;
        STG.E [R8.64], R7 ;
        EXIT ;
