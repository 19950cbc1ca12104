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
#include <stdlib.h>
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
	case SIM_OP_POPC: case SIM_OP_FLO: case SIM_OP_IABS: case SIM_OP_BREV:
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

static bool fp_private(const sim_ctx *c, sim_warp *w, const sim_inst *i);

static bool runs_local(const sim_ctx *c, sim_warp *w)
{
	if (w->state != SIM_W_READY)
		return false;
	const sim_inst *i = sim_inst_at(c, w->active_pc);
	return warp_local(i) || (i && fp_private(c, w, i));
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
		sim_warp *w = &res[x / wpc]->warps[x % wpc];
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

/* ---- footprints: address-aware partial-order reduction -------------------- */

/*
 * Which warps touched each 32-bit word of global memory, kept across the
 * runs of one exploration (the explorer owns it; docs/explore.md).  A word
 * one warp alone has touched maps to that warp (CTA linear id << 8 |
 * warp); a word two warps touched is shared (-1) and is listed in
 * the order it became so.  An LDG or STG whose words are all unknown or
 * its own warp's is private: it runs without a choice, like a register
 * instruction.  When a run makes a new word shared the explorer starts
 * over with the larger set, until a whole exploration adds none (then every
 * pair of accesses of two warps to one word met in it was an interleaving
 * point, which is what the reduction needs).
 */
struct simt_footprint {
	uint64_t *key; /* word address / 4 + 1; 0: empty slot (open addressing) */
	int64_t *who;
	size_t cap, n;
	uint64_t *shared; /* word addresses, in the order they became shared */
	size_t nshared, capshared;
};

simt_footprint *simt_footprint_new(void)
{
	return calloc(1, sizeof(simt_footprint));
}

void simt_footprint_free(simt_footprint *f)
{
	if (!f)
		return;
	free(f->key);
	free(f->who);
	free(f->shared);
	free(f);
}

uint64_t simt_footprint_count(const simt_footprint *f)
{
	return f ? f->nshared : 0;
}

uint64_t simt_footprint_word(const simt_footprint *f, uint64_t k)
{
	return f && k < f->nshared ? f->shared[k] : 0;
}

static size_t fp_hash(uint64_t key, size_t cap)
{
	return (size_t)((key * 0x9e3779b97f4a7c15ull) >> 20) & (cap - 1);
}

/* The slot of word key (inserted with who = agent when new); NULL when
 * out of memory. */
static int64_t *fp_slot(simt_footprint *f, uint64_t key, int64_t agent)
{
	if ((f->n + 1) * 2 > f->cap) {
		size_t cap = f->cap ? f->cap * 2 : 1024;
		uint64_t *k = calloc(cap, sizeof *k);
		int64_t *w = calloc(cap, sizeof *w);
		if (!k || !w) {
			free(k);
			free(w);
			return NULL;
		}
		for (size_t j = 0; j < f->cap; j++) {
			if (!f->key[j])
				continue;
			size_t s = fp_hash(f->key[j], cap);
			while (k[s])
				s = (s + 1) & (cap - 1);
			k[s] = f->key[j];
			w[s] = f->who[j];
		}
		free(f->key);
		free(f->who);
		f->key = k;
		f->who = w;
		f->cap = cap;
	}
	size_t s = fp_hash(key, f->cap);
	while (f->key[s] && f->key[s] != key)
		s = (s + 1) & (f->cap - 1);
	if (!f->key[s]) {
		f->key[s] = key;
		f->who[s] = agent;
		f->n++;
	}
	return &f->who[s];
}

static void fp_share(simt_footprint *f, int64_t *who, uint64_t word)
{
	if (*who == -1)
		return;
	if (f->nshared == f->capshared) {
		size_t cap = f->capshared ? f->capshared * 2 : 256;
		uint64_t *p = realloc(f->shared, cap * sizeof *p);
		if (!p)
			return; /* stays unshared: the explorer sees no growth */
		f->shared = p;
		f->capshared = cap;
	}
	*who = -1;
	f->shared[f->nshared++] = word;
}

simt_status simt_footprint_add(simt_footprint *f, uint64_t addr)
{
	int64_t *who = f ? fp_slot(f, addr / 4 + 1, -2) : NULL;
	if (!who)
		return SIMT_ERR_NOMEM;
	fp_share(f, who, addr & ~3ull); /* nothing when shared already */
	return SIMT_OK;
}

static int64_t agent_of(const sim_warp *w)
{
	return (int64_t)(w->cta->lin << 8 | (uint64_t)w->id); /* <= 32 warps */
}

void sim_fp_note(sim_warp *w, uint64_t addr, uint64_t size)
{
	simt_footprint *f = w->ctx->fp;
	int64_t me = agent_of(w);
	for (uint64_t a = addr & ~3ull; a < addr + size; a += 4) {
		int64_t *who = fp_slot(f, a / 4 + 1, me);
		if (!who)
			w->ctx->fp_lost = true;
		else if (*who != me)
			fp_share(f, who, a);
	}
}

/* An LDG or STG of w whose words no other warp has touched (a load under
 * --memory=relaxed never: it may let a later store go first). */
static bool fp_private(const sim_ctx *c, sim_warp *w, const sim_inst *i)
{
	if (!c->fp || c->fp_lost || (c->rx && i->optype == SIM_OP_LDG))
		return false;
	uint64_t addr[SIM_LANES];
	uint32_t lanes;
	unsigned size = sim_ldst_global(w, i, addr, &lanes);
	if (!size)
		return false;
	const simt_footprint *f = c->fp;
	int64_t me = agent_of(w);
	for (uint32_t m = lanes; m; m &= m - 1) {
		uint64_t a0 = addr[sim_ffs(m)];
		for (uint64_t a = a0 & ~3ull; a < a0 + size; a += 4) {
			uint64_t key = a / 4 + 1;
			size_t s = f->cap ? fp_hash(key, f->cap) : 0;
			while (f->cap && f->key[s] && f->key[s] != key)
				s = (s + 1) & (f->cap - 1);
			if (f->cap && f->key[s] == key && f->who[s] != me)
				return false;
		}
	}
	return true;
}
