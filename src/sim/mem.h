/*
 * mem.h - the simulator's memory spaces (internal to src/sim).
 * sim.h declares the interface the core calls (sim_mem_load, ...); this
 * header holds the building blocks and the unit tests use them directly.
 *
 * Contract: mem.c owns every byte a kernel can address and nothing else.
 * It never prints and never stops the run itself: an access that is not
 * allowed returns a sim_fault code and the caller (a load/store handler)
 * reports it through the core with space, address, size and lanes.
 *
 *   global   sparse 64-bit space of 4 KiB pages in an open-addressing hash
 *            table.  Buffers are placed by a bump allocator from
 *            SIM_GLOBAL_BASE, 256-byte aligned, each followed by at least
 *            one unmapped guard page; each page remembers the byte range
 *            [lo, hi) its buffer covers, so an overrun by one byte faults
 *            even inside a mapped page.  Address 0 is never mapped.
 *   shared   one byte array per CTA: static + dynamic size, 32-bit offsets.
 *   const    banks 0..SIM_CONST_BANKS-1 per kernel: bank 0 is the launch
 *            bank (docs/launch-abi.md), the others come from the object.
 *   local    per thread, SIM_LOCAL_DEFAULT bytes unless the launch says
 *            otherwise; stored per warp, lane-major, allocated on first use.
 *   generic  LD/ST addresses: [shared window, +4 GiB) -> shared,
 *            [local window, +4 GiB) -> local, anything else -> global.
 *            The window bases are the 64-bit values at c[0][0x20] and
 *            c[0][0x28] (SIM_SHARED_WINDOW / SIM_LOCAL_WINDOW).
 *
 * Every access must be naturally aligned (size 1, 2, 4, 8 or 16).
 */
#ifndef SIMT_SIM_MEM_H
#define SIMT_SIM_MEM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include "sim/sim.h"

#define SIM_PAGE_BITS 12
#define SIM_PAGE_SIZE (1u << SIM_PAGE_BITS)
#define SIM_GLOBAL_BASE 0x10000000ull          /* first buffer address */
#define SIM_SHARED_WINDOW 0x00007f0000000000ull /* generic -> shared   */
#define SIM_LOCAL_WINDOW 0x00007e0000000000ull  /* generic -> local    */
#define SIM_WINDOW_SIZE 0x100000000ull          /* 4 GiB per window    */
#define SIM_CONST_BANKS 18
#define SIM_CONST_BANK_MAX 0x10000u             /* 64 KiB per bank     */
#define SIM_LOCAL_DEFAULT 1024u                 /* bytes per thread    */

/* Launch bank (c[0]) layout; see docs/launch-abi.md. */
#define SIM_CB0_NTID 0x00        /* u32 x, y, z                   */
#define SIM_CB0_NCTAID 0x0c      /* u32 x, y, z                   */
#define SIM_CB0_DYN_SHARED 0x18  /* u32 dynamic shared bytes      */
#define SIM_CB0_SHARED_WIN 0x20  /* u64 generic shared window base */
#define SIM_CB0_LOCAL_WIN 0x28   /* u64 generic local window base  */
#define SIM_CB0_PARAMS 0x100     /* first kernel parameter        */

/* X-macro: why an access was refused. */
#define SIM_FAULT_LIST(X)                                                      \
	X(SIM_FAULT_NONE, "no fault")                                          \
	X(SIM_FAULT_UNMAPPED, "unmapped address")                              \
	X(SIM_FAULT_RANGE, "out of range")                                     \
	X(SIM_FAULT_ALIGN, "misaligned")                                       \
	X(SIM_FAULT_NOMEM, "out of host memory")                               \
	X(SIM_FAULT_RANK, "CTA rank outside the cluster")                      \
	X(SIM_FAULT_EXITED, "the CTA of that rank has exited")

typedef enum sim_fault {
#define SIM_X_ENUM(e, s) e,
	SIM_FAULT_LIST(SIM_X_ENUM)
#undef SIM_X_ENUM
	SIM_FAULT_COUNT
} sim_fault;

const char *sim_space_name(sim_space s);
const char *sim_fault_name(sim_fault f);

/* ---- global space --------------------------------------------------------- */

typedef struct sim_page {
	uint64_t pn;    /* page number (address >> SIM_PAGE_BITS); 0 = empty slot */
	uint8_t *data;  /* SIM_PAGE_SIZE bytes                              */
	uint32_t lo, hi; /* bytes [lo, hi) of the page belong to a buffer   */
} sim_page;

typedef struct sim_buffer {
	uint64_t addr, size;
} sim_buffer;

typedef struct sim_gmem {
	sim_page *slots;   /* open addressing, power-of-two capacity */
	size_t cap, used;
	uint64_t next;     /* bump allocator */
	sim_buffer *bufs;
	int nbufs, capbufs;
	sim_page *last;    /* one-entry lookup cache */
} sim_gmem;

void sim_gmem_init(sim_gmem *g);
void sim_gmem_free(sim_gmem *g);
/* Map a zero-filled buffer of size bytes (size 0 maps 1 byte); 0 on failure. */
uint64_t sim_gmem_alloc(sim_gmem *g, uint64_t size);
/* The buffer containing addr, or NULL. */
const sim_buffer *sim_gmem_buffer(const sim_gmem *g, uint64_t addr);

sim_page *sim_gmem_page_slow(sim_gmem *g, uint64_t pn);

/* Host pointer for an aligned access of size bytes at addr, or NULL + *why. */
static inline uint8_t *sim_gmem_ptr(sim_gmem *g, uint64_t addr, unsigned size,
				    sim_fault *why)
{
	if (addr & (size - 1)) {
		*why = SIM_FAULT_ALIGN;
		return NULL;
	}
	uint64_t pn = addr >> SIM_PAGE_BITS;
	sim_page *p = g->last;
	if (!p || p->pn != pn) {
		p = sim_gmem_page_slow(g, pn);
		if (!p) {
			*why = SIM_FAULT_UNMAPPED;
			return NULL;
		}
		g->last = p;
	}
	uint32_t off = (uint32_t)(addr & (SIM_PAGE_SIZE - 1));
	if (off < p->lo || off + size > p->hi) {
		*why = SIM_FAULT_UNMAPPED;
		return NULL;
	}
	return p->data + off;
}

/* Bulk copies for the host side (buffers, results); false when unmapped. */
bool sim_gmem_write(sim_gmem *g, uint64_t addr, const void *src, size_t n);
bool sim_gmem_read(sim_gmem *g, uint64_t addr, void *dst, size_t n);

/* ---- bounded byte arrays: shared, constant banks, local ----------------- */

/* Pointer into an array of len bytes for an aligned access, or NULL + *why. */
static inline uint8_t *sim_span_ptr(uint8_t *base, uint64_t len, uint64_t off,
				    unsigned size, sim_fault *why)
{
	if (off & (size - 1)) {
		*why = SIM_FAULT_ALIGN;
		return NULL;
	}
	if (off >= len || len - off < size) {
		*why = SIM_FAULT_RANGE;
		return NULL;
	}
	return base + off;
}

typedef struct sim_cbank {
	uint8_t *data;
	uint32_t size;
} sim_cbank;

/* Launch geometry and windows written into bank 0 (params appended after). */
typedef struct sim_launch_bank {
	uint32_t ntid[3], nctaid[3];
	uint32_t dyn_shared;
} sim_launch_bank;

/*
 * Build bank 0: launch values, window bases, then param bytes at 0x100.
 * Replaces b->data (freed first); false on allocation failure.
 */
bool sim_cbank0_build(sim_cbank *b, const sim_launch_bank *l,
		      const uint8_t *params, uint32_t param_size);

/* Local memory of one warp: 32 lanes x per_thread bytes, lane-major. */
typedef struct sim_local {
	uint8_t *data;     /* NULL until the first access */
	uint32_t per_thread;
} sim_local;

uint8_t *sim_local_alloc(sim_local *l); /* zero-filled 32 x per_thread */

static inline uint8_t *sim_local_ptr(sim_local *l, int lane, uint64_t off,
				     unsigned size, sim_fault *why)
{
	if (!l->data) {
		if (!sim_local_alloc(l)) {
			*why = SIM_FAULT_NOMEM;
			return NULL;
		}
	}
	uint8_t *p = sim_span_ptr(l->data + (size_t)lane * l->per_thread,
				  l->per_thread, off, size, why);
	return p;
}

/* Resolve a generic address: the space it falls in and the offset inside. */
static inline sim_space sim_generic_space(uint64_t addr, uint64_t *off)
{
	if (addr - SIM_SHARED_WINDOW < SIM_WINDOW_SIZE) {
		*off = addr - SIM_SHARED_WINDOW;
		return SIM_SPACE_SHARED;
	}
	if (addr - SIM_LOCAL_WINDOW < SIM_WINDOW_SIZE) {
		*off = addr - SIM_LOCAL_WINDOW;
		return SIM_SPACE_LOCAL;
	}
	*off = addr;
	return SIM_SPACE_GLOBAL;
}

/* ---- runtime extras beyond sim.h (used by the runner and ldst.c) ---------- */

typedef enum sim_init_kind { SIM_INIT_VALUE, SIM_INIT_LANE, SIM_INIT_TID } sim_init_kind;

/* Register files an init writes (P: value is the lane mask; UR: one value
 * per warp; UP: 0/1 per warp). */
typedef enum sim_init_file { SIM_INIT_R, SIM_INIT_P, SIM_INIT_UR, SIM_INIT_UP } sim_init_file;

/* A register value every thread starts with (test files' .init). */
typedef struct sim_reg_init {
	uint8_t file;        /* sim_init_file */
	int reg;
	sim_init_kind kind;
	uint64_t value;
} sim_reg_init;

/* Applied by sim_mem_cta_begin(), which the core calls after it has set
 * up the CTA's warps (ids, tid[], masks) and before the first issue. */
bool sim_mem_set_inits(sim_mem *m, const sim_reg_init *v, int n);
void sim_mem_set_local_size(sim_mem *m, uint32_t per_thread);
/* Local bytes per thread of the next launch (the default when unset). */
uint32_t sim_mem_local_size(const sim_mem *m);
const sim_cbank *sim_mem_bank(const sim_mem *m, unsigned bank);
/*
 * Fast path of the load/store handlers: host pointers for every lane's
 * access, or false (nothing reported) when some lane would fault - the
 * handler then takes sim_mem_load/store, which reports the fault.
 */
bool sim_mem_resolve(sim_warp *w, sim_space sp, uint32_t lanes,
		     const uint64_t addr[SIM_LANES], unsigned size,
		     uint8_t *ptr[SIM_LANES]);
/*
 * The host pointer of n consecutive 32-bit words of global memory from
 * address a (aligned, all in one page, all mapped), or NULL when that is
 * not so, under exploration or while reductions are pending: the
 * caller's general path then runs.
 */
uint8_t *sim_mem_resolve_words(sim_warp *w, uint64_t a, unsigned n);
/*
 * sim_mem_resolve for the 32-bit global accesses of the lanes of pmask
 * whose addresses are the register pair rows (hi:lo) + off, without the
 * array of 64-bit addresses: every lane through the page cache
 * (sim_gmem_ptr), the first lane that would fault ending it (false,
 * nothing reported).  Also false (the caller's general path runs) under
 * exploration or while reductions are pending.
 */
bool sim_mem_resolve_pairs(sim_warp *w, uint32_t lanes, const uint32_t *lo,
			   const uint32_t *hi, uint64_t off,
			   uint8_t *ptr[SIM_LANES]);
/*
 * The coalesced row: the 32 lanes (those of the caller's mask) access the
 * consecutive 32-bit words from address a (aligned), all inside the CTA's
 * shared memory or one page of global memory.  Returns the host pointer of a (lane l's word is 4 l bytes
 * further), or NULL when that is not so, a lane would fault (the caller's
 * general path reports it) or exploration notes every global word.
 */
uint8_t *sim_mem_resolve_row(sim_warp *w, sim_space sp, uint64_t a);
/*
 * One span for the aligned accesses of size bytes whose addresses lie in
 * [lo, hi] (sp shared or global): the host pointer of address 0 of the
 * CTA's shared array (*amask the offset in the shared window, so that a
 * generic address in the window works too), or of the global page holding lo
 * and hi (*amask the offset in the page), so that address x is at
 * base + (x & *amask).  NULL when that is not so (a lane would fault, the
 * shared::cluster window, two pages) or exploration notes every global
 * word: the caller's general path then runs.
 */
uint8_t *sim_mem_resolve_span(sim_warp *w, sim_space sp, uint64_t lo,
			      uint64_t hi, unsigned size, uint64_t *amask);
/* The warp's local memory, allocated (zero-filled) on the first call;
 * NULL when the host is out of memory (lane_ptr then reports it). */
sim_local *sim_mem_local(sim_warp *w);
/*
 * Deferred reductions on a worker thread (memdev.c, atomic.c): the lanes'
 * global words get operand b of operation op (atomic.c's codes, its
 * integer ADD being SIM_RED_ADD, combined with sim_at_combine; b's rows
 * of low and high words, bhi all zero for a 4-byte operation) when the
 * worker next accesses them, issues
 * another atomic or a fence (sim_mem_red_flush), or ends its group.  False,
 * with nothing deferred, when a lane is not a resolvable global word (the
 * caller's general path then runs and reports).
 */
bool sim_mem_red(sim_warp *w, sim_space sp, uint32_t lanes,
		 const uint64_t addr[SIM_LANES], unsigned size, int op,
		 int type, const uint32_t blo[SIM_LANES],
		 const uint32_t bhi[SIM_LANES]);
void sim_mem_red_flush(sim_mem *m);
#define SIM_RED_ADD 0
/* A view (sim_mem_view) and its deferred-reduction buffer. */
void sim_mem_view_free(sim_mem *v);
/* atomic.c: operand b combined into acc (the operation applied twice is
 * the operation of the combination), and one combined operand applied to
 * the host word p as a host atomic. */
uint64_t sim_at_combine(int op, int type, uint64_t acc, uint64_t b);
void sim_at_host_apply(uint8_t *p, unsigned size, int op, int type,
		       uint64_t v);


#endif
