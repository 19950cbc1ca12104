// The correct twin of atomic_then_plain_read.s (counter updated with atomics, read by thread 0 with a plain load before the other threads are done): clean under --check=race,sync,init.
.launch grid=1 block=64 check=race,sync,init
.buffer out u32[1] = zero
.param out
        .shared count, 4
.expect out = {64}
main:
        S2R R0, SR_TID.X ;
        MOV R8, c[0x0][0x100] ;
        MOV R9, c[0x0][0x104] ;
        ISETP.EQ.U32.AND P0, PT, R0, RZ, PT ;
   @P0  STS [`(count)], RZ ;
        BAR.SYNC 0x0 ;
        MOV R4, 0x1 ;
        ATOMS.ADD RZ, [`(count)], R4 ;
        BAR.SYNC 0x0 ;
   @!P0 EXIT ;
        LDS R7, [`(count)] ;
        STG.E [R8.64], R7 ;
        EXIT ;
