// Misuse: a register count beyond 20 bits (MBAR.INIT count 2^20).
.launch grid=1 block=32 shared=64
.init P0 = mask 0x1
.init R4 = 0x100000
.expect-error "MBAR.INIT count 1048576 outside 1..2^20-1 (mbarrier at shared 0x8)"
@P0     MBAR.INIT [0x8], R4 ;
        EXIT ;
