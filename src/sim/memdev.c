/*
 * memdev.c - the memory interface of sim.h (sim_mem_*): one sim_mem per
 * simulator holding the global space, the constant banks, the local size
 * and the register inits; device loads and stores for the handlers, with
 * every refused lane reported as a located fault through sim_raise().
 *
 * Requires: mem.c's building blocks; the core calls sim_mem_cta_begin()
 * after it has set up a CTA's warps.  Produces: nothing but memory state.
 */
#include "sim/hb.h"
#include "sim/mem.h"
#include "sim/rt.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/util.h"

static void put32(uint8_t *p, uint32_t v)
{
	memcpy(p, &v, 4);
}

/* ---- the interface of sim.h: one sim_mem per simulator ---------------------- */

/* A worker's deferred reductions (sim_mem_red): direct-mapped on the
 * host word (4-byte granules), an 8-byte word in the slot of its low
 * half; used[] lists the occupied slots for the flush.  The columns are
 * separate arrays so that the lane loop's hit test reads one pointer and
 * one key, and its add touches one value (no 24-byte records). */
#define RED_SLOTS 1024u /* a power of two */
#define RED_KEY(size, op, type) ((uint32_t)(size) | (uint32_t)(op) << 8 | (uint32_t)(type) << 16)
#define RED_MIXED UINT32_MAX /* key1: entries of several keys */
typedef struct sim_redbuf {
	unsigned n;
	uint32_t key1;           /* every entry's key since the last flush
				    (0: no entry yet, or RED_MIXED)         */
	uint16_t used[RED_SLOTS];
	uint8_t *p[RED_SLOTS];   /* host word (NULL: free slot)               */
	uint32_t key[RED_SLOTS]; /* RED_KEY(size, op, type)                   */
	uint64_t val[RED_SLOTS]; /* the combined operand (sim_at_combine)     */
} sim_redbuf;

struct sim_mem {
	sim_gmem g;
	/* deferred reductions of this view's worker, and the global
	   addresses they cover, [red_lo, red_hi) (empty: red_hi == 0) */
	sim_redbuf *red;
	uint64_t red_lo, red_hi;
	sim_cbank bank[SIM_CONST_BANKS];
	uint32_t local_per_thread; /* 0: SIM_LOCAL_DEFAULT */
	int ninits;
	sim_reg_init *inits;       /* applied to every warp at CTA begin */
};

sim_mem *sim_mem_new(void)
{
	sim_mem *m = calloc(1, sizeof *m);
	if (m)
		sim_gmem_init(&m->g);
	return m;
}

/* ---- deferred reductions (CTA groups on worker threads) ----------------------
 *
 * A RED (or an ATOM whose result goes nowhere) of an integer ADD, AND, OR,
 * XOR, MIN or MAX on a worker (atomic.c decides) need not touch the shared
 * word at once: the worker combines the lanes' operands per word here and
 * applies each word's combination as one host atomic when the worker next
 * touches those addresses, issues any other atomic or a fence, or ends
 * its group (par.c).  These operations are commutative and associative,
 * so the final memory is the same in every order; within the worker (the
 * only one that runs the group's CTAs) every access sees them applied.  Two
 * workers adding into the same words then exchange a cache line per
 * flush instead of one per lane (docs/semantics.md, "CTAs on worker
 * threads"). */

static size_t red_slot(const uint8_t *p)
{
	return (size_t)((uintptr_t)p >> 2) & (RED_SLOTS - 1);
}

/* Apply slot k's combined operand now and free the slot (the order of
 * the operations does not matter: any subset may land early). */
static void red_evict(sim_redbuf *r, size_t k)
{
	uint32_t key = r->key[k];
	sim_at_host_apply(r->p[k], key & 0xff, key >> 8 & 0xff,
			  (int)(key >> 16), r->val[k]);
	r->p[k] = NULL;
}

void sim_mem_red_flush(sim_mem *m)
{
	sim_redbuf *r = m->red;
	if (!m->red_hi)
		return;
	for (unsigned k = 0; k < r->n; k++)
		if (r->p[r->used[k]])
			red_evict(r, r->used[k]);
	r->n = 0;
	r->key1 = 0;
	m->red_lo = UINT64_MAX;
	m->red_hi = 0;
}

/* Pending reductions on [lo, hi) are applied before an access to it. */
static inline void red_touch(sim_mem *m, uint64_t lo, uint64_t hi)
{
	if (lo < m->red_hi && hi > m->red_lo)
		sim_mem_red_flush(m);
}

/* A new entry for host word p (slot k holds another word, or p with
 * another width or operation, or nothing). */
static void red_new(sim_mem *m, uint8_t *p, uint64_t addr, unsigned size,
		    uint32_t key, uint64_t b)
{
	sim_redbuf *r = m->red;
	size_t k = red_slot(p);
	/* the words that share bytes with [p, p + size) live in slot k (the
	   same low word) and, as halves of an 8-byte word, in the slots
	   next to it: applied first, as the order matters between them */
	size_t lo = (k - 1) & (RED_SLOTS - 1), hi = (k + 1) & (RED_SLOTS - 1);
	if (r->p[lo] && r->p[lo] + (r->key[lo] & 0xff) > p && r->p[lo] < p)
		red_evict(r, lo);
	if (size == 8 && r->p[hi] == p + 4)
		red_evict(r, hi);
	if (r->p[k]) {
		red_evict(r, k); /* another word in the slot, or p differently */
	} else {
		if (r->n == RED_SLOTS) /* used[] full of evicted slots */
			sim_mem_red_flush(m);
		r->used[r->n++] = (uint16_t)k;
	}
	r->p[k] = p;
	r->key[k] = key;
	r->val[k] = b;
	r->key1 = !r->key1 || r->key1 == key ? key : RED_MIXED;
	if (addr < m->red_lo || !m->red_hi)
		m->red_lo = addr;
	if (addr + size > m->red_hi)
		m->red_hi = addr + size;
}

void sim_mem_free(sim_mem *m)
{
	if (!m)
		return;
	sim_gmem_free(&m->g);
	for (int i = 0; i < SIM_CONST_BANKS; i++)
		free(m->bank[i].data);
	free(m->inits);
	free(m);
}

simt_status sim_mem_alloc(sim_mem *m, uint64_t size, uint64_t *addr,
			  simt_diags *d)
{
	*addr = sim_gmem_alloc(&m->g, size);
	if (*addr)
		return SIMT_OK;
	util_diag(d, SIMT_SEV_ERROR, NULL, NULL, 0, 0,
		  "cannot allocate %llu bytes of global memory",
		  (unsigned long long)size);
	return SIMT_ERR_NOMEM;
}

bool sim_mem_host_write(sim_mem *m, uint64_t addr, const void *src, uint64_t len)
{
	red_touch(m, addr, addr + len);
	return sim_gmem_write(&m->g, addr, src, (size_t)len);
}

bool sim_mem_host_read(sim_mem *m, uint64_t addr, void *dst, uint64_t len)
{
	red_touch(m, addr, addr + len);
	return sim_gmem_read(&m->g, addr, dst, (size_t)len);
}

/* Grow bank b to at least size bytes (zero-filled); false when too big. */
static bool bank_reserve(sim_cbank *b, uint64_t size)
{
	if (size > SIM_CONST_BANK_MAX)
		return false;
	if (size <= b->size)
		return true;
	uint8_t *p = realloc(b->data, (size_t)size);
	if (!p)
		return false;
	memset(p + b->size, 0, (size_t)(size - b->size));
	b->data = p;
	b->size = (uint32_t)size;
	return true;
}

bool sim_mem_const_write(sim_mem *m, unsigned bank, uint32_t off,
			 const void *src, uint32_t len)
{
	if (bank >= SIM_CONST_BANKS || !bank_reserve(&m->bank[bank], (uint64_t)off + len))
		return false;
	if (len)
		memcpy(m->bank[bank].data + off, src, len);
	return true;
}

void sim_mem_set_local_size(sim_mem *m, uint32_t per_thread)
{
	m->local_per_thread = per_thread;
}

uint32_t sim_mem_local_size(const sim_mem *m)
{
	return m->local_per_thread ? m->local_per_thread : SIM_LOCAL_DEFAULT;
}

bool sim_mem_set_inits(sim_mem *m, const sim_reg_init *v, int n)
{
	sim_reg_init *copy = n ? malloc((size_t)n * sizeof *copy) : NULL;
	if (n && !copy)
		return false;
	if (n)
		memcpy(copy, v, (size_t)n * sizeof *copy);
	free(m->inits);
	m->inits = copy;
	m->ninits = n;
	return true;
}

/* Thread index in the CTA of lane l of w (x fastest). */
static uint32_t flat_tid(const sim_ctx *c, const sim_warp *w, int l)
{
	const uint32_t *b = c->launch.block;
	return w->tid[0][l] + b[0] * (w->tid[1][l] + b[1] * w->tid[2][l]);
}

static void apply_inits(const sim_mem *m, sim_ctx *c, sim_warp *w)
{
	for (int k = 0; k < m->ninits; k++) {
		const sim_reg_init *in = &m->inits[k];
		if (in->file == SIM_INIT_P) {
			w->p[in->reg] = (uint32_t)in->value;
			continue;
		}
		if (in->file == SIM_INIT_UR) {
			w->ur[in->reg] = (uint32_t)in->value;
			continue;
		}
		if (in->file == SIM_INIT_UP) {
			w->up[in->reg] = (uint32_t)(in->value & 1);
			continue;
		}
		for (int l = 0; l < SIM_LANES; l++)
			w->r[in->reg][l] = in->kind == SIM_INIT_LANE ? (uint32_t)l
					 : in->kind == SIM_INIT_TID ? flat_tid(c, w, l)
					 : (uint32_t)in->value;
	}
}

/* Bank 0 launch words for the current launch (parameters stay as set). */
static bool write_launch_words(sim_mem *m, const simt_launch *l)
{
	sim_cbank *b = &m->bank[0];
	if (!bank_reserve(b, SIM_CB0_PARAMS))
		return false;
	for (int i = 0; i < 3; i++) {
		put32(b->data + SIM_CB0_NTID + 4 * i, l->block[i]);
		put32(b->data + SIM_CB0_NCTAID + 4 * i, l->grid[i]);
	}
	put32(b->data + SIM_CB0_DYN_SHARED, l->dyn_shared);
	uint64_t sw = SIM_SHARED_WINDOW, lw = SIM_LOCAL_WINDOW;
	memcpy(b->data + SIM_CB0_SHARED_WIN, &sw, 8);
	memcpy(b->data + SIM_CB0_LOCAL_WIN, &lw, 8);
	return true;
}

bool sim_mem_launch_words(sim_ctx *c)
{
	return write_launch_words(c->mem, &c->launch);
}

sim_mem *sim_mem_view(const sim_mem *m)
{
	sim_mem *v = malloc(sizeof *v);
	if (v) {
		*v = *m;
		v->g.last = NULL;
		v->red = NULL;
		v->red_lo = UINT64_MAX;
		v->red_hi = 0;
	}
	return v;
}

void sim_mem_view_free(sim_mem *v)
{
	if (v)
		free(v->red);
	free(v);
}

simt_status sim_mem_cta_begin(sim_ctx *c, sim_cta *cta, simt_diags *d)
{
	sim_mem *m = c->mem;
	uint64_t size = (uint64_t)c->static_shared + c->launch.dyn_shared;
	if ((!c->par && !write_launch_words(m, &c->launch)) ||
	    size > 0xffffffffu) {
		util_diag(d, SIMT_SEV_ERROR, NULL, NULL, 0, 0,
			  "cannot set up CTA memory (%llu shared bytes)",
			  (unsigned long long)size);
		return SIMT_ERR_NOMEM;
	}
	cta->shared = calloc(1, size ? (size_t)size : 1);
	cta->shared_size = (uint32_t)size;
	if (!cta->shared)
		return SIMT_ERR_NOMEM;
	for (int k = 0; k < cta->nwarps; k++) {
		cta->warps[k].local = NULL; /* allocated on first use */
		apply_inits(m, c, &cta->warps[k]);
	}
	return SIMT_OK;
}

void sim_mem_cta_end(sim_ctx *c, sim_cta *cta)
{
	/* the worker's deferred reductions stay pending: they land when its
	   group ends at the latest (par.c), not at every CTA's release
	   (docs/semantics.md, "Deferred reductions") */
	free(cta->shared);
	cta->shared = NULL;
	for (int k = 0; k < cta->nwarps; k++) {
		sim_local *l = cta->warps[k].local;
		if (l)
			free(l->data);
		free(l);
		cta->warps[k].local = NULL;
	}
}

/* ---- device accesses ------------------------------------------------------------- */

/* Host pointer of one lane's access, or NULL with *why and *sp set. */
static uint8_t *lane_ptr(sim_warp *w, sim_space *sp, uint64_t addr, int lane,
			 unsigned size, sim_fault *why)
{
	uint64_t off = addr;
	if (*sp == SIM_SPACE_GENERIC)
		*sp = sim_generic_space(addr, &off);
	switch (*sp) {
	case SIM_SPACE_GLOBAL:
		red_touch(w->ctx->mem, addr, addr + size);
		return sim_gmem_ptr(&w->ctx->mem->g, addr, size, why);
	case SIM_SPACE_SHARED: { /* the shared::cluster window (cluster.c) */
		int cwhy = SIM_FAULT_NONE;
		sim_cta *t = sim_cluster_shared(w, off, &off, &cwhy);
		if (!t) {
			*why = (sim_fault)cwhy;
			return NULL;
		}
		return sim_span_ptr(t->shared, t->shared_size, off, size, why);
	}
	case SIM_SPACE_LOCAL: {
		sim_local *l = w->local;
		if (!l) {
			l = calloc(1, sizeof *l);
			if (!l) {
				*why = SIM_FAULT_NOMEM;
				return NULL;
			}
			l->per_thread = w->ctx->mem->local_per_thread;
			w->local = l;
		}
		return sim_local_ptr(l, lane, off, size, why);
	}
	default:
		*why = SIM_FAULT_RANGE;
		return NULL;
	}
}

/* The warp's local memory with its bytes allocated (as lane_ptr leaves
 * it after a first access), or NULL when the host is out of memory. */
sim_local *sim_mem_local(sim_warp *w)
{
	sim_local *l = w->local;
	if (l && l->data)
		return l;
	sim_space sp = SIM_SPACE_LOCAL;
	sim_fault why;
	return lane_ptr(w, &sp, 0, 0, 1, &why) ? w->local : NULL;
}

/* Report every lane of `lanes` whose access faults like the first one. */
static void fault(sim_warp *w, const sim_inst *i, sim_space sp, uint32_t lanes,
		  const uint64_t addr[SIM_LANES], unsigned size, bool store,
		  int first, sim_space got, sim_fault why)
{
	uint32_t bad = 0;
	for (uint32_t m = lanes; m; m &= m - 1) {
		int l = (int)sim_ffs(m);
		sim_space s2 = sp;
		sim_fault w2 = SIM_FAULT_NONE;
		if (!lane_ptr(w, &s2, addr[l], l, size, &w2) && w2 == why)
			bad |= 1u << l;
	}
	uint64_t shown = addr[first];
	const char *via = sp == SIM_SPACE_GENERIC ? " (generic)" : "";
	char rank[96] = "";
	if (why == SIM_FAULT_RANK || why == SIM_FAULT_EXITED) {
		uint64_t off = shown;
		if (sp == SIM_SPACE_GENERIC)
			sim_generic_space(shown, &off);
		snprintf(rank, sizeof rank, " (CTA rank %u; the cluster has %u "
			 "CTA%s)", (unsigned)(off >> SIM_CLUSTER_RANK_SHIFT) - 1,
			 sim_cluster_size(w->ctx),
			 sim_cluster_size(w->ctx) == 1 ? "" : "s");
	}
	sim_raise(w, i, bad ? bad : 1u << first, SIM_STOP_FAULT,
		  "%s %s of %u bytes at 0x%llx%s: %s%s (%d lane%s)",
		  sim_space_name(got), store ? "store" : "load", size,
		  (unsigned long long)shown, via, sim_fault_name(why), rank,
		  sim_popc(bad ? bad : 1u), sim_popc(bad ? bad : 1u) == 1 ? "" : "s");
}

bool sim_mem_load(sim_warp *w, const sim_inst *i, sim_space sp, uint32_t lanes,
		  const uint64_t addr[SIM_LANES], unsigned size,
		  uint8_t data[SIM_LANES][16])
{
	for (uint32_t m = lanes; m; m &= m - 1) {
		int l = (int)sim_ffs(m);
		sim_space s = sp;
		sim_fault why = SIM_FAULT_NONE;
		const uint8_t *p = lane_ptr(w, &s, addr[l], l, size, &why);
		if (!p) {
			fault(w, i, sp, lanes, addr, size, false, l, s, why);
			return false;
		}
		memcpy(data[l], p, size);
		if (w->ctx->fp && s == SIM_SPACE_GLOBAL) /* choice.c */
			sim_fp_note(w, addr[l], size);
		if (w->ctx->rx) /* relaxed.c: maybe an older store's bytes */
			sim_rx_load(w, s, p, size, data[l]);
	}
	if (w->ctx->rec)
		sim_rec_access(w, sp, false, lanes, addr, size,
			       (const uint8_t(*)[16])data);
	if (w->ctx->hb)
		hb_access(w, i, sp, lanes, addr, size, HB_READ);
	return true;
}

bool sim_mem_store(sim_warp *w, const sim_inst *i, sim_space sp, uint32_t lanes,
		   const uint64_t addr[SIM_LANES], unsigned size,
		   const uint8_t data[SIM_LANES][16])
{
	/* Check every lane first: a faulting store writes nothing. */
	for (uint32_t m = lanes; m; m &= m - 1) {
		int l = (int)sim_ffs(m);
		sim_space s = sp;
		sim_fault why = SIM_FAULT_NONE;
		if (!lane_ptr(w, &s, addr[l], l, size, &why)) {
			fault(w, i, sp, lanes, addr, size, true, l, s, why);
			return false;
		}
	}
	/* Lanes in ascending order: the highest lane wins a same-address race. */
	for (uint32_t m = lanes; m; m &= m - 1) {
		int l = (int)sim_ffs(m);
		sim_space s = sp;
		sim_fault why;
		uint8_t *p = lane_ptr(w, &s, addr[l], l, size, &why);
		if (w->ctx->fp && s == SIM_SPACE_GLOBAL) /* choice.c */
			sim_fp_note(w, addr[l], size);
		/* relaxed.c: the store's place in coherence, and the write */
		if (!w->ctx->rx || !sim_rx_store(w, s, p, size, data[l]))
			memcpy(p, data[l], size);
	}
	w->ctx->mem_writes++;
	if (w->ctx->rec)
		sim_rec_access(w, sp, true, lanes, addr, size, data);
	if (w->ctx->hb)
		hb_access(w, i, sp, lanes, addr, size, HB_WRITE);
	return true;
}

bool sim_mem_const_read(sim_warp *w, const sim_inst *i, unsigned bank,
			uint32_t off, unsigned size, void *out)
{
	sim_fault why = SIM_FAULT_RANGE;
	const sim_cbank *b = bank < SIM_CONST_BANKS ? &w->ctx->mem->bank[bank] : NULL;
	const uint8_t *p = b ? sim_span_ptr(b->data, b->size, off, size, &why) : NULL;
	if (!p) {
		sim_raise(w, i, w->active, SIM_STOP_FAULT,
			  "constant load of %u bytes at c[0x%x][0x%x]: %s (bank size 0x%x)",
			  size, bank, off, sim_fault_name(why), b ? b->size : 0);
		return false;
	}
	memcpy(out, p, size);
	return true;
}

/* Direct view of a bank for handlers that read one word per lane. */
const sim_cbank *sim_mem_bank(const sim_mem *m, unsigned bank)
{
	return bank < SIM_CONST_BANKS ? &m->bank[bank] : NULL;
}

/*
 * All the lanes inside one page (the coalesced case, and atomics on a few
 * words): one page lookup and a bounds check of the lowest and highest
 * address; false when the lanes spread over pages, are misaligned, or
 * leave the buffer (the page's [lo, hi) is one buffer's range, so every
 * address between two mapped ones is mapped).
 */
/* The smallest and largest of the 32 lanes' addresses (*lo, *hi) and
 * their bits ORed: branch-free over every lane, so that it vectorises
 * (the AVX2 clone: four lanes a step). */
RT_LANE_CLONES
static uint64_t span_all(const uint64_t addr[SIM_LANES], uint64_t *lo,
			 uint64_t *hi)
{
	uint64_t a = addr[0], b = addr[0], bits = 0;
	for (int l = 0; l < SIM_LANES; l++) {
		a = addr[l] < a ? addr[l] : a;
		b = addr[l] > b ? addr[l] : b;
		bits |= addr[l];
	}
	*lo = a;
	*hi = b;
	return bits;
}

/* ptr[l] = base + the page offset of addr[l], every lane (as above). */
RT_LANE_CLONES
static void page_ptrs_all(uint8_t *base, const uint64_t addr[SIM_LANES],
			  uint8_t *ptr[SIM_LANES])
{
	for (int l = 0; l < SIM_LANES; l++)
		ptr[l] = base + (addr[l] & (SIM_PAGE_SIZE - 1));
}

static bool resolve_one_page(sim_gmem *g, uint32_t lanes,
			     const uint64_t addr[SIM_LANES], unsigned size,
			     uint8_t *ptr[SIM_LANES])
{
	uint64_t lo = addr[sim_ffs(lanes)], hi = lo, bits = 0;
	if (lanes == 0xffffffffu) {
		bits = span_all(addr, &lo, &hi);
	} else {
		for (uint32_t m = lanes; m; m &= m - 1) {
			uint64_t a = addr[sim_ffs(m)];
			lo = a < lo ? a : lo;
			hi = a > hi ? a : hi;
			bits |= a;
		}
	}
	if ((bits & (size - 1)) || (lo >> SIM_PAGE_BITS) != (hi >> SIM_PAGE_BITS))
		return false;
	sim_fault why;
	uint8_t *p0 = sim_gmem_ptr(g, lo, size, &why);
	if (!p0 || !sim_gmem_ptr(g, hi, size, &why))
		return false;
	uint8_t *base = p0 - (lo & (SIM_PAGE_SIZE - 1));
	if (lanes == 0xffffffffu)
		page_ptrs_all(base, addr, ptr);
	else
		for (uint32_t m = lanes; m; m &= m - 1) {
			int l = (int)sim_ffs(m);
			ptr[l] = base + (addr[l] & (SIM_PAGE_SIZE - 1));
		}
	return true;
}

uint8_t *sim_mem_resolve_span(sim_warp *w, sim_space sp, uint64_t lo,
			      uint64_t hi, unsigned size, uint64_t *amask)
{
	if (w->ctx->fp || lo > hi)
		return NULL;
	if (sp == SIM_SPACE_SHARED) {
		uint64_t len = w->cta->shared_size;
		*amask = SIM_WINDOW_SIZE - 1; /* the generic window's offset */
		return len >= size && hi <= len - size ? w->cta->shared : NULL;
	}
	if (sp != SIM_SPACE_GLOBAL || lo >> SIM_PAGE_BITS != hi >> SIM_PAGE_BITS)
		return NULL;
	red_touch(w->ctx->mem, lo, hi + size);
	sim_gmem *g = &w->ctx->mem->g;
	sim_fault why;
	uint8_t *p0 = sim_gmem_ptr(g, lo, size, &why);
	if (!p0 || (hi != lo && !sim_gmem_ptr(g, hi, size, &why)))
		return NULL;
	*amask = SIM_PAGE_SIZE - 1;
	return p0 - (lo & (SIM_PAGE_SIZE - 1));
}

/* The host pointer of the span bytes of global memory from a (aligned,
 * inside one page: the caller checked) when its first and last words are
 * mapped, else NULL. */
static inline uint8_t *page_words(sim_gmem *g, uint64_t a, uint64_t span)
{
	sim_fault why;
	uint8_t *p = sim_gmem_ptr(g, a, 4, &why);
	return p && sim_gmem_ptr(g, a + span - 4, 4, &why) ? p : NULL;
}

uint8_t *sim_mem_resolve_row(sim_warp *w, sim_space sp, uint64_t a)
{
	const uint64_t span = 4 * SIM_LANES;
	if ((a & 3) || w->ctx->fp)
		return NULL;
	if (sp == SIM_SPACE_SHARED) {
		uint64_t len = w->cta->shared_size; /* else: the cluster window */
		return a < len && len - a >= span ? w->cta->shared + a : NULL;
	}
	if (sp != SIM_SPACE_GLOBAL ||
	    a >> SIM_PAGE_BITS != (a + span - 1) >> SIM_PAGE_BITS)
		return NULL;
	red_touch(w->ctx->mem, a, a + span);
	return page_words(&w->ctx->mem->g, a, span);
}

uint8_t *sim_mem_resolve_words(sim_warp *w, uint64_t a, unsigned n)
{
	const uint64_t span = 4 * (uint64_t)n;
	if ((a & 3) || !n || w->ctx->fp || w->ctx->mem->red_hi ||
	    a >> SIM_PAGE_BITS != (a + span - 1) >> SIM_PAGE_BITS)
		return NULL;
	return page_words(&w->ctx->mem->g, a, span);
}

/* Lane by lane through lane_ptr; under exploration (a footprint) every
 * global word is noted. */
static bool resolve_lanes(sim_warp *w, sim_space sp, uint32_t lanes,
			  const uint64_t addr[SIM_LANES], unsigned size,
			  uint8_t *ptr[SIM_LANES])
{
	for (uint32_t m = lanes; m; m &= m - 1) {
		int l = (int)sim_ffs(m);
		sim_space s = sp;
		sim_fault why;
		if (!(ptr[l] = lane_ptr(w, &s, addr[l], l, size, &why)))
			return false;
		if (w->ctx->fp && s == SIM_SPACE_GLOBAL)
			sim_fp_note(w, addr[l], size);
	}
	return true;
}

static bool resolve(sim_warp *w, sim_space sp, uint32_t lanes,
		    const uint64_t addr[SIM_LANES], unsigned size,
		    uint8_t *ptr[SIM_LANES])
{
	if (w->ctx->fp) /* exploration: every global word is noted */
		return resolve_lanes(w, sp, lanes, addr, size, ptr);
	if (sp == SIM_SPACE_GLOBAL && lanes &&
	    resolve_one_page(&w->ctx->mem->g, lanes, addr, size, ptr))
		return true;
	if (sp == SIM_SPACE_SHARED && lanes == 0xffffffffu &&
	    w->cta->shared_size >= size) {
		/* every lane: the checks of the loop below over all 32 at
		   once, branch-free (they vectorise) */
		uint8_t *base = w->cta->shared;
		uint64_t last = w->cta->shared_size - size, bad = 0;
		for (int l = 0; l < SIM_LANES; l++)
			bad |= (addr[l] & (size - 1)) | (uint64_t)(addr[l] > last);
		if (!bad) {
			for (int l = 0; l < SIM_LANES; l++)
				ptr[l] = base + addr[l];
			return true;
		}
	}
	if (sp == SIM_SPACE_SHARED) { /* one bounds check per lane, no switch */
		uint8_t *base = w->cta->shared;
		uint64_t len = w->cta->shared_size;
		uint32_t m;
		for (m = lanes; m; m &= m - 1) {
			int l = (int)sim_ffs(m);
			uint64_t a = addr[l];
			if ((a & (size - 1)) || a >= len || len - a < size)
				break; /* a fault, or the shared::cluster window */
			ptr[l] = base + a;
		}
		if (!m)
			return true;
	}
	if (sp == SIM_SPACE_GLOBAL) { /* the hot case, kept inline */
		sim_gmem *g = &w->ctx->mem->g;
		for (uint32_t m = lanes; m; m &= m - 1) {
			int l = (int)sim_ffs(m);
			sim_fault why;
			if (!(ptr[l] = sim_gmem_ptr(g, addr[l], size, &why)))
				return false;
		}
		return true;
	}
	return resolve_lanes(w, sp, lanes, addr, size, ptr);
}

bool sim_mem_resolve(sim_warp *w, sim_space sp, uint32_t lanes,
		     const uint64_t addr[SIM_LANES], unsigned size,
		     uint8_t *ptr[SIM_LANES])
{
	sim_mem *m = w->ctx->mem;
	if (m->red_hi && sp != SIM_SPACE_SHARED) { /* reductions pending */
		uint64_t lo = UINT64_MAX, hi = 0;
		for (uint32_t k = lanes; k; k &= k - 1) {
			int l = (int)sim_ffs(k);
			lo = addr[l] < lo ? addr[l] : lo;
			hi = addr[l] + size > hi ? addr[l] + size : hi;
		}
		red_touch(m, lo, hi);
	}
	return resolve(w, sp, lanes, addr, size, ptr);
}

/* The mapped bytes of address a's page for sim_mem_resolve_pairs: the
 * addresses x with x - *first <= *span, x's word at *data + (x - *page);
 * false when a's word is not mapped or misaligned. */
static inline bool pairs_page(sim_gmem *g, uint64_t a, uint64_t *first,
			      uint64_t *span, uint64_t *page, uint8_t **data)
{
	sim_fault why;
	if (!sim_gmem_ptr(g, a, 4, &why))
		return false;
	const sim_page *p = g->last; /* a's page */
	*page = a & ~(uint64_t)(SIM_PAGE_SIZE - 1);
	*first = *page + p->lo;
	*span = p->hi - p->lo - 4;
	*data = p->data;
	return true;
}

bool sim_mem_resolve_pairs(sim_warp *w, uint32_t lanes, const uint32_t *lo,
			   const uint32_t *hi, uint64_t off,
			   uint8_t *ptr[SIM_LANES])
{
	sim_mem *m = w->ctx->mem;
	if (w->ctx->fp || m->red_hi || !lanes)
		return false;
	int l = (int)sim_ffs(lanes);
	uint64_t a = ((uint64_t)hi[l] << 32 | lo[l]) + off, first, span, page;
	uint8_t *data;
	if (!pairs_page(&m->g, a, &first, &span, &page, &data))
		return false;
	uint64_t bits = 0;
	for (uint32_t k = lanes; k; k &= k - 1) {
		l = (int)sim_ffs(k);
		a = ((uint64_t)hi[l] << 32 | lo[l]) + off;
		bits |= a;
		if (a - first > span && /* another page: the page cache */
		    !pairs_page(&m->g, a, &first, &span, &page, &data))
			return false;
		ptr[l] = data + (a - page);
	}
	return !(bits & 3); /* every lane aligned */
}

/* The full-warp ADD of sim_mem_red on the slots that hold the lanes'
 * words already, when every entry has this ADD's key (key1: a word found
 * is then found with the key): no call in the loop, so that it keeps its
 * values in registers; the lanes whose word has no slot yet are
 * returned. */
static inline uint32_t red_add_hits(sim_redbuf *r, uint8_t *const ptr[SIM_LANES],
				    const uint32_t blo[SIM_LANES],
				    const uint32_t bhi[SIM_LANES], bool wide)
{
	uint32_t miss = 0;
	for (int l = 0; l < SIM_LANES; l++) {
		size_t k = red_slot(ptr[l]);
		if (r->p[k] == ptr[l])
			r->val[k] += wide ? (uint64_t)bhi[l] << 32 | blo[l] : blo[l];
		else
			miss |= 1u << l;
	}
	return miss;
}

bool sim_mem_red(sim_warp *w, sim_space sp, uint32_t lanes,
		 const uint64_t addr[SIM_LANES], unsigned size, int op,
		 int type, const uint32_t blo[SIM_LANES],
		 const uint32_t bhi[SIM_LANES])
{
	sim_mem *m = w->ctx->mem;
	uint8_t *ptr[SIM_LANES];
	for (uint32_t k = lanes; sp == SIM_SPACE_GENERIC && k; k &= k - 1) {
		uint64_t off;
		if (sim_generic_space(addr[(int)sim_ffs(k)], &off) !=
		    SIM_SPACE_GLOBAL)
			return false;
	}
	if (!resolve(w, SIM_SPACE_GLOBAL, lanes, addr, size, ptr) ||
	    (!m->red && !(m->red = calloc(1, sizeof *m->red))))
		return false;
	sim_redbuf *r = m->red;
	uint32_t key = RED_KEY(size, op, type);
	if (lanes == 0xffffffffu && op == SIM_RED_ADD && r->key1 == key)
		lanes = size == 8 ? red_add_hits(r, ptr, blo, bhi, true)
				  : red_add_hits(r, ptr, blo, bhi, false);
	/* the rest lane by lane; the operations commute, so the lanes that
	   missed above may come after the ones that hit */
	for (uint32_t k = lanes; k; k &= k - 1) { /* ascending lane order */
		int l = (int)sim_ffs(k);
		uint64_t b = (uint64_t)bhi[l] << 32 | blo[l];
		size_t s = red_slot(ptr[l]);
		if (r->p[s] != ptr[l] || r->key[s] != key)
			red_new(m, ptr[l], addr[l], size, key, b);
		else if (op == SIM_RED_ADD) /* the common case, inline */
			r->val[s] += b;
		else
			r->val[s] = sim_at_combine(op, type, r->val[s], b);
	}
	return true;
}
