// A bulk copy whose global source runs past the buffer is a fault at issue.
.launch grid=1 block=32 shared=0x2000
.init P0 = mask 0x1
.buffer in u32[64] = iota
.param in
.expect-error "UBLKCP global source"
@P0     MBAR.INIT [0x0], 0x1 ;
        LDC.64 R8, c[0x0][0x100] ;
        MOV R6, 0x1000 ;
@P0     UBLKCP [0x100], [R8.64], R6, [0x0] ;
        EXIT ;
