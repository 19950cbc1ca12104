/*
 * test_sim_bsync_sleep.c - the BSYNC branch "every candidate lane sleeps:
 * release" (seed 001, BSYNC pseudo-code), which no program reaches because
 * NANOSLEEP also marks its lanes as yielding (docs/semantics.md, NANOSLEEP):
 * the warp state is set by hand and the handler is called directly, next to
 * the contrast case where one candidate is awake.
 */
#include "sim_prog.h"

/* Lanes 0-15 at BSYNC B0 (PC 0x10), lanes 16-31 elsewhere (PC 0x0),
 * B0 = all lanes, lanes 0-15 previously yielded, `sleep` as given. */
static sim_warp *bsync_state(sp_prog *p, uint32_t sleep, const sim_inst **bs)
{
	sp_init(p);
	sp_add(p, "BSSY_I", "breg=B0 syncpoint=0"); /* 0x00 */
	sp_add(p, "BSYNC_X", "breg=B0");            /* 0x10 */
	sp_add(p, "EXIT_X", "");                    /* 0x20 */
	CHECK_EQ(sp_run(p, 32), SIMT_OK);
	sim_ctx *c = sim_ctx_of(p->sim);
	*bs = &c->code[1];
	sim_warp *w = sp_warp(p, 0);
	w->valid = 0xffffffffu;
	w->active = 0x0000ffffu;
	w->active_pc = 0x10;
	sim_rpc_set(w, 0x0000ffffu, 0x10);
	sim_rpc_set(w, 0xffff0000u, 0x0);
	w->breg[0] = 0xffffffffu;
	w->yield = 0x0000ffffu;
	w->sleep = sleep;
	w->switch_mask = 0;
	return w;
}

TEST(sim_rule_bsync_all_candidates_asleep_releases)
{
	sp_prog p;
	const sim_inst *bs;
	sim_warp *w = bsync_state(&p, 0xffff0000u, &bs);
	sim_bru_bsync(w, bs, 0x0000ffffu);
	CHECK_EQ(w->active, 0x0000ffffu);  /* ActiveMask = arrivemask */
	CHECK_EQ(w->active_pc, 0x20);      /* ActivePC += INST_SIZE */
	CHECK_EQ(w->yield, 0);             /* YieldMask cleared by pmask */
	CHECK_EQ(w->breg[0], 0xffff0000u); /* the arrived lanes left B0 */
	CHECK_EQ(w->sleep, 0xffff0000u);   /* only the timer clears sleep */
	sp_free(&p);
}

TEST(sim_rule_bsync_awake_candidate_is_switched_to)
{
	sp_prog p;
	const sim_inst *bs;
	sim_warp *w = bsync_state(&p, 0x7fff0000u, &bs); /* lane 31 awake */
	sim_bru_bsync(w, bs, 0x0000ffffu);
	CHECK_EQ(w->active, 0x80000000u); /* switchPCByMask(mask_ny_b) */
	CHECK_EQ(w->active_pc, 0x0);
	CHECK_EQ(sim_rpc(w, 0), 0x10);        /* the waiting lanes stay at BSYNC */
	CHECK_EQ(w->yield, 0x0000ffffu);
	sp_free(&p);
}
