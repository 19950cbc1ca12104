// Misuse: an arrival with .NOCOMPLETE that would complete the phase
// (PTX leaves it undefined; the simulator stops).
.launch grid=1 block=32 shared=64
.init P0 = mask 0x1
.expect-error "MBAR.ARRIVE.NOCOMPLETE would complete the phase (undefined in PTX)"
@P0     MBAR.INIT [0x8], 0x2 ;
@P0     MBAR.ARRIVE.NOCOMPLETE RZ, [0x8], 0x2 ;
        EXIT ;
