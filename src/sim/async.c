/*
 * async.c - the asynchronous copy engine: LDGSTS (cp.async), LDGDEPBAR
 * (commit group), DEPBAR.LE SB0 (wait group), ARRIVES.LDGSTSBAR
 * (cp.async.mbarrier.arrive) and UBLKCP (bulk copy that completes
 * transaction bytes on an mbarrier); the per-CTA state that mbarrier.c
 * shares; the scheduler hook.
 *
 * Requires: records prepared by sim_as_prep (operands found by field
 * name).  Produces: completion events, processed by sim_async_tick in
 * cycle order (issue order on ties) before any warp issues in that cycle.
 *
 * Timing (deterministic): a copy issued at cycle t completes at
 * t + L (LDGSTS) or t + L + bytes/16 (UBLKCP), L = launch.copy_latency
 * (0: SIM_COPY_LATENCY).  Under a chooser (simt explore) the order is a
 * choice (COPY): when a completion is due and other copies are pending,
 * any of them may complete first (early, never late: DEPBAR wakes at the
 * cycles computed at issue, which stay upper bounds).  Sources are read and every address is checked
 * at issue (faults name the issuing lanes and PC); the destination bytes
 * are written at completion.
 */
#include <stdlib.h>
#include <string.h>

#include "sim/hb.h"
#include "sim/mbarrier.h"
#include "sim/mem.h"

#define SIM_COPY_LATENCY 64u

static uint64_t latency(const sim_ctx *c)
{
	return c->launch.copy_latency ? c->launch.copy_latency : SIM_COPY_LATENCY;
}

static bool kind_is(const sim_inst *i, int k, int kind)
{
	return k >= 0 && i->op[k].kind == kind;
}

/*
 * aux[0] = [Ra+off] (shared destination / mbarrier), aux[1] = [Rb.64+soff]
 * (global source) or the cnt operand (DEPBAR), aux[2] = rc (UBLKCP size)
 * or sb (DEPBAR), aux[3] = [Rm+moff] (UBLKCP) / bytes (LDGSTS) / .NOINC.
 */
simt_status sim_as_prep(sim_ctx *c, sim_inst *i, simt_diags *d)
{
	i->aux[0] = sim_opnd_find(i, "ra");
	i->aux[1] = sim_opnd_find(i, "rb");
	i->aux[2] = sim_opnd_find(i, "rc");
	i->aux[3] = sim_opnd_find(i, "rm");
	const char *need = NULL;
	if (i->optype == SIM_OP_LDGSTS) {
		i->aux[3] = 4u << (sim_field(i, "size", 0) & 3);
		if (!kind_is(i, (int)i->aux[0], SIM_O_ADDR) ||
		    !kind_is(i, (int)i->aux[1], SIM_O_ADDR) || i->aux[3] > 16)
			need = "[Ra+off], [Rb.64+soff] and a size of 4, 8 or 16";
	} else if (i->optype == SIM_OP_DEPBAR) {
		i->aux[1] = sim_opnd_find(i, "cnt");
		i->aux[2] = sim_opnd_find(i, "sb");
		if (!kind_is(i, (int)i->aux[1], SIM_O_IMM) || i->aux[2] < 0)
			need = "sb, cnt";
	} else if (i->optype == SIM_OP_ARRIVES) {
		i->aux[3] = (int64_t)sim_field(i, "inc", 0);
		if (!kind_is(i, (int)i->aux[0], SIM_O_ADDR))
			need = "[Ra+off]";
	} else if (i->optype == SIM_OP_UBLKCP ||
		   i->optype == SIM_OP_UBLKCP_MULTICAST) {
		if (!kind_is(i, (int)i->aux[0], SIM_O_ADDR) ||
		    !kind_is(i, (int)i->aux[1], SIM_O_ADDR) ||
		    !kind_is(i, (int)i->aux[2], SIM_O_REG) ||
		    !kind_is(i, (int)i->aux[3], SIM_O_ADDR))
			need = "[Ra+off], [Rb.64+soff], Rc, [Rm+moff]";
	}
	return sim_prep_need(i, !need, need);
}

/* ---- context state ------------------------------------------------------------- */

sim_async *sim_async_get(sim_warp *w, const sim_inst *i)
{
	sim_cta *cta = w->cta;
	if (!cta->async) {
		cta->async = calloc(1, sizeof *cta->async);
		if (!cta->async)
			sim_raise(w, i, w->active, SIM_STOP_EXCEPTION,
				  "out of memory");
	}
	return cta->async;
}

/* A payload buffer of at least n bytes: a spare one of as (grown when
 * too small) or a new one; NULL when out of memory. */
static uint8_t *payload_get(sim_async *as, uint32_t n, uint32_t *cap)
{
	*cap = n;
	if (!as || !as->nspare)
		return malloc(n ? n : 1);
	sim_payload b = as->spare[--as->nspare];
	if (b.cap >= n) {
		*cap = b.cap;
		return b.p;
	}
	uint8_t *p = realloc(b.p, n);
	if (!p)
		free(b.p);
	return p;
}

/* payload_put when as's list of spare buffers is full (or there is no
 * as): grow the list, or free p. */
static void payload_keep(sim_async *as, uint8_t *p, uint32_t cap)
{
	if (as) {
		size_t n = as->capspare ? 2 * as->capspare : 16;
		sim_payload *q = realloc(as->spare, n * sizeof *q);
		if (q) {
			as->spare = q;
			as->capspare = n;
		}
	}
	if (!as || as->nspare == as->capspare) {
		free(p);
		return;
	}
	as->spare[as->nspare++] = (sim_payload){p, cap};
}

/* Keep the payload buffer p for the next copy of as (freed when it cannot
 * be kept). */
static inline void payload_put(sim_async *as, uint8_t *p, uint32_t cap)
{
	if (p && as && as->nspare < as->capspare)
		as->spare[as->nspare++] = (sim_payload){p, cap};
	else if (p)
		payload_keep(as, p, cap);
}

static void drop_events(sim_async *as)
{
	for (size_t k = 0; k < as->nev; k++)
		payload_put(as, as->ev[k].bulk, as->ev[k].bulk_cap);
	as->nev = as->evhead = 0;
	as->ev = as->evbase;
}

void sim_async_cta_end(sim_ctx *c, sim_cta *cta)
{
	sim_async *as = cta->async;
	if (!as)
		return;
	drop_events(as);
	for (size_t k = 0; k < as->nspare; k++)
		free(as->spare[k].p);
	free(as->spare);
	free(as->evbase);
	free(as->obj);
	free(as->dix);
	free(as->thr);
	free(as);
	cta->async = NULL;
}

/* Threads t[0..n) fresh: no LDGSTS, no group (the ring stays: sim_athr). */
static void athr_clear(sim_athr *t, size_t n)
{
	for (size_t k = 0; k < n; k++) {
		t[k].last_done = t[k].open_done = 0;
		t[k].committed = 0;
	}
}

/* What a fresh calloc'ed sim_async reads as: no copies, no objects (an
 * index of empty slots finds none), no LDGSTS bookkeeping. */
void sim_async_cta_reset(sim_ctx *c, sim_cta *cta)
{
	sim_async *as = cta->async;
	if (!as)
		return;
	drop_events(as);
	as->seq = 0;
	for (size_t k = 0; k < as->nobj; k++) /* the index's used entries */
		as->dix[as->obj[k].addr >> 3] = 0;
	as->nobj = 0;
	athr_clear(as->thr, as->nthr);
	as->thr_used = false;
}

bool sim_async_pending(const sim_cta *cta)
{
	return cta->async && cta->async->nev;
}

void sim_async_free(sim_ctx *c)
{
	for (uint64_t k = 0; k < c->nctas; k++)
		sim_async_cta_end(c, &c->ctas[k]);
}

/* The LDGSTS bookkeeping of lane l of w (NULL after sim_raise). */
static sim_athr *thread_of(sim_warp *w, const sim_inst *i, unsigned l)
{
	sim_async *as = sim_async_get(w, i);
	if (!as)
		return NULL;
	size_t n = (size_t)w->cta->nwarps * SIM_LANES;
	if (as->nthr < n) {
		sim_athr *p = realloc(as->thr, n * sizeof *p);
		if (!p) {
			sim_raise(w, i, 1u << l, SIM_STOP_EXCEPTION, "out of memory");
			return NULL;
		}
		athr_clear(p + as->nthr, n - as->nthr);
		as->thr = p;
		as->nthr = n;
	}
	as->thr_used = true;
	return &as->thr[(size_t)w->id * SIM_LANES + l];
}

/* ---- the event queue ----------------------------------------------------------- */

static bool before(const sim_aev *a, const sim_aev *b)
{
	return a->cycle != b->cycle ? a->cycle < b->cycle : a->seq < b->seq;
}

static void swap_ev(sim_aev *a, sim_aev *b)
{
	sim_aev t = *a;
	*a = *b;
	*b = t;
}

/* No room after the last event of as's queue. */
static bool ev_full(const sim_async *as)
{
	return as->evhead + as->nev == as->capev;
}

/* Queue e in CTA t's engine (its bulk buffer now owned by the queue);
 * false after a raise.  A copy into another CTA of the cluster completes
 * there: its completion acts as the warp of the same id in t. */
static bool push_to(sim_warp *w, const sim_inst *i, sim_cta *t, sim_aev *e)
{
	sim_async *as = t == w->cta ? sim_async_get(w, i) : t->async;
	if (!as && !(as = t->async = calloc(1, sizeof *as))) {
		payload_put(NULL, e->bulk, e->bulk_cap);
		sim_raise(w, i, w->active, SIM_STOP_EXCEPTION, "out of memory");
		return false;
	}
	if (as && ev_full(as)) {
		if (as->nev && as->evhead >= as->nev) { /* half free: down */
			memmove(as->evbase, as->ev, as->nev * sizeof *as->ev);
			as->ev = as->evbase;
			as->evhead = 0;
		} else {
			size_t cap = as->capev ? 2 * as->capev : 64;
			sim_aev *p = realloc(as->evbase, cap * sizeof *p);
			if (p) {
				as->evbase = p;
				as->ev = p + as->evhead;
				as->capev = cap;
			}
		}
	}
	if (!as || ev_full(as)) {
		payload_put(as, e->bulk, e->bulk_cap);
		sim_raise(w, i, w->active, SIM_STOP_EXCEPTION, "out of memory");
		return false;
	}
	e->seq = as->seq++;
	e->op = sim_steps(w->ctx);
	e->warp = (uint16_t)w->id;
	e->src = w->cta;
	e->inst = i;
	/* into its place from the end (mostly the end itself): the events
	   it passes move up one, e is copied once */
	size_t k = as->nev++;
	while (k && before(e, &as->ev[k - 1])) {
		as->ev[k] = as->ev[k - 1];
		k--;
	}
	as->ev[k] = *e;
	sim_async_note(w->ctx, t, e->cycle);
	return true;
}

static bool push(sim_warp *w, const sim_inst *i, sim_aev *e)
{
	return push_to(w, i, w->cta, e);
}

static void sift_down(sim_async *as, size_t k)
{
	for (;;) {
		size_t l = 2 * k + 1, r = l + 1, m = k;
		if (l < as->nev && before(&as->ev[l], &as->ev[m]))
			m = l;
		if (r < as->nev && before(&as->ev[r], &as->ev[m]))
			m = r;
		if (m == k)
			break;
		swap_ev(&as->ev[k], &as->ev[m]);
		k = m;
	}
}

/* Take the first event out (it completed in place).  (cycle, seq) orders
 * the events totally, so they leave in the order a heap would pop them. */
static void pop_top(sim_async *as)
{
	as->ev++;
	as->evhead++;
	if (!--as->nev) {
		as->ev = as->evbase;
		as->evhead = 0;
	}
}

static const char *const ASYNC_WHY = " (at the completion of the copy this "
				     "instruction issued)";

/* Perform one completion. */
static void complete(sim_ctx *c, sim_cta *cta, sim_aev *e)
{
	sim_warp *w = &cta->warps[e->warp];
	if (c->hb) { /* the copy's write, then the engine acts for the lane */
		const sim_cta *src = e->src ? e->src : cta;
		if (e->kind != AEV_ARRIVE)
			hb_async_write(c, cta, src, e->warp, e->lane, e->inst,
				       e->dst, e->size, e->hb_stamp);
		hb_engine(c, src, e->warp, e->lane, true);
	}
	switch (e->kind) {
	case AEV_LDGSTS:
		memcpy(cta->shared + e->dst, e->data, e->size);
		c->mem_writes++;
		break;
	case AEV_BULK:
		memcpy(cta->shared + e->dst, e->bulk, e->size);
		c->mem_writes++;
		sim_mb_complete_tx_at(w, e->inst, e->lane, e->mbar, e->size,
				      ASYNC_WHY);
		break;
	case AEV_ARRIVE:
		sim_mb_arrive_at(w, e->inst, e->lane, e->mbar, 1, 0, false, false,
				 NULL, ASYNC_WHY);
		break;
	}
	if (c->hb)
		hb_engine(c, NULL, 0, 0, false);
	payload_put(cta->async, e->bulk, e->bulk_cap);
}

static bool same_op(const sim_aev *a, const sim_aev *b)
{
	return a->op == b->op && a->src == b->src;
}

/*
 * Under a chooser, with the copy at the top of cta's queue due: which
 * pending copy completes first (choice COPY; an option is one issue, all
 * its lanes; what = the issue's step count).  Option 0, the default, is
 * the due one: its due lanes complete, in issue order, as without a
 * chooser.  Another option completes every lane of that copy now, early.
 * A deferred mbarrier arrival (ARRIVES) never goes early: it must follow
 * its copies.  Returns false when there is no choice (one copy pending):
 * the caller pops as usual.
 */
static bool complete_chosen(sim_ctx *c, sim_cta *cta, sim_async *as)
{
	const sim_aev *opt[SIMT_CHOICE_MAX];
	uint64_t what[SIMT_CHOICE_MAX];
	int n = 0;
	opt[n] = &as->ev[0];
	what[n++] = as->ev[0].op;
	for (size_t k = 1; k < as->nev && n < SIMT_CHOICE_MAX; k++) {
		const sim_aev *e = &as->ev[k];
		bool seen = e->kind == AEV_ARRIVE;
		for (int j = 0; j < n && !seen; j++)
			seen = same_op(e, opt[j]);
		if (!seen) {
			opt[n] = e;
			what[n++] = e->op;
		}
	}
	if (n < 2)
		return false;
	int j = sim_choose(c, SIMT_CHOICE_COPY, n, 0, what);
	sim_aev pick = *opt[j];
	/* take its lanes out of the queue (in issue order), then complete */
	sim_aev *take = malloc(sizeof *take * as->nev);
	if (!take)
		return false;
	size_t nt = 0, kept = 0;
	for (size_t k = 0; k < as->nev; k++) {
		sim_aev *e = &as->ev[k];
		if (same_op(e, &pick) && (j || e->cycle <= c->cycle))
			take[nt++] = *e;
		else
			as->ev[kept++] = *e;
	}
	as->nev = kept;
	for (size_t k = kept / 2; k-- > 0;)
		sift_down(as, k);
	for (size_t a = 1; a < nt; a++) /* issue order: by seq */
		for (size_t b = a; b > 0 && take[b].seq < take[b - 1].seq; b--)
			swap_ev(&take[b], &take[b - 1]);
	size_t done = 0;
	while (done < nt && c->stop == SIM_STOP_NONE)
		complete(c, cta, &take[done++]);
	for (size_t k = done; k < nt; k++) /* a stop: the rest are dropped */
		payload_put(as, take[k].bulk, take[k].bulk_cap);
	free(take);
	return true;
}

/* Completions due in cta; returns the CTA's next event or wait limit. */
static uint64_t tick_cta(sim_ctx *c, sim_cta *cta)
{
	sim_async *as = cta->async;
	uint64_t next = UINT64_MAX;
	while (as && as->nev && as->ev[0].cycle <= c->cycle &&
	       c->stop == SIM_STOP_NONE) {
		if (c->chooser && complete_chosen(c, cta, as))
			continue;
		complete(c, cta, &as->ev[0]); /* it queues nothing */
		pop_top(as);
	}
	if (as && as->nev)
		next = as->ev[0].cycle;
	for (uint32_t m = cta->in_state[SIM_W_MBAR]; m; m &= m - 1) {
		sim_warp *w = &cta->warps[sim_ffs(m)];
		if (w->mbar_deadline == UINT64_MAX)
			continue;
		if (w->mbar_deadline <= c->cycle) {
			sim_warp_set_state(w, SIM_W_READY);
			if (w->clock < c->cycle)
				w->clock = c->cycle;
		} else if (w->mbar_deadline < next) {
			next = w->mbar_deadline;
		}
	}
	return next;
}

bool sim_async_tick(sim_ctx *c, sim_cta *const *ctas, int n)
{
	uint64_t next = UINT64_MAX;
	bool ended = false;
	for (int k = 0; k < n; k++) {
		sim_cta *cta = ctas[k];
		if (cta->async_due <= c->cycle) { /* something may be due */
			cta->async_due = tick_cta(c, cta);
			ended |= cta->exited_warps == cta->nwarps &&
				 !sim_async_pending(cta);
		}
		next = cta->async_due < next ? cta->async_due : next;
	}
	sim_set_events(c, c->next_wake, next);
	return ended;
}

/* ---- handlers ---------------------------------------------------------------------- */

static uint32_t saddr(const sim_warp *w, const sim_inst *i, int k, unsigned l)
{
	const sim_opnd *a = &i->op[k];
	return w->r[a->reg][l] + (uint32_t)a->imm;
}

static inline uint64_t gaddr(const sim_warp *w, const sim_inst *i, int k,
			     unsigned l)
{
	const sim_opnd *a = &i->op[k];
	uint64_t v = w->r[a->reg][l];
	if (a->reg < SIM_RZ - 1 && a->width == 64)
		v |= (uint64_t)w->r[a->reg + 1][l] << 32;
	return v + (uint64_t)a->imm;
}

/* A shared destination [dst, dst+n) of CTA t aligned to align; false
 * after raise. */
static bool dst_ok_in(sim_warp *w, const sim_inst *i, unsigned l,
		      const sim_cta *t, uint32_t dst, uint32_t n, uint32_t align)
{
	const char *bad = dst % align ? "is misaligned"
			  : (uint64_t)dst + n > t->shared_size
				  ? "is outside shared memory"
				  : NULL;
	if (!bad)
		return true;
	sim_raise(w, i, 1u << l, SIM_STOP_FAULT,
		  "shared destination [0x%x, +0x%x) %s (shared size 0x%x, "
		  "alignment %u)", dst, n, bad, t->shared_size, align);
	return false;
}

static bool dst_ok(sim_warp *w, const sim_inst *i, unsigned l, uint32_t dst,
		   uint32_t n, uint32_t align)
{
	return dst_ok_in(w, i, l, w->cta, dst, n, align);
}

void sim_as_ldgsts(sim_warp *w, const sim_inst *i, uint32_t pmask)
{
	unsigned size = (unsigned)i->aux[3];
	uint64_t src[SIM_LANES] = {0};
	uint8_t data[SIM_LANES][16];
	for (uint32_t m = pmask; m; m &= m - 1) {
		unsigned l = sim_ffs(m);
		src[l] = gaddr(w, i, (int)i->aux[1], l);
		if (!dst_ok(w, i, l, saddr(w, i, (int)i->aux[0], l), size, size))
			return;
	}
	if (!sim_mem_load(w, i, SIM_SPACE_GLOBAL, pmask, src, size, data))
		return;
	uint64_t done = w->ctx->cycle + latency(w->ctx);
	for (uint32_t m = pmask; m; m &= m - 1) {
		unsigned l = sim_ffs(m);
		sim_athr *t = thread_of(w, i, l);
		sim_aev e = {.cycle = done, .kind = AEV_LDGSTS, .lane = (uint8_t)l,
			     .dst = saddr(w, i, (int)i->aux[0], l), .size = size,
			     .hb_stamp = w->ctx->hb ? hb_async_issue(w, l) : 0};
		memcpy(e.data, data[l], size);
		if (!t || !push(w, i, &e))
			return;
		t->open_done = t->open_done > done ? t->open_done : done;
		t->last_done = t->last_done > done ? t->last_done : done;
	}
}

void sim_as_ldgdepbar(sim_warp *w, const sim_inst *i, uint32_t pmask)
{
	for (uint32_t m = pmask; m; m &= m - 1) {
		sim_athr *t = thread_of(w, i, sim_ffs(m));
		if (!t)
			return;
		t->ring[t->committed++ % AS_RING] = t->open_done;
		t->open_done = 0;
	}
	if (w->ctx->hb)
		hb_async_commit(w, pmask);
}

/* DEPBAR.LE SB0, n: park until all but the newest n committed groups of
 * every lane of pmask have completed (their completion cycles are known). */
void sim_as_depbar(sim_warp *w, const sim_inst *i, uint32_t pmask)
{
	sim_ctx *c = w->ctx;
	uint64_t until = 0, n = (uint64_t)i->op[i->aux[1]].imm;
	bool sb0 = i->op[i->aux[2]].imm == 0;
	if (c->hb && sb0) /* conservative: orders every committed group */
		hb_async_wait(w, pmask);
	for (uint32_t m = sb0 ? pmask : 0; m; m &= m - 1) {
		sim_athr *t = thread_of(w, i, sim_ffs(m));
		if (!t)
			return;
		if (t->committed > n) {
			uint64_t d = t->ring[(t->committed - 1 - n) % AS_RING];
			until = d > until ? d : until;
		}
	}
	if (until > c->cycle) {
		sim_warp_set_state(w, SIM_W_MBAR);
		w->mbar_kind = SIM_MBW_DEPBAR;
		w->mbar_deadline = until;
		w->mbar_lanes = pmask;
		sim_async_note(c, w->cta, until);
		return;
	}
	w->active_pc += SIM_INST_SIZE;
}

void sim_as_arrives(sim_warp *w, const sim_inst *i, uint32_t pmask)
{
	sim_ctx *c = w->ctx;
	bool inc = i->aux[3] == 0;
	for (uint32_t m = pmask; m; m &= m - 1) {
		unsigned l = sim_ffs(m);
		uint32_t mb = saddr(w, i, (int)i->aux[0], l);
		sim_athr *t = thread_of(w, i, l);
		if (!t || (inc && !sim_mb_add_pending_at(w, i, l, mb)))
			return;
		if (t->last_done <= c->cycle) {
			if (c->hb) /* the copies are done: the arrival carries them */
				hb_async_wait(w, 1u << l);
			if (!sim_mb_arrive_at(w, i, l, mb, 1, 0, false, false, NULL,
					      ""))
				return;
			continue;
		}
		sim_aev e = {.cycle = t->last_done, .kind = AEV_ARRIVE,
			     .lane = (uint8_t)l, .mbar = mb};
		if (!push(w, i, &e))
			return;
	}
}

/* Checks of one bulk copy into CTA t (dst and mb: offsets in t, mbq: the
 * mbarrier's address as the issuing CTA names it); false after sim_raise. */
static bool bulk_ok(sim_warp *w, const sim_inst *i, unsigned l,
		    const sim_cta *t, uint32_t dst, uint64_t src, uint32_t n,
		    uint32_t mbq)
{
	const char *bad = n == 0 || n % 16 ? "is not a positive multiple of 16"
			  : n > 0xfffffu ? "exceeds 2^20-1"
			  : NULL;
	if (bad) {
		sim_raise(w, i, 1u << l, SIM_STOP_EXCEPTION,
			  "UBLKCP size 0x%x %s", n, bad);
		return false;
	}
	if (src % 16) {
		sim_raise(w, i, 1u << l, SIM_STOP_FAULT,
			  "UBLKCP global source 0x%llx is not 16-byte aligned",
			  (unsigned long long)src);
		return false;
	}
	return dst_ok_in(w, i, l, t, dst, n, 16) &&
	       sim_mb_check_at(w, i, l, mbq, "");
}

/* The address of offset off in CTA t as a shared::cluster address. */
static uint32_t cluster_addr(const sim_cta *t, uint32_t off)
{
	return off | (t->crank + 1) << SIM_CLUSTER_RANK_SHIFT;
}

/* Queue the bulk copy of n bytes from src into [dst] of CTA t, completing
 * n transaction bytes on t's mbarrier at offset mb; false after a raise. */
static bool bulk_queue(sim_warp *w, const sim_inst *i, unsigned l,
		       sim_cta *t, uint32_t dst, uint64_t src, uint32_t n,
		       uint32_t mb)
{
	sim_ctx *c = w->ctx;
	if (!bulk_ok(w, i, l, t, dst, src, n,
		     t == w->cta ? mb : cluster_addr(t, mb)))
		return false;
	/* the payload from the spares of the CTA it completes in */
	sim_async *as = t == w->cta ? sim_async_get(w, i) : t->async;
	sim_aev e = {.cycle = c->cycle + latency(c) + n / 16,
		     .kind = AEV_BULK, .lane = (uint8_t)l, .dst = dst,
		     .size = n, .mbar = mb,
		     .hb_stamp = c->hb ? hb_async_issue(w, l) : 0};
	if (t == w->cta && !as)
		return false; /* sim_async_get raised */
	e.bulk = payload_get(as, n, &e.bulk_cap);
	if (!e.bulk) {
		sim_raise(w, i, 1u << l, SIM_STOP_EXCEPTION, "out of memory");
		return false;
	}
	if (c->fp) /* the footprint: the issuing warp reads the source */
		sim_fp_note(w, src, n);
	if (!sim_mem_host_read(c->mem, src, e.bulk, n)) {
		payload_put(as, e.bulk, e.bulk_cap);
		sim_raise(w, i, 1u << l, SIM_STOP_FAULT,
			  "UBLKCP global source [0x%llx, +0x%x) is not "
			  "mapped global memory", (unsigned long long)src, n);
		return false;
	}
	return push_to(w, i, t, &e);
}

/*
 * bulk_queue's commonest case in one pass: a copy into the issuing CTA
 * (shared::cta destination and mbarrier) that passes bulk_ok's checks,
 * without the race checker or the explorer's footprint, from mapped
 * global memory, with room in the queue: the event is built in its place
 * in the queue (from the end: a new event has the largest seq, so it goes
 * before another only with an earlier cycle), as push_to would leave it.  Anything else (a report included) is bulk_queue's.
 */
static bool bulk_local(sim_warp *w, const sim_inst *i, unsigned l,
		       uint32_t dst, uint64_t src, uint32_t n, uint32_t mb)
{
	sim_ctx *c = w->ctx;
	sim_cta *t = w->cta;
	sim_async *as = t->async;
	if (c->hb || c->fp || !as || ev_full(as) || !as->nspare ||
	    n == 0 || n % 16 || n > 0xfffffu || src % 16 || dst % 16 ||
	    (uint64_t)dst + n > t->shared_size ||
	    as->spare[as->nspare - 1].cap < n)
		return bulk_queue(w, i, l, t, dst, src, n, mb);
	if (!sim_mb_check_at(w, i, l, mb, "")) /* bulk_ok's last check */
		return false;
	sim_payload b = as->spare[as->nspare - 1];
	if (!sim_mem_host_read(c->mem, src, b.p, n))
		return bulk_queue(w, i, l, t, dst, src, n, mb);
	as->nspare--;
	uint64_t cycle = c->cycle + latency(c) + n / 16;
	sim_aev *ev = as->ev;
	size_t k = as->nev++;
	while (k && cycle < ev[k - 1].cycle) {
		ev[k] = ev[k - 1];
		k--;
	}
	sim_aev *e = &ev[k];
	e->cycle = cycle;
	e->seq = as->seq++;
	e->op = sim_steps(c);
	e->kind = AEV_BULK;
	e->lane = (uint8_t)l;
	e->warp = (uint16_t)w->id;
	e->dst = dst;
	e->size = n;
	e->mbar = mb;
	e->inst = i;
	e->hb_stamp = 0;
	e->src = t;
	memset(e->data, 0, sizeof e->data);
	e->bulk = b.p;
	e->bulk_cap = b.cap;
	sim_async_note(c, t, cycle);
	return true;
}

/* The CTA a shared::cluster address names and the offset in it; NULL
 * after a raise. */
static sim_cta *cluster_target(sim_warp *w, const sim_inst *i, unsigned l,
			       uint32_t addr, uint32_t *off, const char *what)
{
	uint64_t o;
	int bad = 0;
	sim_cta *t = sim_cluster_shared(w, addr, &o, &bad);
	if (!t) {
		sim_raise(w, i, 1u << l, SIM_STOP_FAULT,
			  "%s 0x%x: %s (CTA rank %u; the cluster has %u CTA%s)",
			  what, addr, sim_fault_name((sim_fault)bad),
			  (addr >> SIM_CLUSTER_RANK_SHIFT) - 1,
			  sim_cluster_size(w->ctx),
			  sim_cluster_size(w->ctx) == 1 ? "" : "s");
		return NULL;
	}
	*off = (uint32_t)o;
	return t;
}

/*
 * UBLKCP: the destination and the mbarrier may be shared::cluster
 * addresses of another CTA of the cluster (cp.async.bulk.shared::cluster),
 * both in the same CTA; the copy then completes in that CTA.
 */
void sim_as_ublkcp(sim_warp *w, const sim_inst *i, uint32_t pmask)
{
	for (uint32_t m = pmask; m; m &= m - 1) {
		unsigned l = sim_ffs(m);
		uint32_t dst = saddr(w, i, (int)i->aux[0], l), d, mo;
		uint64_t src = gaddr(w, i, (int)i->aux[1], l);
		uint32_t n = w->r[i->op[i->aux[2]].reg][l];
		uint32_t mb = saddr(w, i, (int)i->aux[3], l);
		sim_cta *t, *tm;
		if (!((dst | mb) >> SIM_CLUSTER_RANK_SHIFT)) {
			/* both shared::cta addresses: cluster_target's answer */
			if (!bulk_local(w, i, l, dst, src, n, mb))
				return;
			continue;
		} else {
			t = cluster_target(w, i, l, dst, &d, "UBLKCP destination");
			tm = t ? cluster_target(w, i, l, mb, &mo, "UBLKCP mbarrier")
			       : NULL;
			if (!tm)
				return;
		}
		if (tm != t) {
			sim_raise(w, i, 1u << l, SIM_STOP_EXCEPTION,
				  "UBLKCP destination (CTA rank %u) and mbarrier (CTA "
				  "rank %u) are in different CTAs of the cluster (PTX "
				  "requires the same CTA)", t->crank, tm->crank);
			return;
		}
		if (!bulk_queue(w, i, l, t, d, src, n, mo))
			return;
	}
}

/*
 * UBLKCP.MULTICAST (cluster.isa): one bulk copy delivered to every CTA of
 * the cluster whose rank bit is set in the 16-bit mask Rk, at the same
 * CTA-relative offset of [Ra+off]; each completes its bytes on the
 * mbarrier at the same offset of [Rm+moff] in its own CTA.
 */
void sim_as_ublkcp_mc(sim_warp *w, const sim_inst *i, uint32_t pmask)
{
	int kk = sim_opnd_find(i, "rk");
	if (kk < 0 || i->op[kk].kind != SIM_O_REG) {
		sim_raise(w, i, pmask, SIM_STOP_EXCEPTION,
			  "UBLKCP.MULTICAST needs a mask register Rk");
		return;
	}
	uint32_t ncl = sim_cluster_size(w->ctx);
	for (uint32_t m = pmask; m; m &= m - 1) {
		unsigned l = sim_ffs(m);
		uint32_t dst = saddr(w, i, (int)i->aux[0], l) &
			       ((1u << SIM_CLUSTER_RANK_SHIFT) - 1);
		uint64_t src = gaddr(w, i, (int)i->aux[1], l);
		uint32_t n = w->r[i->op[i->aux[2]].reg][l];
		uint32_t mb = saddr(w, i, (int)i->aux[3], l) &
			      ((1u << SIM_CLUSTER_RANK_SHIFT) - 1);
		uint32_t mask = w->r[i->op[kk].reg][l];
		if (mask == 0 || mask > 0xffffu || mask >> ncl) {
			sim_raise(w, i, 1u << l, SIM_STOP_EXCEPTION,
				  "UBLKCP.MULTICAST CTA mask 0x%x %s (the cluster "
				  "has %u CTA%s: ranks 0..%u)", mask,
				  mask == 0 ? "names no CTA"
					    : "names a rank outside the cluster",
				  ncl, ncl == 1 ? "" : "s", ncl - 1);
			return;
		}
		for (uint32_t r = 0; r < ncl; r++) {
			if (!(mask >> r & 1))
				continue;
			uint32_t off;
			sim_cta *t = cluster_target(w, i, l,
						    (r + 1) << SIM_CLUSTER_RANK_SHIFT,
						    &off, "UBLKCP.MULTICAST to");
			if (!t || !bulk_queue(w, i, l, t, dst, src, n, mb))
				return;
		}
	}
}
