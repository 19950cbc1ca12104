/*
 * sched.c - launch: CTAs one after another (x fastest), warps of a CTA
 * interleaved by the policy on one cycle counter.
 *
 * Requires: a predecoded program and c->launch.  Produces: the final state
 * of every CTA (kept for simt_sim_reg when the grid is small), c->stop and
 * the diagnostics of the first stop.
 *
 * Timing model: at most one warp issues per cycle; an issue at cycle t
 * makes its warp eligible again at t + stall (stall 0 counts as 1).  When
 * no warp is eligible the counter jumps to the next clock or timer expiry.
 * Policies: round-robin from the warp after the last issuer (default),
 * greedy (the last issuer while it is eligible, else round-robin), random
 * (uniform among eligible warps, xorshift64* seeded by launch.seed).
 */
#include <stdlib.h>
#include <string.h>

#include "sim/sim.h"

#define SIM_KEEP_BYTES (256u << 20) /* keep every CTA up to this size */
#define SIM_DEFAULT_MAX_CYCLES 1000000000ull

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

static sim_warp *pick(sim_ctx *c, sim_cta *cta, int *last)
{
	int n = cta->nwarps;
	if (c->launch.policy == SIMT_POLICY_GREEDY && *last >= 0 &&
	    eligible(&cta->warps[*last], c->cycle))
		return &cta->warps[*last];
	if (c->launch.policy == SIMT_POLICY_RANDOM) {
		int ids[32], k = 0;
		for (int j = 0; j < n; j++)
			if (eligible(&cta->warps[j], c->cycle))
				ids[k++] = j;
		if (!k)
			return NULL;
		*last = ids[rng_next(c) % (uint64_t)k];
		return &cta->warps[*last];
	}
	int id = *last;
	for (int j = 0; j < n; j++) {
		if (++id >= n)
			id = 0;
		if (eligible(&cta->warps[id], c->cycle)) {
			*last = id;
			return &cta->warps[id];
		}
	}
	return NULL;
}

/* Wake the sleeping warps whose timer expired; recompute next_wake. */
static void wake_expired(sim_ctx *c, sim_cta *cta)
{
	c->next_wake = UINT64_MAX;
	for (int j = 0; j < cta->nwarps; j++) {
		sim_warp *w = &cta->warps[j];
		if (w->state != SIM_W_SLEEP)
			continue;
		if (w->timer_cycle <= c->cycle)
			sim_timer_expire(w);
		else if (w->timer_cycle < c->next_wake)
			c->next_wake = w->timer_cycle;
	}
}

/* Nothing eligible now: jump to the next event; false when there is none. */
static bool advance(sim_ctx *c, sim_cta *cta)
{
	uint64_t next = UINT64_MAX;
	for (int j = 0; j < cta->nwarps; j++) {
		sim_warp *w = &cta->warps[j];
		if (w->state == SIM_W_READY && w->clock < next)
			next = w->clock;
		if (w->state == SIM_W_SLEEP && w->timer_cycle < next)
			next = w->timer_cycle;
	}
	if (c->async_next < next) /* copy completions, wait limits */
		next = c->async_next;
	if (next == UINT64_MAX)
		return false;
	if (next > c->cycle)
		c->cycle = next;
	wake_expired(c, cta);
	return true;
}

static void warp_init(sim_ctx *c, sim_cta *cta, sim_warp *w, int id)
{
	memset(w, 0, sizeof *w);
	const uint32_t *bd = c->launch.block;
	w->id = id;
	w->cta = cta;
	w->ctx = c;
	for (int l = 0; l < SIM_LANES; l++) {
		uint32_t t = (uint32_t)id * SIM_LANES + (uint32_t)l;
		if (t >= cta->nthreads)
			break;
		w->nlanes_mask |= 1u << l;
		w->tid[0][l] = t % bd[0];
		w->tid[1][l] = t / bd[0] % bd[1];
		w->tid[2][l] = t / (bd[0] * bd[1]);
	}
	w->valid = w->active = w->nlanes_mask;
	w->active_pc = c->code_base;
	for (int l = 0; l < SIM_LANES; l++)
		w->rpc[l] = c->code_base;
	w->p[SIM_PT] = ~0u;
	w->up[SIM_UPT] = 1;
	w->state = w->valid ? SIM_W_READY : SIM_W_EXITED;
	w->clock = c->cycle;
}

static simt_status cta_init(sim_ctx *c, sim_cta *cta, const uint32_t id[3])
{
	sim_warp *keep = cta->warps;
	int keepn = cta->nwarps;
	memset(cta, 0, sizeof *cta);
	memcpy(cta->id, id, sizeof cta->id);
	cta->nthreads = c->launch.block[0] * c->launch.block[1] * c->launch.block[2];
	cta->nwarps = (int)((cta->nthreads + SIM_LANES - 1) / SIM_LANES);
	cta->warps = keepn == cta->nwarps ? keep : NULL;
	if (!cta->warps) {
		free(keep);
		cta->warps = malloc(sizeof *cta->warps * (size_t)cta->nwarps);
		if (!cta->warps)
			return SIMT_ERR_NOMEM;
	}
	for (int j = 0; j < cta->nwarps; j++)
		warp_init(c, cta, &cta->warps[j], j);
	simt_status st = sim_mem_cta_begin(c, cta, c->diags);
	return st == SIMT_OK ? sim_async_cta_begin(c) : st;
}

static void stop_limit(sim_ctx *c, sim_cta *cta)
{
	util_diag(c->diags, SIMT_SEV_ERROR, NULL, NULL, 0, 0,
		  "kernel '%s', CTA (%u,%u,%u): cycle limit %llu reached "
		  "(--max-cycles)", c->kernel, cta->id[0], cta->id[1],
		  cta->id[2], (unsigned long long)c->launch.max_cycles);
	c->stop = SIM_STOP_LIMIT;
}

static void run_cta(sim_ctx *c, sim_cta *cta)
{
	int last = -1;
	uint64_t limit = c->launch.max_cycles;
	c->next_wake = UINT64_MAX;
	for (;;) {
		if (c->cycle >= c->next_wake)
			wake_expired(c, cta);
		if (c->cycle >= c->async_next) {
			sim_async_tick(c, cta); /* async.c */
			if (c->stop != SIM_STOP_NONE)
				return;
		}
		sim_warp *w = pick(c, cta, &last);
		if (!w) {
			if (advance(c, cta))
				continue;
			if (cta->exited_warps < cta->nwarps) {
				sim_report_deadlock(c, cta);
				c->stop = SIM_STOP_DEADLOCK;
			}
			return;
		}
		sim_step(w);
		c->cycle++;
		if (c->stop != SIM_STOP_NONE)
			return;
		if (c->cycle > limit) {
			stop_limit(c, cta);
			return;
		}
	}
}

static void free_ctas(sim_ctx *c)
{
	for (uint64_t k = 0; k < c->nctas; k++)
		free(c->ctas[k].warps);
	free(c->ctas);
	c->ctas = NULL;
	c->nctas = 0;
}

simt_status sim_run(sim_ctx *c)
{
	const uint32_t *g = c->launch.grid, *bd = c->launch.block;
	uint64_t n = (uint64_t)g[0] * g[1] * g[2];
	uint64_t nthreads = (uint64_t)bd[0] * bd[1] * bd[2];
	if (!c->launch.max_cycles)
		c->launch.max_cycles = SIM_DEFAULT_MAX_CYCLES;
	c->rng = c->launch.seed * 0x9e3779b97f4a7c15ull + 1;
	c->stop = SIM_STOP_NONE;
	c->cycle = c->steps = c->thread_insts = c->mem_writes = 0;
	uint64_t per = (nthreads + 31) / 32 * sizeof(sim_warp);
	free_ctas(c);
	c->kept = n * per <= SIM_KEEP_BYTES;
	c->nctas = c->kept ? n : 1;
	c->ctas = calloc(c->nctas, sizeof *c->ctas);
	if (!c->ctas)
		return SIMT_ERR_NOMEM;
	for (uint64_t k = 0; k < n && c->stop == SIM_STOP_NONE; k++) {
		uint32_t id[3] = {(uint32_t)(k % g[0]), (uint32_t)(k / g[0] % g[1]),
				  (uint32_t)(k / ((uint64_t)g[0] * g[1]))};
		sim_cta *cta = &c->ctas[c->kept ? k : 0];
		c->cta = cta;
		simt_status st = cta_init(c, cta, id);
		if (st != SIMT_OK)
			return st;
		run_cta(c, cta);
		sim_mem_cta_end(c, cta);
	}
	if (c->stop == SIM_STOP_NONE)
		c->stop = SIM_STOP_DONE;
	return c->stop == SIM_STOP_DONE ? SIMT_OK : SIMT_ERR_RUNTIME;
}

void sim_free_ctas(sim_ctx *c)
{
	free_ctas(c);
}
