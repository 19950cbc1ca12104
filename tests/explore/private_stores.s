// Address-aware partial-order reduction (docs/explore.md, footprints): two
// warps each store, reload and store their own words of out three times
// (no other warp touches them), then add into one shared counter.  The
// accesses to their own words are private once the first run has shown
// that no other warp touches them, so the only interleaving points left
// are the RED instructions: bound 2 is covered in 3 schedules (the first
// run, one restart, one alternative), where treating every global access
// as an interleaving point took 114 (tests/explore.sh pins the count).
.launch grid=1 block=64
.buffer out u32[64] = zero
.buffer sum u32[1] = zero
.param out
.param sum
.expect sum = {64}
main:
        S2R R0, SR_TID.X ;
        LDC.64 R8, c[0x0][0x100] ;
        LDC.64 R10, c[0x0][0x108] ;
        SHF.L.U32 R2, R0, 0x2, RZ ;
        IMAD.WIDE.U32 R12, R2, 0x1, R8 ;
        STG.E [R12.64], R0 ;
        LDG.E R4, [R12.64] ;
        STG.E [R12.64], R4 ;
        LDG.E R4, [R12.64] ;
        STG.E [R12.64], R4 ;
        LDG.E R4, [R12.64] ;
        STG.E [R12.64], R4 ;
        MOV R5, 0x1 ;
        RED.E.ADD [R10.64], R5 ;
        EXIT ;
