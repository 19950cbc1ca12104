// Misuse: an ordinary store over a live object (the word no longer holds
// the state the simulator wrote).
.launch grid=1 block=32 shared=64
.init P0 = mask 0x1
.expect-error "mbarrier at shared 0x8 was overwritten by an ordinary store (word 0x0000000000000007, state 0x0000000000200002)"
@P0     MBAR.INIT [0x8], 0x2 ;
        MOV R4, 0x7 ;
@P0     STS [0x8], R4 ;
@P0     MBAR.ARRIVE RZ, [0x8] ;
        EXIT ;
