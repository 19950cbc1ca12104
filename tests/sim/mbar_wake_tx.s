// Waiters woken by the completion they parked for, on the object at the
// highest shared offset (0x138 of 0x140), 2 participants: warp 0 parks
// on it (whole warp, parity 0) while lane 0 has armed it with
// ARRIVE.EXPECT_TX 0x100 and issued a 256-byte UBLKCP; lanes 0-7 of warp 1
// (a partial warp) park on it too, after lane 3 of warp 1 has made the
// last arrival while the copy's bytes are still pending (no completion:
// the phase waits for tx 0).  The copy's completion completes phase 0 and
// wakes both warps (copy latency 200: both are parked by then); each
// stores the word it then reads and one word of the copied data.
// out[0..1]: warp 0 (word, data[lane 0]); out[2..3]: warp 1 (word, data[3]).
.launch grid=1 block=64 shared=0x140 copy-latency=200
.buffer in u32[64] = iota
.buffer out u64[4] = 0
.param in
.param out
        S2R R0, SR_TID.X ;
        LDC.64 R8, c[0x0][0x100] ;
        LDC.64 R6, c[0x0][0x108] ;
        ISETP.EQ.AND P0, PT, R0, RZ, PT ;
        ISETP.GE.U32.AND P1, PT, R0, 0x20, PT ;
@P0     MBAR.INIT [0x138], 0x2 ;
        BAR.SYNC 0x0 ;
        MOV R3, RZ ;
        MOV R2, 0x138 ;
@P1     BRA `(second) ;
@P0     MBAR.ARRIVE.EXPECT_TX RZ, [R2], 0x100 ;
        MOV R25, 0x100 ;
@P0     UBLKCP [0x0], [R8.64], R25, [R2] ;
        MBAR.TRY.WAIT.PARITY P2, [R2], R3 ;
        LDS.64 R12, [0x138] ;
        LDS R14, [0x0] ;
@P0     STG.E.64 [R6.64], R12 ;
@P0     STG.E [R6.64+0x8], R14 ;
        EXIT ;
second:
        IADD3 R4, R0, -0x20, RZ ;
        ISETP.LT.U32.AND P3, PT, R4, 0x8, PT ;
        ISETP.EQ.AND P4, PT, R4, 0x3, PT ;
@!P3    EXIT ;
@P4     MBAR.ARRIVE RZ, [R2] ;
        MBAR.TRY.WAIT.PARITY P2, [R2], R3 ;
        LDS.64 R12, [0x138] ;
        LDS R14, [0xc] ;
@P4     STG.E.64 [R6.64+0x10], R12 ;
@P4     STG.E [R6.64+0x18], R14 ;
        EXIT ;
.expect out = {0x8000000000200002, 0, 0x8000000000200002, 3}
