/*
 * mem.c - memory spaces of the simulator (see mem.h for the model).
 *
 * Requires: nothing but libc.  Produces: page tables and byte arrays whose
 * accessors refuse every unmapped, out-of-range or misaligned access with a
 * sim_fault code; the callers turn those into located run-time faults.
 */
#include "sim/mem.h"

#include "util/util.h"

#include <stdlib.h>
#include <string.h>

static const char *const space_names[] = {
	[SIM_SPACE_GLOBAL] = "global", [SIM_SPACE_SHARED] = "shared",
	[SIM_SPACE_LOCAL] = "local", [SIM_SPACE_CONST] = "constant",
	[SIM_SPACE_GENERIC] = "generic",
};

static const char *const fault_names[] = {
#define SIM_X_NAME(e, s) s,
	SIM_FAULT_LIST(SIM_X_NAME)
#undef SIM_X_NAME
};

const char *sim_space_name(sim_space s)
{
	return (unsigned)s < UTIL_ARRAY_LEN(space_names) ? space_names[s] : "?";
}

const char *sim_fault_name(sim_fault f)
{
	return (unsigned)f < SIM_FAULT_COUNT ? fault_names[f] : "?";
}

/* ---- global space --------------------------------------------------------- */

static size_t hash_pn(uint64_t pn, size_t cap)
{
	pn *= 0x9e3779b97f4a7c15ull;
	return (size_t)(pn >> 32) & (cap - 1);
}

void sim_gmem_init(sim_gmem *g)
{
	memset(g, 0, sizeof *g);
	g->next = SIM_GLOBAL_BASE;
}

void sim_gmem_free(sim_gmem *g)
{
	for (size_t i = 0; i < g->cap; i++)
		free(g->slots[i].data);
	free(g->slots);
	free(g->bufs);
	memset(g, 0, sizeof *g);
}

sim_page *sim_gmem_page_slow(sim_gmem *g, uint64_t pn)
{
	if (!g->cap || pn == 0)
		return NULL;
	for (size_t i = hash_pn(pn, g->cap);; i = (i + 1) & (g->cap - 1)) {
		if (g->slots[i].pn == pn)
			return &g->slots[i];
		if (g->slots[i].pn == 0)
			return NULL;
	}
}

static bool rehash(sim_gmem *g, size_t cap)
{
	sim_page *slots = calloc(cap, sizeof *slots);
	if (!slots)
		return false;
	for (size_t i = 0; i < g->cap; i++) {
		if (!g->slots[i].pn)
			continue;
		size_t j = hash_pn(g->slots[i].pn, cap);
		while (slots[j].pn)
			j = (j + 1) & (cap - 1);
		slots[j] = g->slots[i];
	}
	free(g->slots);
	g->slots = slots;
	g->cap = cap;
	g->last = NULL;
	return true;
}

/* Map page pn (zero-filled) covering bytes [lo, hi) of it. */
static bool map_page(sim_gmem *g, uint64_t pn, uint32_t lo, uint32_t hi)
{
	if ((g->used + 1) * 2 > g->cap && !rehash(g, g->cap ? g->cap * 2 : 64))
		return false;
	sim_page *p = sim_gmem_page_slow(g, pn);
	if (p) { /* a page shared with the previous buffer's tail */
		if (lo < p->lo)
			p->lo = lo;
		if (hi > p->hi)
			p->hi = hi;
		return true;
	}
	uint8_t *data = calloc(1, SIM_PAGE_SIZE);
	if (!data)
		return false;
	size_t i = hash_pn(pn, g->cap);
	while (g->slots[i].pn)
		i = (i + 1) & (g->cap - 1);
	g->slots[i] = (sim_page){pn, data, lo, hi};
	g->used++;
	g->last = NULL;
	return true;
}

uint64_t sim_gmem_alloc(sim_gmem *g, uint64_t size)
{
	if (size == 0)
		size = 1;
	if (size > (1ull << 40))
		return 0;
	if (!util_grow((void **)&g->bufs, &g->capbufs, g->nbufs + 1, sizeof *g->bufs))
		return 0;
	uint64_t addr = g->next;
	uint64_t end = addr + size;
	for (uint64_t pn = addr >> SIM_PAGE_BITS; pn <= (end - 1) >> SIM_PAGE_BITS; pn++) {
		uint64_t pa = pn << SIM_PAGE_BITS;
		uint32_t lo = addr > pa ? (uint32_t)(addr - pa) : 0;
		uint32_t hi = end - pa < SIM_PAGE_SIZE ? (uint32_t)(end - pa) : SIM_PAGE_SIZE;
		if (!map_page(g, pn, lo, hi))
			return 0;
	}
	g->bufs[g->nbufs++] = (sim_buffer){addr, size};
	/* Next buffer: 256-aligned, after one whole unmapped guard page. */
	uint64_t next = ((end + SIM_PAGE_SIZE - 1) & ~(uint64_t)(SIM_PAGE_SIZE - 1)) + SIM_PAGE_SIZE;
	g->next = (next + 255) & ~255ull;
	return addr;
}

const sim_buffer *sim_gmem_buffer(const sim_gmem *g, uint64_t addr)
{
	for (int i = 0; i < g->nbufs; i++)
		if (addr - g->bufs[i].addr < g->bufs[i].size)
			return &g->bufs[i];
	return NULL;
}

/* Byte-wise bulk copy through the page table; dir 0 = write, 1 = read. */
static bool copy(sim_gmem *g, uint64_t addr, uint8_t *host, size_t n, int dir)
{
	while (n) {
		sim_fault why;
		uint8_t *p = sim_gmem_ptr(g, addr, 1, &why);
		if (!p)
			return false;
		size_t in_page = SIM_PAGE_SIZE - (addr & (SIM_PAGE_SIZE - 1));
		size_t k = n < in_page ? n : in_page;
		sim_page *pg = g->last;
		uint32_t off = (uint32_t)(addr & (SIM_PAGE_SIZE - 1));
		if (off + k > pg->hi)
			return false;
		if (dir == 0)
			memcpy(p, host, k);
		else
			memcpy(host, p, k);
		addr += k;
		host += k;
		n -= k;
	}
	return true;
}

bool sim_gmem_write(sim_gmem *g, uint64_t addr, const void *src, size_t n)
{
	return copy(g, addr, (uint8_t *)(uintptr_t)src, n, 0);
}

bool sim_gmem_read(sim_gmem *g, uint64_t addr, void *dst, size_t n)
{
	return copy(g, addr, dst, n, 1);
}

/* ---- constant bank 0 and local memory --------------------------------------- */

static void put32(uint8_t *p, uint32_t v)
{
	memcpy(p, &v, 4); /* hosts are little-endian like the target (checked in tests) */
}

bool sim_cbank0_build(sim_cbank *b, const sim_launch_bank *l,
		      const uint8_t *params, uint32_t param_size)
{
	uint32_t size = SIM_CB0_PARAMS + param_size;
	if (size > SIM_CONST_BANK_MAX)
		return false;
	uint8_t *d = calloc(1, size);
	if (!d)
		return false;
	for (int i = 0; i < 3; i++) {
		put32(d + SIM_CB0_NTID + 4 * i, l->ntid[i]);
		put32(d + SIM_CB0_NCTAID + 4 * i, l->nctaid[i]);
	}
	put32(d + SIM_CB0_DYN_SHARED, l->dyn_shared);
	uint64_t sw = SIM_SHARED_WINDOW, lw = SIM_LOCAL_WINDOW;
	memcpy(d + SIM_CB0_SHARED_WIN, &sw, 8);
	memcpy(d + SIM_CB0_LOCAL_WIN, &lw, 8);
	if (param_size)
		memcpy(d + SIM_CB0_PARAMS, params, param_size);
	free(b->data);
	b->data = d;
	b->size = size;
	return true;
}

uint8_t *sim_local_alloc(sim_local *l)
{
	if (!l->per_thread)
		l->per_thread = SIM_LOCAL_DEFAULT;
	l->data = calloc(32, l->per_thread);
	return l->data;
}

