/*
 * choice.c - the choice points of a run: every scheduling decision that can
 * change the outcome asks sim_choose(), which follows the policy (the
 * caller's default) unless a chooser is installed (simt_sim_set_chooser,
 * `simt explore`, `simt run --schedule`).
 *
 * Requires: c->chooser set for the run (sched.c calls sim_choice_pick only
 * then).  Produces: the option taken; nothing else changes here but the
 * warp picked (a sleeping warp picked is woken: its NANOSLEEP releases
 * early, which the sleep allows).
 *
 * The decisions (docs/explore.md): which warp issues (sched.c, through
 * sim_choice_pick), which lane group runs after a switch (bru.c,
 * sim_choice_group), which copy completes first (async.c), which store a
 * relaxed load reads, where a relaxed store goes in coherence order and
 * whether a store goes before the load ahead of it (relaxed.c).  Plain runs pay one pointer test per decision.
 */
#include <string.h>

#include "sim/sim.h"

static const char *const kind_names[] = {
	[SIMT_CHOICE_WARP] = "warp", [SIMT_CHOICE_GROUP] = "group",
	[SIMT_CHOICE_COPY] = "copy", [SIMT_CHOICE_READ] = "read",
	[SIMT_CHOICE_WRITE] = "write", [SIMT_CHOICE_REORDER] = "reorder",
};

const char *simt_choice_kind_name(simt_choice_kind k)
{
	return (unsigned)k < UTIL_ARRAY_LEN(kind_names) ? kind_names[k] : NULL;
}

int simt_choice_kind_parse(const char *name)
{
	for (size_t k = 0; k < UTIL_ARRAY_LEN(kind_names); k++)
		if (!strcmp(name, kind_names[k]))
			return (int)k;
	return -1;
}

int sim_choose(sim_ctx *c, simt_choice_kind kind, int n, int def,
	       const uint64_t *what)
{
	if (!c->chooser || n < 2)
		return def;
	if (n > SIMT_CHOICE_MAX)
		n = SIMT_CHOICE_MAX; /* callers never offer more; safety */
	simt_choice ch = {kind, n, def, c->steps, what};
	int k = c->chooser(c->chooser_user, &ch);
	return k >= 0 && k < n ? k : def;
}

/*
 * Instructions that act only on the issuing warp: its registers, predicates,
 * lane masks, local memory and the constant banks.  Everything else (global,
 * shared and generic accesses, atomics, fences, barriers, mbarriers, copies,
 * cluster operations, YIELD, NANOSLEEP) is an interleaving point.  EXIT
 * is not: a warp's exit counts for a count-0 barrier whether it comes
 * before or after the other warps' arrivals.
 * Conservative: a global access another warp never touches still counts.
 */
static bool warp_local(const sim_inst *i)
{
	switch (i ? i->optype : SIM_OP_NONE) {
	case SIM_OP_NOP: case SIM_OP_MOV: case SIM_OP_IADD3:
	case SIM_OP_IADD3_X: case SIM_OP_IMAD: case SIM_OP_ISETP:
	case SIM_OP_LOP3_LUT: case SIM_OP_SHF: case SIM_OP_SEL:
	case SIM_OP_POPC: case SIM_OP_FLO: case SIM_OP_IABS:
	case SIM_OP_IMNMX: case SIM_OP_PRMT: case SIM_OP_FADD:
	case SIM_OP_FMUL: case SIM_OP_FFMA: case SIM_OP_FSETP:
	case SIM_OP_MUFU: case SIM_OP_I2F: case SIM_OP_F2I: case SIM_OP_S2R:
	case SIM_OP_LDC: case SIM_OP_LDL: case SIM_OP_STL:
	case SIM_OP_BRA: case SIM_OP_BRX: case SIM_OP_CALL: case SIM_OP_RET:
	case SIM_OP_LEPC: case SIM_OP_BMOV: case SIM_OP_BSSY:
	case SIM_OP_BREAK: case SIM_OP_EXIT:
	case SIM_OP_R2UR: case SIM_OP_S2UR: case SIM_OP_ULDC: case SIM_OP_UMOV:
	case SIM_OP_UIADD3: case SIM_OP_UIMAD: case SIM_OP_ULOP3_LUT:
	case SIM_OP_UISETP: case SIM_OP_UPLOP3_LUT: case SIM_OP_USEL:
	case SIM_OP_USHF:
	case SIM_OP_DADD: case SIM_OP_DMUL: case SIM_OP_DFMA: case SIM_OP_DSETP:
	case SIM_OP_FMNMX: case SIM_OP_FRND: case SIM_OP_FDIV:
	case SIM_OP_FSQRT: case SIM_OP_F2F:
	case SIM_OP_VOTE: case SIM_OP_VOTEU: case SIM_OP_SHFL:
	case SIM_OP_MATCH: case SIM_OP_REDUX: case SIM_OP_ELECT:
		return true;
	default:
		return false;
	}
}

static bool runs_local(const sim_ctx *c, const sim_warp *w)
{
	return w->state == SIM_W_READY && warp_local(sim_inst_at(c, w->active_pc));
}

/*
 * The warp to issue next when a chooser is installed, or NULL when none
 * can (the scheduler then advances time).  Ready warps issue whatever
 * their clock; a warp about to run a warp-local instruction runs it
 * without a choice (the last issuer first, then in round-robin order);
 * otherwise the options are the ready warps and, when one is ready, the
 * sleeping ones, in round-robin order from the warp after the last issuer,
 * which is the default (delay bounding counts departures from it).
 * *lp, *lj: the last issuer (position in res, warp), updated.
 */
sim_warp *sim_choice_pick(sim_ctx *c, sim_cta *const *res, int nres, int wpc,
			  int *lp, int *lj)
{
	int n = nres * wpc;
	if (!n)
		return NULL;
	int last = *lp < 0 ? -1 : *lp * wpc + *lj;
	int start = last < 0 ? 0 : (last + 1) % n;
	bool every = c->choose_flags & SIMT_CHOOSE_EVERY_ISSUE;
	sim_warp *opt[SIMT_CHOICE_MAX];
	int at[SIMT_CHOICE_MAX];
	uint64_t what[SIMT_CHOICE_MAX];
	int k = 0, pick = -1, ready = 0;
	if (!every && last >= 0 &&
	    runs_local(c, &res[last / wpc]->warps[last % wpc]))
		pick = last;
	for (int q = 0; q < n && pick < 0; q++) {
		int x = (start + q) % n;
		const sim_warp *w = &res[x / wpc]->warps[x % wpc];
		if (!every && runs_local(c, w))
			pick = x;
		ready += w->state == SIM_W_READY;
	}
	if (pick < 0) {
		for (int q = 0; q < n && k < SIMT_CHOICE_MAX; q++) {
			int x = (start + q) % n;
			sim_warp *w = &res[x / wpc]->warps[x % wpc];
			if (w->state == SIM_W_READY ||
			    (ready && w->state == SIM_W_SLEEP && w->timer_armed)) {
				at[k] = x;
				what[k] = w->cta->lin << 8 | (uint64_t)w->id;
				opt[k++] = w;
			}
		}
		if (!ready)
			return NULL;
		int def = 0;
		while (opt[def]->state != SIM_W_READY)
			def++;
		int j = sim_choose(c, SIMT_CHOICE_WARP, k, def, what);
		pick = at[j];
		if (opt[j]->state == SIM_W_SLEEP)
			sim_timer_expire(opt[j]);
	}
	*lp = pick / wpc;
	*lj = pick % wpc;
	return &res[*lp]->warps[*lj];
}

/*
 * The lane to continue with when w switches to a lane group of cmask
 * (lid: the one the seed's rule picks): the options are the groups of
 * lanes sharing a PC among the candidates of the same class as lid (not
 * yielded when lid is not), by lowest lane.
 */
uint32_t sim_choice_group(sim_warp *w, uint32_t cmask, uint32_t lid)
{
	uint32_t cls = cmask & ((w->yield >> lid & 1) ? w->yield : ~w->yield);
	uint64_t what[SIMT_CHOICE_MAX];
	int k = 0, def = 0;
	while (cls) {
		uint32_t l = sim_ffs(cls);
		uint32_t g = cls & sim_rpc_eq(w, w->rpc[l]);
		if (g >> lid & 1)
			def = k;
		what[k++] = l;
		cls &= ~g;
	}
	if (k < 2)
		return lid;
	return (uint32_t)what[sim_choose(w->ctx, SIMT_CHOICE_GROUP, k, def, what)];
}
