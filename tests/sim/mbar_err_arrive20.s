// Misuse: an arrival count beyond 20 bits (register operand).
.launch grid=1 block=32 shared=64
.init P0 = mask 0x1
.init R4 = 0x100000
.expect-error "arrival count outside 1..2^20-1"
@P0     MBAR.INIT [0x8], 0x1 ;
@P0     MBAR.ARRIVE RZ, [0x8], R4 ;
        EXIT ;
