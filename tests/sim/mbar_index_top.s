// mbarrier objects through the per-CTA index (one entry per 8 bytes of
// shared memory): the object at the highest offset (0x38 of 64 bytes)
// and one at 0x0.  20 CTAs of one warp, more than are resident at once,
// so later CTAs reuse the slots of earlier ones and must find no object
// before their own MBAR.INIT (an entry left in the index would make the
// INIT raise "initialised already").  Lanes 0-15 (a partial warp) arrive
// on [0x38], count 16: the phase completes on the 16th arrival; the whole
// warp then waits on it by parity 0 (complete), lane 0 arrives on [0x0].
// out[2 cta], out[2 cta + 1] = the two words.
.launch grid=20 block=32 shared=64
.buffer out u64[40] = 0
.param out
        S2R R0, SR_TID.X ;
        S2R R1, SR_CTAID.X ;
        LDC.64 R8, c[0x0][0x100] ;
        ISETP.EQ.AND P0, PT, R0, RZ, PT ;
        ISETP.LT.U32.AND P1, PT, R0, 0x10, PT ;
@P0     MBAR.INIT [0x38], 0x10 ;
@P0     MBAR.INIT [0x0], 0x1 ;
        MOV R2, 0x38 ;
        MOV R3, RZ ;
@P1     MBAR.ARRIVE RZ, [R2] ;
        MBAR.TRY.WAIT.PARITY P2, [R2], R3 ;
@P0     MBAR.ARRIVE RZ, [R3] ;
        LDS.64 R12, [0x38] ;
        LDS.64 R14, [0x0] ;
        IMAD.WIDE.U32 R10, R1, 0x10, R8 ;
@P0     STG.E.64 [R10.64], R12 ;
@P0     STG.E.64 [R10.64+0x8], R14 ;
        EXIT ;
.expect out = {0x8000000001000010, 0x8000000000100001, 0x8000000001000010, 0x8000000000100001, 0x8000000001000010, 0x8000000000100001, 0x8000000001000010, 0x8000000000100001, 0x8000000001000010, 0x8000000000100001, 0x8000000001000010, 0x8000000000100001, 0x8000000001000010, 0x8000000000100001, 0x8000000001000010, 0x8000000000100001, 0x8000000001000010, 0x8000000000100001, 0x8000000001000010, 0x8000000000100001, 0x8000000001000010, 0x8000000000100001, 0x8000000001000010, 0x8000000000100001, 0x8000000001000010, 0x8000000000100001, 0x8000000001000010, 0x8000000000100001, 0x8000000001000010, 0x8000000000100001, 0x8000000001000010, 0x8000000000100001, 0x8000000001000010, 0x8000000000100001, 0x8000000001000010, 0x8000000000100001, 0x8000000001000010, 0x8000000000100001, 0x8000000001000010, 0x8000000000100001}
