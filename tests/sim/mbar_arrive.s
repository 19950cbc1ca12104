// MBAR.ARRIVE (seed 002 "arrive"): pending -= 1; when pending reaches 0
// (and no tx byte is pending) the phase completes: phase flips, pending :=
// participants.  The token is the object's value before the arrival.
// Lane 0 does everything on an object of 3 participants: 3 arrivals
// complete phase 0, a 4th starts phase 1.  Out: the tokens of the 4
// arrivals and the final word (u64 each).
.launch grid=1 block=32 shared=64
.init P0 = mask 0x1
.buffer out u64[5] = 0
.param out
        LDC.64 R8, c[0x0][0x100] ;
@P0     MBAR.INIT [0x8], 0x3 ;
@P0     MBAR.ARRIVE R[10:11], [0x8] ;
@P0     STG.E.64 [R8.64], R10 ;
@P0     MBAR.ARRIVE R[10:11], [0x8] ;
@P0     STG.E.64 [R8.64+0x8], R10 ;
@P0     MBAR.ARRIVE R[10:11], [0x8] ;       // completes phase 0
@P0     STG.E.64 [R8.64+0x10], R10 ;
@P0     MBAR.ARRIVE R[10:11], [0x8] ;       // first arrival of phase 1
@P0     STG.E.64 [R8.64+0x18], R10 ;
        LDS.64 R12, [0x8] ;
@P0     STG.E.64 [R8.64+0x20], R12 ;
        EXIT ;
// 3 | pending << 20; phase 1 = bit 63
.expect out = {0x300003, 0x200003, 0x100003, 0x8000000000300003, 0x8000000000200003}
