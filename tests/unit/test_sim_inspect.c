/*
 * test_sim_inspect.c - what a testbench reads through the stepping API:
 * breakpoints, sync pauses, warp state (PC, masks, B registers), CTA
 * barrier state, registers mid-launch, and the retire records (PC/mask
 * sequence of a divergent warp, destination writes, memory accesses).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "simt/sim.h"
#include "simt/testfile.h"
#include "test.h"
#include "util/util.h"

typedef struct rec {
	int n;
	uint64_t pc[64];
	uint32_t active[64], exec[64];
	int nstores;
	uint64_t store_addr0;
	uint32_t store_data0, r1_lane1;
	uint64_t word0;
} rec;

static void on_retire(void *user, const simt_retire *r)
{
	rec *t = user;
	if (r->warp != 0 || t->n == 64)
		return;
	t->pc[t->n] = r->pc;
	t->active[t->n] = r->active;
	t->exec[t->n++] = r->exec;
	if (t->n == 1)
		t->word0 = r->word[0];
	for (int k = 0; k < r->nwrites; k++)
		if (r->writes[k].rf == SIMT_REG_R && r->writes[k].index == 1 &&
		    (r->writes[k].mask & 2))
			t->r1_lane1 = r->writes[k].value[1];
	for (int k = 0; k < r->naccesses; k++)
		if (r->accesses[k].store) {
			t->nstores++;
			t->store_addr0 = r->accesses[k].addr[0];
			memcpy(&t->store_data0, r->accesses[k].data[0], 4);
		}
}

/* Run `name` of examples/ or tests/sim/ with hook fn. */
static bool run_with(const char *path, simt_test_run_fn *fn, void *user)
{
	simt_isa *isa = NULL;
	simt_diags d;
	simt_diags_init(&d);
	size_t len;
	char *text = util_read_file(path, &len);
	simt_testfile tf;
	simt_test_result r = {0};
	simt_test_opts o = {.run = fn, .run_user = user};
	bool ok = text && simt_isa_load_builtin(&isa, &d) == SIMT_OK &&
		  simt_testfile_parse(path, text, len, &tf, &d) == SIMT_OK;
	if (ok) {
		ok = simt_testfile_run(isa, &tf, &o, &r, &d) == SIMT_OK && r.passed;
		simt_test_result_free(&r);
		simt_testfile_free(&tf);
	}
	free(text);
	simt_isa_free(isa);
	simt_diags_free(&d);
	return ok;
}

/* diverge.s: break at BSYNC (PC 0x70), look at the warp, run on with
 * retire records. */
static simt_status diverge_hook(void *user, simt_sim *s, const simt_launch *l,
				simt_diags *d)
{
	rec *t = user;
	const uint32_t cta[3] = {0, 0, 0};
	CHECK_EQ(simt_sim_on_retire(s, on_retire, t), SIMT_OK);
	CHECK_EQ(simt_sim_start(s, l, d), SIMT_OK);
	uint64_t bsync = 0x70;
	simt_until u = {.pcs = &bsync, .npcs = 1};
	simt_stop stop;
	CHECK_EQ(simt_sim_run_until(s, &u, &stop, d), SIMT_OK);
	CHECK_EQ(stop, SIMT_STOP_BREAKPOINT);
	simt_warp_state w;
	CHECK_EQ(simt_sim_warp(s, cta, 0, &w, d), SIMT_OK);
	CHECK_EQ(w.pc, 0x70);
	CHECK_EQ(w.status, SIMT_WARP_READY);
	CHECK_EQ(w.lanes, 0xffffffffu);
	CHECK_EQ(w.valid, 0xffffffffu);
	CHECK_EQ(w.exited, 0);
	CHECK_EQ(w.breg[0], 0xffffffffu); /* BSSY B0 recorded every lane */
	/* the first group to reach BSYNC is one half of the warp */
	CHECK(w.active == 0x55555555u || w.active == 0xaaaaaaaau);
	uint64_t pc = 0;
	const uint32_t tid1[3] = {1, 0, 0};
	CHECK_EQ(simt_sim_reg(s, cta, tid1, SIMT_REG_PC, 0, &pc, d), SIMT_OK);
	/* again at the breakpoint: the other group arrives */
	CHECK_EQ(simt_sim_run_until(s, &u, &stop, d), SIMT_OK);
	CHECK_EQ(stop, SIMT_STOP_BREAKPOINT);
	CHECK_EQ(simt_sim_warp(s, cta, 0, &w, d), SIMT_OK);
	CHECK(w.active == 0x55555555u || w.active == 0xaaaaaaaau);
	simt_status st = simt_sim_run_until(s, NULL, &stop, d);
	CHECK_EQ(stop, SIMT_STOP_DONE);
	CHECK_EQ(simt_sim_status(s), SIMT_STOP_DONE);
	/* nothing to advance after the end */
	CHECK_EQ(simt_sim_step(s, 1, &stop, NULL), SIMT_ERR_ARG);
	CHECK_EQ(simt_sim_warp(s, cta, 0, &w, d), SIMT_OK);
	CHECK_EQ(w.status, SIMT_WARP_EXITED);
	CHECK_EQ(w.exited, 0xffffffffu);
	return st;
}

TEST(sim_inspect_diverge_breakpoint_and_records)
{
	rec *t = calloc(1, sizeof *t);
	char path[512];
	snprintf(path, sizeof path, "%s/../examples/diverge.s", test_dir());
	CHECK(run_with(path, diverge_hook, t));
	/* PC/mask sequence of warp 0: S2R, LOP3, BSSY, @P0 BRA with the
	   whole warp; then one half, then the other, then BSYNC joins. */
	CHECK(t->n >= 10);
	CHECK_EQ(t->pc[0], 0x00);
	CHECK_EQ(t->active[0], 0xffffffffu);
	CHECK_EQ(t->pc[3], 0x30);
	CHECK_EQ(t->exec[3], 0xaaaaaaaau); /* @P0: the odd lanes branch */
	CHECK(t->active[4] == 0x55555555u || t->active[4] == 0xaaaaaaaau);
	CHECK_EQ(t->active[t->n - 1], 0xffffffffu); /* EXIT with all */
	CHECK_EQ(t->pc[t->n - 1], 0xb0);
	CHECK(t->word0 != 0);
	CHECK_EQ(t->r1_lane1, 2);       /* odd lane: R1 = tid * 2 */
	CHECK_EQ(t->nstores, 1);
	CHECK_EQ(t->store_data0, 256);  /* lane 0: tid + 0x100 */
	CHECK(t->store_addr0 != 0);
	free(t);
}

/* bcu_bar_sync.s: pause on sync events; the first BAR.SYNC arrival
 * blocks its warp and shows in the barrier state. */
static simt_status bar_hook(void *user, simt_sim *s, const simt_launch *l,
			    simt_diags *d)
{
	int *seen = user;
	const uint32_t cta[3] = {0, 0, 0};
	CHECK_EQ(simt_sim_start(s, l, d), SIMT_OK);
	simt_until u = {.sync = 1};
	simt_stop stop = SIMT_STOP_RUNNING;
	simt_status st = SIMT_OK;
	while (!SIMT_STOP_ENDED(stop)) {
		st = simt_sim_run_until(s, &u, &stop, d);
		if (stop != SIMT_STOP_SYNC)
			continue;
		simt_barrier_state b;
		CHECK_EQ(simt_sim_barrier(s, cta, 0, &b, d), SIMT_OK);
		if (*seen == 0) {
			/* the first arrival: one warp, 32 threads */
			CHECK_EQ(b.kind, 1);
			CHECK_EQ(b.arrived, 32);
			CHECK_EQ(__builtin_popcount(b.arrived_warps), 1);
			CHECK_EQ(b.waiting_warps, b.arrived_warps);
			int wid = __builtin_ctz(b.arrived_warps);
			simt_warp_state w;
			CHECK_EQ(simt_sim_warp(s, cta, wid, &w, d), SIMT_OK);
			CHECK_EQ(w.status, SIMT_WARP_BAR);
			CHECK_EQ(w.bar_id, 0);
			uint64_t v = 0;
			const uint32_t tid[3] = {(uint32_t)wid * 32 + 5, 0, 0};
			CHECK_EQ(simt_sim_reg(s, cta, tid, SIMT_REG_R, 0, &v, d),
				 SIMT_OK);
			CHECK_EQ(v, (uint64_t)wid * 32 + 5);
			uint32_t sh = 0;
			CHECK_EQ(simt_sim_read_shared(s, cta, 4 * tid[0], &sh, 4, d),
				 SIMT_OK);
			CHECK_EQ(sh, tid[0]); /* STS before BAR */
		}
		(*seen)++;
	}
	CHECK_EQ(stop, SIMT_STOP_DONE);
	/* after the end the barrier is idle again */
	simt_barrier_state b;
	CHECK_EQ(simt_sim_barrier(s, cta, 0, &b, d), SIMT_OK);
	CHECK_EQ(b.arrived, 0);
	CHECK_EQ(simt_sim_barrier(s, cta, 16, &b, NULL), SIMT_ERR_ARG);
	return st;
}

TEST(sim_inspect_barrier_sync_pauses)
{
	int seen = 0;
	char path[512];
	snprintf(path, sizeof path, "%s/sim/bcu_bar_sync.s", test_dir());
	CHECK(run_with(path, bar_hook, &seen));
	CHECK_EQ(seen, 4); /* one sync pause per warp's BAR.SYNC */
}

TEST(sim_inspect_no_launch)
{
	CHECK_STR(simt_stop_name(SIMT_STOP_BREAKPOINT), "breakpoint");
	CHECK_STR(simt_stop_name(SIMT_STOP_DONE), "done");
}
