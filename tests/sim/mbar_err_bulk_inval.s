// Misuse found by the copy engine: the mbarrier a bulk copy completes its
// bytes on was invalidated while the copy was in flight.  The error names
// the instruction that issued the copy.
.launch grid=1 block=32 shared=0x200
.init P0 = mask 0x1
.buffer in u32[64] = iota
.param in
.expect-error "`@P0 UBLKCP [0x100], [R8.64], R6, [0x0]`: mbarrier at shared 0x0 is invalidated (MBAR.INVAL) (at the completion of the copy this instruction issued)"
@P0     MBAR.INIT [0x0], 0x1 ;
        LDC.64 R8, c[0x0][0x100] ;
        MOV R6, 0x40 ;
@P0     MBAR.ARRIVE.EXPECT_TX RZ, [0x0], 0x40 ;
@P0     UBLKCP [0x100], [R8.64], R6, [0x0] ;
@P0     MBAR.INVAL [0x0] ;
        EXIT ;
