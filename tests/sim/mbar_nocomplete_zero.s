// MBAR.ARRIVE.NOCOMPLETE that leaves nothing pending (seed 002: "pending_count
// -= 1 but suppress completion"; PTX leaves it undefined, --check=sync
// reports it, see mbar_check_sync.s).  Object of 2: .NOCOMPLETE with 2 leaves
// participants 2, pending 0, tx 0, phase 0 - read with an ordinary LDS.64 -
// and the phase stays open: TEST.WAIT on the token taken before is false.
// The phase completes at the next transition that leaves pending 0 and tx 0
// and is not itself a .NOCOMPLETE arrival: here EXPECT.TX 0x10 then
// COMPLETE.TX 0x10 (phase 1, pending 2 again); TEST.WAIT is then true.
.launch grid=1 block=32 shared=64
.init P0 = mask 0x1
.buffer out u64[5] = 0
.param out
        LDC.64 R8, c[0x0][0x100] ;
@P0     MBAR.INIT [0x8], 0x2 ;
@P0     MBAR.ARRIVE.NOCOMPLETE R[2:3], [0x8], 0x2 ;
        LDS.64 R12, [0x8] ;
@P0     STG.E.64 [R8.64], R12 ;              // participants 2, pending 0, phase 0
@P0     MBAR.TEST.WAIT P1, [0x8], R[2:3] ;
        SEL R12, RZ, 0x1, !P1 ;
        MOV R13, RZ ;
@P0     STG.E.64 [R8.64+0x8], R12 ;          // 0: the phase did not complete
@P0     MBAR.EXPECT.TX [0x8], 0x10 ;
        LDS.64 R12, [0x8] ;
@P0     STG.E.64 [R8.64+0x10], R12 ;         // pending 0, tx 0x10, phase 0
@P0     MBAR.COMPLETE.TX [0x8], 0x10 ;
        LDS.64 R12, [0x8] ;
@P0     STG.E.64 [R8.64+0x18], R12 ;         // phase 1, pending 2
@P0     MBAR.TEST.WAIT P1, [0x8], R[2:3] ;
        SEL R12, RZ, 0x1, !P1 ;
        MOV R13, RZ ;
@P0     STG.E.64 [R8.64+0x20], R12 ;         // 1: the token's phase completed
        EXIT ;
.expect out = {0x2, 0x0, 0x100000000002, 0x8000000000200002, 0x1}
