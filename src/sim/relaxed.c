/*
 * relaxed.c - `--memory=relaxed`: loads read any store the PTX memory model
 * allows (docs/memory-model.md gives the rules and the litmus tests that
 * pin them; tests/litmus/).
 *
 * Requires: c->launch.memory == SIMT_MEMORY_RELAXED (sim_rx_begin at the
 * launch's start); the memory units call the hooks for every global and
 * shared access.  Produces: the bytes a load returns; the real memory
 * always holds the last store of each word in coherence order, so what the
 * host reads after the run is the final state.
 *
 * The model is a view-based operational one (Kang et al., PLDI'17, without
 * promises), with PTX's scopes:
 *   - every word has its stores in coherence order (mo), each a message
 *     with a timestamp; a warp's view gives per word the oldest message it
 *     may still read.  All lanes of a warp share one view (stricter than
 *     PTX, which lets the lanes of a warp diverge).
 *   - a load reads any message at or after its view (chooser: READ), then
 *     its view moves to it (coherence: CoRR forbidden).  A store goes at any
 *     gap after its view that does not split a read-modify-write
 *     (chooser: WRITE; default: last).  RMWs read the last message and go
 *     right after it.
 *   - a release (FENCE, MEMBAR, .RELEASE atomics) snapshots the view; the
 *     later stores carry it.  A message written in the reader's CTA carries
 *     the CTA-scope snapshot, one from another CTA the GPU-scope snapshot (a
 *     release of scope CTA does not reach another CTA).  An acquire (FENCE,
 *     MEMBAR, .ACQUIRE atomics) joins the snapshots of the messages read
 *     before it whose writer is inside its scope.
 *   - FENCE.SC and MEMBAR also join and publish a per-scope SC view (one per
 *     CTA, one for the GPU): SC fences are totally ordered.
 *   - barriers and mbarriers: an arrival joins the warp's view into its
 *     CTA's synchronisation view, a completed wait joins that back.  An
 *     arrival (or completed bytes) on another CTA's mbarrier joins into
 *     that CTA's view, a cluster-barrier arrival into the view of every
 *     CTA of the cluster (its wait acquires like the others).
 *   - the cluster scope counts as the GPU scope.
 *   - load buffering: a store close after a load and independent of it
 *     may be performed first (chooser: REORDER; sim_rx_reorder, at the end).
 * Without a chooser a load reads the newest message whose random delay
 * (seeded by launch.seed, up to RX_DELAY cycles, ended early by a fence of
 * the writer) has passed, else the oldest it may read.  With a chooser the
 * default is the newest, so that a run taking every default is the
 * sequentially consistent one and exploration counts departures from it.
 */
#include <stdlib.h>
#include <string.h>

#include "sim/sim.h"

#define RX_MAX_LOCS (1u << 16)  /* words followed at most            */
#define RX_MAX_WARPS (1u << 16) /* warps of the grid at most          */
#define RX_HIST 32              /* messages kept per word             */
#define RX_GAP (1ull << 32)     /* timestamp step of an appended store */
#define RX_DELAY 64u            /* visibility delay bound (cycles)     */

typedef struct rx_view {
	uint64_t *ts; /* per word index: the oldest timestamp readable       */
	uint32_t n;
} rx_view;

typedef struct rx_msg {
	uint64_t ts;
	uint32_t val;
	uint32_t snap_cta, snap_gpu; /* release snapshots (0: none)       */
	uint64_t cta;                /* writer's CTA linear id            */
	uint64_t vis;                /* cycle the default reads it from    */
	int32_t writer;              /* writer's warp index, -1: initial  */
	bool rmw;                    /* no store may go just before it    */
} rx_msg;

typedef struct rx_loc {
	const uint8_t *ptr; /* the word's host bytes (NULL: forgotten)     */
	rx_msg m[RX_HIST];  /* coherence order                            */
	int n;
} rx_loc;

typedef struct rx_thread {
	rx_view cur, pend_cta, pend_far;
	uint32_t rel_cta, rel_gpu; /* current release snapshots           */
	bool dirty;                /* cur changed since the last snapshot  */
	uint32_t last_snap;
} rx_thread;

struct sim_rx {
	rx_loc *locs;
	uint32_t nlocs, caplocs;
	uint32_t *hash; /* word pointer -> index + 1 */
	uint32_t hcap;
	rx_thread *th;
	uint64_t nth;
	rx_view *snaps;
	uint32_t nsnaps, capsnaps;
	rx_view sc_gpu, sync_gpu;
	rx_view *sc_cta, *sync_cta; /* per CTA linear id */
	uint64_t nctas, wpc;
	uint64_t rng;
	bool full;
};

static uint64_t rx_rand(struct sim_rx *x)
{
	x->rng ^= x->rng >> 12;
	x->rng ^= x->rng << 25;
	x->rng ^= x->rng >> 27;
	return x->rng * 0x2545f4914f6cdd1dull;
}

/* ---- views ------------------------------------------------------------ */

static uint64_t vget(const rx_view *v, uint32_t k)
{
	return k < v->n ? v->ts[k] : 0;
}

static bool vgrow(rx_view *v, uint32_t n)
{
	if (n <= v->n)
		return true;
	uint64_t *t = realloc(v->ts, sizeof *t * n);
	if (!t)
		return false;
	memset(t + v->n, 0, sizeof *t * (n - v->n));
	v->ts = t;
	v->n = n;
	return true;
}

/* v[k] = max(v[k], ts); true when it moved. */
static bool vraise(rx_view *v, uint32_t k, uint64_t ts)
{
	if (vget(v, k) >= ts || !vgrow(v, k + 1))
		return false;
	v->ts[k] = ts;
	return true;
}

static bool vjoin(rx_view *d, const rx_view *s)
{
	bool moved = false;
	for (uint32_t k = 0; k < s->n; k++)
		if (s->ts[k])
			moved |= vraise(d, k, s->ts[k]);
	return moved;
}

static void vcopy(rx_view *d, const rx_view *s)
{
	if (s->n && vgrow(d, s->n))
		memcpy(d->ts, s->ts, sizeof *s->ts * s->n);
}

/* ---- state ------------------------------------------------------------- */

simt_status sim_rx_begin(sim_ctx *c)
{
	sim_rx_end(c);
	if (c->launch.memory != SIMT_MEMORY_RELAXED)
		return SIMT_OK;
	const uint32_t *g = c->launch.grid;
	uint64_t nctas = (uint64_t)g[0] * g[1] * g[2];
	const uint32_t *b = c->launch.block;
	uint64_t wpc = ((uint64_t)b[0] * b[1] * b[2] + SIM_LANES - 1) / SIM_LANES;
	uint64_t nth = nctas * wpc;
	if (nth > RX_MAX_WARPS) {
		util_diag(c->diags, SIMT_SEV_ERROR, NULL, NULL, 0, 0,
			  "--memory=relaxed follows at most %u warps (the grid "
			  "has %llu)", RX_MAX_WARPS, (unsigned long long)nth);
		return SIMT_ERR_ARG;
	}
	struct sim_rx *x = calloc(1, sizeof *x);
	if (!x)
		return SIMT_ERR_NOMEM;
	x->th = calloc(nth, sizeof *x->th);
	x->sc_cta = calloc(nctas, sizeof *x->sc_cta);
	x->sync_cta = calloc(nctas, sizeof *x->sync_cta);
	x->nth = nth;
	x->wpc = wpc;
	x->nctas = nctas;
	x->rng = c->launch.seed * 0x9e3779b97f4a7c15ull + 0x5bd1e995;
	c->rx = x;
	if (!x->th || !x->sc_cta || !x->sync_cta) {
		sim_rx_end(c);
		return SIMT_ERR_NOMEM;
	}
	return SIMT_OK;
}

void sim_rx_end(sim_ctx *c)
{
	struct sim_rx *x = c->rx;
	if (!x)
		return;
	for (uint64_t k = 0; x->th && k < x->nth; k++) {
		free(x->th[k].cur.ts);
		free(x->th[k].pend_cta.ts);
		free(x->th[k].pend_far.ts);
	}
	for (uint32_t k = 0; k < x->nsnaps; k++)
		free(x->snaps[k].ts);
	for (uint64_t k = 0; k < x->nctas && x->sc_cta && x->sync_cta; k++) {
		free(x->sc_cta[k].ts);
		free(x->sync_cta[k].ts);
	}
	free(x->sc_gpu.ts);
	free(x->sync_gpu.ts);
	free(x->sc_cta);
	free(x->sync_cta);
	free(x->snaps);
	free(x->th);
	free(x->locs);
	free(x->hash);
	free(x);
	c->rx = NULL;
}

static rx_thread *thread_of(const sim_warp *w)
{
	return &w->ctx->rx->th[w->cta->lin * w->ctx->rx->wpc + (uint64_t)w->id];
}

static int32_t warp_index(const sim_warp *w)
{
	return (int32_t)(w->cta->lin * w->ctx->rx->wpc + (uint64_t)w->id);
}

static size_t hslot(const uint8_t *p, uint32_t cap)
{
	uint64_t h = (uint64_t)(uintptr_t)p * 0x9e3779b97f4a7c15ull;
	return (size_t)(h >> 32) & (cap - 1);
}

static bool rehash(struct sim_rx *x, uint32_t cap)
{
	uint32_t *h = calloc(cap, sizeof *h);
	if (!h)
		return false;
	for (uint32_t k = 0; k < x->nlocs; k++) {
		if (!x->locs[k].ptr)
			continue;
		size_t i = hslot(x->locs[k].ptr, cap);
		while (h[i])
			i = (i + 1) & (cap - 1);
		h[i] = k + 1;
	}
	free(x->hash);
	x->hash = h;
	x->hcap = cap;
	return true;
}

/* The word at p (4-byte aligned), created with its current bytes as the
 * initial message; -1 when no more words can be followed. */
static int loc_new(struct sim_rx *x, const uint8_t *p, bool *fresh)
{
	*fresh = false;
	if (x->hcap) {
		for (size_t i = hslot(p, x->hcap); x->hash[i]; i = (i + 1) & (x->hcap - 1))
			if (x->locs[x->hash[i] - 1].ptr == p)
				return (int)x->hash[i] - 1;
	}
	if (x->nlocs >= RX_MAX_LOCS) {
		x->full = true;
		return -1;
	}
	if ((x->nlocs + 1) * 2 > x->hcap && !rehash(x, x->hcap ? x->hcap * 2 : 256))
		return -1;
	if (x->nlocs == x->caplocs) {
		uint32_t cap = x->caplocs ? x->caplocs * 2 : 64;
		rx_loc *l = realloc(x->locs, sizeof *l * cap);
		if (!l)
			return -1;
		x->locs = l;
		x->caplocs = cap;
	}
	rx_loc *l = &x->locs[x->nlocs];
	memset(l, 0, sizeof *l);
	l->ptr = p;
	l->n = 1;
	*fresh = true;
	memcpy(&l->m[0].val, p, 4);
	l->m[0].writer = -1;
	size_t i = hslot(p, x->hcap);
	while (x->hash[i])
		i = (i + 1) & (x->hcap - 1);
	x->hash[i] = ++x->nlocs;
	return (int)x->nlocs - 1;
}

void sim_rx_forget(sim_ctx *c, const uint8_t *base, uint32_t size)
{
	struct sim_rx *x = c->rx;
	if (!x || !base)
		return;
	bool any = false;
	for (uint32_t k = 0; k < x->nlocs; k++)
		if (x->locs[k].ptr >= base && x->locs[k].ptr < base + size) {
			x->locs[k].ptr = NULL;
			any = true;
		}
	if (any)
		rehash(x, x->hcap);
}

/* A snapshot of t's view (shared while the view does not change). */
static uint32_t snapshot(struct sim_rx *x, rx_thread *t)
{
	if (!t->dirty && t->last_snap)
		return t->last_snap;
	if (x->nsnaps == x->capsnaps) {
		uint32_t cap = x->capsnaps ? x->capsnaps * 2 : 64;
		rx_view *s = realloc(x->snaps, sizeof *s * cap);
		if (!s)
			return t->last_snap;
		x->snaps = s;
		x->capsnaps = cap;
	}
	rx_view *v = &x->snaps[x->nsnaps];
	memset(v, 0, sizeof *v);
	vcopy(v, &t->cur);
	t->dirty = false;
	return t->last_snap = ++x->nsnaps;
}

static const rx_view *snap(const struct sim_rx *x, uint32_t id)
{
	return id ? &x->snaps[id - 1] : NULL;
}

/* A snapshot holding both a and b. */
static uint32_t snap_join(struct sim_rx *x, uint32_t a, uint32_t b)
{
	if (!a || a == b)
		return b;
	if (!b)
		return a;
	if (x->nsnaps == x->capsnaps) {
		uint32_t cap = x->capsnaps * 2;
		rx_view *s = realloc(x->snaps, sizeof *s * cap);
		if (!s)
			return a; /* out of memory: the join is lost */
		x->snaps = s;
		x->capsnaps = cap;
	}
	rx_view *v = &x->snaps[x->nsnaps];
	memset(v, 0, sizeof *v);
	vcopy(v, &x->snaps[a - 1]);
	vjoin(v, &x->snaps[b - 1]);
	return ++x->nsnaps;
}

static void pend(struct sim_rx *x, rx_thread *t, const sim_warp *w,
		 const rx_msg *m)
{
	if (m->writer < 0)
		return;
	if (m->cta == w->cta->lin) {
		if (m->snap_cta)
			vjoin(&t->pend_cta, snap(x, m->snap_cta));
	} else if (m->snap_gpu) {
		vjoin(&t->pend_far, snap(x, m->snap_gpu));
	}
}

/* Keep at most RX_HIST messages: the oldest go (fewer choices, never an
 * outcome the model forbids). */
static void trim(rx_loc *l)
{
	if (l->n < RX_HIST)
		return;
	memmove(&l->m[0], &l->m[1], sizeof l->m[0] * (size_t)(l->n - 1));
	l->n--;
}

/* The real bytes changed behind the model's back (an asynchronous copy,
 * a host write): they become the last message. */
static void sync_untracked(rx_loc *l)
{
	uint32_t v;
	memcpy(&v, l->ptr, 4);
	if (v == l->m[l->n - 1].val)
		return;
	trim(l);
	rx_msg *m = &l->m[l->n];
	memset(m, 0, sizeof *m);
	m->ts = l->m[l->n - 1].ts + RX_GAP;
	m->val = v;
	m->writer = -1;
	l->n++;
}

static int loc_of(struct sim_rx *x, const uint8_t *p)
{
	bool fresh;
	return loc_new(x, p, &fresh);
}

/* ---- loads, stores, RMWs ------------------------------------------------ */

static bool followed(const sim_warp *w, sim_space sp)
{
	return w->ctx->rx && (sp == SIM_SPACE_GLOBAL || sp == SIM_SPACE_SHARED);
}

/* One word: the message the warp reads. */
static uint32_t load_word(sim_warp *w, const uint8_t *p)
{
	struct sim_rx *x = w->ctx->rx;
	int k = loc_of(x, p);
	uint32_t v;
	if (k < 0) {
		memcpy(&v, p, 4);
		return v;
	}
	rx_loc *l = &x->locs[k];
	rx_thread *t = thread_of(w);
	sync_untracked(l);
	uint64_t from = vget(&t->cur, (uint32_t)k);
	int first = 0;
	while (first < l->n - 1 && l->m[first].ts < from)
		first++;
	int n = l->n - first;
	if (n > SIMT_CHOICE_MAX) {
		first = l->n - SIMT_CHOICE_MAX;
		n = SIMT_CHOICE_MAX;
	}
	/* default: under a chooser the newest (departures count from the
	   sequentially consistent run), else the newest whose delay passed */
	int def = w->ctx->chooser ? n - 1 : 0;
	for (int j = n - 1; j > 0 && !def; j--)
		if (l->m[first + j].vis <= w->ctx->cycle)
			def = j;
	uint64_t what[SIMT_CHOICE_MAX];
	for (int j = 0; j < n; j++)
		what[j] = l->m[first + j].val;
	const rx_msg *m = &l->m[first + sim_choose(w->ctx, SIMT_CHOICE_READ, n, def, what)];
	t->dirty |= vraise(&t->cur, (uint32_t)k, m->ts);
	pend(x, t, w, m);
	return m->val;
}

void sim_rx_load(sim_warp *w, sim_space sp, const uint8_t *p, unsigned size,
		 uint8_t *data)
{
	if (!followed(w, sp))
		return;
	uintptr_t mis = (uintptr_t)p & 3;
	if (size < 4) {
		uint32_t v = load_word(w, p - mis);
		memcpy(data, (const uint8_t *)&v + mis, size);
		return;
	}
	for (unsigned h = 0; h < size / 4; h++) {
		uint32_t v = load_word(w, p + 4 * h);
		memcpy(data + 4 * h, &v, 4);
	}
}

/* One word: the store of val goes into the coherence order. */
static void store_word(sim_warp *w, uint8_t *p, uint32_t val, bool whole)
{
	struct sim_rx *x = w->ctx->rx;
	int k = loc_of(x, p);
	if (k < 0) {
		memcpy(p, &val, 4);
		return;
	}
	rx_loc *l = &x->locs[k];
	rx_thread *t = thread_of(w);
	trim(l);
	uint64_t from = vget(&t->cur, (uint32_t)k);
	/* gaps: after message j, j in [first, n-1], not before an RMW */
	uint64_t what[SIMT_CHOICE_MAX];
	int gap[SIMT_CHOICE_MAX], n = 0;
	for (int j = l->n - 1; j >= 0 && n < SIMT_CHOICE_MAX && whole; j--) {
		if (l->m[j].ts < from)
			break;
		if (j == l->n - 1 ||
		    (!l->m[j + 1].rmw && l->m[j + 1].ts - l->m[j].ts > 1))
			gap[n++] = j;
	}
	int j = l->n - 1;
	if (n > 1) {
		/* options oldest gap first; the default is the last gap */
		for (int q = 0; q < n / 2; q++) {
			int s = gap[q];
			gap[q] = gap[n - 1 - q];
			gap[n - 1 - q] = s;
		}
		for (int q = 0; q < n; q++)
			what[q] = (uint64_t)gap[q] + 1;
		j = gap[sim_choose(w->ctx, SIMT_CHOICE_WRITE, n, n - 1, what)];
	}
	uint64_t ts = j == l->n - 1 ? l->m[j].ts + RX_GAP
				    : l->m[j].ts + (l->m[j + 1].ts - l->m[j].ts) / 2;
	memmove(&l->m[j + 2], &l->m[j + 1], sizeof l->m[0] * (size_t)(l->n - 1 - j));
	rx_msg *m = &l->m[j + 1];
	l->n++;
	*m = (rx_msg){.ts = ts, .val = val, .snap_cta = t->rel_cta,
		      .snap_gpu = t->rel_gpu, .cta = w->cta->lin,
		      .vis = w->ctx->cycle + 1 + rx_rand(x) % RX_DELAY,
		      .writer = warp_index(w)};
	t->dirty |= vraise(&t->cur, (uint32_t)k, ts);
	memcpy(p, &l->m[l->n - 1].val, 4); /* memory: the last in mo */
}

bool sim_rx_store(sim_warp *w, sim_space sp, uint8_t *p, unsigned size,
		  const uint8_t *data)
{
	if (!followed(w, sp))
		return false;
	uintptr_t mis = (uintptr_t)p & 3;
	if (size < 4) { /* a part store: into the last word, goes last */
		uint32_t v;
		loc_of(w->ctx->rx, p - mis); /* the old word is its first store */
		memcpy(&v, p - mis, 4);
		memcpy((uint8_t *)&v + mis, data, size);
		store_word(w, p - mis, v, false);
		return true;
	}
	for (unsigned h = 0; h < size / 4; h++) {
		uint32_t v;
		memcpy(&v, data + 4 * h, 4);
		store_word(w, p + 4 * h, v, true);
	}
	return true;
}

static bool wide_scope(int scope)
{
	return scope != 0; /* GPU, SYS, CLUSTER (counted as GPU) */
}

void sim_rx_rmw(sim_warp *w, uint8_t *p, unsigned size, uint64_t old,
		int sem, int scope)
{
	struct sim_rx *x = w->ctx->rx;
	if (!x)
		return;
	rx_thread *t = thread_of(w);
	bool acq = sem == 1 || sem == 3, rel = sem == 2 || sem == 3;
	for (unsigned h = 0; h < (size + 3) / 4; h++) {
		bool fresh;
		int k = loc_new(x, p + 4 * h, &fresh);
		if (k < 0)
			continue;
		rx_loc *l = &x->locs[k];
		uint32_t was = (uint32_t)(old >> (32 * h));
		if (fresh) /* created after the write: its first store is old */
			l->m[0].val = was;
		trim(l);
		if (l->m[l->n - 1].val != was) { /* written behind the model */
			rx_msg *u = &l->m[l->n++];
			*u = (rx_msg){.ts = l->m[l->n - 2].ts + RX_GAP, .val = was,
				      .writer = -1};
			trim(l);
		}
		const rx_msg *r = &l->m[l->n - 1]; /* an RMW reads the last */
		t->dirty |= vraise(&t->cur, (uint32_t)k, r->ts);
		pend(x, t, w, r);
		if (acq && r->writer >= 0) {
			const rx_view *s = r->cta == w->cta->lin ? snap(x, r->snap_cta)
				: wide_scope(scope) ? snap(x, r->snap_gpu) : NULL;
			if (s)
				t->dirty |= vjoin(&t->cur, s);
		}
		uint32_t sc = t->rel_cta, sg = t->rel_gpu;
		if (rel) {
			sc = snapshot(x, t);
			if (wide_scope(scope))
				sg = sc;
		}
		/* release sequences: an RMW passes on what the store it read
		   released (to its CTA only what came from that CTA) */
		if (r->writer >= 0) {
			sg = snap_join(x, sg, r->snap_gpu);
			sc = snap_join(x, snap_join(x, sc, r->snap_gpu),
				       r->cta == w->cta->lin ? r->snap_cta : 0);
		}
		rx_msg *m = &l->m[l->n];
		uint32_t v;
		memcpy(&v, p + 4 * h, 4);
		*m = (rx_msg){.ts = r->ts + RX_GAP, .val = v, .snap_cta = sc,
			      .snap_gpu = sg, .cta = w->cta->lin,
			      .vis = w->ctx->cycle, .writer = warp_index(w),
			      .rmw = true};
		l->n++;
		t->dirty |= vraise(&t->cur, (uint32_t)k, m->ts);
	}
}

/* ---- fences and synchronisation ---------------------------------------- */

/* The writer's stores become the default for every reader now. */
static void flush(struct sim_rx *x, const sim_warp *w)
{
	int32_t me = warp_index(w);
	for (uint32_t k = 0; k < x->nlocs; k++)
		for (int j = 0; j < x->locs[k].n; j++)
			if (x->locs[k].m[j].writer == me &&
			    x->locs[k].m[j].vis > w->ctx->cycle)
				x->locs[k].m[j].vis = w->ctx->cycle;
}

void sim_rx_fence(sim_warp *w, bool sc, int scope)
{
	struct sim_rx *x = w->ctx->rx;
	if (!x)
		return;
	rx_thread *t = thread_of(w);
	rx_view *cta_sc = &x->sc_cta[w->cta->lin];
	bool wide = wide_scope(scope);
	/* acquire */
	t->dirty |= vjoin(&t->cur, &t->pend_cta);
	if (wide)
		t->dirty |= vjoin(&t->cur, &t->pend_far);
	if (sc) {
		t->dirty |= vjoin(&t->cur, cta_sc);
		if (wide)
			t->dirty |= vjoin(&t->cur, &x->sc_gpu);
		vcopy(cta_sc, &t->cur);
		if (wide)
			vcopy(&x->sc_gpu, &t->cur);
	}
	/* release */
	t->rel_cta = snapshot(x, t);
	if (wide)
		t->rel_gpu = t->rel_cta;
	flush(x, w);
}

void sim_rx_arrive(sim_warp *w)
{
	sim_rx_arrive_at(w, w->cta);
}

void sim_rx_arrive_at(sim_warp *w, const sim_cta *at)
{
	struct sim_rx *x = w->ctx->rx;
	if (!x || at->lin >= x->nctas)
		return;
	rx_thread *t = thread_of(w);
	vjoin(&x->sync_cta[at->lin], &t->cur);
	t->rel_cta = snapshot(x, t);
	flush(x, w);
}

void sim_rx_cluster_arrive(sim_warp *w)
{
	struct sim_rx *x = w->ctx->rx;
	if (!x)
		return;
	rx_thread *t = thread_of(w);
	uint32_t n = sim_cluster_size(w->ctx);
	for (uint32_t r = 0; r < n; r++) {
		const sim_cta *m = n > 1 ? sim_cluster_member(w->cta, r) : w->cta;
		if (m && m->lin < x->nctas)
			vjoin(&x->sync_cta[m->lin], &t->cur);
	}
	t->rel_cta = snapshot(x, t);
	flush(x, w);
}

void sim_rx_acquire(sim_warp *w)
{
	struct sim_rx *x = w->ctx->rx;
	if (!x)
		return;
	rx_thread *t = thread_of(w);
	t->dirty |= vjoin(&t->cur, &x->sync_cta[w->cta->lin]);
	t->dirty |= vjoin(&t->cur, &t->pend_cta);
}

/* ---- load buffering ------------------------------------------------------ */

/* No other warp of w's CTA is still running (exited ones cannot observe). */
static bool alone_in_cta(const sim_warp *w)
{
	return w->cta->exited_warps >= w->cta->nwarps - 1;
}

static uint32_t lanes_of(const sim_warp *w, const sim_inst *i)
{
	return w->active & sim_guard(w, i) & sim_pred(w, i->pp, i->pp_not);
}

/* Instructions that only compute into registers and predicates and never
 * stop the run: a load and the store it lets go first may have them
 * between (when they compute nothing the store reads). */
static bool computes_only(const sim_inst *i)
{
	switch (i->optype) {
	case SIM_OP_NOP: case SIM_OP_MOV: case SIM_OP_IADD3:
	case SIM_OP_IADD3_X: case SIM_OP_IMAD: case SIM_OP_ISETP:
	case SIM_OP_LOP3_LUT: case SIM_OP_SHF: case SIM_OP_SEL:
	case SIM_OP_POPC: case SIM_OP_FLO: case SIM_OP_IABS: case SIM_OP_BREV:
	case SIM_OP_IMNMX: case SIM_OP_PRMT: case SIM_OP_FADD:
	case SIM_OP_FMUL: case SIM_OP_FFMA: case SIM_OP_FSETP: case SIM_OP_S2R:
		return true;
	default:
		return false;
	}
}

/*
 * Load buffering: the store that may be performed before the load ld at
 * ActivePC (choice REORDER: 0 in order, the default under a chooser; 1 the
 * store first; without a chooser the store goes first one time in four,
 * from the launch seed), or NULL.  The store is a global, shared or generic
 * one at most RX_LB_WINDOW instructions after ld, with between them only
 * register computations that write nothing the store reads (no
 * dependency, however indirect) and, when no other warp of the CTA still
 * runs, CTA-scope fences (such a fence orders for observers in the CTA
 * only, and none is left: the lanes of the warp see nothing of the pair
 * but the load, which reads other words).  The store itself reads no
 * register ld writes and writes no word ld reads (sim_ldst_independent).
 * The caller issues it now and skips it when ActivePC comes to it
 * (sim_step, w->skip_pc).
 */
#define RX_LB_WINDOW 6
const sim_inst *sim_rx_reorder(sim_warp *w, const sim_inst *ld)
{
	if (ld->optype != SIM_OP_LDG && ld->optype != SIM_OP_LDS &&
	    ld->optype != SIM_OP_LD)
		return NULL;
	sim_ctx *c = w->ctx;
	uint32_t ldm = lanes_of(w, ld);
	if (!ldm || w->skip_pc)
		return NULL;
	const sim_inst *st = NULL, *mid[RX_LB_WINDOW];
	int nmid = 0;
	for (int k = 1; k <= RX_LB_WINDOW && !st; k++) {
		const sim_inst *i = sim_inst_at(c, ld->pc + (uint64_t)k * SIM_INST_SIZE);
		if (!i)
			return NULL;
		if (computes_only(i)) {
			mid[nmid++] = i;
			continue;
		}
		switch (i->optype) {
		case SIM_OP_FENCE: case SIM_OP_MEMBAR:
			if (i->scope != 0 || !alone_in_cta(w))
				return NULL;
			break;
		case SIM_OP_STG: case SIM_OP_STS: case SIM_OP_ST:
			st = i;
			break;
		default:
			return NULL;
		}
	}
	uint32_t stm = st ? lanes_of(w, st) : 0;
	if (!stm || !sim_ldst_independent(w, ld, ldm, st, stm))
		return NULL;
	for (int k = 0; k < nmid; k++)
		if (sim_ldst_feeds(mid[k], st))
			return NULL;
	uint64_t what[2] = {ld->pc, st->pc};
	int def = c->chooser ? 0 : (rx_rand(c->rx) & 3) == 0;
	return sim_choose(c, SIMT_CHOICE_REORDER, 2, def, what) ? st : NULL;
}
