// Misuse: .DROP of more than the participants.
.launch grid=1 block=32 shared=64
.init P0 = mask 0x1
.expect-error "MBAR.ARRIVE.DROP drops more than the participants"
@P0     MBAR.INIT [0x8], 0x4 ;
@P0     MBAR.ARRIVE.NOCOMPLETE RZ, [0x8], 0x2 ;
@P0     MBAR.ARRIVE.DROP RZ, [0x8], 0x5 ;
        EXIT ;
