// check=uniform: R2UR of a register whose value differs between the lanes
// of its guard is reported (docs/semantics.md, "Opt-in checks"): the
// message names the lanes that differ (in the lanes field too), the PC with
// its source line and the instruction, the lowest lane's value and the
// first differing lane's.  The run goes on with the lowest lane's value and
// then fails.  Without the check: uniform_r2ur_divergent.s.
.launch grid=1 block=32 check=uniform
.expect-error "warp 0, lanes 0xfffffffe, PC 0x0020 (uniform_r2ur_check.s:12): `R2UR UR4, R1`: --check=uniform: R2UR of a value that is not uniform: lane 0 has 0x10, lanes 0xfffffffe differ (lane 1 has 0x11); lane 0's value is taken"
main:
        S2R R0, SR_LANEID ;
        IADD3 R1, R0, 0x10, RZ ;
        R2UR UR4, R1 ;
        EXIT ;
