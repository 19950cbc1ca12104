/*
 * hb.c - the happens-before checker behind --check=race and --check=init
 * (docs/checks.md has the rules and where they are stricter than PTX).
 *
 * Requires: c->launch.checks with SIMT_CHECK_RACE or SIMT_CHECK_INIT;
 * hb_start after the scheduler sized the resident set, and the hooks of
 * hb.h from the units.  Produces: error diagnostics (one per pair of
 * instructions and check), a summary note at the end of the launch, and
 * the structured reports simt_sim_check_json serialises.
 *
 * Threads.  Each resident CTA takes a slot; thread t = slot * tpc + warp *
 * 32 + lane (tpc: the CTA's warps * 32).  Thread t's copy agent (the async
 * copies it issued) is t + D, D = slots * tpc, when the program has async
 * copies.  Every thread and agent has a vector clock vc[t] of L entries;
 * its own entry is its clock.  A thread's clock only grows, also when a new
 * CTA takes the slot: the new thread starts with an empty view and a clock
 * above every epoch of the slot (docs/checks.md, "Slots").  Threads that
 * synchronised share one copy-on-write vector (struct hb_vc).
 *
 * Memory.  One shadow cell per 4 bytes of shared memory (per slot, cleared
 * when a CTA takes it) and of global memory (pages hashed by number): the
 * last write (or atomic) and up to two reads, each an epoch (thread,
 * clock) with a site number for what a report needs (PC, CTA, barrier
 * generation, size: interned in h->sites), and which of the 4 bytes were
 * ever written (init).  Vector clocks know their nonzero range (struct
 * hb_vc), so joins cost the threads a view spans.  Local memory is
 * private to its thread: only init is tracked there, a bit per byte.
 *
 * Synchronisation objects (the vector clocks released to a location, a
 * barrier, an mbarrier phase) live in one hash table keyed by (kind, CTA,
 * address).
 */
#include "sim/hb.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "sim/mem.h"

typedef uint32_t hb_clk;
typedef struct hb_vc hb_vc;

/*
 * One access, 16 bytes (a shadow cell holds three):
 *
 *    0        4      6      7      8          12         16
 *   +--------+------+------+------+----------+----------+
 *   | clk    | tid  | meta | aux  | lanes    | site     |
 *   +--------+------+------+------+----------+----------+
 *   meta: bits 0-3 the bytes of the granule it touched, 4-5 its kind
 *         (HB_READ/WRITE/ATOMIC), 6 a .STRONG load or store
 *   aux:  only in a cell's write record: bits 0-3 the bytes of the granule
 *         ever written (init), bit 4 a CAS updated it (the CAS-loop rule)
 *
 * (clk, tid) is the epoch (clk 0: no access recorded; tid fits 16 bits as
 * L <= 8192, hb_start).  lanes: the lanes of its warp instruction that made
 * the same access to the granule.  site: what a report names and every
 * lane of one warp instruction shares (PC, CTA, barrier generation, size),
 * interned in h->sites.
 */
typedef struct hb_rec {
	uint32_t clk;
	uint16_t tid;
	uint8_t meta, aux;
	uint32_t lanes;
	uint32_t site;
} hb_rec;

#define REC_BYTES(r) ((r)->meta & 0xfu)
#define REC_KIND(r) ((r)->meta >> 4 & 3u)
#define REC_STRONG(r) ((r)->meta >> 6 & 1u)
#define REC_META(bytes, kind, strong) \
	((uint8_t)((bytes) | (unsigned)(kind) << 4 | (unsigned)(strong) << 6))
#define AUX_INIT 0xfu
#define AUX_CAS 0x10u

typedef struct hb_cell {
	hb_rec w, r[2];    /* the last write (or atomic), two reads        */
} hb_cell;
_Static_assert(sizeof(hb_cell) == 48, "three 16-byte records a cell");

/* A site: what the accesses of one warp instruction share. */
typedef struct hb_site {
	uint32_t pc, cta, gen; /* PC, linear CTA id, barrier completions of
				  its CTA before it                         */
	uint8_t kind, size, strong;
} hb_site;

/* An access with its site resolved, for the reports. */
typedef struct hb_acc {
	uint32_t clk, tid, pc, cta, gen;
	int kind;
	unsigned size;
} hb_acc;

#define HB_PAGE_CELLS (SIM_PAGE_SIZE / 4)

/* Global shadow pages come from large zeroed chunks (bump allocated,
 * unmapped at the end), backed by huge pages where the system offers them:
 * a launch touching megabytes of global memory faults in its shadow cells
 * a few times instead of once per 4 KiB (bench/RESULTS.md, "Race checker
 * cost"). */
#define HB_CHUNK ((size_t)32 << 20)
typedef struct hb_chunk {
	struct hb_chunk *next;
	size_t used, cap;   /* bytes of the mapping (this header included) */
} hb_chunk;

typedef struct hb_gpage {
	uint64_t pn;       /* page number + 1 (0: empty slot)            */
	hb_cell *cells;
} hb_gpage;

/* Sync objects: key -> vector clock(s). */
enum { SO_LOC, SO_LOC_CTA, SO_LOC_CLUSTER, SO_MBAR, SO_MBAR_DONE0, SO_MBAR_DONE1,
       SO_CLUSTER, SO_CLUSTER_DONE };
typedef struct hb_so {
	uint64_t k1, k2;   /* (kind << 56 | cta), address; k1 0: empty     */
	hb_clk *vc;
} hb_so;

#define HB_BARLOG 64
typedef struct hb_slot {
	sim_cta *cta;      /* NULL: free                                  */
	hb_cell *shared;   /* shared_size / 4 cells                        */
	uint32_t ncells;
	uint32_t gen;      /* barrier completions of the CTA              */
	struct { uint8_t id, arv; uint32_t pc; } log[HB_BARLOG];
	uint32_t *bar_wait; /* [16][nwarps]: lanes waiting on barrier id    */
	uint8_t **local;   /* [nwarps]: init bit per local byte, lazily     */
} hb_slot;

/* A report for --check-report (JSON). */
typedef struct hb_report {
	uint32_t check;
	uint64_t pc, pc2;   /* pc2: the other access (races), else pc       */
	uint32_t cta[3], cta2[3];
	int warp, lane, warp2, lane2;
	const char *kind, *kind2, *space;
	uint64_t addr;
	unsigned size;
	char *name;         /* the buffer / variable, or NULL              */
	char *why;
	uint64_t count;     /* occurrences (the first is the report)       */
	bool shown;         /* a diagnostic was issued for it              */
} hb_report;

struct sim_hb {
	bool race, init;
	uint32_t tpc, nslots, D, L;
	bool agents;
	hb_vc **base;        /* per row (threads, then agents): its clock
				vector, shared copy-on-write; entry t of
				row t is own[t], not base[t]->v[t]         */
	hb_vc *zero;         /* the all-zero vector new rows share        */
	hb_vc *pool;         /* freed vectors, all zero, for reuse         */
	hb_clk *own;         /* each row's own clock (monotone)            */
	hb_vc **fence_rel;   /* per thread: its vector at its last fence   */
	hb_clk *fence_clk;   /* ... and its own clock then                 */
	uint8_t *fence_lvl;  /* ... and the fence's scope (a LVL_*)        */
	hb_clk **pend_acq;   /* per thread: releases read by relaxed atomics */
	hb_clk **bar_acc;    /* per slot and barrier: the phase's releases  */
	uint32_t *bar_lo, *bar_hi; /* ... and their nonzero range          */
	hb_vc **bar_seen;    /* per slot and barrier: the last vector joined
				into the phase (a reference), to skip the
				same one again                             */
	hb_slot *slots;
	hb_gpage *gpages;
	size_t gcap, gused;
	hb_chunk *chunks;    /* the global shadow cells' memory            */
	uint64_t glast_pn;   /* one-entry cache of gcell (page number + 1) */
	hb_cell *glast;
	hb_so *so;
	size_t socap, soused;
	uint32_t sokinds;    /* bit per kind: an object of it exists        */
	hb_clk *tmp;
	hb_site *sites;      /* interned sites; 0: unknown (out of memory) */
	uint32_t nsites, capsites;
	uint32_t *site_ix;   /* hash: site index (0: empty slot)           */
	uint32_t site_cap;   /* its size (a power of two)                  */
	uint32_t cur_row;    /* the warp instruction hb_access works on: its
				warp's row (tid / 32) and lanes, which the
				same-issue tests compare with               */
	uint32_t cur_mask;
	bool engine;         /* the copy engine acts for engine_row         */
	uint32_t engine_row;
	/* reports */
	hb_report *rep;
	int nrep, caprep;
	uint64_t total[4];   /* per check bit index: occurrences          */
	uint64_t nshown;
};

#define HB_MAX_SHOWN 64
#define HB_MAX_SITES 1024

/* ---- vector clocks ---------------------------------------------------------- */

/*
 * Threads that synchronised at a barrier have the same view: they share
 * one immutable vector (reference counted) and only their own clocks
 * (own[]) differ.  A row is copied when it must change (acquire).
 *
 * A vector is L entries long but knows the range [lo, hi) outside which
 * all its entries are zero: threads that only synchronise inside their
 * CTA have views that span its slot, so joins and copies cost the CTA's
 * threads, not every resident thread.  Freed vectors are cleared over
 * their range and kept for reuse (h->pool), so a new one costs its range
 * too.
 */
struct hb_vc {
	uint32_t ref;
	uint32_t lo, hi;     /* the nonzero range (lo >= hi: all zero)    */
	hb_vc *next;         /* in h->pool                                 */
	hb_clk v[];
};

static void vc_extend(hb_vc *d, uint32_t lo, uint32_t hi)
{
	if (lo >= hi)
		return;
	if (d->lo >= d->hi) {
		d->lo = lo;
		d->hi = hi;
		return;
	}
	if (lo < d->lo)
		d->lo = lo;
	if (hi > d->hi)
		d->hi = hi;
}

/* Entry t of d rises to x. */
static void vc_raise(hb_vc *d, uint32_t t, hb_clk x)
{
	if (d->v[t] < x) {
		d->v[t] = x;
		vc_extend(d, t, t + 1);
	}
}

/* Entries [lo, hi) of the plain vector src joined into dst. */
static void join_range(hb_clk *restrict dst, const hb_clk *restrict src,
		       uint32_t lo, uint32_t hi)
{
	uint32_t k = lo;
	for (; k + 8 <= hi; k += 8) { /* blocks of 8 the compiler vectorises */
		hb_clk *restrict d = dst + k;
		const hb_clk *restrict x = src + k;
		for (int j = 0; j < 8; j++)
			d[j] = x[j] > d[j] ? x[j] : d[j];
	}
	for (; k < hi; k++)
		dst[k] = src[k] > dst[k] ? src[k] : dst[k];
}

/* dst joins the vector src. */
static void vc_join(hb_vc *dst, const hb_vc *src)
{
	if (src->lo >= src->hi)
		return;
	join_range(dst->v, src->v, src->lo, src->hi);
	vc_extend(dst, src->lo, src->hi);
}

/* dst joins the plain vector src (n entries; a sync object's). */
static void vc_join_plain(hb_vc *dst, const hb_clk *src, uint32_t n)
{
	uint32_t lo = n, hi = 0;
	for (uint32_t k = 0; k < n; k++)
		if (src[k]) {
			if (k < lo)
				lo = k;
			hi = k + 1;
			if (src[k] > dst->v[k])
				dst->v[k] = src[k];
		}
	vc_extend(dst, lo, hi);
}

/* A new vector (reference 1): all zero, or a copy of from. */
static hb_vc *vc_new(sim_hb *h, const hb_vc *from)
{
	hb_vc *n = h->pool;
	if (n) {
		h->pool = n->next;
	} else {
		n = calloc(1, sizeof *n + h->L * sizeof(hb_clk));
		if (!n)
			return NULL;
	}
	n->ref = 1;
	n->lo = n->hi = 0;
	if (from && from->lo < from->hi) {
		memcpy(n->v + from->lo, from->v + from->lo,
		       (from->hi - from->lo) * sizeof(hb_clk));
		n->lo = from->lo;
		n->hi = from->hi;
	}
	return n;
}

/* A new vector from entries [lo, hi) of the plain vector from (the rest
 * of it is zero). */
static hb_vc *vc_from_plain(sim_hb *h, const hb_clk *from, uint32_t lo,
			    uint32_t hi)
{
	hb_vc *n = vc_new(h, NULL);
	if (n && lo < hi) {
		memcpy(n->v + lo, from + lo, (hi - lo) * sizeof(hb_clk));
		n->lo = lo;
		n->hi = hi;
	}
	return n;
}

/* v loses n references. */
static void vc_unref_n(sim_hb *h, hb_vc *v, uint32_t n)
{
	if (!v || !n || (v->ref -= n))
		return;
	if (v->lo < v->hi)
		memset(v->v + v->lo, 0, (v->hi - v->lo) * sizeof(hb_clk));
	v->next = h->pool;
	h->pool = v;
}

static void vc_unref(sim_hb *h, hb_vc *v)
{
	if (!v || --v->ref)
		return;
	if (v->lo < v->hi)
		memset(v->v + v->lo, 0, (v->hi - v->lo) * sizeof(hb_clk));
	v->next = h->pool;
	h->pool = v;
}

static hb_vc *vc_ref(hb_vc *v)
{
	v->ref++;
	return v;
}

/* Row u's view of row t's clock. */
static hb_clk vget(const sim_hb *h, uint32_t u, uint32_t t)
{
	return u == t ? h->own[t] : h->base[u]->v[t];
}

/* Row t's vector, private (copied when shared); NULL out of memory. */
static hb_vc *vmut(sim_hb *h, uint32_t t)
{
	hb_vc *b = h->base[t];
	if (b->ref > 1) {
		hb_vc *n = vc_new(h, b);
		if (!n)
			return NULL;
		vc_unref(h, b);
		h->base[t] = n;
	}
	return h->base[t];
}

/* Row t acquires the plain vector src (a sync object's). */
static void acquire(sim_hb *h, uint32_t t, const hb_clk *src)
{
	hb_vc *d = src ? vmut(h, t) : NULL;
	if (d)
		vc_join_plain(d, src, h->L);
}

/* The plain vector dst gets row t's view (release). */
static void release_into(const sim_hb *h, hb_clk *dst, uint32_t t)
{
	const hb_vc *b = h->base[t];
	join_range(dst, b->v, b->lo, b->hi);
	if (dst[t] < h->own[t])
		dst[t] = h->own[t];
}

/* Row t acquires row u's view. */
static void acquire_row(sim_hb *h, uint32_t t, uint32_t u)
{
	hb_vc *d = vmut(h, t);
	if (d) {
		vc_join(d, h->base[u]);
		vc_raise(d, u, h->own[u]);
	}
}

/* Row t takes the shared vector v (a reference is taken). */
static void set_base(sim_hb *h, uint32_t t, hb_vc *v)
{
	vc_ref(v);
	vc_unref(h, h->base[t]);
	h->base[t] = v;
}


static void tick(sim_hb *h, uint32_t t)
{
	h->own[t]++;
}

static uint32_t tid_of(const sim_hb *h, const sim_warp *w, unsigned lane)
{
	return (uint32_t)w->cta->hb_slot * h->tpc + (uint32_t)w->id * 32 + lane;
}

/* The agent row of thread t, or t itself without agents. */
static uint32_t agent_of(const sim_hb *h, uint32_t t)
{
	return h->agents ? t + h->D : t;
}

/* ---- sync objects ------------------------------------------------------------ */

static uint64_t mix(uint64_t a, uint64_t b)
{
	uint64_t x = a * 0x9e3779b97f4a7c15ull ^ (b + 0x632be59bd9b4e019ull);
	x ^= x >> 31;
	x *= 0xbf58476d1ce4e5b9ull;
	return x ^ (x >> 29);
}

static bool so_grow(sim_hb *h)
{
	size_t cap = h->socap ? h->socap * 2 : 256;
	hb_so *n = calloc(cap, sizeof *n);
	if (!n)
		return false;
	for (size_t k = 0; k < h->socap; k++) {
		if (!h->so[k].k1)
			continue;
		size_t j = mix(h->so[k].k1, h->so[k].k2) & (cap - 1);
		while (n[j].k1)
			j = (j + 1) & (cap - 1);
		n[j] = h->so[k];
	}
	free(h->so);
	h->so = n;
	h->socap = cap;
	return true;
}

/* The vector clock of object (kind, cta, addr); create: allocate it. */
static hb_clk *so_get(sim_hb *h, int kind, uint64_t cta, uint64_t addr,
		      bool create)
{
	uint64_t k1 = (uint64_t)(kind + 1) << 56 | (cta & 0xffffffffffffull);
	if (!create && !(h->sokinds >> kind & 1))
		return NULL; /* none of the kind: no lookup */
	if (h->socap) {
		size_t j = mix(k1, addr) & (h->socap - 1);
		for (; h->so[j].k1; j = (j + 1) & (h->socap - 1))
			if (h->so[j].k1 == k1 && h->so[j].k2 == addr)
				return h->so[j].vc;
	}
	if (!create)
		return NULL;
	if ((h->soused + 1) * 2 > h->socap && !so_grow(h))
		return NULL;
	hb_clk *vc = calloc(h->L, sizeof *vc);
	if (!vc)
		return NULL;
	size_t j = mix(k1, addr) & (h->socap - 1);
	while (h->so[j].k1)
		j = (j + 1) & (h->socap - 1);
	h->so[j] = (hb_so){k1, addr, vc};
	h->soused++;
	h->sokinds |= 1u << kind;
	return vc;
}

/* ---- sites ------------------------------------------------------------------ */

static uint64_t site_hash(const hb_site *x)
{
	return mix((uint64_t)x->pc << 32 | x->cta,
		   (uint64_t)x->gen << 24 | (uint64_t)x->kind << 16 |
		   (uint64_t)x->size << 8 | x->strong);
}

static bool site_eq(const hb_site *a, const hb_site *b)
{
	return a->pc == b->pc && a->cta == b->cta && a->gen == b->gen &&
	       a->kind == b->kind && a->size == b->size && a->strong == b->strong;
}

static bool site_grow(sim_hb *h)
{
	uint32_t cap = h->site_cap ? h->site_cap * 2 : 1024;
	uint32_t *n = calloc(cap, sizeof *n);
	if (!n)
		return false;
	for (uint32_t k = 1; k < h->nsites; k++) {
		size_t j = site_hash(&h->sites[k]) & (cap - 1);
		while (n[j])
			j = (j + 1) & (cap - 1);
		n[j] = k;
	}
	free(h->site_ix);
	h->site_ix = n;
	h->site_cap = cap;
	return true;
}

/* The index of site x, interned; 0 (a site naming nothing) out of memory.
 * A warp instruction interns one site for all its lanes. */
static uint32_t site_of(sim_hb *h, const hb_site *x)
{
	if (h->site_cap) {
		size_t j = site_hash(x) & (h->site_cap - 1);
		for (; h->site_ix[j]; j = (j + 1) & (h->site_cap - 1))
			if (site_eq(&h->sites[h->site_ix[j]], x))
				return h->site_ix[j];
	}
	if ((uint64_t)(h->nsites + 1) * 2 > h->site_cap && !site_grow(h))
		return 0;
	if (h->nsites == h->capsites) {
		uint32_t cap = h->capsites * 2;
		hb_site *n = realloc(h->sites, cap * sizeof *n);
		if (!n)
			return 0;
		h->sites = n;
		h->capsites = cap;
	}
	uint32_t k = h->nsites++;
	h->sites[k] = *x;
	size_t j = site_hash(x) & (h->site_cap - 1);
	while (h->site_ix[j])
		j = (j + 1) & (h->site_cap - 1);
	h->site_ix[j] = k;
	return k;
}

/* Record r with its site, for a report. */
static hb_acc expand(const sim_hb *h, const hb_rec *r)
{
	const hb_site *x = &h->sites[r->site < h->nsites ? r->site : 0];
	return (hb_acc){.clk = r->clk, .tid = r->tid, .pc = x->pc, .cta = x->cta,
			.gen = x->gen, .kind = (int)REC_KIND(r), .size = x->size};
}

/* ---- set-up -------------------------------------------------------------------- */

static bool has_async(const sim_ctx *c)
{
	for (uint64_t k = 0; k < c->ncode; k++)
		switch (c->code[k].optype) {
		case SIM_OP_LDGSTS: case SIM_OP_UBLKCP: case SIM_OP_UBLKCP_MULTICAST:
		case SIM_OP_ARRIVES:
			return true;
		default:
			break;
		}
	return false;
}

simt_status hb_start(sim_ctx *c, int resident, int wpc)
{
	hb_free(c);
	uint32_t ch = c->launch.checks;
	if (!(ch & (SIMT_CHECK_RACE | SIMT_CHECK_INIT)))
		return SIMT_OK;
	sim_hb *h = calloc(1, sizeof *h);
	if (!h)
		return SIMT_ERR_NOMEM;
	c->hb = h;
	h->race = ch & SIMT_CHECK_RACE;
	h->init = ch & SIMT_CHECK_INIT;
	h->tpc = (uint32_t)wpc * 32;
	h->nslots = (uint32_t)resident;
	h->D = h->nslots * h->tpc;
	h->agents = has_async(c);
	h->L = h->agents ? 2 * h->D : h->D;
	if ((uint64_t)h->L * h->L > (64ull << 20)) {
		util_diag(c->diags, SIMT_SEV_ERROR, NULL, NULL, 0, 0,
			  "--check=race,init: %u resident threads%s need %llu MiB "
			  "of vector clocks (at most 256); lower --resident-ctas",
			  h->D, h->agents ? " and their copy agents" : "",
			  (unsigned long long)((uint64_t)h->L * h->L * 4 >> 20));
		return SIMT_ERR_ARG;
	}
	h->base = calloc(h->L, sizeof *h->base);
	h->zero = vc_new(h, NULL);
	h->own = calloc(h->L, sizeof *h->own);
	h->fence_rel = calloc(h->D, sizeof *h->fence_rel);
	h->fence_clk = calloc(h->D, sizeof *h->fence_clk);
	h->fence_lvl = calloc(h->D, 1);
	h->pend_acq = calloc(h->D, sizeof *h->pend_acq);
	h->bar_seen = calloc((size_t)h->nslots * SIM_NBARRIERS, sizeof *h->bar_seen);
	h->bar_acc = calloc((size_t)h->nslots * SIM_NBARRIERS, sizeof *h->bar_acc);
	h->tmp = calloc(h->L, sizeof *h->tmp);
	h->bar_lo = calloc((size_t)h->nslots * SIM_NBARRIERS, sizeof *h->bar_lo);
	h->bar_hi = calloc((size_t)h->nslots * SIM_NBARRIERS, sizeof *h->bar_hi);
	h->slots = calloc(h->nslots, sizeof *h->slots);
	h->capsites = 1024;
	h->sites = calloc(h->capsites, sizeof *h->sites);
	h->nsites = 1; /* site 0: unknown */
	if (!h->sites || !h->base || !h->zero || !h->own || !h->fence_rel || !h->fence_clk || !h->fence_lvl ||
	    !h->pend_acq || !h->bar_seen || !h->bar_acc || !h->tmp || !h->slots ||
	    !h->bar_lo || !h->bar_hi)
		return SIMT_ERR_NOMEM;
	for (uint32_t t = 0; t < h->L; t++) {
		h->base[t] = vc_ref(h->zero);
		tick(h, t);
	}
	return SIMT_OK;
}

static void free_heavy(sim_hb *h)
{
	for (uint32_t t = 0; h->base && t < h->L; t++)
		vc_unref(h, h->base[t]);
	free(h->base);
	vc_unref(h, h->zero);
	free(h->own);
	for (uint32_t t = 0; h->fence_rel && t < h->D; t++) {
		vc_unref(h, h->fence_rel[t]);
		free(h->pend_acq[t]);
	}
	for (uint32_t k = 0; h->bar_seen && k < h->nslots * SIM_NBARRIERS; k++)
		vc_unref(h, h->bar_seen[k]);
	for (uint32_t k = 0; h->bar_acc && k < h->nslots * SIM_NBARRIERS; k++)
		free(h->bar_acc[k]);
	while (h->pool) {
		hb_vc *n = h->pool->next;
		free(h->pool);
		h->pool = n;
	}
	free(h->bar_lo);
	free(h->bar_hi);
	h->bar_lo = h->bar_hi = NULL;
	free(h->bar_seen);
	free(h->bar_acc);
	free(h->fence_rel);
	free(h->fence_clk);
	free(h->fence_lvl);
	free(h->pend_acq);
	free(h->tmp);
	for (uint32_t s = 0; h->slots && s < h->nslots; s++) {
		hb_slot *sl = &h->slots[s];
		free(sl->shared);
		free(sl->bar_wait);
		for (uint32_t k = 0; sl->local && k < h->tpc / 32; k++)
			free(sl->local[k]);
		free(sl->local);
	}
	free(h->slots);
	while (h->chunks) {
		hb_chunk *n = h->chunks->next;
		munmap(h->chunks, h->chunks->cap);
		h->chunks = n;
	}
	free(h->gpages);
	free(h->sites);
	free(h->site_ix);
	h->sites = NULL;
	h->site_ix = NULL;
	h->nsites = h->capsites = h->site_cap = 0;
	for (size_t k = 0; k < h->socap; k++)
		free(h->so[k].vc);
	free(h->so);
	h->base = h->fence_rel = h->bar_seen = NULL;
	h->bar_acc = NULL;
	h->zero = NULL;
	h->own = h->tmp = h->fence_clk = NULL;
	h->fence_lvl = NULL;
	h->pend_acq = NULL;
	h->slots = NULL;
	h->gpages = NULL;
	h->so = NULL;
	h->gcap = h->gused = h->socap = h->soused = 0;
	h->sokinds = 0;
	h->glast_pn = 0;
	h->glast = NULL;
}

void hb_free(sim_ctx *c)
{
	sim_hb *h = c->hb;
	if (!h)
		return;
	free_heavy(h);
	for (int k = 0; k < h->nrep; k++) {
		free(h->rep[k].name);
		free(h->rep[k].why);
	}
	free(h->rep);
	free(h);
	c->hb = NULL;
}

void hb_cta_begin(sim_ctx *c, sim_cta *cta)
{
	sim_hb *h = c->hb;
	uint32_t s = 0;
	while (s < h->nslots && h->slots[s].cta)
		s++;
	if (s == h->nslots) { /* cannot happen: slots = resident CTAs */
		cta->hb_slot = -1;
		return;
	}
	hb_slot *sl = &h->slots[s];
	cta->hb_slot = (int)s;
	sl->cta = cta;
	sl->gen = 0;
	uint32_t n = cta->shared_size / 4 + 1;
	if (n > sl->ncells) {
		free(sl->shared);
		sl->shared = malloc(n * sizeof *sl->shared);
		sl->ncells = sl->shared ? n : 0;
	}
	if (sl->shared)
		memset(sl->shared, 0, sl->ncells * sizeof *sl->shared);
	uint32_t nw = h->tpc / 32;
	if (!sl->bar_wait)
		sl->bar_wait = calloc((size_t)SIM_NBARRIERS * nw, sizeof(uint32_t));
	else
		memset(sl->bar_wait, 0, (size_t)SIM_NBARRIERS * nw * sizeof(uint32_t));
	if (!sl->local)
		sl->local = calloc(nw, sizeof *sl->local);
	for (uint32_t k = 0; sl->local && k < nw; k++) {
		free(sl->local[k]);
		sl->local[k] = NULL;
	}
	for (int b = 0; b < SIM_NBARRIERS; b++) {
		if (h->bar_acc[s * SIM_NBARRIERS + b])
			memset(h->bar_acc[s * SIM_NBARRIERS + b], 0, h->L * sizeof(hb_clk));
		h->bar_lo[s * SIM_NBARRIERS + b] = h->bar_hi[s * SIM_NBARRIERS + b] = 0;
		vc_unref(h, h->bar_seen[s * SIM_NBARRIERS + b]);
		h->bar_seen[s * SIM_NBARRIERS + b] = NULL;
	}
	/* fresh views: each thread (and agent) knows only its own past */
	for (uint32_t k = 0; k < h->tpc; k++) {
		uint32_t t = s * h->tpc + k;
		for (int a = 0; a < (h->agents ? 2 : 1); a++, t += h->D) {
			set_base(h, t, h->zero);
			tick(h, t);
			if (t < h->D) {
				vc_unref(h, h->fence_rel[t]);
				free(h->pend_acq[t]);
				h->fence_rel[t] = NULL;
				h->pend_acq[t] = NULL;
			}
		}
	}
}

void hb_cta_end(sim_ctx *c, sim_cta *cta)
{
	sim_hb *h = c->hb;
	if (h->slots && cta->hb_slot >= 0 && (uint32_t)cta->hb_slot < h->nslots &&
	    h->slots[cta->hb_slot].cta == cta)
		h->slots[cta->hb_slot].cta = NULL;
	cta->hb_slot = -1;
}

/* ---- shadow memory ------------------------------------------------------------ */

static bool gp_grow(sim_hb *h)
{
	size_t cap = h->gcap ? h->gcap * 2 : 64;
	hb_gpage *n = calloc(cap, sizeof *n);
	if (!n)
		return false;
	for (size_t k = 0; k < h->gcap; k++) {
		if (!h->gpages[k].pn)
			continue;
		size_t j = mix(h->gpages[k].pn, 0) & (cap - 1);
		while (n[j].pn)
			j = (j + 1) & (cap - 1);
		n[j] = h->gpages[k];
	}
	free(h->gpages);
	h->gpages = n;
	h->gcap = cap;
	return true;
}

/* A zeroed array of one page's cells; NULL out of memory. */
static hb_cell *page_cells(sim_hb *h)
{
	size_t need = (HB_PAGE_CELLS * sizeof(hb_cell) + 63) & ~(size_t)63;
	hb_chunk *k = h->chunks;
	if (!k || k->cap - k->used < need) {
		/* the first chunk is small: most launches touch a few pages */
		size_t cap = k ? HB_CHUNK : HB_CHUNK / 16;
		void *m = mmap(NULL, cap, PROT_READ | PROT_WRITE,
			       MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
		if (m == MAP_FAILED)
			return NULL;
#ifdef MADV_HUGEPAGE
		if (k)
			madvise(m, cap, MADV_HUGEPAGE);
#endif
		k = m;
		k->next = h->chunks;
		k->used = 64; /* the header, cells cache-line aligned */
		k->cap = cap;
		h->chunks = k;
	}
	hb_cell *cells = (hb_cell *)((char *)k + k->used);
	k->used += need;
	return cells;
}

static hb_cell *gcell_page(sim_hb *h, uint64_t addr);

/* The shadow cell of global address addr; NULL out of memory. */
static inline hb_cell *gcell(sim_hb *h, uint64_t addr)
{
	uint64_t pn = (addr >> SIM_PAGE_BITS) + 1;
	if (pn == h->glast_pn)
		return &h->glast[(addr & (SIM_PAGE_SIZE - 1)) >> 2];
	return gcell_page(h, addr);
}

/* gcell on another page than the last one. */
static hb_cell *gcell_page(sim_hb *h, uint64_t addr)
{
	uint64_t pn = (addr >> SIM_PAGE_BITS) + 1;
	if (h->gcap) {
		size_t j = mix(pn, 0) & (h->gcap - 1);
		for (; h->gpages[j].pn; j = (j + 1) & (h->gcap - 1))
			if (h->gpages[j].pn == pn) {
				h->glast_pn = pn;
				h->glast = h->gpages[j].cells;
				return &h->glast[(addr & (SIM_PAGE_SIZE - 1)) >> 2];
			}
	}
	if ((h->gused + 1) * 2 > h->gcap && !gp_grow(h))
		return NULL;
	hb_cell *cells = page_cells(h);
	if (!cells)
		return NULL;
	/* global memory is defined from its allocation (zeroed or written by
	   the host): every byte starts initialised */
	for (uint32_t k = 0; k < HB_PAGE_CELLS; k++)
		cells[k].w.aux = AUX_INIT;
	size_t j = mix(pn, 0) & (h->gcap - 1);
	while (h->gpages[j].pn)
		j = (j + 1) & (h->gcap - 1);
	h->gpages[j] = (hb_gpage){pn, cells};
	h->gused++;
	h->glast_pn = pn;
	h->glast = cells;
	return &cells[(addr & (SIM_PAGE_SIZE - 1)) >> 2];
}

/* ---- names and reports ------------------------------------------------------- */

static const char *kind_name(int k)
{
	return k == HB_READ ? "read" : k == HB_WRITE ? "write" : "atomic";
}

static void cta_xyz(const sim_ctx *c, uint64_t lin, uint32_t out[3])
{
	const uint32_t *g = c->launch.grid;
	out[0] = (uint32_t)(lin % g[0]);
	out[1] = (uint32_t)(lin / g[0] % g[1]);
	out[2] = (uint32_t)(lin / ((uint64_t)g[0] * g[1]));
}

/* Where the access of rec was: "CTA (x,y,z) warp W lane L" (agents: the
 * async copy of ...), into b. */
static void who(const sim_ctx *c, const sim_hb *h, const hb_acc *r,
		util_buf *b, int *warp, int *lane)
{
	uint32_t t = r->tid;
	bool agent = h->agents && t >= h->D;
	if (agent)
		t -= h->D;
	uint32_t k = t % h->tpc, xyz[3];
	cta_xyz(c, r->cta, xyz);
	*warp = (int)(k / 32);
	*lane = (int)(k % 32);
	util_buf_printf(b, "%sCTA (%u,%u,%u) warp %d lane %d",
			agent ? "the async copy of " : "", xyz[0], xyz[1],
			xyz[2], *warp, *lane);
}

static void inst_at(const sim_ctx *c, uint64_t pc, util_buf *b)
{
	char text[256], loc[512];
	sim_inst_text(c, sim_inst_at(c, pc), text, sizeof text);
	util_buf_printf(b, "PC 0x%04llx%s `%s`", (unsigned long long)pc,
			sim_loc(c, pc, loc, sizeof loc), text);
}

/* Why the two accesses are unordered, for the report. */
static void why_unordered(const sim_ctx *c, const sim_hb *h, const hb_acc *a,
			  const hb_acc *b, util_buf *o)
{
	bool agent = h->agents && (a->tid >= h->D || b->tid >= h->D);
	if (agent) {
		util_buf_puts(o, "the async copy had not completed for its "
				 "issuer: no DEPBAR, mbarrier wait or ARRIVES "
				 "ordered its write before the other access");
		return;
	}
	if (a->cta != b->cta) {
		util_buf_puts(o, "they are in different CTAs and no release/"
				 "acquire pair of GPU scope (a fence or "
				 ".RELEASE/.ACQUIRE atomic on one location, "
				 "observed) orders them");
		return;
	}
	if (a->tid / 32 == b->tid / 32) {
		util_buf_printf(o, "lanes %u and %u of one warp: no WARPSYNC, "
				"convergence at BSYNC or warp collective "
				"orders them (lanes do not run in lock-step "
				"under independent thread scheduling)",
				a->tid % 32, b->tid % 32);
		return;
	}
	const hb_slot *sl = NULL;
	for (uint32_t s = 0; s < h->nslots; s++)
		if (h->slots[s].cta && h->slots[s].cta->lin == b->cta)
			sl = &h->slots[s];
	uint32_t g = a->gen < b->gen ? a->gen : b->gen;
	if (a->gen == b->gen) {
		util_buf_puts(o, "no barrier between them");
		if (g && sl && sl->gen - g < HB_BARLOG) {
			uint32_t e = (g - 1) % HB_BARLOG;
			char loc[512];
			util_buf_printf(o, "; the last common barrier is %s %u at "
					"0x%04x%s", sl->log[e].arv ? "BAR.ARV"
					: "BAR.SYNC", sl->log[e].id, sl->log[e].pc,
					sim_loc(c, sl->log[e].pc, loc, sizeof loc));
		} else if (!g) {
			util_buf_puts(o, "; no barrier completed before them");
		}
		return;
	}
	if (sl && sl->gen - g < HB_BARLOG) {
		uint32_t e = g % HB_BARLOG;
		util_buf_printf(o, "barrier %u at 0x%04x completed between them "
				"but not both threads took part in it (a barrier "
				"count below the CTA, BAR.ARV, or a divergent "
				"arrival)", sl->log[e].id, sl->log[e].pc);
		return;
	}
	util_buf_puts(o, "no synchronisation both threads took part in "
			 "orders them");
}

static int check_index(uint32_t check)
{
	return check == SIMT_CHECK_SYNC ? 0 : check == SIMT_CHECK_UNIFORM ? 1
	       : check == SIMT_CHECK_RACE ? 2 : 3;
}

/* The report of the pair (check, pc, pc2), created when new; NULL when the
 * site table is full (the occurrence is only counted). */
static hb_report *site(sim_hb *h, uint32_t check, uint64_t pc, uint64_t pc2,
		       bool *fresh)
{
	*fresh = false;
	h->total[check_index(check)]++;
	for (int k = 0; k < h->nrep; k++)
		if (h->rep[k].check == check && h->rep[k].pc == pc &&
		    h->rep[k].pc2 == pc2) {
			h->rep[k].count++;
			return NULL;
		}
	if (h->nrep == HB_MAX_SITES)
		return NULL;
	if (h->nrep == h->caprep) {
		int cap = h->caprep ? h->caprep * 2 : 16;
		hb_report *n = realloc(h->rep, (size_t)cap * sizeof *n);
		if (!n)
			return NULL;
		h->rep = n;
		h->caprep = cap;
	}
	hb_report *r = &h->rep[h->nrep++];
	memset(r, 0, sizeof *r);
	r->check = check;
	r->pc = pc;
	r->pc2 = pc2;
	r->count = 1;
	*fresh = true;
	return r;
}

/* The diagnostic of a fresh report (at most HB_MAX_SHOWN a run). */
static void emit(sim_ctx *c, sim_hb *h, hb_report *r, const sim_warp *w,
		 uint32_t lanes, const char *msg)
{
	c->nchecked++;
	if (h->nshown >= HB_MAX_SHOWN)
		return;
	h->nshown++;
	r->shown = true;
	char text[256], loc[512];
	sim_inst_text(c, sim_inst_at(c, r->pc), text, sizeof text);
	const sim_cta *t = w->cta;
	util_diag(c->diags, SIMT_SEV_ERROR, NULL, NULL, 0, 0,
		  "kernel '%s', CTA (%u,%u,%u), warp %d, lanes 0x%08x, PC "
		  "0x%04llx%s: `%s`: --check=%s: %s", c->kernel, t->id[0],
		  t->id[1], t->id[2], w->id, lanes, (unsigned long long)r->pc,
		  sim_loc(c, r->pc, loc, sizeof loc), text,
		  r->check == SIMT_CHECK_RACE ? "race" : "init", msg);
}

/* "shared 0x10 (vals+0x10)" */
static void where(const sim_ctx *c, sim_space sp, uint64_t addr, util_buf *b,
		  char **name)
{
	uint64_t off = 0;
	const char *n = sim_name_of(c, sp, addr, &off);
	util_buf_printf(b, "%s 0x%llx", sim_space_name(sp),
			(unsigned long long)addr);
	if (n) {
		util_buf_printf(b, " (%s", n);
		if (off)
			util_buf_printf(b, "+0x%llx", (unsigned long long)off);
		util_buf_puts(b, ")");
		*name = util_strdup(n);
	}
}

static void report_race(sim_ctx *c, sim_hb *h, const sim_warp *w,
			const sim_inst *i, unsigned lane, sim_space sp,
			uint64_t addr, unsigned size, const hb_rec *prev_rec,
			const hb_rec *cur_rec)
{
	hb_acc p = expand(h, prev_rec), q = expand(h, cur_rec);
	const hb_acc *prev = &p, *cur = &q;
	bool fresh;
	hb_report *r = site(h, SIMT_CHECK_RACE, i->pc, prev->pc, &fresh);
	if (!r) {
		c->nchecked++;
		return;
	}
	util_buf b = {0}, y = {0};
	r->kind = kind_name(cur->kind);
	r->kind2 = kind_name(prev->kind);
	r->space = sim_space_name(sp);
	r->addr = addr;
	r->size = size;
	cta_xyz(c, cur->cta, r->cta);
	cta_xyz(c, prev->cta, r->cta2);
	r->warp = w->id;
	r->lane = (int)lane;
	util_buf_printf(&b, "%s of %u bytes at ", r->kind, size);
	where(c, sp, addr, &b, &r->name);
	util_buf_printf(&b, " by lane %u races with the %s of %u bytes by ",
			lane, r->kind2, prev->size);
	who(c, h, prev, &b, &r->warp2, &r->lane2);
	util_buf_puts(&b, " at ");
	inst_at(c, prev->pc, &b);
	util_buf_puts(&b, ": ");
	why_unordered(c, h, prev, cur, &y);
	util_buf_puts(&b, y.data ? y.data : "");
	r->why = util_buf_take(&y);
	emit(c, h, r, w, 1u << lane, b.data ? b.data : "race");
	util_buf_free(&b);
}

static void report_init(sim_ctx *c, sim_hb *h, const sim_warp *w,
			const sim_inst *i, unsigned lane, sim_space sp,
			uint64_t addr, unsigned size, int kind)
{
	bool fresh;
	hb_report *r = site(h, SIMT_CHECK_INIT, i->pc, i->pc, &fresh);
	if (!r) {
		c->nchecked++;
		return;
	}
	util_buf b = {0};
	r->kind = r->kind2 = kind_name(kind);
	r->space = sim_space_name(sp);
	r->addr = addr;
	r->size = size;
	memcpy(r->cta, w->cta->id, sizeof r->cta);
	memcpy(r->cta2, w->cta->id, sizeof r->cta2);
	r->warp = r->warp2 = w->id;
	r->lane = r->lane2 = (int)lane;
	util_buf_printf(&b, "%s of %u bytes at ", kind_name(kind), size);
	where(c, sp, addr, &b, &r->name);
	util_buf_printf(&b, " by lane %u reads %s memory that no thread has "
			"written (uninitialised)", lane, sim_space_name(sp));
	r->why = util_strdup("uninitialised");
	emit(c, h, r, w, 1u << lane, b.data ? b.data : "init");
	util_buf_free(&b);
}

/* ---- accesses ----------------------------------------------------------------- */

/* a happened before thread t's present. */
static inline bool ordered(const sim_hb *h, const hb_rec *a, uint32_t t)
{
	if (a->tid / 32u == t / 32 && (a->lanes >> (t % 32) & 1))
		return true; /* t took part in that very access */
	return a->tid == t || vget(h, t, a->tid) >= a->clk;
}

/* a was made by the warp instruction hb_access works on (another lane of
 * it): hb_access ticks its lanes' clocks first, so a record of an earlier
 * instruction of those lanes carries an older clock. */
static inline bool this_issue(const sim_hb *h, const hb_rec *a)
{
	return a->tid / 32u == h->cur_row && (h->cur_mask >> (a->tid % 32u) & 1) &&
	       a->clk == h->own[a->tid];
}

/* Conflict of prev with the current access cur (same instruction issue:
 * one warp instruction's lanes are not checked against each other). */
static inline bool conflict(const sim_hb *h, const hb_cell *cell,
			    const hb_rec *prev, const hb_rec *cur)
{
	if (!prev->clk || !(prev->meta & cur->meta & 0xf))
		return false;
	unsigned pk = REC_KIND(prev), ck = REC_KIND(cur);
	/* morally strong: atomics and .STRONG accesses do not race */
	if ((pk == HB_ATOMIC || REC_STRONG(prev)) &&
	    (ck == HB_ATOMIC || REC_STRONG(cur)))
		return false;
	/* the CAS-loop rule (docs/checks.md): on a word a CAS updates, a
	   plain read racing with atomics only seeds the compare */
	if ((cell->w.aux & AUX_CAS) && (pk == HB_READ || ck == HB_READ) &&
	    (pk == HB_ATOMIC || ck == HB_ATOMIC))
		return false;
	if (this_issue(h, prev))
		return false;
	return !ordered(h, prev, cur->tid);
}

/* The same warp instruction's earlier lane at this granule. */
static inline bool same_issue(const sim_hb *h, const hb_rec *a, const hb_rec *cur)
{
	return a->clk && this_issue(h, a) && REC_KIND(a) == REC_KIND(cur);
}

static inline void read_note(sim_hb *h, hb_cell *cell, const hb_rec *cur)
{
	for (int k = 0; k < 2; k++)
		if (same_issue(h, &cell->r[k], cur)) {
			cell->r[k].lanes |= cur->lanes;
			return;
		}
	for (int k = 0; k < 2; k++)
		if (!cell->r[k].clk || cell->r[k].tid == cur->tid) {
			cell->r[k] = *cur;
			return;
		}
	for (int k = 0; k < 2; k++)
		if (ordered(h, &cell->r[k], cur->tid)) {
			cell->r[k] = *cur;
			return;
		}
	cell->r[1] = *cur; /* a third concurrent reader: forget one */
}

/* An atomic compare-and-swap (the CAS-loop rule). */
static bool is_cas(const sim_inst *i)
{
	static const char *const cas[] = {"CAS", NULL};
	return sim_enum_index(i, "op", cas, -1) == 0;
}

/* prev cannot race with thread t's access: there is none, or it is t's
 * own, or t's view covers it (view: t's vector).  The common case, tested
 * before the full rules of conflict(). */
static inline bool quiet(const hb_clk *view, uint32_t t, const hb_rec *prev)
{
	return !prev->clk || prev->tid == t || view[prev->tid] >= prev->clk;
}

/* The checks of one granule of one lane's access, when cell_access's quick
 * test found something to look at: reports. */
static void cell_check(sim_ctx *c, sim_hb *h, const sim_warp *w,
		       const sim_inst *i, unsigned lane, sim_space sp,
		       uint64_t addr, unsigned size, hb_cell *cell,
		       const hb_rec *cur, bool *reported)
{
	unsigned kind = REC_KIND(cur), bytes = REC_BYTES(cur);
	if (h->init && kind != HB_WRITE && (cell->w.aux & bytes) != bytes) {
		report_init(c, h, w, i, lane, sp, addr, size, (int)kind);
		*reported = true;
	}
	if (h->race && !*reported) {
		const hb_rec *bad = NULL;
		if (conflict(h, cell, &cell->w, cur))
			bad = &cell->w;
		for (int k = 0; !bad && kind != HB_READ && k < 2; k++)
			if (conflict(h, cell, &cell->r[k], cur))
				bad = &cell->r[k];
		if (bad) {
			report_race(c, h, w, i, lane, sp, addr, size, bad, cur);
			*reported = true;
		}
	}
}

/* cell_record for hb_access's word path, with what it reads of h in
 * arguments (row, mask: the instruction's warp row and lanes; own: the
 * rows' clocks; view: cur's thread's vector): the same rules. */
static inline bool issue_rec(const hb_rec *a, uint32_t row, uint32_t mask,
			     const hb_clk *own)
{
	return a->clk && a->tid / 32u == row && (mask >> (a->tid % 32u) & 1) &&
	       a->clk == own[a->tid];
}

#ifdef __GNUC__
__attribute__((always_inline))
#endif
static inline void word_record(hb_cell *cell, const hb_rec *cur, uint32_t row,
			       uint32_t mask, const hb_clk *own,
			       const hb_clk *view)
{
	unsigned kind = REC_KIND(cur);
	uint32_t t = cur->tid;
	if (kind != HB_READ) {
		uint32_t lanes = issue_rec(&cell->w, row, mask, own) &&
				 REC_KIND(&cell->w) == kind ? cell->w.lanes : 0;
		uint8_t aux = (uint8_t)(cell->w.aux | REC_BYTES(cur));
		cell->w = *cur;
		cell->w.lanes |= lanes;
		cell->w.aux = aux;
		if (kind == HB_WRITE)
			cell->r[0].clk = cell->r[1].clk = 0;
		return;
	}
	hb_rec *r = cell->r;
	for (int k = 0; k < 2; k++)
		if (issue_rec(&r[k], row, mask, own) && REC_KIND(&r[k]) == HB_READ) {
			r[k].lanes |= cur->lanes;
			return;
		}
	for (int k = 0; k < 2; k++)
		if (!r[k].clk || r[k].tid == t) {
			r[k] = *cur;
			return;
		}
	for (int k = 0; k < 2; k++)
		if ((r[k].tid / 32u == t / 32 && (r[k].lanes >> (t % 32) & 1)) ||
		    view[r[k].tid] >= r[k].clk) {
			r[k] = *cur;
			return;
		}
	r[1] = *cur; /* a third concurrent reader: forget one */
}

/* Record cur in cell (after the checks). */
static inline void cell_record(sim_hb *h, hb_cell *cell, const hb_rec *cur)
{
	unsigned kind = REC_KIND(cur);
	if (kind == HB_READ) {
		read_note(h, cell, cur);
		return;
	}
	uint32_t lanes = same_issue(h, &cell->w, cur) ? cell->w.lanes : 0;
	uint8_t aux = (uint8_t)(cell->w.aux | REC_BYTES(cur));
	cell->w = *cur;
	cell->w.lanes |= lanes;
	cell->w.aux = aux;
	if (kind == HB_WRITE)
		cell->r[0].clk = cell->r[1].clk = 0;
}

/* Whether cur's access of cell may have something to report (view: the
 * lane's vector); cell_check decides. */
static inline bool cell_suspect(const sim_hb *h, const hb_cell *cell,
				const hb_rec *cur, const hb_clk *view)
{
	unsigned kind = REC_KIND(cur), bytes = REC_BYTES(cur);
	if (h->init && kind != HB_WRITE && (cell->w.aux & bytes) != bytes)
		return true;
	return h->race && (!quiet(view, cur->tid, &cell->w) ||
			   (kind != HB_READ &&
			    (!quiet(view, cur->tid, &cell->r[0]) ||
			     !quiet(view, cur->tid, &cell->r[1]))));
}

/* One granule of one lane's access: check it, then record it. */
static void cell_access(sim_ctx *c, sim_hb *h, const sim_warp *w,
			const sim_inst *i, unsigned lane, sim_space sp,
			uint64_t addr, unsigned size, hb_cell *cell,
			const hb_rec *cur, const hb_clk *view, bool *reported)
{
	if (!*reported && cell_suspect(h, cell, cur, view))
		cell_check(c, h, w, i, lane, sp, addr, size, cell, cur, reported);
	cell_record(h, cell, cur);
}

static uint8_t *local_bits(sim_hb *h, const sim_warp *w)
{
	hb_slot *sl = &h->slots[w->cta->hb_slot];
	if (!sl->local)
		return NULL;
	uint8_t **p = &sl->local[w->id];
	if (!*p)
		*p = calloc((size_t)sim_mem_local_size(w->ctx->mem) * 32 / 8 + 1, 1);
	return *p;
}

static void local_access(sim_hb *h, const sim_warp *w, const sim_inst *i,
			 unsigned lane, uint64_t off, unsigned size, int kind)
{
	uint8_t *bits = local_bits(h, w);
	if (!bits || !h->init)
		return;
	uint64_t base = (uint64_t)lane * sim_mem_local_size(w->ctx->mem) + off;
	bool unset = false;
	for (unsigned k = 0; k < size; k++) {
		uint64_t b = base + k;
		if (kind == HB_WRITE)
			bits[b >> 3] |= (uint8_t)(1u << (b & 7));
		else if (!(bits[b >> 3] >> (b & 7) & 1))
			unset = true;
	}
	if (unset)
		report_init(w->ctx, h, w, i, lane, SIM_SPACE_LOCAL, off, size,
			    kind);
}

/* One lane's access in general (any space, size and alignment). */
static void lane_access(sim_hb *h, sim_warp *w, const sim_inst *i,
			sim_space sp, unsigned l, uint64_t off, unsigned size,
			const hb_rec *tmpl, bool cas)
{
	sim_ctx *c = w->ctx;
	sim_space s = sp;
	if (s == SIM_SPACE_GENERIC)
		s = sim_generic_space(off, &off);
	if (s == SIM_SPACE_LOCAL) {
		local_access(h, w, i, l, off, size, (int)REC_KIND(tmpl));
		return;
	}
	hb_slot *sl = NULL;
	if (s == SIM_SPACE_SHARED && off >> SIM_CLUSTER_RANK_SHIFT == 0) {
		sl = &h->slots[w->cta->hb_slot]; /* the CTA's own shared memory */
	} else if (s == SIM_SPACE_SHARED) {
		int why = 0;
		sim_cta *t = sim_cluster_shared(w, off, &off, &why);
		if (!t || t->hb_slot < 0)
			return;
		sl = &h->slots[t->hb_slot];
	} else if (s != SIM_SPACE_GLOBAL) {
		return;
	}
	uint32_t t = tid_of(h, w, l);
	const hb_clk *view = h->base[t]->v;
	hb_rec cur = *tmpl;
	cur.clk = h->own[t];
	cur.tid = (uint16_t)t;
	cur.lanes = 1u << l;
	bool reported = false;
	for (uint64_t a = off & ~3ull; a < off + size; a += 4) {
		unsigned lo = a < off ? (unsigned)(off - a) : 0;
		unsigned hi = a + 4 > off + size ? (unsigned)(off + size - a) : 4;
		cur.meta = (uint8_t)((tmpl->meta & ~0xfu) |
				     (((1u << hi) - 1) & ~((1u << lo) - 1)));
		hb_cell *cell = sl ? (a / 4 < sl->ncells ? &sl->shared[a / 4] : NULL)
				   : gcell(h, a);
		if (cell && cas)
			cell->w.aux |= AUX_CAS;
		if (cell)
			cell_access(c, h, w, i, l, s, off, size, cell, &cur, view,
				    &reported);
	}
}

/* hb_access's loop over aligned 4-byte accesses of one space (global, or
 * shared of the CTA's own or, for a lane that is not, lane_access), called
 * with constant sp and kind so that each copy keeps only its own tests.
 * What it reads of h stays in locals: stores to cells could alias it. */
#ifdef __GNUC__
__attribute__((always_inline))
#endif
static inline void word_loop(sim_hb *h, sim_warp *w, const sim_inst *i,
			     sim_space sp, int kind, uint32_t lanes,
			     const uint64_t addr[SIM_LANES], const hb_rec *tmpl)
{
	sim_ctx *c = w->ctx;
	hb_slot *mine = &h->slots[w->cta->hb_slot];
	const hb_clk *own = h->own;
	hb_vc *const *base = h->base;
	bool check_init = h->init && kind != HB_WRITE, race = h->race;
	uint8_t meta = (uint8_t)(tmpl->meta | 0xf);
	uint32_t site = tmpl->site, t0 = tid_of(h, w, 0), row = t0 / 32;
	hb_cell *shared = mine->shared;
	uint32_t ncells = mine->ncells;
	for (uint32_t m = lanes; m; m &= m - 1) {
		unsigned l = sim_ffs(m);
		uint64_t off = addr[l];
		if ((off & 3) ||
		    (sp == SIM_SPACE_SHARED && off >> SIM_CLUSTER_RANK_SHIFT)) {
			lane_access(h, w, i, sp, l, off, 4, tmpl, false);
			continue;
		}
		hb_cell *cell = sp == SIM_SPACE_GLOBAL ? gcell(h, off)
				: off / 4 < ncells ? &shared[off / 4] : NULL;
		if (!cell)
			continue;
		uint32_t t = t0 + l;
		hb_rec cur = {.clk = own[t], .tid = (uint16_t)t, .meta = meta,
			      .lanes = 1u << l, .site = site};
		const hb_clk *view = base[t]->v;
		/* an atomic never races with an atomic (or strong access): the
		   write record need not be ordered */
		bool wq = quiet(view, t, &cell->w) ||
			  (kind == HB_ATOMIC &&
			   (REC_KIND(&cell->w) == HB_ATOMIC || REC_STRONG(&cell->w)));
		if ((check_init && (cell->w.aux & 0xf) != 0xf) ||
		    (race && (!wq ||
			      (kind != HB_READ && (!quiet(view, t, &cell->r[0]) ||
						   !quiet(view, t, &cell->r[1])))))) {
			bool reported = false;
			cell_check(c, h, w, i, l, sp, off, 4, cell, &cur, &reported);
		}
		word_record(cell, &cur, row, lanes, own, view);
	}
}

void hb_access(sim_warp *w, const sim_inst *i, sim_space sp, uint32_t lanes,
	       const uint64_t addr[SIM_LANES], unsigned size, int kind)
{
	sim_ctx *c = w->ctx;
	sim_hb *h = c->hb;
	if (w->cta->hb_slot < 0)
		return;
	hb_slot *mine = &h->slots[w->cta->hb_slot];
	/* what every lane's record shares, computed once per instruction */
	bool strong = (i->flags & SIM_F_STRONG) != 0;
	hb_site x = {.pc = (uint32_t)i->pc, .cta = (uint32_t)w->cta->lin,
		     .gen = mine->gen, .kind = (uint8_t)kind,
		     .size = (uint8_t)size, .strong = strong};
	hb_rec tmpl = {.meta = REC_META(0, kind, strong), .site = site_of(h, &x)};
	uint32_t t0 = tid_of(h, w, 0);
	/* a new clock for each lane: this instruction's records are the
	   ones with the lanes' present clocks (this_issue) */
	for (uint32_t m = lanes; m; m &= m - 1)
		tick(h, t0 + sim_ffs(m));
	h->cur_row = t0 / 32;
	h->cur_mask = lanes;
	bool cas = kind == HB_ATOMIC && is_cas(i);
	/* the common case inline: aligned words of global memory or of the
	   CTA's own shared memory, a loop per space and kind */
	if (size != 4 || cas || (sp != SIM_SPACE_GLOBAL && sp != SIM_SPACE_SHARED)) {
		for (uint32_t m = lanes; m; m &= m - 1) {
			unsigned l = sim_ffs(m);
			lane_access(h, w, i, sp, l, addr[l], size, &tmpl, cas);
		}
	} else if (sp == SIM_SPACE_GLOBAL) {
		if (kind == HB_READ)
			word_loop(h, w, i, SIM_SPACE_GLOBAL, HB_READ, lanes, addr, &tmpl);
		else
			word_loop(h, w, i, SIM_SPACE_GLOBAL, kind, lanes, addr, &tmpl);
	} else {
		if (kind == HB_READ)
			word_loop(h, w, i, SIM_SPACE_SHARED, HB_READ, lanes, addr, &tmpl);
		else
			word_loop(h, w, i, SIM_SPACE_SHARED, kind, lanes, addr, &tmpl);
	}
	/* a strong load or store orders like a relaxed atomic of its scope */
	if ((i->flags & SIM_F_STRONG) && kind != HB_ATOMIC)
		hb_atomic_order(w, i, sp, lanes, addr);
}

/* ---- atomics and fences -------------------------------------------------------- */

enum { SEM_RELAXED, SEM_ACQUIRE, SEM_RELEASE, SEM_ACQ_REL };
enum { SCOPE_CTA, SCOPE_GPU, SCOPE_SYS, SCOPE_CLUSTER };

/* Scopes by what they include: a release of a level is seen by the
 * acquirers in the same CTA, cluster, or anywhere. */
enum { LVL_CTA, LVL_CLUSTER, LVL_GPU };

static int level(int scope)
{
	return scope == SCOPE_CTA ? LVL_CTA : scope == SCOPE_CLUSTER ? LVL_CLUSTER
	       : LVL_GPU;
}

/* The cluster of CTA t: the linear index of its cluster in the grid of
 * clusters (every CTA is a cluster of one without a cluster launch). */
static uint64_t cluster_of(const sim_ctx *c, const sim_cta *t)
{
	const uint32_t *s = c->launch.cluster, *g = c->launch.grid;
	if (!s[0] || !s[1] || !s[2])
		return t->lin;
	uint64_t x = t->id[0] / s[0], y = t->id[1] / s[1], z = t->id[2] / s[2];
	return x + (uint64_t)(g[0] / s[0]) * (y + (uint64_t)(g[1] / s[1]) * z);
}

static hb_clk *lazy(sim_hb *h, hb_clk **slot)
{
	if (!*slot)
		*slot = calloc(h->L, sizeof **slot);
	return *slot;
}

/* The location key of an atomic's lane: (kind, CTA, address). */
static bool loc_key(sim_warp *w, sim_space sp, uint64_t a, uint64_t *cta,
		    uint64_t *addr)
{
	uint64_t off = a;
	if (sp == SIM_SPACE_GENERIC)
		sp = sim_generic_space(a, &off);
	*addr = off;
	*cta = UINT32_MAX;
	if (sp == SIM_SPACE_SHARED) {
		int why = 0;
		sim_cta *t = sim_cluster_shared(w, off, addr, &why);
		if (!t)
			return false;
		*cta = t->lin;
		*addr |= 1ull << 62;
	}
	return true;
}

void hb_atomic_order(sim_warp *w, const sim_inst *i, sim_space sp,
		     uint32_t lanes, const uint64_t addr[SIM_LANES])
{
	sim_hb *h = w->ctx->hb;
	if (!h->race || w->cta->hb_slot < 0)
		return;
	int sem = i->sem, scope = i->scope;
	uint64_t cl = cluster_of(w->ctx, w->cta);
	bool rel = sem == SEM_RELEASE || sem == SEM_ACQ_REL;
	/* nothing released to any location yet: a relaxed access without a
	   fence before it has nothing to do */
	bool released = h->sokinds & (1u << SO_LOC | 1u << SO_LOC_CLUSTER |
				      1u << SO_LOC_CTA);
	for (uint32_t m = lanes; m; m &= m - 1) {
		unsigned l = sim_ffs(m);
		uint32_t t = tid_of(h, w, l);
		uint64_t cta, a;
		if (!released && !rel && !h->fence_rel[t])
			continue;
		if (!loc_key(w, sp, addr[l], &cta, &a))
			continue;
		/* acquire side: what was released to the location with a
		   scope that includes the lane: the GPU (and system), its
		   cluster, its CTA */
		uint64_t key = a ^ cta << 20;
		hb_clk *rv[3] = {so_get(h, SO_LOC, 0, key, false),
				 so_get(h, SO_LOC_CLUSTER, cl, key, false),
				 so_get(h, SO_LOC_CTA, w->cta->lin, key, false)};
		bool acq = sem == SEM_ACQUIRE || sem == SEM_ACQ_REL;
		for (int k = 0; k < 3; k++) {
			if (!rv[k])
				continue;
			if (acq) {
				hb_vc *d = vmut(h, t);
				if (d)
					vc_join_plain(d, rv[k], h->L);
			} else {
				hb_clk *p = lazy(h, &h->pend_acq[t]);
				if (p)
					join_range(p, rv[k], 0, h->L);
			}
		}
		/* release side: the lane's view, or its view at its last fence */
		if (rel || h->fence_rel[t]) {
			/* a release through a fence has the narrower scope */
			int lvl = level(scope);
			if (!rel && h->fence_lvl[t] < lvl)
				lvl = h->fence_lvl[t];
			hb_clk *so = lvl == LVL_CTA
				? so_get(h, SO_LOC_CTA, w->cta->lin, key, true)
				: lvl == LVL_CLUSTER
				? so_get(h, SO_LOC_CLUSTER, cl, key, true)
				: so_get(h, SO_LOC, 0, key, true);
			if (so && rel) {
				release_into(h, so, t);
			} else if (so) {
				const hb_vc *f = h->fence_rel[t];
				join_range(so, f->v, f->lo, f->hi);
				if (so[t] < h->fence_clk[t])
					so[t] = h->fence_clk[t];
			}
			if (rel)
				tick(h, t);
		}
	}
}

void hb_fence(sim_warp *w, const sim_inst *i, uint32_t lanes)
{
	sim_hb *h = w->ctx->hb;
	if (!h->race || w->cta->hb_slot < 0)
		return;
	uint8_t lvl = (uint8_t)level(i->scope);
	for (uint32_t m = lanes; m; m &= m - 1) {
		uint32_t t = tid_of(h, w, sim_ffs(m));
		if (h->pend_acq[t])
			acquire(h, t, h->pend_acq[t]);
		vc_unref(h, h->fence_rel[t]);
		h->fence_rel[t] = vc_ref(h->base[t]);
		h->fence_clk[t] = h->own[t];
		h->fence_lvl[t] = lvl;
		tick(h, t);
	}
}

/* ---- barriers and warps -------------------------------------------------------- */

void hb_bar_arrive(sim_warp *w, const sim_inst *i, uint32_t lanes,
		   unsigned id, bool block)
{
	sim_hb *h = w->ctx->hb;
	int s = w->cta->hb_slot;
	if (s < 0)
		return;
	hb_slot *sl = &h->slots[s];
	hb_clk **accp = &h->bar_acc[(uint32_t)s * SIM_NBARRIERS + id];
	hb_clk *acc = *accp ? *accp : (*accp = calloc(h->L, sizeof **accp));
	uint32_t nw = h->tpc / 32;
	hb_vc **seen = &h->bar_seen[(uint32_t)s * SIM_NBARRIERS + id];
	uint32_t *lo = &h->bar_lo[(uint32_t)s * SIM_NBARRIERS + id];
	uint32_t *hi = &h->bar_hi[(uint32_t)s * SIM_NBARRIERS + id];
	uint32_t t0 = tid_of(h, w, 0);
	hb_clk *own = h->own, *const *pend = h->pend_acq;
	hb_vc *const *base = h->base;
	const hb_vc *last = *seen;
	for (uint32_t m = lanes; acc && m; m &= m - 1) {
		uint32_t t = t0 + sim_ffs(m);
		if (pend[t]) /* the barrier's fence (docs/checks.md) */
			acquire(h, t, pend[t]);
		const hb_vc *b = base[t];
		if (b != last) { /* threads that share a view: once */
			last = b;
			join_range(acc, b->v, b->lo, b->hi);
			if (b->lo < b->hi) {
				*lo = *lo < *hi && *lo < b->lo ? *lo : b->lo;
				*hi = *hi > b->hi ? *hi : b->hi;
			}
			vc_unref(h, *seen);
			*seen = vc_ref(h->base[t]);
		}
		if (acc[t] < own[t])
			acc[t] = own[t];
		own[t]++;
	}
	if (acc && lanes) { /* the range covers the lanes' own entries */
		uint32_t a = t0 + sim_ffs(lanes), b = t0 + 32 - (uint32_t)__builtin_clz(lanes);
		*lo = *lo < *hi && *lo < a ? *lo : a;
		*hi = *hi > b ? *hi : b;
	}
	if (block && sl->bar_wait)
		sl->bar_wait[id * nw + (uint32_t)w->id] |= lanes;
	uint32_t e = sl->gen % HB_BARLOG;
	sl->log[e].id = (uint8_t)id;
	sl->log[e].arv = !block;
	sl->log[e].pc = (uint32_t)i->pc;
}

void hb_bar_release(sim_ctx *c, sim_cta *cta, unsigned id)
{
	sim_hb *h = c->hb;
	int s = cta->hb_slot;
	if (s < 0)
		return;
	hb_slot *sl = &h->slots[s];
	hb_clk *acc = h->bar_acc[(uint32_t)s * SIM_NBARRIERS + id];
	uint32_t *lo = &h->bar_lo[(uint32_t)s * SIM_NBARRIERS + id];
	uint32_t *hi = &h->bar_hi[(uint32_t)s * SIM_NBARRIERS + id];
	uint32_t nw = h->tpc / 32;
	hb_vc *snap = NULL; /* the waiters' common view: acc, or acc joined
			       with a waiter's own (rarely larger) view */
	for (uint32_t k = 0; sl->bar_wait && k < nw; k++) {
		uint32_t *wl = &sl->bar_wait[id * nw + k];
		if (acc && *wl && !snap &&
		    !(snap = vc_from_plain(h, acc, *lo, *hi)))
			break;
		/* the waiters take snap; their old vectors (mostly one
		   shared one) lose a reference per run of equal ones */
		hb_vc *old = NULL;
		uint32_t n = 0;
		for (uint32_t m = acc ? *wl : 0; m; m &= m - 1) {
			uint32_t t = (uint32_t)s * h->tpc + k * 32 + sim_ffs(m);
			hb_vc *o = h->base[t];
			h->base[t] = snap;
			snap->ref++;
			if (o != old) {
				vc_unref_n(h, old, n);
				old = o;
				n = 0;
			}
			n++;
		}
		vc_unref_n(h, old, n);
		*wl = 0;
	}
	vc_unref(h, snap);
	hb_vc **seen = &h->bar_seen[(uint32_t)s * SIM_NBARRIERS + id];
	vc_unref(h, *seen);
	*seen = NULL;
	if (acc && *lo < *hi)
		memset(acc + *lo, 0, (*hi - *lo) * sizeof *acc);
	*lo = *hi = 0;
	sl->gen++;
}

void hb_warp_join(sim_warp *w, uint32_t lanes)
{
	sim_hb *h = w->ctx->hb;
	if (!h->race || w->cta->hb_slot < 0 || (lanes & (lanes - 1)) == 0)
		return;
	hb_vc *n = NULL, *last = NULL;
	uint32_t t0 = tid_of(h, w, 0);
	hb_vc **base = h->base;
	hb_clk *own = h->own;
	for (uint32_t m = lanes; m; m &= m - 1) {
		uint32_t t = t0 + sim_ffs(m);
		if (!n) {
			if (!(n = vc_new(h, base[t])))
				return;
			last = base[t];
		}
		if (base[t] != last)
			vc_join(n, base[t]);
		last = base[t];
		vc_raise(n, t, own[t]);
	}
	/* every lane takes n; their old vectors lose a reference per run of
	   equal ones */
	hb_vc *old = NULL;
	uint32_t cnt = 0;
	for (uint32_t m = lanes; m; m &= m - 1) {
		uint32_t t = t0 + sim_ffs(m);
		hb_vc *o = base[t];
		base[t] = n;
		n->ref++;
		own[t]++;
		if (o != old) {
			vc_unref_n(h, old, cnt);
			old = o;
			cnt = 0;
		}
		cnt++;
	}
	vc_unref_n(h, old, cnt);
	vc_unref(h, n);
	/* fences meet too: a lane's later release through its fence (a
	 * strong store or relaxed atomic) covers what the fences of the
	 * lanes it synchronised with covered (__threadfence; __syncwarp;
	 * lane 0 stores the flag - docs/checks.md) */
	hb_vc *fv = NULL;
	for (uint32_t m = lanes; m; m &= m - 1) {
		uint32_t t = tid_of(h, w, sim_ffs(m));
		if (!h->fence_rel[t])
			continue;
		if (!fv && !(fv = vc_new(h, h->fence_rel[t])))
			return;
		vc_join(fv, h->fence_rel[t]);
		vc_raise(fv, t, h->fence_clk[t]);
	}
	if (!fv)
		return;
	for (uint32_t m = lanes; m; m &= m - 1) {
		uint32_t t = tid_of(h, w, sim_ffs(m));
		if (!h->fence_rel[t])
			continue;
		vc_unref(h, h->fence_rel[t]);
		h->fence_rel[t] = vc_ref(fv);
	}
	vc_unref(h, fv);
}

/* ---- mbarriers and async copies ------------------------------------------------- */

void hb_mbar_arrive(sim_warp *w, unsigned lane, const sim_cta *t,
		    uint32_t addr)
{
	sim_hb *h = w->ctx->hb;
	if (w->cta->hb_slot < 0)
		return;
	hb_clk *acc = so_get(h, SO_MBAR, t->lin, addr, true);
	uint32_t me = h->engine ? h->engine_row : tid_of(h, w, lane);
	if (acc)
		release_into(h, acc, me);
	tick(h, me);
}

void hb_mbar_complete(sim_ctx *c, const sim_cta *t, uint32_t addr,
		      unsigned new_phase)
{
	sim_hb *h = c->hb;
	hb_clk *acc = so_get(h, SO_MBAR, t->lin, addr, true);
	/* the completed phase has parity new_phase ^ 1 */
	hb_clk *done = so_get(h, (new_phase ^ 1) ? SO_MBAR_DONE1 : SO_MBAR_DONE0,
			      t->lin, addr, true);
	if (acc && done) {
		memcpy(done, acc, h->L * sizeof *acc);
		memset(acc, 0, h->L * sizeof *acc);
	}
}

void hb_mbar_waited(sim_warp *w, unsigned lane, const sim_cta *t,
		    uint32_t addr, unsigned parity)
{
	sim_hb *h = w->ctx->hb;
	if (w->cta->hb_slot < 0)
		return;
	hb_clk *done = so_get(h, parity ? SO_MBAR_DONE1 : SO_MBAR_DONE0,
			      t->lin, addr, false);
	if (done)
		acquire(h, tid_of(h, w, lane), done);
}

uint32_t hb_async_issue(sim_warp *w, unsigned lane)
{
	sim_hb *h = w->ctx->hb;
	if (w->cta->hb_slot < 0 || !h->agents)
		return 0;
	uint32_t t = tid_of(h, w, lane), a = agent_of(h, t);
	acquire_row(h, a, t);
	tick(h, t);
	return h->own[a];
}

void hb_async_commit(sim_warp *w, uint32_t lanes)
{
	sim_hb *h = w->ctx->hb;
	if (w->cta->hb_slot < 0 || !h->agents)
		return;
	for (uint32_t m = lanes; m; m &= m - 1)
		tick(h, agent_of(h, tid_of(h, w, sim_ffs(m))));
}

void hb_async_wait(sim_warp *w, uint32_t lanes)
{
	sim_hb *h = w->ctx->hb;
	if (w->cta->hb_slot < 0 || !h->agents)
		return;
	for (uint32_t m = lanes; m; m &= m - 1) {
		uint32_t t = tid_of(h, w, sim_ffs(m));
		acquire_row(h, t, agent_of(h, t));
	}
}

void hb_async_write(sim_ctx *c, sim_cta *t, const sim_cta *owner, int warp,
		    unsigned lane, const sim_inst *i, uint32_t dst,
		    uint32_t size, uint32_t stamp)
{
	sim_hb *h = c->hb;
	if (t->hb_slot < 0 || owner->hb_slot < 0 || !h->agents)
		return;
	hb_slot *sl = &h->slots[t->hb_slot];
	sim_warp *w = &owner->warps[warp];
	uint32_t a = agent_of(h, tid_of(h, w, lane));
	hb_site site = {.pc = (uint32_t)i->pc, .cta = (uint32_t)owner->lin,
			.gen = h->slots[owner->hb_slot].gen, .kind = HB_WRITE,
			.size = (uint8_t)(size > 16 ? 16 : size)};
	hb_rec cur = {.clk = stamp ? stamp : h->own[a], .tid = (uint16_t)a,
		      .meta = REC_META(0xf, HB_WRITE, 0),
		      .site = site_of(h, &site)};
	h->cur_row = UINT32_MAX; /* no lane's instruction: the engine's */
	bool reported = false;
	for (uint64_t x = dst & ~3u; x < (uint64_t)dst + size; x += 4) {
		if (x / 4 >= sl->ncells)
			break;
		hb_cell *cell = &sl->shared[x / 4];
		/* the copy's write is checked against the other accesses
		   from the agent's view (its issuer's at issue) */
		const hb_rec *bad = NULL;
		if (h->race && !reported) {
			if (conflict(h, cell, &cell->w, &cur))
				bad = &cell->w;
			for (int k = 0; !bad && k < 2; k++)
				if (conflict(h, cell, &cell->r[k], &cur))
					bad = &cell->r[k];
		}
		if (bad) {
			/* reported at the other access: it is the one that
			   did not wait for the copy */
			hb_rec other_rec = *bad;
			hb_acc other = expand(h, &other_rec);
			const sim_inst *oi = sim_inst_at(c, other.pc);
			uint32_t ot = other.tid % h->tpc;
			sim_cta *oc = NULL;
			for (uint32_t s = 0; s < h->nslots; s++)
				if (h->slots[s].cta && h->slots[s].cta->lin == other.cta)
					oc = h->slots[s].cta;
			if (oi && oc && other.tid < h->D) {
				report_race(c, h, &oc->warps[ot / 32], oi, ot % 32,
					    SIM_SPACE_SHARED, x, other.size, &cur,
					    &other_rec);
				reported = true;
			}
		}
		uint8_t aux = (uint8_t)(cell->w.aux | AUX_INIT);
		cell->w = cur;
		cell->w.aux = aux;
		cell->r[0].clk = cell->r[1].clk = 0;
	}
}

void hb_engine(sim_ctx *c, const sim_cta *owner, int warp, unsigned lane,
		bool on)
{
	sim_hb *h = c->hb;
	h->engine = on && owner->hb_slot >= 0;
	if (h->engine)
		h->engine_row = agent_of(h, (uint32_t)owner->hb_slot * h->tpc +
					    (uint32_t)warp * 32 + lane);
}

void hb_mbar_word(sim_ctx *c, const sim_cta *t, uint32_t addr)
{
	sim_hb *h = c->hb;
	if (t->hb_slot < 0 || !h->slots)
		return;
	hb_slot *sl = &h->slots[t->hb_slot];
	for (uint32_t x = addr / 4; x < addr / 4 + 2 && x < sl->ncells; x++)
		sl->shared[x].w.aux |= AUX_INIT;
}

void hb_cl_arrive(sim_warp *w, uint64_t key, uint32_t lanes)
{
	sim_hb *h = w->ctx->hb;
	hb_clk *acc = so_get(h, SO_CLUSTER, key, 0, true);
	if (w->cta->hb_slot < 0 || !acc)
		return;
	for (uint32_t m = lanes; m; m &= m - 1) {
		uint32_t t = tid_of(h, w, sim_ffs(m));
		release_into(h, acc, t);
		tick(h, t);
	}
}

void hb_cl_complete(sim_ctx *c, uint64_t key)
{
	sim_hb *h = c->hb;
	hb_clk *acc = so_get(h, SO_CLUSTER, key, 0, true);
	hb_clk *done = so_get(h, SO_CLUSTER_DONE, key, 0, true);
	if (acc && done) {
		memcpy(done, acc, h->L * sizeof *acc);
		memset(acc, 0, h->L * sizeof *acc);
	}
}

void hb_cl_waited(sim_warp *w, uint64_t key, uint32_t lanes)
{
	sim_hb *h = w->ctx->hb;
	hb_clk *done = so_get(h, SO_CLUSTER_DONE, key, 0, false);
	if (w->cta->hb_slot < 0 || !done)
		return;
	for (uint32_t m = lanes; m; m &= m - 1)
		acquire(h, tid_of(h, w, sim_ffs(m)), done);
}

/* ---- end of the launch ----------------------------------------------------------- */

void hb_finish(sim_ctx *c)
{
	sim_hb *h = c->hb;
	if (!h)
		return;
	uint64_t n = h->total[2] + h->total[3];
	if (n) {
		int races = 0, inits = 0;
		for (int k = 0; k < h->nrep; k++) {
			races += h->rep[k].check == SIMT_CHECK_RACE;
			inits += h->rep[k].check == SIMT_CHECK_INIT;
		}
		util_diag(c->diags, SIMT_SEV_NOTE, NULL, NULL, 0, 0,
			  "--check summary: %d race%s (%llu occurrence%s), %d "
			  "uninitialised read%s (%llu occurrence%s); %llu "
			  "reported, the rest are repeats of a reported pair of "
			  "instructions", races, races == 1 ? "" : "s",
			  (unsigned long long)h->total[2], h->total[2] == 1 ? "" : "s",
			  inits, inits == 1 ? "" : "s",
			  (unsigned long long)h->total[3], h->total[3] == 1 ? "" : "s",
			  (unsigned long long)h->nshown);
	}
	free_heavy(h);
}

/* ---- JSON ------------------------------------------------------------------------- */

static void json_str(util_buf *b, const char *s)
{
	util_buf_putc(b, '"');
	util_buf_json(b, s);
	util_buf_putc(b, '"');
}

char *hb_json(const sim_ctx *c)
{
	const sim_hb *h = c->hb;
	util_buf b = {0};
	util_buf_printf(&b, "{\"kernel\":");
	json_str(&b, c->kernel);
	util_buf_printf(&b, ",\"races\":%llu,\"uninitialised\":%llu,\"reports\":[",
			(unsigned long long)(h ? h->total[2] : 0),
			(unsigned long long)(h ? h->total[3] : 0));
	for (int k = 0; h && k < h->nrep; k++) {
		const hb_report *r = &h->rep[k];
		char text[256], text2[256];
		sim_inst_text(c, sim_inst_at(c, r->pc), text, sizeof text);
		sim_inst_text(c, sim_inst_at(c, r->pc2), text2, sizeof text2);
		const obj_line *s1, *o1, *s2, *o2;
		sim_loc_rows(c, r->pc, &s1, &o1);
		sim_loc_rows(c, r->pc2, &s2, &o2);
		util_buf_printf(&b, "%s{\"check\":\"%s\",\"count\":%llu,"
				"\"space\":\"%s\",\"address\":%llu,\"size\":%u,"
				"\"name\":", k ? "," : "",
				r->check == SIMT_CHECK_RACE ? "race" : "init",
				(unsigned long long)r->count, r->space,
				(unsigned long long)r->addr, r->size);
		if (r->name)
			json_str(&b, r->name);
		else
			util_buf_puts(&b, "null");
		util_buf_printf(&b, ",\"why\":");
		json_str(&b, r->why);
		const struct { const char *key; const uint32_t *cta; int warp, lane;
			       uint64_t pc; const char *kind, *text;
			       const obj_line *line; } acc[2] = {
			{"access", r->cta, r->warp, r->lane, r->pc, r->kind, text, s1},
			{"other", r->cta2, r->warp2, r->lane2, r->pc2, r->kind2, text2, s2}};
		for (int a = 0; a < (r->check == SIMT_CHECK_RACE ? 2 : 1); a++) {
			util_buf_printf(&b, ",\"%s\":{\"kind\":\"%s\",\"cta\":[%u,%u,%u],"
					"\"warp\":%d,\"lane\":%d,\"pc\":%llu,"
					"\"instruction\":", acc[a].key, acc[a].kind,
					acc[a].cta[0], acc[a].cta[1], acc[a].cta[2],
					acc[a].warp, acc[a].lane,
					(unsigned long long)acc[a].pc);
			json_str(&b, acc[a].text);
			if (acc[a].line) {
				util_buf_puts(&b, ",\"file\":");
				json_str(&b, c->lines.files[acc[a].line->file]);
				util_buf_printf(&b, ",\"line\":%u",
						(unsigned)acc[a].line->line);
			}
			util_buf_putc(&b, '}');
		}
		util_buf_putc(&b, '}');
	}
	util_buf_puts(&b, "]}\n");
	return util_buf_take(&b);
}
