/*
 * sched.c - launch: up to R CTAs of the grid resident at once, the warps
 * of all resident CTAs interleaved by the policy on one cycle counter.
 *
 * Requires: a predecoded program and c->launch.  Produces: the final state
 * of every CTA (kept for simt_sim_reg when launch.keep asks and the grid is
 * small, else the last R), c->stop and the diagnostics of the first stop.
 *
 * Residency: R = launch.resident, or by default the whole grid up to 64
 * CTAs and 16 warps in all, but at least 2 CTAs (docs/semantics.md, CTA
 * scheduling, says why).  The first R CTAs (linear id, x fastest)
 * are launched at cycle 0; when every warp of a resident CTA has exited,
 * its shared/local memory is released and the next CTA in linear order is
 * launched in its place at the current cycle.  R = 1 is the old sequential
 * model.  A CTA's state (warps, barriers, shared memory via
 * sim_mem_cta_begin) exists only from its launch.  Slots: by default the
 * R slots of c->ctas are allocated once and a finished CTA's slot is
 * reused by the next CTA (warp_init clears only what a run can have
 * written), so memory follows the resident set, not the grid.  Only when
 * launch.keep asks for it (and the grid's warps fit in SIM_KEEP_BYTES) has
 * every CTA a slot of its own, whose warps stay after it finishes for
 * read-back (kept mode).
 *
 * Timing model: at most one warp of the whole grid issues per cycle; an
 * issue at cycle t makes its warp eligible again at t + stall (stall 0
 * counts as 1).  When no warp is eligible the counter jumps to the next
 * clock or timer expiry; when there is none and a CTA is still resident,
 * that is a deadlock (reported for every resident CTA).  A warp blocked
 * on its CTA's barrier while other CTAs issue is just waiting.
 * Policies, over the resident warps in (CTA linear id, warp id) order:
 * round-robin from the warp after the last issuer (default), greedy (the
 * last issuer while it is eligible, else round-robin), random (uniform
 * among eligible warps, xorshift64* seeded by launch.seed).  When the last
 * issuer's CTA retires, round-robin continues with the CTA after it; the
 * new CTA is the last in the order.  Everything is a function of the
 * inputs and the policy: same inputs, same trace.
 *
 * Hooks for other units go in run_grid() (before an issue), issue_burst()
 * (when to leave the burst) and advance() (next event time); the copy
 * engine's (async.c: completions due, keyed on c->async_next) is one.
 * Keep them O(1) per issue.
 *
 * Waiting is event-driven: pick(), pick_random(), advance() and
 * wake_expired() walk each CTA's mask of READY (or SLEEP) warps,
 * cta->in_state, in the order a scan over every warp would take, so a
 * warp parked on a barrier, an mbarrier or a cluster barrier costs
 * nothing here until its waker (bcu.c, mbarrier.c, cluster.c, async.c)
 * makes it READY again.
 */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sim/hb.h"
#include "sim/mem.h"
#include "sim/sim.h"

#define SIM_KEEP_BYTES (256u << 20) /* keep every CTA up to this size */
#define SIM_DEFAULT_RESIDENT 64u       /* default: at most 64 CTAs ...     */
#define SIM_DEFAULT_RESIDENT_WARPS 16u /* ... and 16 warps, but 2 CTAs     */

/* The resident set: CTAs in linear-id order, each with wpc warps; the
 * scheduling order is (position in res, warp id). */
typedef struct sim_sched {
	sim_cta **res;     /* resident CTAs, ascending linear id            */
	int nres, cap, wpc; /* resident count, R, warps per CTA             */
	int lp, lj;        /* last issuer: res index and warp; lp -1: none  */
	uint64_t next;     /* launch index of the next CTA to launch        */
	uint64_t total;    /* CTAs in the grid                              */
	/* CTA groups: launch indices [group * gsize, gend) */
	uint64_t gsize, ngroups, group, gend;
	uint64_t cycle_max; /* longest group so far (the launch's cycles)   */
	uint64_t fresh;    /* launches [0, fresh) land in slots that
			      sim_sched_prepare cleared for this rows_dirty */
	bool par;          /* the groups run on worker threads (par.c)      */
	sim_warp *pending; /* picked, held back by a breakpoint: issues
			      first when the launch resumes                 */
	/* no resident CTA but solo had a ready warp while c->ready_gen was
	   solo_gen (next_eligible) */
	const sim_cta *solo;
	uint64_t solo_gen;
} sched;

/* The resident set changed: each CTA's position and each warp's
 * round-robin successor (sim_warp.rr_next, sim_cta.rpos). */
static void res_changed(sched *s)
{
	for (int q = 0; q < s->nres; q++) {
		sim_cta *cta = s->res[q];
		sim_warp *next = s->res[q + 1 < s->nres ? q + 1 : 0]->warps;
		cta->rpos = q;
		for (int j = s->wpc - 1; j >= 0; j--) {
			cta->warps[j].rr_next = next;
			next = &cta->warps[j];
		}
	}
}

static uint64_t rng_next(sim_ctx *c)
{
	c->rng ^= c->rng >> 12;
	c->rng ^= c->rng << 25;
	c->rng ^= c->rng >> 27;
	return c->rng * 0x2545f4914f6cdd1dull;
}

static bool eligible(const sim_warp *w, uint64_t cycle)
{
	return w->state == SIM_W_READY && w->clock <= cycle;
}

/* The ready warps of CTA position p at positions after warp j (first:
 * j < wpc) or up to and including it (last); a mask over warp ids. */
static uint32_t ready_after(const sim_cta *cta, int j, bool last)
{
	uint32_t upto = (uint32_t)((2ull << j) - 1); /* warps 0..j */
	return cta->in_state[SIM_W_READY] & (last ? upto : ~upto);
}

/* Uniform among the eligible warps, in (CTA, warp) order: only the ready
 * warps are visited. */
static sim_warp *pick_random(sim_ctx *c, sched *s)
{
	uint64_t k = 0;
	for (int p = 0; p < s->nres; p++)
		for (uint32_t m = s->res[p]->in_state[SIM_W_READY]; m; m &= m - 1)
			k += s->res[p]->warps[sim_ffs(m)].clock <= c->cycle;
	if (!k)
		return NULL;
	uint64_t r = rng_next(c) % k;
	for (int p = 0; p < s->nres; p++)
		for (uint32_t m = s->res[p]->in_state[SIM_W_READY]; m; m &= m - 1) {
			int j = (int)sim_ffs(m);
			if (s->res[p]->warps[j].clock <= c->cycle && r-- == 0) {
				s->lp = p;
				s->lj = j;
				return &s->res[p]->warps[j];
			}
		}
	return NULL;
}

/* The first warp of mask m of CTA position q whose clock has come (the
 * new last issuer), or NULL. */
static sim_warp *first_eligible(sim_ctx *c, sched *s, int q, uint32_t m)
{
	sim_cta *cta = s->res[q];
	for (; m; m &= m - 1) {
		int x = (int)sim_ffs(m);
		if (cta->warps[x].clock <= c->cycle) {
			s->lp = q;
			s->lj = x;
			return &cta->warps[x];
		}
	}
	return NULL;
}

/* Round-robin from the warp after the last issuer, over (CTA, warp). */
static sim_warp *pick(sim_ctx *c, sched *s)
{
	if (c->chooser) /* choice.c: exploration, replay */
		return sim_choice_pick(c, s->res, s->nres, s->wpc, &s->lp, &s->lj);
	if (c->launch.policy == SIMT_POLICY_GREEDY && s->lp >= 0 &&
	    eligible(&s->res[s->lp]->warps[s->lj], c->cycle))
		return &s->res[s->lp]->warps[s->lj];
	if (c->launch.policy == SIMT_POLICY_RANDOM)
		return pick_random(c, s);
	if (!s->nres)
		return NULL;
	int p = s->lp, j = s->lj;
	if (p < 0) {
		p = s->nres - 1;
		j = s->wpc - 1;
	}
	/* the warps after (p, j), CTA by CTA, and last CTA p's up to j: the
	 * order of a scan over every warp, visiting only the ready ones */
	sim_warp *w = first_eligible(c, s, p, ready_after(s->res[p], j, false));
	for (int k = 1, q = p + 1; !w && k < s->nres; k++, q++) {
		q -= q == s->nres ? s->nres : 0; /* wraps to CTA 0 once */
		if (s->res[q]->in_state[SIM_W_READY])
			w = first_eligible(c, s, q, s->res[q]->in_state[SIM_W_READY]);
	}
	return w ? w : first_eligible(c, s, p, ready_after(s->res[p], j, true));
}

/* Wake the sleeping warps whose timer expired; recompute next_wake. */
static void wake_expired(sim_ctx *c, sched *s)
{
	uint64_t wake = UINT64_MAX;
	for (int p = 0; p < s->nres; p++)
		for (uint32_t m = s->res[p]->in_state[SIM_W_SLEEP]; m; m &= m - 1) {
			sim_warp *w = &s->res[p]->warps[sim_ffs(m)];
			if (w->timer_cycle <= c->cycle)
				sim_timer_expire(w);
			else if (w->timer_cycle < wake)
				wake = w->timer_cycle;
		}
	sim_set_events(c, wake, c->async_next);
}

/* Nothing eligible now: jump to the next event (the earliest clock of a
 * ready warp, timer, copy completion or wait limit) instead of stepping
 * cycle by cycle; false when there is none. */
static bool advance(sim_ctx *c, sched *s)
{
	uint64_t next = UINT64_MAX;
	for (int p = 0; p < s->nres; p++) {
		const sim_cta *cta = s->res[p];
		for (uint32_t m = cta->in_state[SIM_W_READY]; m; m &= m - 1) {
			const sim_warp *w = &cta->warps[sim_ffs(m)];
			next = w->clock < next ? w->clock : next;
		}
		for (uint32_t m = cta->in_state[SIM_W_SLEEP]; m; m &= m - 1) {
			const sim_warp *w = &cta->warps[sim_ffs(m)];
			next = w->timer_cycle < next ? w->timer_cycle : next;
		}
	}
	if (c->async_next < next) /* copy completions, wait limits */
		next = c->async_next;
	if (next == UINT64_MAX)
		return false;
	if (next > c->cycle)
		c->cycle = next;
	wake_expired(c, s);
	return true;
}

/*
 * Set up warp id of cta at the current cycle.  A slot (fresh from malloc,
 * or one that held a warp before) is cleared only where a run can read
 * it: the register rows up to c->rows_dirty (every row an operand of the
 * code can reach, and the rows a register init names), RZ and the sink,
 * and the control state after the register file.  The rows above
 * rows_dirty are never written nor read by the run; simt_sim_reg reads
 * them as zero (api.c).  This keeps a launch from zeroing and touching
 * ~33 KB of register file per warp when the code uses a few rows: calloc
 * zeroes all of it whenever the heap already holds the memory.
 */
static void warp_init(sim_ctx *c, sim_cta *cta, sim_warp *w, int id,
		      bool fresh)
{
	if (!fresh) { /* fresh: sim_sched_prepare cleared them */
		memset(w, 0, offsetof(sim_warp, r)); /* the control state */
		/* its rows (w->r set by cta_init) */
		memset(w->r, 0, sizeof w->r[0] * (size_t)c->rows_dirty);
		memset(w->r[SIM_RZ], 0,
		       sizeof w->r[0] * (SIM_NROWS - SIM_RZ)); /* RZ, sink */
	}
	const uint32_t *bd = c->launch.block;
	w->id = id;
	w->cta = cta;
	w->ctx = c;
	/* thread t = id * 32 + l is (x, y, z) with x fastest: divide once,
	   then count x up and carry into y and z */
	uint32_t t = (uint32_t)id * SIM_LANES;
	uint32_t x = t % bd[0], y = t / bd[0] % bd[1], z = t / (bd[0] * bd[1]);
	if (x + SIM_LANES <= bd[0] && t + SIM_LANES <= cta->nthreads) {
		/* a whole warp inside one row of x (blocks of 32 threads in
		   x or more): y and z are the warp's, x counts up */
		for (int l = 0; l < SIM_LANES; l++) {
			w->tid[0][l] = x + (uint32_t)l;
			w->tid[1][l] = y;
			w->tid[2][l] = z;
		}
		w->nlanes_mask = 0xffffffffu;
		t = cta->nthreads; /* skips the loop below */
	}
	for (int l = 0; l < SIM_LANES && t < cta->nthreads; l++, t++) {
		w->nlanes_mask |= 1u << l;
		w->tid[0][l] = x;
		w->tid[1][l] = y;
		w->tid[2][l] = z;
		if (++x == bd[0]) {
			x = 0;
			if (++y == bd[1]) {
				y = 0;
				z++;
			}
		}
	}
	w->valid = w->nlanes_mask;
	sim_set_active(w, w->nlanes_mask);
	w->active_pc = c->code_base;
	w->ip = sim_ip(c, w->active_pc);
	sim_rpc_reset(w, c->code_base);
	w->p[SIM_PT] = ~0u;
	w->up[SIM_UPT] = 1;
	sim_warp_set_state(w, w->valid ? SIM_W_READY : SIM_W_EXITED);
	w->clock = c->cycle;
}

/*
 * The register block of a slot of n warps packs their files into each
 * other's unused rows: warp j's row k is row j * P + k of the block, where
 * the stride P >= rows_dirty + 2 is chosen so that RZ and the sink of warp
 * j (rows j * P + 255 and + 256) fall into the unused rows of warp
 * j + 255 / P, past its rows_dirty (255 % P in [rows_dirty, P - 2]).  The
 * rows any warp reaches are then disjoint, and a warp's touched rows are
 * P apart instead of SIM_NROWS: the slot's bytes fit the heap the lowering
 * freed instead of fresh pages, each a page fault (~2.5-3.6 us on this
 * VM; bench/RESULTS.md, "PTX corpus rate, session 12").  P = SIM_NROWS
 * (every file whole, one after another) when the code reaches RZ.
 */
static uint32_t row_stride(int rows_dirty)
{
	for (int p = rows_dirty + 2; p < SIM_NROWS; p++)
		if (SIM_RZ % p >= rows_dirty && SIM_RZ % p <= p - 2)
			return (uint32_t)p;
	return SIM_NROWS;
}

/* One allocation for a slot: the warps, then (64-byte aligned) the
 * register block of (n - 1) * P + SIM_NROWS rows. */
static sim_warp *alloc_warps(const sim_ctx *c, int n)
{
	size_t ctl = ((size_t)n * sizeof(sim_warp) + 63) & ~(size_t)63;
	size_t rows = (size_t)(n - 1) * row_stride(c->rows_dirty) + SIM_NROWS;
	uint8_t *b = malloc(ctl + 64 + rows * sizeof(uint32_t) * SIM_LANES);
	return (sim_warp *)(void *)b;
}

/* Warp j's register file in the slot warps[0..n) (alloc_warps). */
static uint32_t (*warp_rows(const sim_ctx *c, sim_warp *warps, int n,
			    int j))[SIM_LANES]
{
	size_t ctl = ((size_t)n * sizeof(sim_warp) + 63) & ~(size_t)63;
	uintptr_t b = (uintptr_t)warps + ctl;
	b = (b + 63) & ~(uintptr_t)63;
	return (uint32_t(*)[SIM_LANES])b + (size_t)j * row_stride(c->rows_dirty);
}

/* fresh: the slot is one sim_sched_prepare cleared, first used now. */
static simt_status cta_init(sim_ctx *c, sim_cta *cta, uint64_t lin, bool fresh)
{
	const uint32_t *g = c->launch.grid;
	sim_warp *keep = cta->warps;
	int keepn = cta->nwarps;
	struct sim_async *as = cta->async; /* emptied by release() */
	memset(cta, 0, sizeof *cta);
	cta->async = as;
	cta->lin = lin;
	cta->id[0] = (uint32_t)(lin % g[0]);
	cta->id[1] = (uint32_t)(lin / g[0] % g[1]);
	cta->id[2] = (uint32_t)(lin / ((uint64_t)g[0] * g[1]));
	cta->nthreads = c->launch.block[0] * c->launch.block[1] * c->launch.block[2];
	cta->nwarps = (int)((cta->nthreads + SIM_LANES - 1) / SIM_LANES);
	/* the slot's warps, when they are as many and their files as far
	   apart as this launch's (rows_dirty may have grown since
	   sim_sched_prepare allocated them: .init registers) */
	cta->warps = keepn == cta->nwarps &&
			     (keepn < 2 || keep[1].r - keep[0].r ==
						   (ptrdiff_t)row_stride(c->rows_dirty))
		     ? keep : NULL;
	if (!cta->warps) {
		free(keep);
		fresh = false;
		cta->warps = alloc_warps(c, cta->nwarps);
		if (!cta->warps)
			return SIMT_ERR_NOMEM;
	}
	for (int j = 0; j < cta->nwarps; j++) {
		cta->warps[j].r = warp_rows(c, cta->warps, cta->nwarps, j);
		warp_init(c, cta, &cta->warps[j], j, fresh);
	}
	cta->hb_slot = -1;
	simt_status st = sim_mem_cta_begin(c, cta, c->diags);
	if (st == SIMT_OK && c->hb)
		hb_cta_begin(c, cta);
	return st;
}

/* Launch the next CTA of the grid into slot (kept mode: its own).  With
 * clusters the launch order is cluster by cluster, each in rank order
 * (cluster.c), so a cluster's CTAs are launched together. */
static simt_status launch_next(sim_ctx *c, sched *s, sim_cta *slot)
{
	uint64_t lin = sim_cluster_lin(c, s->next);
	sim_cta *cta = c->kept ? &c->ctas[lin] : slot;
	simt_status st = cta_init(c, cta, lin, s->next < s->fresh);
	if (st == SIMT_OK)
		st = sim_cluster_attach(c, cta, s->next,
					s->nres ? s->res[s->nres - 1] : NULL);
	s->next++;
	if (st != SIMT_OK) {
		if (cta->warps)
			sim_mem_cta_end(c, cta);
		sim_cluster_detach(cta);
		return st;
	}
	s->res[s->nres++] = cta;
	res_changed(s);
	return SIMT_OK;
}

/* Every warp exited and no copy of the CTA is in flight. */
static bool cta_done(const sim_cta *cta)
{
	return cta->exited_warps == cta->nwarps && !sim_async_pending(cta);
}

/* cta and every other CTA of its cluster are done: a CTA whose cluster
 * still runs stays resident (its shared memory stays, remote accesses to
 * it are diagnosed; docs/semantics.md, Clusters). */
static bool finished(const sim_cta *cta)
{
	return cta_done(cta) && sim_cluster_all(cta, cta_done);
}

/* Take cta out of the resident set and release its memory. */
static void release(sim_ctx *c, sched *s, sim_cta *cta)
{
	int p = 0;
	while (s->res[p] != cta)
		p++;
	sim_rx_forget(c, cta->shared, cta->shared_size);
	sim_mem_cta_end(c, cta);
	if (c->kept) /* the slot is the CTA's own */
		sim_async_cta_end(c, cta);
	else /* the next CTA of the slot reuses the allocations */
		sim_async_cta_reset(c, cta);
	if (c->hb)
		hb_cta_end(c, cta);
	memmove(&s->res[p], &s->res[p + 1],
		sizeof *s->res * (size_t)(s->nres - p - 1));
	s->nres--;
	res_changed(s);
	if (s->lp > p) {
		s->lp--;
	} else if (s->lp == p) { /* continue with the CTA after it */
		s->lp = p - 1;
		s->lj = s->wpc - 1;
	}
}

/* cta finished: release it (with the rest of its cluster), launch the
 * next CTAs (the next cluster) in their slots. */
static simt_status retire(sim_ctx *c, sched *s, sim_cta *cta)
{
	sim_cta *slot[SIMT_MAX_CLUSTER];
	uint32_t n = sim_cluster_size(c);
	for (uint32_t r = 0; r < n; r++)
		slot[r] = n == 1 ? cta : sim_cluster_member(cta, r);
	for (uint32_t r = 0; r < n; r++) {
		release(c, s, slot[r]);
		sim_cluster_detach(slot[r]);
	}
	simt_status st = SIMT_OK;
	for (uint32_t r = 0; r < n && st == SIMT_OK && s->next < s->gend; r++)
		st = launch_next(c, s, slot[r]);
	return st;
}

/*
 * Begin CTA group g: a scheduler of its own from cycle 0 (the timers, the
 * copy engine's next event and the round-robin position too), a random
 * stream seeded from the seed and the group's first launch index (group 0:
 * the seed as before groups existed), trace steps counted from 0, and its
 * first R CTAs launched.  Slots it does not fill hold CTAs of an earlier
 * group: they are marked unreadable, so what stays readable after a run
 * never depends on which groups ran on which thread.
 */
static simt_status group_begin(sim_ctx *c, sched *s, uint64_t g)
{
	s->group = g;
	s->next = g * s->gsize;
	s->gend = s->total - s->next < s->gsize ? s->total : s->next + s->gsize;
	s->lp = -1;
	s->lj = 0;
	c->cycle = 0;
	sim_set_events(c, UINT64_MAX, UINT64_MAX);
	c->rng = (c->launch.seed ^ s->next * 0xbf58476d1ce4e5b9ull) *
			 0x9e3779b97f4a7c15ull + 1;
	c->step_base = c->steps;
	simt_status st = SIMT_OK;
	int k = 0;
	for (; k < s->cap && s->next < s->gend && st == SIMT_OK; k++)
		st = launch_next(c, s, &c->ctas[k]);
	for (; !c->kept && k < s->cap && k < (int)c->nctas; k++)
		c->ctas[k].lin = UINT64_MAX;
	return st;
}

/* The group ran to its end without a stop: begin the next one (in order;
 * on a worker thread the next one no worker has taken); false when none is
 * left or it could not begin (*st). */
static bool next_group(sim_ctx *c, sched *s, simt_status *st)
{
	if (c->cycle > s->cycle_max)
		s->cycle_max = c->cycle;
	uint64_t g = c->par ? sim_par_next(c) : s->group + 1;
	if (g >= s->ngroups)
		return false;
	*st = group_begin(c, s, g);
	return *st == SIMT_OK;
}

/* The cycle limit passed; w (NULL when its CTA just retired) is the warp
 * that issued last: where it stands says where the program was spinning. */
static void stop_limit(sim_ctx *c, sched *s, const sim_warp *w)
{
	const uint32_t *a = s->res[0]->id, *b = s->res[s->nres - 1]->id;
	char where[1024] = "", text[256], loc[512];
	if (w && w->state != SIM_W_EXITED) {
		uint64_t k = (w->active_pc - c->code_base) / SIM_INST_SIZE;
		const sim_inst *i = w->active_pc % SIM_INST_SIZE == 0 &&
					    w->active_pc >= c->code_base && k < c->ncode
				    ? &c->code[k] : NULL;
		sim_inst_text(c, i, text, sizeof text);
		util_buf cause = {0};
		sim_mbar_incomplete_cause(&cause, w->cta); /* mbarrier.c */
		char *cs = util_buf_take(&cause);
		snprintf(where, sizeof where, "; warp %d of CTA (%u,%u,%u) "
			 "issued last and stands at PC 0x%04llx%s `%s`%s", w->id,
			 w->cta->id[0], w->cta->id[1], w->cta->id[2],
			 (unsigned long long)w->active_pc,
			 sim_loc(c, w->active_pc, loc, sizeof loc), text, cs ? cs : "");
		free(cs);
	}
	if (s->nres == 1)
		util_diag(c->diags, SIMT_SEV_ERROR, NULL, NULL, 0, 0,
			  "kernel '%s', CTA (%u,%u,%u): cycle limit %llu reached "
			  "(raise with --max-cycles N or .launch max-cycles=N)%s",
			  c->kernel, a[0], a[1], a[2],
			  (unsigned long long)c->launch.max_cycles, where);
	else
		util_diag(c->diags, SIMT_SEV_ERROR, NULL, NULL, 0, 0,
			  "kernel '%s', %d resident CTAs (%u,%u,%u) to "
			  "(%u,%u,%u): cycle limit %llu reached (raise with "
			  "--max-cycles N or .launch max-cycles=N)%s",
			  c->kernel, s->nres, a[0], a[1], a[2], b[0], b[1], b[2],
			  (unsigned long long)c->launch.max_cycles, where);
	for (int k = 0; k < s->nres; k++) /* what a spin may be waiting for */
		sim_mbar_note_incomplete(c, s->res[k]);
	c->stop = SIM_STOP_LIMIT;
}

/* Instructions that synchronise (simt_until.sync). */
static bool sync_inst(const sim_inst *i)
{
	switch (i ? i->optype : SIM_OP_NONE) {
	case SIM_OP_BAR: case SIM_OP_BAR_RED: case SIM_OP_BSYNC:
	case SIM_OP_WARPSYNC: case SIM_OP_MBAR_ARRIVE:
	case SIM_OP_MBAR_TRY_WAIT: case SIM_OP_MBAR_TRY_WAIT_PARITY:
	case SIM_OP_MBAR_TEST_WAIT: case SIM_OP_MBAR_TEST_WAIT_PARITY:
	case SIM_OP_DEPBAR: case SIM_OP_ARRIVES:
		return true;
	default:
		return false;
	}
}

/*
 * Issue w and then, under round-robin, the warps after it in the order
 * (CTA, warp), on into the next resident CTAs, while each is eligible:
 * the next warp in the order, when eligible, is exactly what pick() would
 * choose, so the burst saves its set-up per issue.  A burst goes once
 * around the resident CTAs at most (the top of run_grid runs between
 * bursts).  Under greedy the burst goes on with w while it is eligible
 * (what pick() would choose again).  `one`: w only, the stepping API's
 * pause points fall between issues.  When nothing observes an issue (no
 * trace, record, relaxed memory, step hook or chooser: decided once per
 * burst) each issue is sim_step_plain, inlined here.  Returns false when
 * the run must end (*st says how).
 */
/* The first warp of mask m of cta whose clock has come (*pj its id), or
 * NULL. */
static inline sim_warp *first_due(sim_cta *cta, uint32_t m, uint64_t now,
				  int *pj)
{
	for (; m; m &= m - 1) {
		int j = (int)sim_ffs(m);
		if (cta->warps[j].clock <= now) {
			*pj = j;
			return &cta->warps[j];
		}
	}
	return NULL;
}

/*
 * burst_plain_rr's look for the next eligible warp after w (the last
 * issuer) when its round-robin successor is not: the CTAs' masks of ready
 * warps, as pick() walks them, so parked warps cost nothing: the warps of
 * w's CTA after w, the CTAs after it, then from CTA 0 up to and including
 * w's CTA (all its warps: those after w were not eligible at this cycle
 * and are not now).  NULL when no warp is eligible (pick() then finds
 * none either).
 *
 * When the walk finds no other CTA with a ready warp it notes so (the CTA
 * and c->ready_gen): until a warp is made READY again (the count moves)
 * no other CTA can have one, so the next look from that CTA goes straight
 * to its own warps (a pipeline whose other CTAs all wait for their copies
 * issues from one CTA for a long time).
 */
static sim_warp *next_eligible(const sim_ctx *c, sched *s, const sim_warp *last,
			       uint64_t now)
{
	sim_cta *const *res = s->res;
	sim_cta *const cp = last->cta;
	const int n = s->nres, p = cp->rpos;
	int j;
	sim_warp *w = first_due(cp, ready_after(cp, last->id, false), now, &j);
	if (w)
		return w;
	if (s->solo == cp && s->solo_gen == c->ready_gen)
		return first_due(cp, cp->in_state[SIM_W_READY], now, &j);
	uint32_t others = 0;
	for (int q = p + 1; q < n; q++) {
		uint32_t m = res[q]->in_state[SIM_W_READY];
		others |= m;
		if (m && (w = first_due(res[q], m, now, &j)))
			return w;
	}
	for (int q = 0; q < p; q++) {
		uint32_t m = res[q]->in_state[SIM_W_READY];
		others |= m;
		if (m && (w = first_due(res[q], m, now, &j)))
			return w;
	}
	if (!others) {
		s->solo = cp;
		s->solo_gen = c->ready_gen;
	}
	return first_due(cp, cp->in_state[SIM_W_READY], now, &j);
}

/* A burst of burst_plain_rr ends: w issued last, n issues in all. */
static void burst_done(sim_ctx *c, sched *s, const sim_warp *w, uint64_t n)
{
	s->lp = w->cta->rpos;
	s->lj = w->id;
	c->thread_insts += SIM_LANES * n;
	c->steps += n;
	c->burst_end = 0;
	sim_set_events(c, c->next_wake, c->async_next);
}

/*
 * issue_burst's loop for its most common case, round-robin with plain
 * issues (the default run): the same issues and the same exits, in the
 * same order, with the tests that do not depend on the issue taken out of
 * the loop, and the timer, copy-engine and burst-length bounds read as
 * one (c->event_next).  The next warp in the order is the last issuer's
 * rr_next (res_changed); when it is not eligible, next_eligible() finds
 * the one pick() would choose: nothing the top of run_grid does between
 * bursts can happen before the next timer or copy event (the bound just
 * tested), so the burst goes on with it.  It returns to run_grid after
 * 64 rounds of the resident warps (c->burst_end: run_grid checks whether
 * a worker's group is still wanted, a few thousand issues late at most;
 * each return costs a pick()) or when none is eligible.
 */
static bool burst_plain_rr(sim_ctx *c, sched *s, sim_warp *w,
			   simt_status *st)
{
	const uint64_t limit = c->launch.max_cycles;
	uint64_t now = c->cycle; /* no handler writes the cycle */
	const uint64_t now0 = now; /* one issue per cycle: now - now0 issues */
	bool more = true;
	c->burst_end = now + 64 * (uint64_t)(s->nres + 1) * (uint64_t)s->wpc;
	c->burst_now0 = now;
	sim_set_events(c, c->next_wake, c->async_next);
	for (;;) {
		bool ctrl = sim_step_plain(c, w, now);
		c->cycle = ++now;
		/* only a control instruction exits a warp; a stop, a timer or
		   copy event, the cycle limit and the burst's length all lower
		   c->event_next */
		if (ctrl && c->stop == SIM_STOP_NONE &&
		    w->state == SIM_W_EXITED && finished(w->cta)) {
			burst_done(c, s, w, now - now0);
			*st = retire(c, s, w->cta);
			if (*st != SIMT_OK)
				return false;
			if (now > limit && s->nres) {
				stop_limit(c, s, NULL);
				return false;
			}
			return true;
		}
		if (now >= c->event_next) {
			if (c->stop != SIM_STOP_NONE) {
				more = false;
			} else if (now > limit) {
				burst_done(c, s, w, now - now0);
				stop_limit(c, s, w);
				return false;
			}
			break;
		}
		sim_warp *n = w->rr_next;
		if (__builtin_expect(eligible(n, now), 1)) {
			w = n; /* the common case */
			continue;
		}
		if (!(n = next_eligible(c, s, w, now)))
			break;
		w = n;
	}
	burst_done(c, s, w, now - now0);
	return more;
}

static bool issue_burst(sim_ctx *c, sched *s, sim_warp *w, simt_status *st,
			bool one)
{
	const uint64_t limit = c->launch.max_cycles;
	const bool cont = !one && !c->chooser;
	const bool rr = cont && c->launch.policy == SIMT_POLICY_RR;
	const bool greedy = cont && c->launch.policy == SIMT_POLICY_GREEDY;
	const bool plain = cont && !c->launch.trace && !c->rec && !c->rx &&
			   !c->step_hook;
	if (plain && rr)
		return burst_plain_rr(c, s, w, st);
	int hops = 0; /* CTAs entered after the first */
	for (;;) {
		if (plain) {
			c->steps++;
			sim_step_plain(c, w, c->cycle);
			c->thread_insts += SIM_LANES;
			c->cycle++;
		} else {
			const sim_inst *i = one ? sim_inst_at(c, w->active_pc) : NULL;
			sim_step(w);
			c->cycle++;
			if (one)
				c->sync_event = sync_inst(i) || w->state == SIM_W_BAR ||
						w->state == SIM_W_MBAR;
			if (c->step_hook)
				c->step_hook(c, w, c->step_hook_user);
		}
		if (c->stop != SIM_STOP_NONE)
			return false;
		if (w->state == SIM_W_EXITED && finished(w->cta)) {
			*st = retire(c, s, w->cta);
			if (*st != SIMT_OK)
				return false;
			if (c->cycle > limit && s->nres) {
				stop_limit(c, s, NULL);
				return false;
			}
			return true;
		}
		if (c->cycle > limit) {
			stop_limit(c, s, w);
			return false;
		}
		if (c->cycle >= c->next_wake || c->cycle >= c->async_next)
			return true;
		if (greedy) {
			if (!eligible(w, c->cycle))
				return true;
			continue;
		}
		if (!rr)
			return true;
		int p = s->lp, j = s->lj + 1;
		if (j == s->wpc) { /* the next resident CTA's warp 0 */
			if (++hops > s->nres)
				return true;
			p = p + 1 == s->nres ? 0 : p + 1;
			j = 0;
		}
		sim_warp *next = &s->res[p]->warps[j];
		if (!eligible(next, c->cycle))
			return true;
		w = next;
		s->lp = p;
		s->lj = j;
	}
}

static bool is_break(const sim_until *u, uint64_t pc)
{
	for (int k = 0; k < u->npcs; k++)
		if (u->pcs[k] == pc)
			return true;
	return false;
}

/* The pause condition of u that holds before the next issue, or
 * SIMT_STOP_RUNNING. */
static simt_stop pause_now(const sim_ctx *c, const sim_until *u)
{
	if (c->steps >= u->steps)
		return SIMT_STOP_STEPS;
	if (c->cycle >= u->cycle)
		return SIMT_STOP_CYCLES;
	if (u->sync && c->sync_event)
		return SIMT_STOP_SYNC;
	return SIMT_STOP_RUNNING;
}

/*
 * The scheduler loop, the only one: simt_sim_run runs it with no pause
 * condition (u NULL), the stepping API with some.  Every pause point is at
 * the top of the loop or between pick() and the issue (a breakpoint: the
 * picked warp is kept in s->pending and issues first on resume), so a
 * paused launch resumes exactly where the unpaused one would be.
 */
static simt_status run_grid(sim_ctx *c, sched *s, const sim_until *u,
			    simt_stop *why)
{
	simt_status st = SIMT_OK;
	for (;;) {
		if (u && (*why = pause_now(c, u)) != SIMT_STOP_RUNNING) {
			c->sync_event = false;
			return SIMT_OK;
		}
		sim_warp *w = s->pending;
		s->pending = NULL;
		if (!w) {
			if (c->par && sim_par_cancelled(c, s->group))
				return SIMT_OK; /* a lower group stopped */
			if (c->cycle >= c->next_wake)
				wake_expired(c, s);
			if (c->cycle >= c->async_next) {
				bool ended = sim_async_tick(c, s->res, s->nres);
				if (c->stop != SIM_STOP_NONE)
					return SIMT_OK;
				for (int k = 0; ended && k < s->nres && st == SIMT_OK; k++)
					if (finished(s->res[k]))
						st = retire(c, s, s->res[k--]);
				if (st != SIMT_OK)
					return st;
			}
			w = pick(c, s);
			if (!w) {
				if (advance(c, s))
					continue;
				if (s->nres) {
					sim_report_deadlock(c, s->res, s->nres,
							    s->total - s->next);
					c->stop = SIM_STOP_DEADLOCK;
					return SIMT_OK;
				}
				if (next_group(c, s, &st))
					continue;
				return st;
			}
			if (u && u->npcs && is_break(u, w->active_pc)) {
				s->pending = w;
				*why = SIMT_STOP_BREAKPOINT;
				return SIMT_OK;
			}
		}
		if (!issue_burst(c, s, w, &st, u != NULL))
			return st;
	}
}

static void free_ctas(sim_ctx *c)
{
	for (uint64_t k = 0; k < c->nctas; k++) {
		sim_async_cta_end(c, &c->ctas[k]);
		sim_cluster_detach(&c->ctas[k]);
		free(c->ctas[k].warps);
	}
	free(c->ctas);
	c->ctas = NULL;
	c->nctas = 0;
	c->ctas_prepared = 0;
}

/* R for this launch; false (with a diagnostic) when it cannot fit.  The
 * budget (SIMT_MAX_RESIDENT_BYTES, docs/limits.md) counts each resident
 * CTA's warps, its shared memory and its threads' local memory (allocated
 * on first use, counted as if used). */
static bool resident_count(sim_ctx *c, uint64_t n, uint64_t per, int *r)
{
	uint64_t wpc = per / SIM_WARP_BYTES, want = c->launch.resident;
	const uint32_t *bd = c->launch.block;
	uint64_t cta = per + (uint64_t)c->static_shared + c->launch.dyn_shared +
		       (uint64_t)bd[0] * bd[1] * bd[2] * sim_mem_local_size(c->mem);
	if (!want) {
		want = SIM_DEFAULT_RESIDENT_WARPS / wpc;
		want = want < 2 ? 2 : want > SIM_DEFAULT_RESIDENT
			       ? SIM_DEFAULT_RESIDENT : want;
	}
	if (want > n)
		want = n;
	uint64_t cn = sim_cluster_size(c); /* whole clusters, at least one */
	want = want < cn ? cn : want / cn * cn;
	if (want * cta > SIMT_MAX_RESIDENT_BYTES) {
		util_diag(c->diags, SIMT_SEV_ERROR, NULL, NULL, 0, 0,
			  "%llu resident CTAs need %llu MiB of warp state, shared "
			  "and local memory (limit %llu MiB); lower --resident-ctas",
			  (unsigned long long)want,
			  (unsigned long long)(want * cta >> 20),
			  (unsigned long long)(SIMT_MAX_RESIDENT_BYTES >> 20));
		return false;
	}
	*r = (int)want;
	return true;
}

/* Release the launch in progress (its resident CTAs' memory and copies). */
void sim_sched_free(sim_ctx *c)
{
	sched *s = c->sched;
	if (!s)
		return;
	for (int k = 0; k < s->nres; k++) {
		sim_mem_cta_end(c, s->res[k]);
		sim_async_cta_end(c, s->res[k]);
	}
	for (int k = 0; k < s->nres; k++)
		sim_cluster_detach(s->res[k]);
	free(s->res);
	free(s);
	c->sched = NULL;
	sim_rx_end(c);
}

/* CTAs per group: launch.cta_group (0: the default), at least R, whole
 * clusters, and large enough that a grid has at most SIM_MAX_GROUPS. */
#define SIM_MAX_GROUPS 65536u
static uint64_t group_size(const sim_ctx *c, uint64_t n, int cap)
{
	uint64_t k = c->launch.cta_group ? c->launch.cta_group
					 : SIMT_DEFAULT_CTA_GROUP;
	uint64_t cn = sim_cluster_size(c);
	if (k < (uint64_t)cap)
		k = (uint64_t)cap;
	if (k < (n + SIM_MAX_GROUPS - 1) / SIM_MAX_GROUPS)
		k = (n + SIM_MAX_GROUPS - 1) / SIM_MAX_GROUPS;
	return (k + cn - 1) / cn * cn;
}

simt_status sim_start(sim_ctx *c)
{
	const uint32_t *g = c->launch.grid, *bd = c->launch.block;
	uint64_t n = (uint64_t)g[0] * g[1] * g[2];
	uint64_t nthreads = (uint64_t)bd[0] * bd[1] * bd[2];
	sim_sched_free(c);
	if (!c->launch.max_cycles)
		c->launch.max_cycles = SIMT_DEFAULT_MAX_CYCLES;
	c->rng = c->launch.seed * 0x9e3779b97f4a7c15ull + 1;
	c->stop = SIM_STOP_NONE;
	c->sync_event = false;
	c->cycle = c->steps = c->thread_insts = c->mem_writes = 0;
	c->par_workers = 0;
	c->par_cpu_max = c->par_cpu_sum = c->par_cpu_span = 0;
	sim_set_events(c, UINT64_MAX, UINT64_MAX);
	uint64_t per = (nthreads + 31) / 32 * SIM_WARP_BYTES;
	int prepared = c->ctas_prepared; /* sim_sched_prepare's slots */
	c->ctas_prepared = 0;
	if (!prepared)
		free_ctas(c);
	sched *s = calloc(1, sizeof *s);
	if (!s) {
		free_ctas(c);
		return SIMT_ERR_NOMEM;
	}
	*s = (sched){.lp = -1, .total = n, .wpc = (int)((nthreads + 31) / 32)};
	c->sched = s;
	if (!resident_count(c, n, per, &s->cap)) {
		free_ctas(c);
		sim_sched_free(c);
		return SIMT_ERR_ARG;
	}
	c->kept = c->launch.keep && n * per <= SIM_KEEP_BYTES;
	s->gsize = group_size(c, n, s->cap);
	s->ngroups = (n + s->gsize - 1) / s->gsize;
	c->step_base = 0;
	/* on worker threads (par.c) the workers have the slots; kept CTAs
	   stay in c->ctas, where each worker writes its own */
	s->par = c->whole_run && sim_par_threads(c, s->ngroups) > 1;
	uint64_t nctas = c->kept ? n : s->par ? 0 : (uint64_t)s->cap;
	if (!prepared || c->nctas != nctas) {
		free_ctas(c);
		c->nctas = nctas;
		c->ctas = nctas ? calloc(nctas, sizeof *c->ctas) : NULL;
	} else if (prepared == c->rows_dirty + 1) {
		/* the first launch into each slot finds its warps cleared
		   (kept: every CTA has its own slot; else group 0's first R
		   launches fill the R slots) */
		s->fresh = c->kept ? n : nctas;
	}
	s->res = malloc(sizeof *s->res * (size_t)s->cap);
	simt_status st = (c->ctas || !c->nctas) && s->res
				 ? SIMT_OK : SIMT_ERR_NOMEM;
	if (st == SIMT_OK)
		st = sim_rx_begin(c); /* --memory=relaxed */
	if (st == SIMT_OK)
		st = hb_start(c, s->cap, s->wpc);
	if (st == SIMT_OK && !s->par)
		st = group_begin(c, s, 0);
	if (st != SIMT_OK)
		sim_sched_free(c);
	return st;
}

static simt_stop stop_kind(sim_stop k)
{
	switch (k) {
	case SIM_STOP_FAULT: return SIMT_STOP_FAULT;
	case SIM_STOP_EXCEPTION: return SIMT_STOP_EXCEPTION;
	case SIM_STOP_DEADLOCK: return SIMT_STOP_DEADLOCK;
	case SIM_STOP_LIVELOCK: return SIMT_STOP_LIVELOCK;
	case SIM_STOP_LIMIT: return SIMT_STOP_LIMIT;
	default: return SIMT_STOP_DONE;
	}
}

simt_status sim_advance(sim_ctx *c, const sim_until *u, simt_stop *why)
{
	simt_stop paused = SIMT_STOP_RUNNING;
	c->sync_event = false; /* only an issue of this call pauses on sync */
	if (!c->sched) {
		*why = SIMT_STOP_ERROR;
		return SIMT_ERR_ARG;
	}
	sched *s = c->sched;
	simt_status st = s->par ? sim_par_run(c, s->ngroups)
				: run_grid(c, s, u, &paused);
	if (st == SIMT_OK && paused != SIMT_STOP_RUNNING &&
	    c->stop == SIM_STOP_NONE) {
		*why = paused;
		return SIMT_OK;
	}
	if (s->cycle_max > c->cycle) /* the longest group */
		c->cycle = s->cycle_max;
	sim_sched_free(c);
	hb_finish(c);
	if (st != SIMT_OK) {
		*why = SIMT_STOP_ERROR;
		return st;
	}
	if (c->stop == SIM_STOP_NONE)
		c->stop = SIM_STOP_DONE;
	*why = stop_kind(c->stop);
	return c->stop == SIM_STOP_DONE ? SIMT_OK : SIMT_ERR_RUNTIME;
}

/* A worker thread's groups (par.c made w a copy of the main context,
 * whose sched it still points to): slots and a scheduler of its own, then
 * groups until none is left, one stops or a lower one stopped. */
simt_status sim_sched_worker(sim_ctx *w)
{
	const sched *m = w->sched;
	sched *s = calloc(1, sizeof *s);
	w->sched = s;
	if (!s)
		return SIMT_ERR_NOMEM;
	*s = (sched){.lp = -1, .total = m->total, .wpc = m->wpc, .cap = m->cap,
		     .gsize = m->gsize, .ngroups = m->ngroups};
	s->res = malloc(sizeof *s->res * (size_t)s->cap);
	if (!w->kept) {
		w->nctas = (uint64_t)s->cap;
		w->ctas = calloc(w->nctas, sizeof *w->ctas);
	}
	if (!s->res || !w->ctas)
		return SIMT_ERR_NOMEM;
	uint64_t g = sim_par_next(w);
	if (g >= s->ngroups)
		return SIMT_OK;
	simt_stop why;
	simt_status st = group_begin(w, s, g);
	if (st == SIMT_OK)
		st = run_grid(w, s, NULL, &why);
	if (st != SIMT_OK || w->stop != SIM_STOP_NONE)
		sim_par_stopped(w, st);
	return st;
}

/*
 * simt_sim_prepare's launch set-up (docs/library.md): the slots a
 * simt_sim_run of l will run its CTAs in, as sim_start would count them
 * (R slots, or every CTA's own when kept), each with its warps allocated
 * (alloc_warps) and the bytes warp_init clears cleared once: the control
 * state, the rows up to rows_dirty, RZ and the sink.  A slot's first
 * touch of fresh heap pages (a page fault each, 1.9-3.6 us on this VM)
 * then happens here, before the run, as a GPU has its warp slots before
 * a kernel starts.  sim_start takes the slots (ctas_prepared) when the
 * launch it checks has as many; cta_init takes a slot's warps when their
 * count and file stride fit, else it allocates as before, and warp_init
 * clears nothing again in a slot's first launch when rows_dirty is still
 * the one the slots were cleared for.  Nothing when l
 * runs on worker threads (each has slots of its own), when a launch is in
 * progress (stepping), or when the count is refused (sim_start reports).
 */
void sim_sched_prepare(sim_ctx *c, const simt_launch *l)
{
	if (c->sched)
		return;
	const uint32_t *g = l->grid, *bd = l->block;
	uint64_t n = (uint64_t)g[0] * g[1] * g[2];
	uint64_t wpc = ((uint64_t)bd[0] * bd[1] * bd[2] + 31) / 32;
	uint64_t per = wpc * SIM_WARP_BYTES;
	simt_launch saved = c->launch;
	simt_diags *sd = c->diags, quiet;
	simt_diags_init(&quiet);
	c->launch = *l;
	c->diags = &quiet;
	int cap;
	bool ok = n && wpc && resident_count(c, n, per, &cap);
	uint64_t nctas = 0;
	if (ok) {
		bool kept = l->keep && n * per <= SIM_KEEP_BYTES;
		uint64_t gs = group_size(c, n, cap);
		if (sim_par_threads(c, (n + gs - 1) / gs) <= 1)
			nctas = kept ? n : (uint64_t)cap;
	}
	c->launch = saved;
	c->diags = sd;
	simt_diags_free(&quiet);
	if (!nctas)
		return;
	free_ctas(c);
	c->ctas = calloc(nctas, sizeof *c->ctas);
	if (!c->ctas)
		return;
	c->nctas = nctas;
	c->ctas_prepared = c->rows_dirty + 1;
	for (uint64_t k = 0; k < nctas; k++) {
		sim_cta *cta = &c->ctas[k];
		cta->warps = alloc_warps(c, (int)wpc);
		if (!cta->warps)
			return; /* cta_init allocates the rest */
		cta->nwarps = (int)wpc;
		for (int j = 0; j < cta->nwarps; j++) {
			sim_warp *w = &cta->warps[j];
			w->r = warp_rows(c, cta->warps, cta->nwarps, j);
			memset(w, 0, offsetof(sim_warp, r));
			memset(w->r, 0, sizeof w->r[0] * (size_t)c->rows_dirty);
			memset(w->r[SIM_RZ], 0,
			       sizeof w->r[0] * (SIM_NROWS - SIM_RZ));
		}
	}
}

simt_status sim_run(sim_ctx *c)
{
	simt_stop why;
	simt_status st = sim_start(c);
	return st == SIMT_OK ? sim_advance(c, NULL, &why) : st;
}

void sim_free_ctas(sim_ctx *c)
{
	free_ctas(c);
}
