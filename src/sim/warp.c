/*
 * warp.c - one warp instruction: fetch the predecoded record at ActivePC,
 * the common prologue (timer expiry, pmask = ActiveMask & guard & Pp), the
 * handler, the epilogue (ActivePC += 16 for plain handlers, the warp's
 * clock += stall), the trace line.  Under --memory=relaxed a load may let
 * the store after it go first (relaxed.c, load buffering): that store is
 * issued in the load's place and skipped when ActivePC reaches it.  Also the seed's warpSleep()/warpExit()
 * and the livelock detector's sampling.
 *
 * Requires: c->code from predecode.c.  Produces: the warp's next state.
 */
#include <stdlib.h>
#include <string.h>

#include "sim/sim.h"

static void sim_exec_bad_pc(sim_warp *w, const sim_inst *i, uint32_t pmask)
{
	sim_raise(w, i, w->active, SIM_STOP_FAULT,
		  "PC 0x%llx is outside the kernel's code or misaligned",
		  (unsigned long long)w->active_pc);
}

const sim_inst *sim_fetch_bad(sim_ctx *c, uint64_t pc)
{
	memset(&c->bad_pc, 0, sizeof c->bad_pc);
	c->bad_pc.exec = sim_exec_bad_pc;
	c->bad_pc.flags = SIM_F_CTRL;
	c->bad_pc.pg = c->bad_pc.pp = SIM_PT;
	c->bad_pc.pc = pc;
	c->bad_pc.stall = 1;
	return &c->bad_pc;
}

void sim_exec_off_code(sim_warp *w, const sim_inst *i, uint32_t pmask)
{
	(void)i;
	sim_exec_bad_pc(w, sim_fetch_bad(w->ctx, w->active_pc), pmask);
}

const sim_inst *sim_inst_at(const sim_ctx *c, uint64_t pc)
{
	uint64_t k = (pc - c->code_base) / SIM_INST_SIZE;
	if (pc % SIM_INST_SIZE == 0 && pc >= c->code_base && k < c->ncode)
		return &c->code[k];
	return NULL;
}

/* The single NANOSLEEP timer: its expiry wakes every sleeping lane. */
void sim_timer_expire(sim_warp *w)
{
	w->sleep = 0;
	w->timer_armed = false;
	if (w->state == SIM_W_SLEEP) {
		sim_warp_set_state(w, SIM_W_READY);
		if (w->clock < w->timer_cycle)
			w->clock = w->timer_cycle;
	}
}

const uint32_t sim_lane_bit[SIM_LANES] = {
#define B4(l) 1u << (l), 1u << ((l) + 1), 1u << ((l) + 2), 1u << ((l) + 3)
	B4(0), B4(4), B4(8), B4(12), B4(16), B4(20), B4(24), B4(28)
#undef B4
};

/* ---- RPC groups (sim_warp.rg_*) ------------------------------------------ */

void sim_rpc_reset(sim_warp *w, uint64_t pc)
{
	w->nrg = 1;
	w->rg_mask[0] = 0xffffffffu;
	w->rg_pc[0] = pc;
}

/*
 * Move `lanes` into the group of pc: every group loses them, the group of
 * pc (new if there is none) gains them, emptied groups are dropped.  The
 * order of the groups is not observable (sim_rpc_eq, sim_rpc).
 */
void sim_rpc_set(sim_warp *w, uint32_t lanes, uint64_t pc)
{
	if (!lanes)
		return;
	int n = 0;
	bool found = false;
	for (int k = 0; k < w->nrg; k++) {
		uint32_t m = w->rg_mask[k] & ~lanes;
		if (w->rg_pc[k] == pc) {
			m |= lanes;
			found = true;
		}
		if (m) {
			w->rg_mask[n] = m;
			w->rg_pc[n++] = w->rg_pc[k];
		}
	}
	if (!found) {
		w->rg_mask[n] = lanes;
		w->rg_pc[n++] = pc;
	}
	w->nrg = n;
}

void sim_step(sim_warp *w)
{
	sim_ctx *c = w->ctx;
	const sim_inst *i = sim_fetch(c, w->active_pc);
	if (w->timer_armed && c->cycle >= w->timer_cycle)
		sim_timer_expire(w);
	const sim_inst *early = c->rx ? sim_rx_reorder(w, i) : NULL;
	if (early)
		i = early; /* load buffering: the store goes first */
	uint32_t pmask = w->active;
	if (!(i->flags & SIM_F_NOGUARD))
		pmask &= sim_guard(w, i) & sim_pred(w, i->pp, i->pp_not);
	c->steps++;
	w->steps++;
	c->thread_insts += SIM_LANES - w->idle;
	if (c->rec)
		sim_rec_begin(w, i, pmask);
	if (i->flags & SIM_F_CTRL) {
		i->exec(w, i, pmask);
	} else {
		if (pmask)
			i->exec(w, i, pmask);
		if (early) {
			w->skip_pc = i->pc; /* ActivePC stays at the load */
		} else {
			w->active_pc += SIM_INST_SIZE;
			if (w->active_pc == w->skip_pc) {
				w->active_pc += SIM_INST_SIZE;
				w->skip_pc = 0;
			}
		}
	}
	w->clock = c->cycle + i->stall; /* never 0 (predecode.c) */
	w->ip = sim_ip(c, w->active_pc);
	if (c->launch.trace)
		sim_trace_step(w, i);
	if (c->rec)
		sim_rec_end(w, i);
}

void sim_warp_sleep(sim_warp *w)
{
	if (!w->timer_armed)
		return;
	sim_warp_set_state(w, SIM_W_SLEEP);
	if (w->timer_cycle < w->ctx->next_wake)
		sim_set_events(w->ctx, w->timer_cycle, w->ctx->async_next);
}

void sim_warp_exit(sim_warp *w)
{
	sim_warp_set_state(w, SIM_W_EXITED);
	w->valid = w->yield = w->sleep = w->switch_mask = 0;
	sim_set_active(w, 0);
	w->timer_armed = false;
	w->cta->exited_warps++;
	sim_bcu_warp_exited(w->ctx, w->cta);
	sim_cluster_warp_exited(w->ctx, w->cta); /* cluster.c */
}

/* ---- livelock detector --------------------------------------------------- */

static uint64_t mix(uint64_t h, uint64_t v)
{
	h ^= v + 0x9e3779b97f4a7c15ull + (h << 6) + (h >> 2);
	return h * 0xff51afd7ed558ccdull;
}

/* Hash of the whole warp state (control state, used GPR rows, predicates). */
static uint64_t warp_hash(const sim_warp *w)
{
	uint64_t h = mix(0, w->active_pc);
	h = mix(h, (uint64_t)w->valid << 32 | w->active);
	h = mix(h, (uint64_t)w->yield << 32 | w->sleep);
	h = mix(h, w->switch_mask);
	for (int k = 0; k < SIM_NBREGS; k++)
		h = mix(h, w->breg[k]);
	uint64_t rpc[SIM_LANES] = {0}; /* each valid lane's RPC, from its group */
	for (int k = 0; k < w->nrg; k++)
		for (uint32_t m = w->rg_mask[k] & w->valid; m; m &= m - 1)
			rpc[sim_ffs(m)] = w->rg_pc[k];
	for (int l = 0; l < SIM_LANES; l++)
		h = mix(h, rpc[l]);
	for (int k = 0; k < SIM_NPRED; k++)
		h = mix(h, w->p[k]);
	for (int k = 0; k < SIM_NUR; k++)
		h = mix(h, w->ur[k]);
	/* the register rows in four independent chains (a row is 16 words),
	   so that the multiplies overlap instead of waiting on each other;
	   a lighter step than mix() (xor, rotate, multiply: the rotation
	   folds the high bits down, the odd multiplier keeps every step a
	   bijection), as the rows are most of what is hashed */
	const uint64_t *r = (const uint64_t *)w->r;
	size_t n = (size_t)w->ctx->rows_used * SIM_LANES / 2;
	uint64_t a0 = h, a1 = h + 1, a2 = h + 2, a3 = h + 3;
#define SIM_LL_STEP(a, v) (a ^= (v), a = (a << 23 | a >> 41) * 0xff51afd7ed558ccdull)
	for (size_t k = 0; k + 4 <= n; k += 4) {
		SIM_LL_STEP(a0, r[k]);
		SIM_LL_STEP(a1, r[k + 1]);
		SIM_LL_STEP(a2, r[k + 2]);
		SIM_LL_STEP(a3, r[k + 3]);
	}
#undef SIM_LL_STEP
	h = mix(mix(mix(mix(h, a0), a1), a2), a3);
	return h;
}

static void report_livelock(sim_warp *w, int back)
{
	util_buf b = {0};
	uint64_t seen[32];
	int nseen = 0;
	for (int k = 0; k < 32 && (uint64_t)k < w->ll_events; k++) {
		uint64_t pc = w->ll_pcs[(w->ll_events - 1 - (uint64_t)k) & 31];
		bool dup = false;
		for (int j = 0; j < nseen; j++)
			dup |= seen[j] == pc;
		if (!dup) {
			char loc[512];
			seen[nseen++] = pc;
			util_buf_printf(&b, "%s0x%llx%s", nseen > 1 ? ", " : "",
					(unsigned long long)pc,
					sim_loc(w->ctx, pc, loc, sizeof loc));
		}
	}
	char *pcs = util_buf_take(&b);
	char *cause = sim_livelock_cause(w); /* diag.c */
	sim_raise(w, NULL, w->active, SIM_STOP_LIVELOCK,
		  "livelock: %sthe warp's whole state repeats (within %d "
		  "control transfers) with no memory write and no other warp "
		  "issuing; control cycles through PCs %s",
		  cause ? cause : "", back * 64, pcs ? pcs : "?");
	free(cause);
	free(pcs);
	/* the warps it waits on: blocked at a barrier or an mbarrier */
	sim_report_blocked_others(w->ctx, w);
}

/*
 * Every 64th switch between lane groups or taken backward jump
 * (sim_ll_event in sim.h) the warp's state is hashed; if it equals one of
 * the last 16 samples while no memory was written, no other warp issued and
 * no NANOSLEEP timer is pending, the warp can never leave the cycle: stop
 * with a livelock report.
 */
void sim_ll_sample(sim_warp *w)
{
	sim_ctx *c = w->ctx;
	uint64_t h = warp_hash(w), others = sim_steps(c) - w->steps;
	uint64_t n = w->ll_events / 64; /* samples so far, this one included */
	for (uint64_t k = 1; k <= 16 && k < n; k++) {
		unsigned s = (unsigned)((n - k) & 15);
		/* a pending NANOSLEEP timer (this warp's or a sleeping
		   warp's) is a future event that can change things */
		bool timers = w->timer_armed || c->next_wake != UINT64_MAX ||
			      c->async_next != UINT64_MAX; /* copies */
		if (w->ll_hash[s] == h && w->ll_writes[s] == c->mem_writes &&
		    w->ll_others[s] == others && !timers) {
			report_livelock(w, (int)k);
			return;
		}
	}
	unsigned s = (unsigned)(n & 15);
	w->ll_hash[s] = h;
	w->ll_writes[s] = c->mem_writes;
	w->ll_others[s] = others;
}
