/*
 * cluster.c - thread-block clusters (sm_90, isa/cluster.isa): the launch
 * order and membership of clusters, the cluster special registers, the
 * shared::cluster window (MAPA, and the CTA a shared address names), and
 * the cluster barrier (CGABAR.ARV, CGABAR.WAIT).
 *
 * Requires: sched.c launches the CTAs of a cluster one after another in
 * rank order (sim_cluster_lin) and calls sim_cluster_attach for each, and
 * keeps a finished CTA resident until every CTA of its cluster has
 * finished (sim_cluster_all); warp.c calls sim_cluster_warp_exited.
 * Produces: membership, MAPA results, cluster-barrier arrivals, parked and
 * woken warps, and the run-time errors of misuse.  Every rule is in
 * docs/semantics.md, section "Clusters", with the test that pins it.
 *
 * Without a cluster launch every CTA is a cluster of one (as CUDA's
 * implicit 1x1x1 cluster), so the registers, MAPA to rank 0 and the
 * cluster barrier work in every launch.
 *
 * The cluster barrier counts threads: a phase completes when every thread
 * of the cluster that has not exited has arrived (CGABAR.ARV) in it.  Per
 * warp of each member, three lane masks: cur (arrived in the running
 * phase), pend (arrived, its CGABAR.WAIT not done yet), rel (arrived in a
 * completed phase, not waited yet).  A lane may not arrive again before it
 * waits, nor wait without having arrived (both undefined in PTX: errors).
 */
#include <stdlib.h>
#include <string.h>

#include "sim/hb.h"
#include "sim/mem.h"
#include "sim/sim.h"

struct sim_cluster {
	uint32_t n;        /* CTAs in the cluster                          */
	uint32_t attached; /* members attached and not yet detached        */
	uint32_t wpc;      /* warps per CTA                                */
	uint32_t id[3];    /* cluster index in the grid of clusters        */
	sim_cta *cta[SIMT_MAX_CLUSTER];
	uint64_t phase;    /* completed cluster-barrier phases             */
	uint64_t first_pc; /* first arrival of the running phase (diags)   */
	bool any;          /* some lane arrived in the running phase       */
	uint32_t *cur, *pend, *rel; /* [rank * wpc + warp], in words       */
	uint32_t words[];  /* the three arrays: one allocation per cluster */
};

static const uint32_t one[3] = {1, 1, 1};

static const uint32_t *shape(const sim_ctx *c)
{
	const uint32_t *s = c->launch.cluster;
	return s[0] && s[1] && s[2] ? s : one;
}

uint32_t sim_cluster_size(const sim_ctx *c)
{
	const uint32_t *s = shape(c);
	return s[0] * s[1] * s[2];
}

uint64_t sim_cluster_lin(const sim_ctx *c, uint64_t seq)
{
	const uint32_t *s = shape(c), *g = c->launch.grid;
	uint64_t n = (uint64_t)s[0] * s[1] * s[2];
	if (n == 1)
		return seq;
	uint64_t k = seq / n, r = seq % n;
	uint64_t nx = g[0] / s[0], ny = g[1] / s[1];
	uint64_t x = k % nx * s[0] + r % s[0];
	uint64_t y = k / nx % ny * s[1] + r / s[0] % s[1];
	uint64_t z = k / (nx * ny) * s[2] + r / ((uint64_t)s[0] * s[1]);
	return x + (uint64_t)g[0] * (y + (uint64_t)g[1] * z);
}

bool sim_cluster_launch_ok(const simt_launch *l, simt_diags *d)
{
	const uint32_t *s = l->cluster;
	if (!s[0] && !s[1] && !s[2])
		return true;
	static const char xyz[] = "xyz";
	uint64_t t = (uint64_t)s[0] * s[1] * s[2];
	if (t == 0 || t > SIMT_MAX_CLUSTER) {
		util_diag(d, SIMT_SEV_ERROR, NULL, NULL, 0, 0,
			  "cluster (%u,%u,%u) has %llu CTAs: a cluster has 1 to %u "
			  "CTAs (the portable sm_90 limit; docs/semantics.md, "
			  "Clusters)", s[0], s[1], s[2], (unsigned long long)t,
			  SIMT_MAX_CLUSTER);
		return false;
	}
	for (int k = 0; k < 3; k++)
		if (l->grid[k] % s[k]) {
			util_diag(d, SIMT_SEV_ERROR, NULL, NULL, 0, 0,
				  "grid (%u,%u,%u) is not a multiple of the "
				  "cluster (%u,%u,%u): grid %c = %u is not "
				  "divisible by cluster %c = %u", l->grid[0],
				  l->grid[1], l->grid[2], s[0], s[1], s[2],
				  xyz[k], l->grid[k], xyz[k], s[k]);
			return false;
		}
	return true;
}

static void cluster_free(sim_cluster *cl)
{
	if (!cl)
		return;
	free(cl);
}

simt_status sim_cluster_attach(sim_ctx *c, sim_cta *cta, uint64_t seq,
			       sim_cta *prev)
{
	uint32_t n = sim_cluster_size(c), r = (uint32_t)(seq % n);
	sim_cluster *cl;
	if (r == 0) {
		size_t nw = (size_t)n * (size_t)cta->nwarps;
		cl = calloc(1, sizeof *cl + 3 * nw * sizeof cl->words[0]);
		if (!cl)
			return SIMT_ERR_NOMEM;
		cl->cur = cl->words;
		cl->pend = cl->cur + nw;
		cl->rel = cl->pend + nw;
		cl->n = n;
		cl->wpc = (uint32_t)cta->nwarps;
		const uint32_t *s = shape(c);
		for (int k = 0; k < 3; k++)
			cl->id[k] = cta->id[k] / s[k];
	} else {
		/* the CTA of rank r-1 was launched just before (sched.c) */
		if (!prev || !prev->cluster || prev->crank != r - 1)
			return SIMT_ERR_ARG;
		cl = prev->cluster;
	}
	cl->cta[r] = cta;
	cl->attached++;
	cta->cluster = cl;
	cta->crank = r;
	return SIMT_OK;
}

void sim_cluster_detach(sim_cta *cta)
{
	sim_cluster *cl = cta->cluster;
	if (!cl)
		return;
	cl->cta[cta->crank] = NULL;
	cta->cluster = NULL;
	if (--cl->attached == 0)
		cluster_free(cl);
}

bool sim_cluster_all(const sim_cta *cta, bool (*done)(const sim_cta *))
{
	const sim_cluster *cl = cta->cluster;
	if (!cl)
		return done(cta);
	for (uint32_t r = 0; r < cl->n; r++)
		if (!cl->cta[r] || !done(cl->cta[r]))
			return false;
	return true;
}

sim_cta *sim_cluster_member(const sim_cta *cta, uint32_t r)
{
	const sim_cluster *cl = cta->cluster;
	if (!cl)
		return r == 0 ? (sim_cta *)cta : NULL;
	return r < cl->n ? cl->cta[r] : NULL;
}

uint32_t sim_cluster_sreg(const sim_ctx *c, const sim_cta *cta, int k)
{
	const uint32_t *s = shape(c);
	switch (k) {
	case 0: case 1: case 2: /* SR_CLUSTERID.X/Y/Z */
		return cta->id[k] / s[k];
	case 3: case 4: case 5: /* SR_NCLUSTERID */
		return c->launch.grid[k - 3] / s[k - 3];
	case 6: case 7: case 8: /* SR_CLUSTER_CTAID */
		return cta->id[k - 6] % s[k - 6];
	case 9: case 10: case 11: /* SR_CLUSTER_NCTAID */
		return s[k - 9];
	case 12: /* SR_CLUSTER_CTARANK */
		return cta->crank;
	case 13: /* SR_CLUSTER_NCTARANK */
		return sim_cluster_size(c);
	case 14: /* SR_IS_EXPLICIT_CLUSTER */
		return s != one;
	default:
		return 0;
	}
}

/* ---- the shared::cluster window ------------------------------------------- */

static bool cta_exited(const sim_cta *t)
{
	return t->exited_warps == t->nwarps;
}

sim_cta *sim_cluster_shared(const sim_warp *w, uint64_t addr, uint64_t *off,
			    int *why)
{
	uint64_t top = addr >> SIM_CLUSTER_RANK_SHIFT;
	*off = addr;
	if (top == 0)
		return w->cta;
	if (top > 0xff) { /* beyond the 32-bit window: an ordinary range fault */
		*why = SIM_FAULT_RANGE;
		return NULL;
	}
	uint32_t r = (uint32_t)top - 1;
	sim_cta *t = sim_cluster_member(w->cta, r);
	*off = addr & ((1u << SIM_CLUSTER_RANK_SHIFT) - 1);
	if (!t) {
		*why = SIM_FAULT_RANK;
		return NULL;
	}
	if (t != w->cta && cta_exited(t)) {
		*why = SIM_FAULT_EXITED;
		return NULL;
	}
	return t;
}

/* ---- MAPA, CGABAR.ARV, CGABAR.WAIT ------------------------------------------ */

/* aux[0] = rd, aux[1] = ra, aux[2] = b (MAPA); aux[3] = .RELAXED. */
simt_status sim_cl_prep(sim_ctx *c, sim_inst *i, simt_diags *d)
{
	(void)c;
	(void)d;
	if (!i->opc)
		return SIMT_OK;
	i->aux[0] = sim_opnd_find(i, "rd");
	i->aux[1] = sim_opnd_find(i, "ra");
	i->aux[2] = sim_opnd_find(i, "b");
	i->aux[3] = (int64_t)sim_field(i, "sem", 0);
	if (i->optype != SIM_OP_MAPA)
		return SIMT_OK;
	bool ok = sim_opnd_is(i, "rd", SIM_O_REG) && sim_opnd_is(i, "ra", SIM_O_REG) &&
		  i->aux[2] >= 0 && (i->op[i->aux[2]].kind == SIM_O_REG ||
				     i->op[i->aux[2]].kind == SIM_O_IMM);
	return sim_prep_need(i, ok, "Rd, Ra, Rb|imm");
}

void sim_cl_mapa(sim_warp *w, const sim_inst *i, uint32_t pmask)
{
	uint32_t n = sim_cluster_size(w->ctx);
	uint32_t *rd = w->r[i->op[i->aux[0]].reg];
	uint32_t v[SIM_LANES];
	for (uint32_t m = pmask; m; m &= m - 1) {
		int l = (int)sim_ffs(m);
		uint32_t a = sim_src32(w, i, (int)i->aux[1], l);
		uint32_t r = sim_src32(w, i, (int)i->aux[2], l);
		if (r >= n) {
			uint32_t bad = 0;
			for (uint32_t k = m; k; k &= k - 1) {
				int q = (int)sim_ffs(k);
				bad |= (uint32_t)(sim_src32(w, i, (int)i->aux[2], q) >= n) << q;
			}
			sim_raise(w, i, bad, SIM_STOP_EXCEPTION,
				  "MAPA: CTA rank %u is outside the cluster of %u "
				  "CTA%s (ranks 0..%u)", r, n, n == 1 ? "" : "s",
				  n - 1);
			return;
		}
		v[l] = (a & ((1u << SIM_CLUSTER_RANK_SHIFT) - 1)) |
		       (r + 1) << SIM_CLUSTER_RANK_SHIFT;
	}
	for (uint32_t m = pmask; m; m &= m - 1) {
		int l = (int)sim_ffs(m);
		rd[l] = v[l];
	}
}

/* Every live thread of the cluster arrived in the running phase. */
static bool cb_complete(const sim_cluster *cl)
{
	if (!cl->any)
		return false;
	for (uint32_t r = 0; r < cl->n; r++) {
		const sim_cta *t = cl->cta[r];
		if (!t)
			return false; /* cannot happen: members are co-resident */
		for (uint32_t j = 0; j < cl->wpc; j++)
			if (t->warps[j].valid & ~cl->cur[r * cl->wpc + j])
				return false;
	}
	return true;
}

static void cb_release(sim_ctx *c, sim_cluster *cl)
{
	if (c->hb)
		hb_cl_complete(c, cl->cta[0]->lin);
	for (uint32_t k = 0; k < cl->n * cl->wpc; k++) {
		cl->rel[k] |= cl->cur[k];
		cl->cur[k] = 0;
	}
	cl->phase++;
	cl->any = false;
	for (uint32_t r = 0; r < cl->n; r++)
		for (uint32_t m = cl->cta[r]->in_state[SIM_W_CLUSTER]; m;
		     m &= m - 1) {
			sim_warp *o = &cl->cta[r]->warps[sim_ffs(m)];
			sim_warp_set_state(o, SIM_W_READY);
			if (o->clock < c->cycle + 1)
				o->clock = c->cycle + 1;
		}
}

static void cb_settle(sim_ctx *c, sim_cluster *cl)
{
	if (cb_complete(cl))
		cb_release(c, cl);
}

void sim_cluster_warp_exited(sim_ctx *c, sim_cta *cta)
{
	if (cta->cluster)
		cb_settle(c, cta->cluster);
}

void sim_cl_arrive(sim_warp *w, const sim_inst *i, uint32_t pmask)
{
	sim_cluster *cl = w->cta->cluster;
	if (!cl) {
		sim_raise(w, i, pmask, SIM_STOP_EXCEPTION, "no cluster state");
		return;
	}
	uint32_t k = w->cta->crank * cl->wpc + (uint32_t)w->id;
	if (pmask & cl->pend[k]) {
		sim_raise(w, i, pmask & cl->pend[k], SIM_STOP_EXCEPTION,
			  "CGABAR.ARV again before CGABAR.WAIT: these lanes "
			  "arrived on the cluster barrier and have not waited "
			  "(undefined in PTX: barrier.cluster.arrive must be "
			  "followed by barrier.cluster.wait)");
		return;
	}
	if (w->ctx->hb)
		hb_cl_arrive(w, cl->cta[0]->lin, pmask);
	if (w->ctx->rx) /* relaxed.c: the arrival releases to the cluster */
		sim_rx_cluster_arrive(w);
	if (!cl->any)
		cl->first_pc = i->pc;
	cl->any = true;
	cl->cur[k] |= pmask;
	cl->pend[k] |= pmask;
	cb_settle(w->ctx, cl);
}

/*
 * CGABAR.WAIT.  Lanes parked at this very instruction (an earlier group of
 * the warp that switched away, below) rejoin the active lanes.  When the
 * phase of some waiting lane has not completed: if lanes of the warp that
 * have not arrived yet run elsewhere (a divergent warp under independent
 * thread scheduling), the waiting lanes park here and the warp switches
 * to such a group, so it can arrive; otherwise the whole warp parks in
 * SIM_W_CLUSTER until the phase completes, and issues the wait again.
 */
void sim_cl_wait(sim_warp *w, const sim_inst *i, uint32_t pmask)
{
	sim_cluster *cl = w->cta->cluster;
	uint32_t here = w->valid & ~w->active & sim_rpc_eq(w, i->pc);
	if (here) {
		sim_set_active(w, w->active | here);
		pmask |= here & sim_guard(w, i);
	}
	if (pmask && cl) {
		uint32_t k = w->cta->crank * cl->wpc + (uint32_t)w->id;
		if (pmask & ~cl->pend[k]) {
			sim_raise(w, i, pmask & ~cl->pend[k], SIM_STOP_EXCEPTION,
				  "CGABAR.WAIT without a preceding CGABAR.ARV "
				  "(undefined in PTX: barrier.cluster.wait must "
				  "follow barrier.cluster.arrive)");
			return;
		}
		cb_settle(w->ctx, cl); /* lanes may have exited since */
		if (pmask & ~cl->rel[k]) {
			uint32_t others = w->valid & ~w->active;
			uint32_t late = others & ~cl->pend[k];
			if (late) { /* let a group that has not arrived run */
				sim_rpc_set(w, w->active, i->pc);
				w->active_pc = sim_rpc(w, sim_ffs(late));
				sim_set_active(w, others & sim_rpc_eq(w, w->active_pc));
				sim_ll_event(w);
				return;
			}
			sim_warp_set_state(w, SIM_W_CLUSTER);
			return; /* issues the wait again when the phase completes */
		}
		if (w->ctx->hb)
			hb_cl_waited(w, cl->cta[0]->lin, pmask);
		if (w->ctx->rx) /* relaxed.c: the completed phase acquires */
			sim_rx_acquire(w);
		cl->rel[k] &= ~pmask;
		cl->pend[k] &= ~pmask;
	}
	w->active_pc += SIM_INST_SIZE;
}

void sim_cluster_describe(struct util_buf *b, const sim_ctx *c,
			  const sim_warp *w)
{
	const sim_cluster *cl = w->cta->cluster;
	if (!cl)
		return;
	util_buf_printf(b, "; waits on the cluster barrier of cluster "
			"(%u,%u,%u) (phase %llu) for threads that have not "
			"arrived:", cl->id[0], cl->id[1], cl->id[2],
			(unsigned long long)cl->phase);
	int listed = 0;
	for (uint32_t r = 0; r < cl->n; r++) {
		const sim_cta *t = cl->cta[r];
		if (!t)
			continue;
		uint32_t nthr = 0, missing = 0, warps = 0;
		for (uint32_t j = 0; j < cl->wpc; j++) {
			uint32_t m = t->warps[j].valid & ~cl->cur[r * cl->wpc + j];
			nthr += sim_popc(t->warps[j].valid);
			missing += sim_popc(m);
			warps += m != 0;
		}
		if (!missing)
			continue;
		util_buf_printf(b, "%s CTA rank %u (%u,%u,%u): %u of %u threads "
				"in %u warp%s", listed++ ? ";" : "", r, t->id[0],
				t->id[1], t->id[2], missing, nthr, warps,
				warps == 1 ? "" : "s");
	}
	if (!listed)
		util_buf_printf(b, " none");
	(void)c;
}
