// R2B.BAR restores only a state a barrier of the CTA can be in (what B2R
// reads): an idle word with a count (0x00000002: count 2, kind 0) would
// leave arrivals on an idle barrier that no arrival can complete.  Found by
// the unit tests' invariant hook (test_sim_fuzz.c); the other refusals are
// pinned in test_sim_rules.c (sim_rule_r2b_refuses_impossible_states).
.launch grid=1 block=64
.expect-error "R2B state word 0x00000002 is not a state of barrier 3: an idle barrier has no count, expected count or running result"
main:
        MOV R1, 0x2 ;
        R2B.BAR 0x3, R1 ;
        EXIT ;
