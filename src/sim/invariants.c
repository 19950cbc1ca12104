/*
 * invariants.c - the simulator's state invariants, checked from outside
 * the run (fuzzers, tests) through the per-issue hook of sched.c.
 *
 * Requires: a context during or after sim_run.  Produces: true when every
 * invariant below holds, else false and the first broken one in `why`.
 * Reads only; never changes the state.
 *
 * Per warp (every CTA that has warps: resident, or finished and kept):
 *   - ActiveMask, YieldMask, SleepMask, SwitchMask are subsets of ValidMask,
 *     ValidMask of the lanes that exist (seed 001: "ActiveMask must be a
 *     subset of ValidMask"; the other masks only mean something inside
 *     ValidMask and are kept there, docs/semantics.md);
 *   - a warp is EXITED exactly when ValidMask is 0; a live warp that may
 *     issue has an active lane; a warp in SLEEP has its timer armed;
 *   - its CTA's per-state masks (in_state, what the scheduler and the
 *     wakers visit) list it under its state and under no other;
 *   - a warp that sleeps (or has SleepMask lanes) has its timer armed;
 *     a resident sleeping warp's timer, a parked warp's time limit and a
 *     CTA's next copy completion are no earlier than the scheduler's next
 *     wake-up / copy-engine event (no missed wake-up);
 *   - with SIM_INV_PCS: ActivePC and the RPC of every valid inactive lane
 *     are 16-byte aligned and inside the text or at its end (the word after
 *     the last one, which faults when issued) - for programs whose branch
 *     targets are all in the text;
 * Per CTA barrier (seed 000):
 *   - count and expected are multiples of 32, expected <= 32 * warps of
 *     the CTA, count <= expected when expected != 0, an IDLE barrier has no
 *     arrivals, no waiter and expected 0;
 *   - waiting is a subset of arrived, waiting warps are SIM_W_BAR on this
 *     barrier and vice versa;
 *   - no barrier is complete without having been released;
 *   - exited_warps counts the EXITED warps.
 * Per mbarrier object (seed 002, mbarrier.h), for a valid object:
 *   - bits 60..62 of the word are 0;
 *   - an incomplete phase has pending arrivals or bytes (pending = 0 and
 *     tx = 0 only right after all participants dropped: participants 0);
 *   - the shadow value is what shared memory holds, unless an ordinary
 *     store changed it (then the next mbarrier operation raises) - not
 *     checked here.
 * Per warp parked in SIM_W_MBAR: its lanes are active lanes; parked on a
 *   phase, the object is live and the phase still the awaited one (no
 *   lost wake-up).
 * Stop: c->stop is one of the kinds with a diagnostic.
 */
#include <stdio.h>
#include <string.h>

#include "sim/mbarrier.h"
#include "sim/sim.h"

static bool fail(char *why, size_t size, const char *fmt, ...)
	SIMT_PRINTF(3, 4);
static bool fail(char *why, size_t size, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	if (why && size)
		vsnprintf(why, size, fmt, ap);
	va_end(ap);
	return false;
}

static bool pc_ok(const sim_ctx *c, uint64_t pc)
{
	return pc % SIM_INST_SIZE == 0 && pc >= c->code_base &&
	       (pc - c->code_base) / SIM_INST_SIZE <= c->ncode;
}

static bool check_warp(const sim_ctx *c, const sim_cta *cta,
		       const sim_warp *w, unsigned flags, char *why,
		       size_t size)
{
	const uint32_t id0 = cta->id[0], id1 = cta->id[1], id2 = cta->id[2];
#define WFAIL(...)                                                              \
	do {                                                                    \
		char m_[160];                                                   \
		snprintf(m_, sizeof m_, __VA_ARGS__);                           \
		return fail(why, size, "CTA (%u,%u,%u) warp %d: %s", id0, id1,  \
			    id2, w->id, m_);                                    \
	} while (0)
	if (w->valid & ~w->nlanes_mask)
		WFAIL("ValidMask 0x%08x has lanes that do not exist (0x%08x)",
		      w->valid, w->nlanes_mask);
	const struct {
		const char *name;
		uint32_t m;
	} sub[] = {{"ActiveMask", w->active},
		   {"YieldMask", w->yield},
		   {"SleepMask", w->sleep},
		   {"SwitchMask", w->switch_mask}};
	for (size_t k = 0; k < sizeof sub / sizeof sub[0]; k++)
		if (sub[k].m & ~w->valid)
			WFAIL("%s 0x%08x is not inside ValidMask 0x%08x",
			      sub[k].name, sub[k].m, w->valid);
	for (int k = 0; k < SIM_W_NSTATES; k++)
		if ((cta->in_state[k] >> w->id & 1) != (k == (int)w->state))
			WFAIL("state %d but the CTA's mask of state %d %s it",
			      (int)w->state, k,
			      k == (int)w->state ? "omits" : "lists");
	if ((w->state == SIM_W_EXITED) != (w->valid == 0))
		WFAIL("state %d with ValidMask 0x%08x", (int)w->state, w->valid);
	if (w->idle != SIM_LANES - sim_popc(w->active))
		WFAIL("idle lanes %u but ActiveMask 0x%08x", w->idle,
		      w->active);
	if (w->state != SIM_W_EXITED && w->active == 0)
		WFAIL("live warp (state %d, ValidMask 0x%08x) has no active lane",
		      (int)w->state, w->valid);
	if ((w->state == SIM_W_SLEEP || w->sleep) && !w->timer_armed)
		WFAIL("sleeps (state %d, SleepMask 0x%08x) without a timer",
		      (int)w->state, w->sleep);
	/* no missed wake-up: the scheduler's next events are no later than
	   what a resident warp waits for */
	if (cta->shared && w->state == SIM_W_SLEEP &&
	    w->timer_cycle < c->next_wake)
		WFAIL("sleeps until cycle %llu but the next wake-up is at %llu",
		      (unsigned long long)w->timer_cycle,
		      (unsigned long long)c->next_wake);
	if (cta->shared && w->state == SIM_W_MBAR &&
	    w->mbar_deadline != UINT64_MAX && w->mbar_deadline < c->async_next)
		WFAIL("waits until cycle %llu but the copy engine's next event "
		      "is at %llu", (unsigned long long)w->mbar_deadline,
		      (unsigned long long)c->async_next);
	if (w->state == SIM_W_BAR &&
	    (w->bar_id < 0 || w->bar_id >= SIM_NBARRIERS ||
	     !(cta->bar[w->bar_id].waiting >> w->id & 1)))
		WFAIL("blocked on barrier %d, which does not list it", w->bar_id);
	if (w->state == SIM_W_MBAR && (w->mbar_lanes & ~w->active))
		WFAIL("mbarrier wait lanes 0x%08x outside ActiveMask 0x%08x",
		      w->mbar_lanes, w->active);
	/* RPC groups (sim.h): non-empty, disjoint, every lane in one, one
	   group per PC */
	uint32_t seen = 0;
	if (w->nrg < 1 || w->nrg > SIM_LANES)
		WFAIL("%d RPC groups", w->nrg);
	for (int k = 0; k < w->nrg; k++) {
		if (!w->rg_mask[k] || (w->rg_mask[k] & seen))
			WFAIL("RPC group %d (lanes 0x%08x) empty or overlapping",
			      k, w->rg_mask[k]);
		seen |= w->rg_mask[k];
		for (int j = 0; j < k; j++)
			if (w->rg_pc[j] == w->rg_pc[k])
				WFAIL("RPC groups %d and %d share PC 0x%llx", j,
				      k, (unsigned long long)w->rg_pc[k]);
	}
	if (seen != 0xffffffffu)
		WFAIL("RPC groups cover lanes 0x%08x, not all lanes", seen);
	if (!(flags & SIM_INV_PCS) || w->state == SIM_W_EXITED)
		return true;
	if (!pc_ok(c, w->active_pc))
		WFAIL("ActivePC 0x%llx outside the text [0x%llx, +0x%llx]",
		      (unsigned long long)w->active_pc,
		      (unsigned long long)c->code_base,
		      (unsigned long long)(c->ncode * SIM_INST_SIZE));
	for (uint32_t m = w->valid & ~w->active; m; m &= m - 1)
		if (!pc_ok(c, sim_rpc(w, sim_ffs(m))))
			WFAIL("RPC 0x%llx of lane %u outside the text",
			      (unsigned long long)sim_rpc(w, sim_ffs(m)), sim_ffs(m));
#undef WFAIL
	return true;
}

/* A barrier whose phase would be complete now (the release condition of
 * bcu.c). */
static bool bar_done(const sim_cta *cta, const sim_barrier *b)
{
	if (b->expected == 0)
		return b->count + 32u * (uint32_t)cta->exited_warps ==
		       32u * (uint32_t)cta->nwarps;
	return b->count == b->expected;
}

static bool check_barriers(const sim_cta *cta, char *why, size_t size)
{
	uint32_t waiters = 0;
	for (int j = 0; j < cta->nwarps; j++)
		if (cta->warps[j].state == SIM_W_BAR)
			waiters |= 1u << j;
	for (int k = 0; k < SIM_NBARRIERS; k++) {
		const sim_barrier *b = &cta->bar[k];
		const char *bad = NULL;
		uint32_t limit = 32u * (uint32_t)cta->nwarps;
		if (b->count % 32 || b->expected % 32)
			bad = "count or expected not a multiple of 32";
		else if (b->expected > limit)
			bad = "expected count beyond the CTA's warps";
		else if (b->expected && b->count > b->expected)
			bad = "more arrivals than expected";
		else if (b->count > limit)
			bad = "arrival count out of range";
		else if (b->kind == SIM_BAR_IDLE &&
			 (b->count || b->expected || b->waiting || b->arrived))
			bad = "idle barrier with arrivals";
		else if (b->waiting & ~b->arrived)
			bad = "a waiting warp that did not arrive";
		else if (b->kind != SIM_BAR_IDLE && bar_done(cta, b))
			bad = "complete but not released";
		for (uint32_t m = b->waiting; !bad && m; m &= m - 1) {
			const sim_warp *o = &cta->warps[sim_ffs(m)];
			if (o->state != SIM_W_BAR || o->bar_id != k)
				bad = "lists a warp that does not wait on it";
			waiters &= ~(1u << sim_ffs(m));
		}
		if (bad)
			return fail(why, size,
				    "CTA (%u,%u,%u) barrier %d: %s (kind %u, "
				    "count %u, expected %u, waiting 0x%x, "
				    "arrived 0x%x, warps %d, exited %d)",
				    cta->id[0], cta->id[1], cta->id[2], k, bad,
				    b->kind, b->count, b->expected, b->waiting,
				    b->arrived, cta->nwarps, cta->exited_warps);
	}
	if (waiters)
		return fail(why, size, "CTA (%u,%u,%u): warps 0x%x wait on a "
			    "barrier that does not list them", cta->id[0],
			    cta->id[1], cta->id[2], waiters);
	return true;
}

static bool check_mbarriers(const sim_ctx *c, const sim_cta *cta, char *why,
			    size_t size)
{
	const sim_async *as = cta->async;
	if (as && as->nev && as->ev[0].cycle < c->async_next)
		return fail(why, size, "CTA (%u,%u,%u): a copy completes at cycle "
			    "%llu but the copy engine's next event is at %llu",
			    cta->id[0], cta->id[1], cta->id[2],
			    (unsigned long long)as->ev[0].cycle,
			    (unsigned long long)c->async_next);
	for (size_t k = 0; as && k < as->nobj; k++) {
		const sim_mbobj *o = &as->obj[k];
		uint64_t v = o->shadow;
		const char *bad = NULL;
		if (o->state != MB_VALID)
			continue;
		if (o->addr % 8 || (uint64_t)o->addr + 8 > cta->shared_size)
			bad = "address outside shared memory or misaligned";
		else if ((v >> 60) & 7)
			bad = "reserved bits 60..62 set";
		else if (MB_PEND(v) == 0 && MB_TX(v) == 0 && MB_PART(v) != 0)
			bad = "a phase with nothing pending has not completed";
		if (bad)
			return fail(why, size,
				    "CTA (%u,%u,%u) mbarrier at shared 0x%x: %s "
				    "(0x%016llx)", cta->id[0], cta->id[1],
				    cta->id[2], o->addr, bad,
				    (unsigned long long)v);
	}
	/* no lost wake-up: a warp parked on a phase waits on a live object
	   whose phase is still the one it waits for (while the CTA runs: its
	   objects are dropped when it ends) */
	for (int j = 0; as && j < cta->nwarps; j++) {
		const sim_warp *w = &cta->warps[j];
		if (w->state != SIM_W_MBAR || w->mbar_kind != SIM_MBW_PHASE)
			continue;
		const sim_mbobj *o = NULL;
		for (size_t k = 0; as && k < as->nobj; k++)
			if (as->obj[k].addr == w->mbar_addr)
				o = &as->obj[k];
		if (!o || o->state != MB_VALID ||
		    MB_PHASE(o->shadow) != w->mbar_want)
			return fail(why, size,
				    "CTA (%u,%u,%u) warp %d: parked on the mbarrier "
				    "at shared 0x%x for phase parity %u, which is %s",
				    cta->id[0], cta->id[1], cta->id[2], w->id,
				    w->mbar_addr, w->mbar_want,
				    !o || o->state != MB_VALID ? "not a live object"
							       : "complete");
	}
	return true;
}

bool sim_check_cta_invariants(const sim_ctx *c, const sim_cta *cta,
			      unsigned flags, char *why, size_t size)
{
	if (why && size)
		why[0] = '\0';
	if (!cta->warps)
		return true;
	int exited = 0;
	for (int j = 0; j < cta->nwarps; j++) {
		exited += cta->warps[j].state == SIM_W_EXITED;
		if (!check_warp(c, cta, &cta->warps[j], flags, why, size))
			return false;
	}
	if (exited != cta->exited_warps)
		return fail(why, size, "CTA (%u,%u,%u): %d warps exited, counted %d",
			    cta->id[0], cta->id[1], cta->id[2], exited,
			    cta->exited_warps);
	return check_barriers(cta, why, size) &&
	       check_mbarriers(c, cta, why, size);
}

bool sim_check_invariants(const sim_ctx *c, unsigned flags, char *why,
			  size_t size)
{
	if (why && size)
		why[0] = '\0';
	for (uint64_t k = 0; k < c->nctas; k++)
		if (!sim_check_cta_invariants(c, &c->ctas[k], flags, why, size))
			return false;
	return true;
}
