// BUG (race): counter updated with atomics, read by thread 0 with a plain load before the other threads are done.
// Twin: atomic_then_plain_read_ok.s.
.expect-error "PC 0x00a0 (atomic_then_plain_read.s:19): `LDS R7, [0x0]`: --check=race: read of 4 bytes at shared 0x0 (count) by lane 0 races with the atomic of 4 bytes by CTA (0,0,0) warp 1 lane 31 at PC 0x0070 (atomic_then_plain_read.s:16) `ATOMS.ADD RZ, [0x0], R4`: no barrier between them; the last common barrier is BAR.SYNC 0 at 0x0050 (atomic_then_plain_read.s:14)"
.launch grid=1 block=64 check=race,sync,init
.buffer out u32[1] = zero
.param out
        .shared count, 4
main:
        S2R R0, SR_TID.X ;
        MOV R8, c[0x0][0x100] ;
        MOV R9, c[0x0][0x104] ;
        ISETP.EQ.U32.AND P0, PT, R0, RZ, PT ;
   @P0  STS [`(count)], RZ ;
        BAR.SYNC 0x0 ;
        MOV R4, 0x1 ;
        ATOMS.ADD RZ, [`(count)], R4 ;
        NOP ;
   @!P0 EXIT ;
        LDS R7, [`(count)] ;
        STG.E [R8.64], R7 ;
        EXIT ;
