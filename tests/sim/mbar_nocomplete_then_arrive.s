// After a .NOCOMPLETE arrival left pending at 0 (mbar_nocomplete_zero.s), a
// normal arrival would take pending below zero: the seed's counts are
// unsigned and "pending_count -= 1" from 0 has no defined result, so this is
// the pending-underflow error every arrival beyond the pending count gets
// (docs/semantics.md, mbarriers) - it does not complete the phase.
.launch grid=1 block=32 shared=64
.init P0 = mask 0x1
.expect-error "PC 0x0020 (mbar_nocomplete_then_arrive.s:11): `@P0 MBAR.ARRIVE RZ, [0x8]`: pending arrival count underflow (mbarrier at shared 0x8: count 1; participants 2, pending 0, tx 0, phase 0)"
@P0     MBAR.INIT [0x8], 0x2 ;
@P0     MBAR.ARRIVE.NOCOMPLETE RZ, [0x8], 0x2 ;
@P0     MBAR.ARRIVE RZ, [0x8] ;
        EXIT ;
