// Misuse: a bulk copy whose size is not a multiple of 16.
.launch grid=1 block=32 shared=0x200
.init P0 = mask 0x1
.buffer in u32[64] = iota
.param in
.expect-error "`@P0 UBLKCP [0x100], [R8.64], R6, [0x0]`: UBLKCP size 0x18 is not a positive multiple of 16"
@P0     MBAR.INIT [0x0], 0x1 ;
        LDC.64 R8, c[0x0][0x100] ;
        MOV R6, 0x18 ;
@P0     UBLKCP [0x100], [R8.64], R6, [0x0] ;
        EXIT ;
