/*
 * test_sim_rules.c - the decisions of docs/semantics.md that the .s files
 * cannot observe directly (RPC values, masks, timers, policies, trace),
 * each on a small program built with sim_prog.h.
 */
#include "sim_prog.h"

/* YIELD that switches away: the yielding lanes resume AFTER the YIELD. */
TEST(sim_rule_yield_resumes_at_next)
{
	sp_prog p;
	sp_init(&p);
	sp_add(&p, "BRA_X", "pg=P0 offset=2"); /* 0x00: @P0 BRA 0x30   */
	sp_add(&p, "YIELD_X", "");              /* 0x10: lanes !P0      */
	sp_add(&p, "EXIT_X", "");               /* 0x20                 */
	sp_add(&p, "YIELD_X", "");              /* 0x30: lanes P0       */
	sp_add(&p, "EXIT_X", "");               /* 0x40                 */
	sp_pred(&p, 0, 0x0000ffffu);
	simt_launch l;
	simt_launch_init(&l);
	l.max_cycles = 1; /* two issues: BRA, then the first YIELD */
	CHECK_EQ(sp_run_launch(&p, &l), SIMT_ERR_RUNTIME);
	sim_warp *w = sp_warp(&p, 0);
	CHECK_EQ(w->active, 0x0000ffffu);
	CHECK_EQ(w->active_pc, 0x30);
	CHECK_EQ(sim_rpc(w, 16), 0x20);
	CHECK_EQ(w->yield, 0xffff0000u);
	CHECK_EQ(w->switch_mask, 0xffff0000u);
	sp_free(&p);
}

/* NANOSLEEP with divergence: SleepMask |= pmask, the lanes yield too. */
TEST(sim_rule_nanosleep_partial_sets_sleep_mask)
{
	sp_prog p;
	for (int round = 0; round < 2; round++) {
		sp_init(&p);
		sp_add(&p, "BRA_X", "pg=P0 offset=2"); /* 0x00 */
		sp_add(&p, "NANOSLEEP_I", "vb=0x1000"); /* 0x10: lanes !P0 */
		sp_add(&p, "EXIT_X", "");               /* 0x20 */
		sp_add(&p, "LEPC_I", "rd=R4");          /* 0x30: lanes P0 */
		sp_add(&p, "EXIT_X", "");               /* 0x40 */
		sp_pred(&p, 0, 0x0000ffffu);
		simt_launch l;
		simt_launch_init(&l);
		l.max_cycles = round == 0 ? 1 : 100000;
		simt_status st = sp_run_launch(&p, &l);
		sim_warp *w = sp_warp(&p, 0);
		if (round == 0) { /* stopped right after the NANOSLEEP */
			CHECK_EQ(st, SIMT_ERR_RUNTIME);
			CHECK_EQ(w->sleep, 0xffff0000u);
			CHECK_EQ(w->yield, 0xffff0000u);
			CHECK_EQ(w->active, 0x0000ffffu);
			CHECK(w->timer_armed);
		} else { /* EXIT switches to the sleeping lanes; the warp
			    sleeps until the timer, then finishes */
			CHECK_EQ(st, SIMT_OK);
			CHECK(sim_ctx_of(p.sim)->cycle >= 0x1000);
			CHECK_EQ(w->valid | w->sleep, 0);
		}
		sp_free(&p);
	}
}

/* The policies: the same program, different interleavings, same result;
 * random:SEED is reproducible. */
static uint64_t run_policy(simt_policy pol, uint64_t seed, char *last,
			   size_t n)
{
	sp_prog p;
	sp_init(&p);
	sp_add(&p, "LEPC_I", "rd=R4");
	sp_add(&p, "LEPC_I", "rd=R6");
	sp_add(&p, "EXIT_X", "");
	simt_launch l;
	simt_launch_init(&l);
	l.block[0] = 128;
	l.policy = pol;
	l.seed = seed;
	CHECK_EQ(sp_run_launch(&p, &l), SIMT_OK);
	snprintf(last, n, "%s", p.trace_last);
	uint64_t steps = sim_ctx_of(p.sim)->steps;
	sp_free(&p);
	return steps;
}

TEST(sim_rule_policies)
{
	char rr[2048], gr[2048], r1[2048], r2[2048];
	CHECK_EQ(run_policy(SIMT_POLICY_RR, 0, rr, sizeof rr), 12);
	CHECK_EQ(run_policy(SIMT_POLICY_GREEDY, 0, gr, sizeof gr), 12);
	run_policy(SIMT_POLICY_RANDOM, 7, r1, sizeof r1);
	run_policy(SIMT_POLICY_RANDOM, 7, r2, sizeof r2);
	CHECK(strstr(rr, "\"warp\":3") != NULL); /* round-robin: warp 3 last */
	CHECK(strstr(gr, "\"warp\":3") != NULL); /* greedy: warps in turn */
	CHECK_STR(r1, r2);
	simt_launch l;
	simt_launch_init(&l);
	simt_diags d;
	simt_diags_init(&d);
	CHECK_EQ(simt_launch_policy(&l, "random:42", &d), SIMT_OK);
	CHECK_EQ(l.policy, SIMT_POLICY_RANDOM);
	CHECK_EQ(l.seed, 42);
	CHECK_EQ(simt_launch_policy(&l, "fifo", &d), SIMT_ERR_ARG);
	simt_diags_free(&d);
}

/* After the warp's last lane exits its masks are zero; the trace line. */
TEST(sim_rule_exit_clears_masks_and_trace_format)
{
	sp_prog p;
	sp_init(&p);
	sp_add(&p, "BSSY_I", "breg=B3 syncpoint=0");
	sp_add(&p, "EXIT_X", "");
	CHECK_EQ(sp_run(&p, 20), SIMT_OK);
	sim_warp *w = sp_warp(&p, 0);
	CHECK_EQ(w->valid | w->active | w->yield | w->sleep, 0);
	CHECK_EQ(w->breg[3], 0x000fffffu);
	CHECK_STR(p.trace_last,
		  "{\"step\":1,\"cycle\":1,\"cta\":[0,0,0],\"warp\":0,"
		  "\"pc\":\"0x0010\",\"asm\":\"EXIT\",\"next_pc\":\"0x0010\","
		  "\"active\":\"0x00000000\",\"valid\":\"0x00000000\","
		  "\"yield\":\"0x00000000\",\"sleep\":\"0x00000000\",\"breg\":"
		  "[\"0x00000000\",\"0x00000000\",\"0x00000000\",\"0x000fffff\","
		  "\"0x00000000\",\"0x00000000\",\"0x00000000\",\"0x00000000\","
		  "\"0x00000000\",\"0x00000000\",\"0x00000000\",\"0x00000000\","
		  "\"0x00000000\",\"0x00000000\",\"0x00000000\",\"0x00000000\"]}");
	sp_free(&p);
}

/* Leaving the code, an undecodable word, a spin, the cycle limit. */
TEST(sim_rule_runtime_stops)
{
	sp_prog p;
	sp_init(&p);
	sp_add(&p, "LEPC_I", "rd=R4");
	CHECK_EQ(sp_run(&p, 32), SIMT_ERR_RUNTIME);
	CHECK(sp_diag_has(&p, "PC 0x0010: `<no instruction>`: PC 0x10 is "
			      "outside the kernel's code"));
	sp_free(&p);

	sp_init(&p);
	uint8_t zero[16] = {0};
	obj_section_append(&p.obj->sections[p.text], zero, 16);
	CHECK_EQ(sp_run(&p, 32), SIMT_ERR_RUNTIME);
	CHECK(sp_diag_has(&p, "word does not decode"));
	sp_free(&p);

	sp_init(&p);
	sp_add(&p, "BRA_X", "offset=-1"); /* BRA to itself: no state change */
	CHECK_EQ(sp_run(&p, 32), SIMT_ERR_RUNTIME);
	CHECK(sp_diag_has(&p, "livelock"));
	sp_free(&p);

	sp_init(&p);
	sp_add(&p, "LEPC_I", "rd=R4");
	sp_add(&p, "BRA_X", "offset=-2");
	sp_add(&p, "EXIT_X", "");
	simt_launch l;
	simt_launch_init(&l);
	l.max_cycles = 50; /* the limit comes before the livelock sample */
	CHECK_EQ(sp_run_launch(&p, &l), SIMT_ERR_RUNTIME);
	CHECK(sp_diag_has(&p, "cycle limit 50 reached"));
	sp_free(&p);
}

/* R2B.WARP then B2R.WARP / B2R.RESULT read back the restored copy. */
TEST(sim_rule_r2b_warp_roundtrip)
{
	sp_prog p;
	sp_init(&p);
	sp_add(&p, "R2B_RI", "mode=WARP ra=R1");
	sp_add(&p, "B2R_I", "mode=WARP rd=R2");
	sp_add(&p, "B2R_RESULT_X", "rd=R3 pu=P2");
	sp_add(&p, "EXIT_X", "");
	/* count 2, expected 2, RED, POPC, popc 37 */
	sp_reg(&p, 1, SIM_INIT_VALUE,
	       (37u << 19) | (2u << 16) | (2u << 14) | (2u << 7) | 2u);
	CHECK_EQ(sp_run(&p, 32), SIMT_OK);
	sim_warp *w = sp_warp(&p, 0);
	CHECK_EQ(w->r[2][5], w->r[1][5]);
	CHECK_EQ(w->r[3][5], 37);
	CHECK_EQ(w->p[2], 0xffffffffu); /* POPC result != 0 */
	sp_free(&p);
}

/* Lanes that exit leave YieldMask (and SleepMask, SwitchMask) too:
 * lanes 2-31 yield, lanes 0-1 yield, lanes 2-31 exit; then YieldMask
 * holds lanes 0-1 only (it kept 0xffffffff before the fix). */
static void exit_trace(void *user, const char *json)
{
	char *last = user;
	const char *a = strstr(json, "\"active\""), *b = strstr(json, ",\"breg\"");
	if (strstr(json, "\"pc\":\"0x0020\"") && a && b > a)
		snprintf(last, 256, "%.*s", (int)(b - a), a);
}

TEST(sim_rule_exit_drops_exited_lanes_from_masks)
{
	sp_prog p;
	sp_init(&p);
	sp_add(&p, "BRA_X", "pg=P0 offset=3"); /* 0x00: lanes 0-1 -> 0x40 */
	sp_add(&p, "YIELD_X", "");             /* 0x10: lanes 2-31 yield  */
	sp_add(&p, "EXIT_X", "");              /* 0x20: lanes 2-31 exit   */
	sp_add(&p, "EXIT_X", "");              /* 0x30                    */
	sp_add(&p, "YIELD_X", "");             /* 0x40: lanes 0-1 yield   */
	sp_add(&p, "EXIT_X", "");              /* 0x50: lanes 0-1 exit    */
	sp_pred(&p, 0, 0x3);
	simt_status st = simt_sim_new((simt_isa *)p.isa, p.obj, "main", &p.sim,
				      &p.d);
	CHECK_EQ(st, SIMT_OK);
	sim_mem_set_inits(sim_ctx_of(p.sim)->mem, p.inits, p.ninits);
	char last[256] = "";
	simt_launch l;
	simt_launch_init(&l);
	l.trace = exit_trace;
	l.trace_user = last;
	CHECK_EQ(simt_sim_run(p.sim, &l, &p.d), SIMT_OK);
	CHECK_STR(last, "\"active\":\"0x00000003\",\"valid\":\"0x00000003\","
			"\"yield\":\"0x00000003\",\"sleep\":\"0x00000000\"");
	sp_free(&p);
}

/* R2B.BAR refuses a word no barrier of the CTA (2 warps) can hold. */
TEST(sim_rule_r2b_refuses_impossible_states)
{
	static const struct {
		uint32_t word;
		const char *why;
	} cases[] = {
		{0x40000000u, "bits 31:30 are not 0"},
		{3u << 14, "kind 3 does not exist"},
		{(1u << 14) | (3u << 7), "the counts exceed the CTA's warps"},
		{(1u << 14) | (1u << 7) | 1u, "the phase would be complete"},
		{(1u << 14) | 2u, "the phase would be complete"}, /* count 0 */
		{(2u << 14) | (1u << 19), NULL}, /* RED, popc 1: restorable */
		{2u << 16, NULL}, /* idle after a POPC phase: restorable */
	};
	for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
		sp_prog p;
		sp_init(&p);
		sp_add(&p, "R2B_RI", "barid=7 ra=R1");
		sp_add(&p, "EXIT_X", "");
		sp_reg(&p, 1, SIM_INIT_VALUE, cases[k].word);
		simt_status st = sp_run(&p, 64);
		if (cases[k].why) {
			char want[160];
			snprintf(want, sizeof want, "R2B state word 0x%08x is not "
				 "a state of barrier 7: %s", cases[k].word,
				 cases[k].why);
			CHECK_EQ(st, SIMT_ERR_RUNTIME);
			CHECK(sp_diag_has(&p, want));
		} else {
			CHECK_EQ(st, SIMT_OK); /* restored (an unfinished phase
						  at the end is no error) */
			CHECK_EQ(p.d.count, 0);
		}
		sp_free(&p);
	}
}

/* SwitchMask: three lane groups that only YIELD all get their turn (the
 * sequence derived by hand from the pseudo-code: C runs first, then
 * A, B, A, C, A). */
typedef struct yield_log {
	uint32_t after[16];
	int n;
} yield_log;

static void yield_trace(void *user, const char *json)
{
	yield_log *y = user;
	const char *a = strstr(json, "\"active\":\"0x");
	if (strstr(json, "\"asm\":\"YIELD\"") && a && y->n < 16)
		y->after[y->n++] = (uint32_t)strtoul(a + 12, NULL, 16);
}

TEST(sim_rule_yield_switchmask_rotates)
{
	sp_prog p;
	sp_init(&p);
	sp_add(&p, "BRA_X", "pg=P0 offset=3"); /* 0x00: A (P0) -> 0x40 */
	sp_add(&p, "BRA_X", "pg=P1 offset=4"); /* 0x10: B (P1) -> 0x60 */
	sp_add(&p, "YIELD_X", "");              /* 0x20: C */
	sp_add(&p, "BRA_X", "offset=-2");       /* 0x30 -> 0x20 */
	sp_add(&p, "YIELD_X", "");              /* 0x40: A */
	sp_add(&p, "BRA_X", "offset=-2");       /* 0x50 -> 0x40 */
	sp_add(&p, "YIELD_X", "");              /* 0x60: B */
	sp_add(&p, "BRA_X", "offset=-2");       /* 0x70 -> 0x60 */
	const uint32_t A = 0x000003ffu, B = 0x000ffc00u, C = 0xfff00000u;
	sp_pred(&p, 0, A);
	sp_pred(&p, 1, B);
	simt_status st = simt_sim_new((simt_isa *)p.isa, p.obj, "main", &p.sim,
				      &p.d);
	CHECK_EQ(st, SIMT_OK);
	sim_mem_set_inits(sim_ctx_of(p.sim)->mem, p.inits, p.ninits);
	yield_log y = {{0}, 0};
	simt_launch l;
	simt_launch_init(&l);
	l.max_cycles = 40;
	l.trace = yield_trace;
	l.trace_user = &y;
	CHECK_EQ(simt_sim_run(p.sim, &l, &p.d), SIMT_ERR_RUNTIME);
	const uint32_t want[] = {A, B, A, C, A};
	CHECK(y.n >= 5);
	for (int k = 0; k < 5 && k < y.n; k++)
		CHECK_EQ(y.after[k], want[k]);
	sp_free(&p);
}
