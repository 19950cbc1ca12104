/*
 * mbarrier.c - the mbarrier state machine of seed 002: MBAR.INIT,
 * MBAR.INVAL, MBAR.ARRIVE (.DROP .NOCOMPLETE .EXPECT_TX), MBAR.EXPECT.TX,
 * MBAR.COMPLETE.TX, MBAR.TEST.WAIT[.PARITY], MBAR.TRY.WAIT[.PARITY].
 *
 * Requires: records prepared by sim_mb_prep (aux[0] = the [Ra+off]
 * operand, aux[1] = b, aux[2] = rd / pu, aux[3] = modifier bits and the
 * hint operand).  Produces: the object words in shared memory (layout in
 * mbarrier.h), tokens, wait predicates, blocked and woken warps, and the
 * run-time errors for misuse (uninitialised or invalidated object, an
 * object overwritten by an ordinary store, pending underflow, counts
 * beyond 20 bits); a .NOCOMPLETE arrival never completes the phase, even
 * when it leaves nothing pending (PTX: undefined; reported by --check=sync).
 * Lanes act one after another in lane order.
 */
#include <stdlib.h>
#include <string.h>

#include "sim/hb.h"
#include "sim/mbarrier.h"
#include "sim/mem.h"
#include "sim/rt.h"

/* aux[3]: the modifiers, and the shapes the quick paths take (prep):
 * MBF_QARRIVE an MBAR.ARRIVE with b an immediate, destination RZ, no
 * .DROP, no .NOCOMPLETE; MBF_QWAIT a .PARITY wait with b a register (not
 * negated) or an immediate. */
enum { MBF_DROP = 1, MBF_NOCOMPLETE = 2, MBF_EXPECT = 4, MBF_PARITY = 8,
       MBF_QARRIVE = 16, MBF_QWAIT = 32 };

static bool has(const sim_inst *i, int k, int kind)
{
	return k >= 0 && i->op[k].kind == kind;
}

simt_status sim_mb_prep(sim_ctx *c, sim_inst *i, simt_diags *d)
{
	bool parity = i->optype == SIM_OP_MBAR_TEST_WAIT_PARITY ||
		      i->optype == SIM_OP_MBAR_TRY_WAIT_PARITY;
	bool wait = parity || i->optype == SIM_OP_MBAR_TEST_WAIT ||
		    i->optype == SIM_OP_MBAR_TRY_WAIT;
	int a = sim_opnd_find(i, "ra"), b = sim_opnd_find(i, "b");
	int r = sim_opnd_find(i, wait ? "pu" : "rd");
	int h = sim_opnd_find(i, "hint");
	i->aux[0] = a;
	i->aux[1] = b;
	i->aux[2] = r;
	i->aux[3] = (sim_field(i, "drop", 0) ? MBF_DROP : 0) |
		    (sim_field(i, "nocomplete", 0) ? MBF_NOCOMPLETE : 0) |
		    (sim_field(i, "expect", 0) ? MBF_EXPECT : 0) |
		    (parity ? MBF_PARITY : 0) | (int64_t)(h + 1) << 8;
	if (i->optype == SIM_OP_MBAR_ARRIVE && has(i, b, SIM_O_IMM) &&
	    has(i, r, SIM_O_REG) && i->op[r].reg == SIM_RSINK &&
	    !(i->aux[3] & (MBF_DROP | MBF_NOCOMPLETE)))
		i->aux[3] |= MBF_QARRIVE;
	if (parity && (has(i, b, SIM_O_IMM) ||
		       (has(i, b, SIM_O_REG) && !i->op[b].neg)))
		i->aux[3] |= MBF_QWAIT;
	const char *need = NULL;
	if (!has(i, a, SIM_O_ADDR))
		need = "an [Ra+off] address operand";
	else if (i->optype != SIM_OP_MBAR_INVAL && b < 0)
		need = "an operand b";
	else if (wait && !has(i, r, SIM_O_PRED))
		need = "a predicate pu";
	else if (i->optype == SIM_OP_MBAR_ARRIVE && !has(i, r, SIM_O_REG))
		need = "a register rd";
	return sim_prep_need(i, !need, need);
}

/* ---- objects --------------------------------------------------------------- */

/* Objects are found by address through as->dix, one entry per 8 bytes
 * of shared memory (objects are never removed: MBAR.INVAL only marks
 * them).  The entry of addr is its offset / 8 with bits 0-2 rotated to
 * the top: an unaligned address, or one with a cluster rank (bits 24-31;
 * shared memory is below 2^18 bytes), falls outside the index. */
static sim_mbobj *mb_find(const sim_async *as, uint32_t addr)
{
	uint32_t x = addr >> 3 | addr << 29;
	uint32_t k = x < as->ndix ? as->dix[x] : 0;
	return k ? &as->obj[k - 1] : NULL;
}

/* Enter obj[k] into the index, which covers shared_size bytes first;
 * false when out of memory. */
static bool mb_index(sim_async *as, size_t k, uint32_t shared_size)
{
	size_t n = shared_size / 8;
	if (as->ndix < n) {
		uint32_t *d = realloc(as->dix, n * sizeof *d);
		if (!d)
			return false;
		memset(d + as->ndix, 0, (n - as->ndix) * sizeof *d);
		as->dix = d;
		as->ndix = n;
	}
	as->dix[as->obj[k].addr >> 3] = (uint32_t)k + 1;
	return true;
}

static uint64_t mb_read(const sim_cta *cta, uint32_t addr)
{
	uint64_t v;
	memcpy(&v, cta->shared + addr, 8);
	return v;
}

static void mb_write(sim_ctx *c, sim_cta *cta, sim_mbobj *o, uint64_t v)
{
	memcpy(cta->shared + o->addr, &v, 8);
	o->shadow = v;
	if (c->hb)
		hb_mbar_word(c, cta, o->addr);
	c->mem_writes++;
}

/* The object address of lane l: an 8-byte aligned shared address of t. */
static bool mb_addr_ok(sim_warp *w, const sim_inst *i, unsigned lane,
		       const sim_cta *t, uint32_t addr, const char *why)
{
	const char *bad = addr % 8 ? "is not a multiple of 8"
			  : (uint64_t)addr + 8 > t->shared_size
				  ? "is outside shared memory"
				  : NULL;
	if (!bad)
		return true;
	sim_raise(w, i, 1u << lane, SIM_STOP_FAULT,
		  "mbarrier address 0x%x %s (shared size 0x%x)%s", addr, bad,
		  t->shared_size, why);
	return false;
}

/*
 * The CTA whose shared memory holds the object at *addr: a shared::cluster
 * address (cluster.c: rank + 1 in bits 24-31) names another CTA of the
 * cluster, and *addr becomes the offset in it.  NULL after sim_raise (a
 * rank outside the cluster, or a CTA that has exited).
 */
static sim_cta *mb_target(sim_warp *w, const sim_inst *i, unsigned lane,
			  uint32_t *addr, const char *why)
{
	if (!(*addr >> SIM_CLUSTER_RANK_SHIFT)) /* a shared::cta address */
		return w->cta;
	uint64_t off;
	int bad = 0;
	sim_cta *t = sim_cluster_shared(w, *addr, &off, &bad);
	if (!t) {
		sim_raise(w, i, 1u << lane, SIM_STOP_FAULT,
			  "mbarrier address 0x%x: %s (CTA rank %u; the cluster "
			  "has %u CTA%s)%s", *addr, sim_fault_name((sim_fault)bad),
			  (*addr >> SIM_CLUSTER_RANK_SHIFT) - 1,
			  sim_cluster_size(w->ctx),
			  sim_cluster_size(w->ctx) == 1 ? "" : "s", why);
		return NULL;
	}
	*addr = (uint32_t)off;
	return t;
}

/* The mbarrier state of CTA t (allocated on first use); NULL after raise. */
static sim_async *async_of(sim_warp *w, const sim_inst *i, sim_cta *t)
{
	if (t == w->cta)
		return sim_async_get(w, i);
	if (!t->async && !(t->async = calloc(1, sizeof *t->async)))
		sim_raise(w, i, w->active, SIM_STOP_EXCEPTION, "out of memory");
	return t->async;
}

/* The valid object at addr and its value; NULL after sim_raise.  *tc:
 * the CTA that holds it (another CTA of the cluster for a shared::cluster
 * address). */
static sim_mbobj *mb_get(sim_warp *w, const sim_inst *i, unsigned lane,
			 uint32_t addr, uint64_t *v, const char *why,
			 sim_cta **tc)
{
	sim_cta *t = w->cta;
	sim_async *as = t->async;
	/* the common case inline: an aligned shared::cta address inside the
	   CTA's shared memory, whose mbarrier state exists; else the checks
	   one by one (they raise) */
	if (!as || addr >> SIM_CLUSTER_RANK_SHIFT || addr % 8 ||
	    (uint64_t)addr + 8 > t->shared_size) {
		t = mb_target(w, i, lane, &addr, why);
		as = t ? async_of(w, i, t) : NULL;
		if (!as || !mb_addr_ok(w, i, lane, t, addr, why))
			return NULL;
	}
	*tc = t;
	sim_mbobj *o = mb_find(as, addr);
	if (!o || o->state != MB_VALID) {
		sim_raise(w, i, 1u << lane, SIM_STOP_EXCEPTION,
			  "mbarrier at shared 0x%x is %s%s", addr,
			  o ? "invalidated (MBAR.INVAL)"
			    : "uninitialised (no MBAR.INIT)", why);
		return NULL;
	}
	*v = mb_read(t, addr);
	if (*v != o->shadow) {
		sim_raise(w, i, 1u << lane, SIM_STOP_EXCEPTION,
			  "mbarrier at shared 0x%x was overwritten by an "
			  "ordinary store (word 0x%016llx, state 0x%016llx)%s",
			  addr, (unsigned long long)*v,
			  (unsigned long long)o->shadow, why);
		return NULL;
	}
	return o;
}

/* mb_get's common case, inline and without its reports: the valid object
 * at the plain, aligned shared::cta address addr of CTA t, whose word is
 * intact (*v); NULL when it is not that case (mb_get then decides). */
static inline sim_mbobj *mb_quick(const sim_cta *t, uint32_t addr, uint64_t *v)
{
	/* no test of the address itself: an object exists only where
	   MBAR.INIT found a plain, aligned address inside the CTA's shared
	   memory (mb_local, mb_addr_ok), so finding one at addr (its offset,
	   no rank bits) says addr is that */
	const sim_async *as = t->async;
	sim_mbobj *o = as ? mb_find(as, addr) : NULL;
	if (!o || o->state != MB_VALID)
		return NULL;
	*v = mb_read(t, addr);
	return *v == o->shadow ? o : NULL;
}

bool sim_mb_check_at(sim_warp *w, const sim_inst *i, unsigned lane,
		     uint32_t addr, const char *why)
{
	uint64_t v;
	sim_cta *t;
	return mb_quick(w->cta, addr, &v) || mb_get(w, i, lane, addr, &v, why, &t);
}

/* Wake the warps parked on a phase wait of object ob (only the warps
 * that parked on it since its last wake-up are visited, in warp order). */
static void mb_wake(sim_ctx *c, sim_cta *cta, sim_mbobj *ob)
{
	uint32_t m = ob->waiters & cta->in_state[SIM_W_MBAR];
	ob->waiters = 0;
	for (; m; m &= m - 1) {
		sim_warp *o = &cta->warps[sim_ffs(m)];
		if (o->mbar_kind != SIM_MBW_PHASE || o->mbar_addr != ob->addr)
			continue;
		if (o->mbar_deadline != UINT64_MAX) /* its limit is gone: the */
			cta->async_due = 0; /* next tick recomputes the CTA's */
		sim_warp_set_state(o, SIM_W_READY);
		if (o->clock < c->cycle + 1)
			o->clock = c->cycle + 1;
	}
}

/* Store v; if no arrival and no byte is pending, complete the phase. */
static inline void mb_settle(sim_warp *w, sim_cta *t, sim_mbobj *o, uint64_t v)
{
	if (MB_PEND(v) == 0 && MB_TX(v) == 0) {
		v = mb_pack(MB_PART(v), MB_PART(v), 0, MB_PHASE(v) ^ 1);
		if (w->ctx->hb)
			hb_mbar_complete(w->ctx, t, o->addr, MB_PHASE(v));
		mb_wake(w->ctx, t, o);
	}
	mb_write(w->ctx, t, o, v);
}

static bool mb_err(sim_warp *w, const sim_inst *i, unsigned lane,
		   uint32_t addr, uint64_t v, const char *msg, uint32_t n,
		   const char *why)
{
	sim_raise(w, i, 1u << lane, SIM_STOP_EXCEPTION,
		  "%s (mbarrier at shared 0x%x: count %u; participants %u, "
		  "pending %u, tx %u, phase %u)%s", msg, addr, n, MB_PART(v),
		  MB_PEND(v), MB_TX(v), MB_PHASE(v), why);
	return false;
}

/* What mb_get found for an earlier lane of the same handler call: the
 * lanes that name the same address reuse it (an arrival changes the word,
 * which mb_write keeps equal to the shadow, never which object it is or
 * whether it is valid), so a warp's arrivals cost one lookup. */
typedef struct mb_memo {
	uint32_t raw;
	sim_cta *t;
	sim_mbobj *o;
} mb_memo;

static bool arrive(sim_warp *w, const sim_inst *i, unsigned lane,
		   uint32_t addr, uint32_t n, uint32_t tx, bool drop,
		   bool nocomplete, uint64_t *token, const char *why,
		   mb_memo *memo)
{
	uint64_t v;
	sim_cta *tc;
	sim_mbobj *o;
	if (memo && memo->o && memo->raw == addr) {
		o = memo->o;
		tc = memo->t;
		v = o->shadow;
	} else {
		o = mb_get(w, i, lane, addr, &v, why, &tc);
		if (!o)
			return false;
		if (memo)
			*memo = (mb_memo){addr, tc, o};
	}
	if (token)
		*token = v;
	uint32_t part = MB_PART(v), pend = MB_PEND(v), t = MB_TX(v);
	if (n == 0 || n > MB_MAX)
		return mb_err(w, i, lane, addr, v,
			      "arrival count outside 1..2^20-1", n, why);
	if (tx > MB_MAX - t)
		return mb_err(w, i, lane, addr, v,
			      "pending transaction bytes would exceed 2^20-1",
			      tx, why);
	if (drop && n > part)
		return mb_err(w, i, lane, addr, v,
			      "MBAR.ARRIVE.DROP drops more than the participants",
			      n, why);
	if (n > pend)
		return mb_err(w, i, lane, addr, v,
			      "pending arrival count underflow", n, why);
	uint64_t nv = mb_pack(part - (drop ? n : 0), pend - n, t + tx,
			      MB_PHASE(v));
	if (w->ctx->hb)
		hb_mbar_arrive(w, lane, tc, o->addr);
	if (!nocomplete) {
		mb_settle(w, tc, o, nv);
		return true;
	}
	/* seed 002: "pending_count -= 1 but suppress completion" - also when
	 * nothing is left pending, which PTX leaves undefined (--check=sync) */
	if (n == pend && t + tx == 0 && (w->ctx->launch.checks & SIMT_CHECK_SYNC))
		sim_check_report(w, i, 1u << lane, SIMT_CHECK_SYNC,
				 "MBAR.ARRIVE.NOCOMPLETE leaves no arrival and no "
				 "byte pending: PTX leaves this undefined (the "
				 "arrival must not complete the phase); the seed "
				 "suppresses the completion and the phase stays "
				 "open (mbarrier at shared 0x%x: count %u; now "
				 "participants %u, pending 0, tx 0, phase %u)%s",
				 addr, n, MB_PART(nv), MB_PHASE(nv), why);
	mb_write(w->ctx, tc, o, nv);
	return true;
}

bool sim_mb_arrive_at(sim_warp *w, const sim_inst *i, unsigned lane,
		      uint32_t addr, uint32_t n, uint32_t tx, bool drop,
		      bool nocomplete, uint64_t *token, const char *why)
{
	return arrive(w, i, lane, addr, n, tx, drop, nocomplete, token, why,
		      NULL);
}

#ifdef __GNUC__
__attribute__((noinline)) /* the reports and the race checker's note */
#endif
static bool complete_tx_slow(sim_warp *w, const sim_inst *i, unsigned lane,
			     uint32_t addr, uint32_t bytes, const char *why)
{
	uint64_t v;
	sim_cta *t = w->cta;
	sim_mbobj *o = mb_quick(t, addr, &v);
	if (!o && !(o = mb_get(w, i, lane, addr, &v, why, &t)))
		return false;
	if (bytes > MB_TX(v))
		return mb_err(w, i, lane, addr, v,
			      "pending transaction byte count underflow", bytes,
			      why);
	if (w->ctx->hb) /* the bytes' writer releases like an arrival */
		hb_mbar_arrive(w, lane, t, o->addr);
	mb_settle(w, t, o, mb_pack(MB_PART(v), MB_PEND(v), MB_TX(v) - bytes,
				MB_PHASE(v)));
	return true;
}

/* The common case (a copy's bytes on an intact object of the own CTA,
 * no underflow, no race checker) here, the rest in complete_tx_slow. */
bool sim_mb_complete_tx_at(sim_warp *w, const sim_inst *i, unsigned lane,
			   uint32_t addr, uint32_t bytes, const char *why)
{
	uint64_t v;
	sim_mbobj *o = mb_quick(w->cta, addr, &v);
	if (!o || bytes > MB_TX(v) || w->ctx->hb)
		return complete_tx_slow(w, i, lane, addr, bytes, why);
	mb_settle(w, w->cta, o, v - ((uint64_t)bytes << 40)); /* tx -= bytes */
	return true;
}

bool sim_mb_add_pending_at(sim_warp *w, const sim_inst *i, unsigned lane,
			   uint32_t addr)
{
	uint64_t v;
	sim_cta *t;
	sim_mbobj *o = mb_get(w, i, lane, addr, &v, "", &t);
	if (!o)
		return false;
	if (MB_PEND(v) == MB_MAX)
		return mb_err(w, i, lane, addr, v,
			      "pending arrival count would exceed 2^20-1", 1, "");
	mb_write(w->ctx, t, o,
		 mb_pack(MB_PART(v), MB_PEND(v) + 1, MB_TX(v), MB_PHASE(v)));
	return true;
}

/* ---- handlers ----------------------------------------------------------------- */

/*
 * MBAR.INIT, MBAR.INVAL and the waits act on the issuing CTA's objects
 * only (PTX: mbarrier.init/inval/test_wait/try_wait take shared::cta
 * addresses); a shared::cluster address naming the own CTA is accepted
 * (*addr becomes the offset), one naming another CTA is an error.
 */
static bool mb_local(sim_warp *w, const sim_inst *i, unsigned l,
		     uint32_t *addr)
{
	uint32_t a = *addr;
	sim_cta *t = mb_target(w, i, l, addr, "");
	if (!t)
		return false;
	if (t == w->cta)
		return true;
	sim_raise(w, i, 1u << l, SIM_STOP_EXCEPTION,
		  "the mbarrier at shared::cluster 0x%x is in CTA rank %u of the "
		  "cluster, not in the issuing CTA (rank %u): only arrivals, "
		  "expect-tx and complete-tx may act on another CTA's mbarrier "
		  "(PTX: init, inval and the waits take shared::cta addresses)",
		  a, t->crank, w->cta->crank);
	return false;
}

static uint32_t lane_addr(const sim_warp *w, const sim_inst *i, unsigned l)
{
	const sim_opnd *a = &i->op[i->aux[0]];
	return w->r[a->reg][l] + (uint32_t)a->imm;
}

/* Operand b of lane l (a register row or an immediate read directly). */
static uint32_t lane_b(sim_warp *w, const sim_inst *i, unsigned l)
{
	const sim_opnd *o = &i->op[i->aux[1]];
	if (o->kind == SIM_O_REG && !o->neg)
		return w->r[o->reg][l];
	if (o->kind == SIM_O_IMM)
		return (uint32_t)o->imm;
	return sim_src32(w, i, (int)i->aux[1], (int)l);
}

void sim_mb_init(sim_warp *w, const sim_inst *i, uint32_t pmask)
{
	sim_async *as = sim_async_get(w, i);
	for (uint32_t m = pmask; m && as; m &= m - 1) {
		unsigned l = sim_ffs(m);
		uint32_t addr = lane_addr(w, i, l), n = lane_b(w, i, l);
		if (!mb_local(w, i, l, &addr) ||
		    !mb_addr_ok(w, i, l, w->cta, addr, ""))
			return;
		sim_mbobj *o = mb_find(as, addr);
		if (n == 0 || n > MB_MAX) {
			sim_raise(w, i, 1u << l, SIM_STOP_EXCEPTION,
				  "MBAR.INIT count %u outside 1..2^20-1 "
				  "(mbarrier at shared 0x%x)", n, addr);
			return;
		}
		if (o && o->state == MB_VALID) {
			sim_raise(w, i, 1u << l, SIM_STOP_EXCEPTION,
				  "MBAR.INIT of the mbarrier at shared 0x%x, "
				  "which is initialised already (MBAR.INVAL it "
				  "first; undefined in PTX)", addr);
			return;
		}
		if (!o) {
			if (as->nobj == as->capobj) {
				size_t cap = as->capobj ? 2 * as->capobj : 8;
				sim_mbobj *p = realloc(as->obj, cap * sizeof *p);
				if (!p) {
					sim_raise(w, i, 1u << l, SIM_STOP_EXCEPTION,
						  "out of memory");
					return;
				}
				as->obj = p;
				as->capobj = cap;
			}
			o = &as->obj[as->nobj];
			o->addr = addr;
			o->waiters = 0;
			if (!mb_index(as, as->nobj, w->cta->shared_size)) {
				sim_raise(w, i, 1u << l, SIM_STOP_EXCEPTION,
					  "out of memory");
				return;
			}
			as->nobj++;
		}
		o->state = MB_VALID;
		mb_write(w->ctx, w->cta, o, mb_pack(n, n, 0, 0));
	}
}

void sim_mb_inval(sim_warp *w, const sim_inst *i, uint32_t pmask)
{
	for (uint32_t m = pmask; m; m &= m - 1) {
		unsigned l = sim_ffs(m);
		uint64_t v;
		uint32_t addr = lane_addr(w, i, l);
		sim_cta *t;
		sim_mbobj *o = mb_local(w, i, l, &addr)
				       ? mb_get(w, i, l, addr, &v, "", &t) : NULL;
		if (!o)
			return;
		o->state = MB_INVALID;
		mb_wake(w->ctx, t, o); /* waiters see the error */
	}
}

/* Do the lanes of pmask (not 0) hold one value in row r?  Branch-free
 * over the 32 lanes, so the loop vectorises. */
static bool row_uniform(const uint32_t *r, uint32_t pmask)
{
	if (!(pmask & (pmask - 1))) /* one lane */
		return true;
	if (pmask == 0xffffffffu) /* every lane: one OR of differences */
		return rt_rows_uniform(r, r, 0);
	uint32_t x = r[sim_ffs(pmask)], ne = 0;
	for (int l = 0; l < SIM_LANES; l++)
		ne |= sim_lane_bit[l] & (0u - (uint32_t)(r[l] != x));
	return (ne & pmask) == 0;
}

/*
 * MBAR.ARRIVE of a warp whose lanes all name one object by a plain shared
 * address (the common case: a consumer warp arriving on the "empty"
 * barrier of a pipeline stage), b a register or an immediate, no
 * .NOCOMPLETE, no race checker.  The lanes still act one after another in
 * lane order (each sees the word the previous one left and gets it as its
 * token, a phase may complete between two lanes, the first failing lane
 * raises the error arrive() would), but the object is looked up once and
 * its word stored once, after the last lane (or before the error).
 * false: not this case, nothing done.
 */
#ifdef __GNUC__
__attribute__((noinline)) /* the uncommon shapes: sim_mb_arrive stays lean */
#endif
static bool arrive_warp(sim_warp *w, const sim_inst *i, uint32_t pmask)
{
	sim_ctx *c = w->ctx;
	int f = (int)i->aux[3];
	const sim_opnd *oa = &i->op[i->aux[0]], *ob = &i->op[i->aux[1]];
	bool plain_b = (ob->kind == SIM_O_REG && !ob->neg) || ob->kind == SIM_O_IMM;
	if (c->hb || (f & MBF_NOCOMPLETE) || !plain_b)
		return false;
	unsigned first = sim_ffs(pmask);
	uint32_t addr = lane_addr(w, i, first);
	if (addr >> SIM_CLUSTER_RANK_SHIFT || !row_uniform(w->r[oa->reg], pmask))
		return false;
	uint64_t v;
	sim_cta *t = w->cta;
	sim_mbobj *o = mb_quick(t, addr, &v);
	if (!o && !(o = mb_get(w, i, first, addr, &v, "", &t)))
		return true;
	unsigned rd = i->op[i->aux[2]].reg;
	bool drop = f & MBF_DROP, expect = f & MBF_EXPECT;
	uint32_t part = MB_PART(v), pend = MB_PEND(v), tt = MB_TX(v);
	unsigned ph = MB_PHASE(v);
	const uint32_t *brow = ob->kind == SIM_O_REG ? w->r[ob->reg] : NULL;
	uint32_t m = pmask;
	if (!brow && !drop && !expect && rd == SIM_RSINK) {
		/* every lane arrives with the count n and no token is kept:
		 * whole runs of lanes at once, up to each phase completion;
		 * the per-lane loop below takes what is left (an error) */
		uint32_t n = (uint32_t)ob->imm, left = sim_popc(m);
		while (left && n >= 1 && n <= MB_MAX && tt == 0 && pend >= n) {
			uint32_t take = pend / n < left ? pend / n : left;
			pend -= take * n;
			left -= take;
			if (!left) /* the lanes of m, all taken */
				m = 0;
			for (uint32_t k = 0; m && k < take; k++)
				m &= m - 1;
			if (pend == 0) { /* as mb_settle: the phase completes */
				pend = part;
				ph ^= 1;
				mb_wake(c, t, o);
			}
		}
	}
	for (; m; m &= m - 1) {
		unsigned l = sim_ffs(m);
		uint32_t b = brow ? brow[l] : (uint32_t)ob->imm;
		uint32_t n = expect ? 1 : b, tx = expect ? b : 0;
		if (n == 0 || n > MB_MAX || tx > MB_MAX - tt ||
		    (drop && n > part) || n > pend) {
			v = mb_pack(part, pend, tt, ph);
			mb_write(c, t, o, v); /* what the earlier lanes did */
			mb_err(w, i, l, addr, v,
			       n == 0 || n > MB_MAX ? "arrival count outside 1..2^20-1"
			       : tx > MB_MAX - tt ? "pending transaction bytes would exceed 2^20-1"
			       : drop && n > part ? "MBAR.ARRIVE.DROP drops more than the participants"
			       : "pending arrival count underflow",
			       n != 0 && n <= MB_MAX && tx > MB_MAX - tt ? tx : n, "");
			return true;
		}
		uint64_t tok = mb_pack(part, pend, tt, ph); /* the word before */
		w->r[rd][l] = (uint32_t)tok;
		if (rd + 1 < SIM_RZ)
			w->r[rd + 1][l] = (uint32_t)(tok >> 32);
		part -= drop ? n : 0;
		pend -= n;
		tt += tx;
		if (pend == 0 && tt == 0) { /* as mb_settle: the phase completes */
			pend = part;
			ph ^= 1;
			mb_wake(c, t, o);
		}
	}
	c->mem_writes += sim_popc(pmask) - 1; /* one per lane, as arrive() */
	mb_write(c, t, o, mb_pack(part, pend, tt, ph));
	return true;
}

/*
 * The commonest arrivals in one step: MBAR.ARRIVE[.EXPECT_TX] RZ with an
 * immediate b (MBF_QARRIVE) by one lane (a producer) or by a whole warp
 * naming one object (a consumer, without .EXPECT_TX), found by mb_quick,
 * without the race checker, when the arrivals leave the phase open or
 * complete it with the last lane: the lanes' arrivals, one after another
 * in lane order, come to n * lanes arrivals and tx bytes on the word
 * (pending and tx change in place in the packed word); the word is
 * stored once.  Anything else (a phase completing before the last lane,
 * an arrival that would be an error) is left to arrive_warp, which does
 * the lanes one by one and reports: false, nothing done.
 */
static bool arrive_quick(sim_warp *w, const sim_inst *i, uint32_t pmask)
{
	sim_ctx *c = w->ctx;
	int f = (int)i->aux[3];
	if (!(f & MBF_QARRIVE) || c->hb)
		return false;
	const sim_opnd *oa = &i->op[i->aux[0]];
	const uint32_t *ra = w->r[oa->reg];
	uint32_t lanes = 1;
	if (pmask & (pmask - 1)) {
		if (pmask != 0xffffffffu || (f & MBF_EXPECT) ||
		    !row_uniform(ra, pmask))
			return false;
		lanes = SIM_LANES;
	}
	uint32_t addr = ra[sim_ffs(pmask)] + (uint32_t)oa->imm;
	uint64_t v;
	sim_cta *t = w->cta;
	sim_mbobj *o = mb_quick(t, addr, &v);
	if (!o)
		return false;
	uint32_t b = (uint32_t)i->op[i->aux[1]].imm;
	/* one lane: n = 1 and tx = b (.EXPECT_TX) or n = b; a warp: n = b */
	uint32_t n = f & MBF_EXPECT ? 1 : b, tx = f & MBF_EXPECT ? b : 0;
	uint32_t all = n * lanes, pend = MB_PEND(v), tt = MB_TX(v);
	if (n - 1 >= MB_MAX || tx > MB_MAX - tt || all > pend ||
	    (all == pend && lanes > 1 && tt != 0))
		return false; /* an error, or a completion before the last lane */
	v += ((uint64_t)tx << 40) - ((uint64_t)all << 20);
	if (all == pend && tt + tx == 0) { /* as mb_settle: the phase completes */
		v = mb_pack(MB_PART(v), MB_PART(v), 0, MB_PHASE(v) ^ 1);
		mb_wake(c, t, o);
	}
	c->mem_writes += lanes - 1; /* one per lane, as arrive() */
	mb_write(c, t, o, v);
	return true;
}

/* relaxed.c: the lanes' arrivals (or completed bytes) release the warp's
 * view to the CTA whose mbarrier each lane names (its own, or another of
 * the cluster through a shared::cluster address). */
static void rx_release(sim_warp *w, const sim_inst *i, uint32_t pmask)
{
	const sim_cta *last = NULL;
	for (uint32_t m = pmask; m; m &= m - 1) {
		uint32_t top = lane_addr(w, i, sim_ffs(m)) >> SIM_CLUSTER_RANK_SHIFT;
		const sim_cta *t = top ? sim_cluster_member(w->cta, top - 1) : NULL;
		if (!t)
			t = w->cta; /* a bad rank: the arrival reports it */
		if (t != last)
			sim_rx_arrive_at(w, t);
		last = t;
	}
}

void sim_mb_arrive(sim_warp *w, const sim_inst *i, uint32_t pmask)
{
	if (w->ctx->rx && pmask) /* relaxed.c: an arrival releases */
		rx_release(w, i, pmask);
	if (pmask && (arrive_quick(w, i, pmask) || arrive_warp(w, i, pmask)))
		return;
	int f = (int)i->aux[3];
	unsigned rd = i->op[i->aux[2]].reg;
	mb_memo memo = {0};
	for (uint32_t m = pmask; m; m &= m - 1) {
		unsigned l = sim_ffs(m);
		uint32_t b = lane_b(w, i, l), a = lane_addr(w, i, l);
		uint32_t top = a >> SIM_CLUSTER_RANK_SHIFT;
		const sim_cta *t = top ? sim_cluster_member(w->cta, top - 1) : NULL;
		if (t && t != w->cta && rd != SIM_RSINK) {
			sim_raise(w, i, 1u << l, SIM_STOP_EXCEPTION,
				  "MBAR.ARRIVE on the mbarrier of another CTA of the "
				  "cluster (rank %u) returns no state: its destination "
				  "must be RZ (PTX: mbarrier.arrive.shared::cluster "
				  "has the sink _ as destination)", t->crank);
			return;
		}
		uint64_t tok;
		bool ok = f & MBF_EXPECT
				  ? arrive(w, i, l, a, 1, b, f & MBF_DROP,
					   f & MBF_NOCOMPLETE, &tok, "", &memo)
				  : arrive(w, i, l, a, b, 0, f & MBF_DROP,
					   f & MBF_NOCOMPLETE, &tok, "", &memo);
		if (!ok)
			return;
		w->r[rd][l] = (uint32_t)tok;
		if (rd + 1 < SIM_RZ)
			w->r[rd + 1][l] = (uint32_t)(tok >> 32);
	}
}

void sim_mb_expect_tx(sim_warp *w, const sim_inst *i, uint32_t pmask)
{
	for (uint32_t m = pmask; m; m &= m - 1) {
		unsigned l = sim_ffs(m);
		uint32_t addr = lane_addr(w, i, l), b = lane_b(w, i, l);
		uint64_t v;
		sim_cta *t;
		sim_mbobj *o = mb_get(w, i, l, addr, &v, "", &t);
		if (!o)
			return;
		if (b > MB_MAX - MB_TX(v)) {
			mb_err(w, i, l, addr, v,
			       "pending transaction bytes would exceed 2^20-1", b, "");
			return;
		}
		mb_write(w->ctx, t, o, mb_pack(MB_PART(v), MB_PEND(v),
					       MB_TX(v) + b, MB_PHASE(v)));
	}
}

void sim_mb_complete_tx(sim_warp *w, const sim_inst *i, uint32_t pmask)
{
	if (w->ctx->rx && pmask) /* relaxed.c: completed bytes release */
		rx_release(w, i, pmask);
	for (uint32_t m = pmask; m; m &= m - 1) {
		unsigned l = sim_ffs(m);
		if (!sim_mb_complete_tx_at(w, i, l, lane_addr(w, i, l),
					   lane_b(w, i, l), ""))
			return;
	}
}

/* The phase bit that means "not complete yet" for lane l: the token's
 * phase, or the awaited parity. */
static unsigned wait_phase(sim_warp *w, const sim_inst *i, unsigned l)
{
	if (i->aux[3] & MBF_PARITY)
		return lane_b(w, i, l) & 1u;
	return (unsigned)(sim_src64(w, i, (int)i->aux[1], (int)l) >> 63);
}

/*
 * wait_done() for a warp whose lanes all name one object, waiting on a
 * parity in a register or an immediate, without the race checker: one
 * lookup and a mask computed over the lanes.  false: not this case.
 */
static bool wait_warp(sim_warp *w, const sim_inst *i, uint32_t pmask,
		      bool *ok, uint32_t *done, uint32_t *first_addr,
		      unsigned *first_want)
{
	const sim_opnd *oa = &i->op[i->aux[0]], *ob = &i->op[i->aux[1]];
	if (w->ctx->hb || !(i->aux[3] & MBF_PARITY) || !pmask ||
	    !((ob->kind == SIM_O_REG && !ob->neg) || ob->kind == SIM_O_IMM))
		return false;
	unsigned first = sim_ffs(pmask);
	if (!row_uniform(w->r[oa->reg], pmask))
		return false;
	uint32_t addr = lane_addr(w, i, first);
	uint64_t v;
	sim_cta *t = NULL;
	if (!mb_quick(w->cta, addr, &v) &&
	    ((addr >> SIM_CLUSTER_RANK_SHIFT && !mb_local(w, i, first, &addr)) ||
	     !mb_get(w, i, first, addr, &v, "", &t))) {
		*ok = false;
		return true;
	}
	uint32_t ph = MB_PHASE(v), d = 0;
	if (ob->kind == SIM_O_IMM) {
		d = ((uint32_t)ob->imm & 1u) != ph ? pmask : 0;
	} else if (row_uniform(w->r[ob->reg], pmask)) { /* one parity */
		d = ((w->r[ob->reg][first] ^ ph) & 1u) ? pmask : 0;
	} else {
		/* the lanes whose awaited parity is not the phase: an
		   all-ones/zero word per lane ANDed with the lane's bit */
		const uint32_t *b = w->r[ob->reg];
		uint32_t past = 0;
		for (int l = 0; l < SIM_LANES; l++)
			past |= sim_lane_bit[l] & (0u - ((b[l] ^ ph) & 1u));
		d = past & pmask;
	}
	*done = d;
	if (d != pmask && *first_addr == UINT32_MAX) {
		*first_addr = addr;
		*first_want = lane_b(w, i, sim_ffs(pmask & ~d)) & 1u;
	}
	return true;
}

/*
 * wait_warp's commonest cases inline (MBF_QWAIT, no race checker): one
 * lane, or the whole warp naming one object and awaiting one parity (bit
 * 0 of b the same in every lane), the object found by mb_quick.  The same
 * results as wait_done (*done, *addr and *want of the first waiting lane,
 * w->mbar_whole); false: not this case, nothing done.
 */
static inline bool wait_quick(sim_warp *w, const sim_inst *i, uint32_t pmask,
			      uint32_t *done, uint32_t *addr, unsigned *want)
{
	if (!(i->aux[3] & MBF_QWAIT) || w->ctx->hb)
		return false;
	const sim_opnd *oa = &i->op[i->aux[0]], *ob = &i->op[i->aux[1]];
	const uint32_t *ra = w->r[oa->reg];
	const uint32_t *rb = ob->kind == SIM_O_REG ? w->r[ob->reg] : NULL;
	unsigned first = sim_ffs(pmask);
	if (pmask & (pmask - 1)) {
		if (pmask != 0xffffffffu)
			return false;
		if (!rt_rows_uniform(ra, rb ? rb : ra, 1))
			return false;
	}
	uint32_t a = ra[first] + (uint32_t)oa->imm;
	uint32_t par = (rb ? rb[first] : (uint32_t)ob->imm) & 1u;
	uint64_t v;
	if (!mb_quick(w->cta, a, &v))
		return false;
	*done = par != MB_PHASE(v) ? pmask : 0;
	if (!*done) {
		*addr = a;
		*want = par;
	}
	w->mbar_whole = true;
	return true;
}

/* Lanes of pmask whose awaited phase has completed; *ok = false after a
 * raise.  *first_addr / *first_want: the first lane still waiting. */
#ifdef __GNUC__
__attribute__((noinline)) /* the uncommon shapes: sim_mb_try_wait stays lean */
#endif
static uint32_t wait_done(sim_warp *w, const sim_inst *i, uint32_t pmask,
			  bool *ok, uint32_t *first_addr, unsigned *first_want)
{
	uint32_t done = 0, prev = 0, addr = 0;
	uint64_t v = 0;
	sim_cta *t = NULL;
	*ok = true;
	w->mbar_whole = wait_warp(w, i, pmask, ok, &done, first_addr, first_want);
	if (w->mbar_whole)
		return done;
	for (uint32_t m = pmask; m; m &= m - 1) {
		unsigned l = sim_ffs(m);
		uint32_t raw = lane_addr(w, i, l);
		/* lanes of one object share the lookup: a wait changes
		   nothing, so the next lane would find the same */
		if (!t || raw != prev) {
			prev = addr = raw;
			t = NULL;
			if (!mb_local(w, i, l, &addr) ||
			    !mb_get(w, i, l, addr, &v, "", &t)) {
				*ok = false;
				return 0;
			}
		}
		unsigned want = wait_phase(w, i, l);
		if (MB_PHASE(v) != want) {
			done |= 1u << l;
			if (w->ctx->hb) /* observed the completion of phase want */
				hb_mbar_waited(w, l, t, addr, want);
		}
		else if (*first_addr == UINT32_MAX) {
			*first_addr = addr;
			*first_want = want;
		}
	}
	return done;
}

static void set_pred(sim_warp *w, const sim_inst *i, uint32_t pmask,
		     uint32_t done)
{
	unsigned p = i->op[i->aux[2]].reg;
	w->p[p] = (w->p[p] & ~pmask) | done;
}

void sim_mb_test_wait(sim_warp *w, const sim_inst *i, uint32_t pmask)
{
	bool ok;
	uint32_t a = UINT32_MAX;
	unsigned want = 0;
	uint32_t done = wait_done(w, i, pmask, &ok, &a, &want);
	if (ok)
		set_pred(w, i, pmask, done);
	if (ok && done && w->ctx->rx) /* a completed phase acquires */
		sim_rx_acquire(w);
}

/*
 * MBAR.TRY.WAIT: a control handler.  When some lane's phase is still
 * running the warp parks (SIM_W_MBAR) on the first such lane's object and
 * issues the wait again when that object completes a phase or the time
 * limit (hint cycles after the first issue) passes.
 */
void sim_mb_try_wait(sim_warp *w, const sim_inst *i, uint32_t pmask)
{
	sim_ctx *c = w->ctx;
	bool again = w->mbar_waiting && w->mbar_pc == i->pc;
	w->mbar_waiting = false;
	if (pmask) {
		bool ok = true;
		uint32_t addr = UINT32_MAX, done;
		unsigned want = 0;
		uint64_t v;
		if (again && w->mbar_whole && pmask == w->mbar_lanes &&
		    mb_quick(w->cta, w->mbar_addr, &v)) {
			/* issued again after parking: nothing the wait reads in
			   the warp has changed (it issued nothing), so its lanes
			   still name one object and await one parity */
			addr = w->mbar_addr;
			want = w->mbar_want;
			done = MB_PHASE(v) != want ? pmask : 0;
		} else if (!wait_quick(w, i, pmask, &done, &addr, &want)) {
			done = wait_done(w, i, pmask, &ok, &addr, &want);
		}
		if (!ok)
			return;
		/* the time limit matters only to a lane still waiting */
		int h = done != pmask ? (int)(i->aux[3] >> 8) - 1 : -1;
		uint64_t hint = h >= 0 ? (uint64_t)i->op[h].imm : 0;
		uint64_t deadline = again ? w->mbar_deadline
				    : hint ? c->cycle + hint : UINT64_MAX;
		if (done != pmask && c->cycle < deadline) {
			w->mbar_waiting = true;
			w->mbar_pc = i->pc;
			w->mbar_deadline = deadline;
			w->mbar_kind = SIM_MBW_PHASE;
			w->mbar_addr = addr;
			w->mbar_want = want;
			w->mbar_lanes = pmask & ~done;
			sim_warp_set_state(w, SIM_W_MBAR);
			/* its object (the wait found it valid, in this CTA) */
			mb_find(w->cta->async, addr)->waiters |= 1u << w->id;
			sim_async_note(c, w->cta, deadline);
			return;
		}
		set_pred(w, i, pmask, done);
		if (done && c->rx)
			sim_rx_acquire(w);
	}
	w->active_pc += SIM_INST_SIZE;
}

/* ---- deadlock report ------------------------------------------------------------ */

void sim_mbar_describe(util_buf *b, const sim_ctx *c, const sim_warp *w)
{
	if (w->mbar_kind == SIM_MBW_DEPBAR) {
		util_buf_printf(b, "; waits in DEPBAR for LDGSTS groups until "
				"cycle %llu", (unsigned long long)w->mbar_deadline);
		return;
	}
	util_buf_printf(b, "; lanes 0x%08x wait on the mbarrier at shared 0x%x "
			"for the phase with parity %u to complete", w->mbar_lanes,
			w->mbar_addr, w->mbar_want);
	const sim_async *as = w->cta->async;
	const sim_mbobj *o = NULL;
	for (size_t k = 0; as && k < as->nobj; k++)
		if (as->obj[k].addr == w->mbar_addr)
			o = &as->obj[k];
	if (!o || o->state != MB_VALID) {
		util_buf_printf(b, " (the object is %s)",
				o ? "invalidated" : "uninitialised");
		return;
	}
	uint64_t v = o->shadow;
	util_buf_printf(b, " (object 0x%016llx: participants %u, pending %u, "
			"tx %u, phase %u)", (unsigned long long)v, MB_PART(v),
			MB_PEND(v), MB_TX(v), MB_PHASE(v));
}

/* Why the phase of mbarrier word v of cta cannot complete, as ": ..." */
static void why_incomplete(char *why, size_t size, const sim_cta *cta, uint64_t v)
{
	/* threads that can still arrive: those of the CTA not exited */
	uint32_t threads = 0;
	for (int j = 0; j < cta->nwarps; j++)
		threads += sim_popc(cta->warps[j].valid);
	if (MB_PART(v) > threads)
		snprintf(why, size, ": it expects %u arrivals per phase but the "
			 "CTA has %u threads left, so unless threads arrive more "
			 "than once the phase never completes (an expected count "
			 "larger than the participating threads)", MB_PART(v), threads);
	else if (MB_PEND(v))
		snprintf(why, size, ": %u of the %u expected arrivals never came",
			 MB_PEND(v), MB_PART(v));
	else
		snprintf(why, size, ": %u transaction bytes expected (expect_tx) "
			 "never completed", MB_TX(v));
}

static const sim_mbobj *first_incomplete(const sim_cta *cta, size_t *k)
{
	const sim_async *as = cta->async;
	for (; as && *k < as->nobj; (*k)++) {
		const sim_mbobj *o = &as->obj[*k];
		if (o->state == MB_VALID && (MB_PEND(o->shadow) || MB_TX(o->shadow)))
			return o;
	}
	return NULL;
}

bool sim_mbar_incomplete_cause(util_buf *b, const sim_cta *cta)
{
	size_t k = 0;
	const sim_mbobj *o = first_incomplete(cta, &k);
	if (!o)
		return false;
	char why[256];
	why_incomplete(why, sizeof why, cta, o->shadow);
	util_buf_printf(b, " while the mbarrier at shared 0x%x never completes "
			"phase %u%s", o->addr, MB_PHASE(o->shadow), why);
	return true;
}

void sim_mbar_note_incomplete(sim_ctx *c, const sim_cta *cta)
{
	const sim_mbobj *o;
	for (size_t k = 0; (o = first_incomplete(cta, &k)) != NULL; k++) {
		uint64_t v = o->shadow;
		char why[256];
		why_incomplete(why, sizeof why, cta, v);
		util_diag(c->diags, SIMT_SEV_NOTE, NULL, NULL, 0, 0,
			  "CTA (%u,%u,%u): the mbarrier at shared 0x%x never "
			  "completed phase %u: participants %u, pending %u, tx %u%s",
			  cta->id[0], cta->id[1], cta->id[2], o->addr, MB_PHASE(v),
			  MB_PART(v), MB_PEND(v), MB_TX(v), why);
	}
}
