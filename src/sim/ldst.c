/*
 * ldst.c - loads and stores: LDG/STG (global), LDS/STS (shared), LDL/STL
 * (local), LD/ST (generic: shared and local windows, else global).
 *
 * Requires: rt_prep() ran; the memory operand is the RT_ADDR slot
 * ([Ra + off], Ra a pair when written Ra.64), the data register of a store
 * the first source.  Sizes: .U8 .S8 .U16 .S16 (extended into one
 * register), 32 (default), .64 and .128 (2 and 4 consecutive registers).
 * Every access goes through sim_mem_load/store (mem.c), which faults on
 * unmapped, out-of-range and misaligned lanes and names them.
 */
#include <string.h>

#include "sim/hb.h"
#include "sim/rt.h"

/* Every lane, the loop unrolled by 8. */
#define LANES8 _Pragma("GCC unroll 8") for (int l = 0; l < SIM_LANES; l++)

void rt_unpack(sim_warp *w, const sim_inst *i, int l, const uint8_t *bytes,
	       unsigned size, bool sign);
static void ldst_plan(sim_inst *i, unsigned size);

/*
 * Predecode of every memory row: the address register, offset and data
 * register are found by their field names (ra, off, rb) or, when predecode
 * made one [Ra+off] operand of them, in the RT_ADDR slot.
 *   aux[2]: bits 0-3 ra operand, 4-7 off operand, 8-11 rb operand (0xF
 *           none), bit 12: ra/off come from one SIM_O_ADDR operand,
 *           bits 16-23 the access size (rt_size), bit 24 its sign.
 * A strong access (MemStrength = 1 + MemScope) gets SIM_F_STRONG and its
 * scope in i->scope.
 */
simt_status rt_prep_mem(sim_ctx *c, sim_inst *i, simt_diags *d)
{
	simt_status st = rt_prep(c, i, d);
	if (st != SIMT_OK || !i->opc)
		return st;
	int ra = sim_opnd_find(i, "ra"), off = sim_opnd_find(i, "off");
	int rb = sim_opnd_find(i, "rb");
	int addr = sim_slot(i, RT_ADDR);
	if (addr != RT_NONE)
		ra = off = addr;
	bool sign;
	unsigned size = rt_size(i, &sign);
	i->aux[2] = (ra < 0 ? RT_NONE : ra) | (off < 0 ? RT_NONE : off) << 4 |
		    (rb < 0 ? RT_NONE : rb) << 8 | (addr != RT_NONE) << 12 |
		    (int64_t)size << 16 | (int64_t)sign << 24;
	uint64_t strong = sim_field(i, "strong", 0); /* .STRONG.<scope> */
	if (strong) {
		i->flags |= SIM_F_STRONG;
		i->scope = (uint8_t)(strong - 1);
	}
	ldst_plan(i, size);
	return SIMT_OK;
}

/* The access size of a row rt_prep_mem prepared (rt_size, predecoded). */
static inline unsigned mem_size(const sim_inst *i, bool *sign)
{
	*sign = (i->aux[2] >> 24) & 1;
	return (unsigned)(i->aux[2] >> 16 & 0xff);
}

/* Nonzero unless row a holds a[0] + 4l in lane l, without wrapping
 * around (a full warp's consecutive words from a[0]); branch-free over
 * all 32 lanes: it vectorises. */
static inline uint32_t ldst_gap(const uint32_t *a)
{
	const uint32_t b = a[0];
	uint32_t d = b > UINT32_MAX - 4 * (SIM_LANES - 1);
	LANES8 d |= a[l] ^ (b + 4u * (uint32_t)l);
	return d;
}

/* ldst_gap(a), or nonzero when a lane of row h does not hold h[0] (a
 * pair's high word), in one pass. */
static inline uint32_t ldst_gap2(const uint32_t *a, const uint32_t *h)
{
	const uint32_t b = a[0], c = h[0];
	uint32_t d = b > UINT32_MAX - 4 * (SIM_LANES - 1);
	LANES8 d |= (a[l] ^ (b + 4u * (uint32_t)l)) | (h[l] ^ c);
	return d;
}

/* Per-lane effective addresses of the memory operand. */
static void addresses(sim_warp *w, const sim_inst *i, uint32_t pmask,
		      uint64_t addr[SIM_LANES])
{
	int ka = (int)(i->aux[2] & 0xF), ko = (int)(i->aux[2] >> 4 & 0xF);
	uint64_t off = ko == RT_NONE ? 0 : (uint64_t)i->op[ko].imm;
	const sim_opnd *o = ka == RT_NONE ? NULL : &i->op[ka];
	bool wide = o && o->width == 64;
	unsigned r = o ? o->reg : SIM_RZ;
	if (pmask == 0xffffffffu && r < SIM_RZ && !(wide && r + 1 >= SIM_RZ)) {
		const uint32_t *lo = w->r[r], *hi = wide ? w->r[r + 1] : NULL;
		if (hi)
			for (int l = 0; l < SIM_LANES; l++)
				addr[l] = ((uint64_t)hi[l] << 32 | lo[l]) + off;
		else
			for (int l = 0; l < SIM_LANES; l++)
				addr[l] = (uint64_t)lo[l] + off;
		return;
	}
	for (uint32_t m = pmask; m; m &= m - 1) {
		int l = (int)sim_ffs(m);
		uint64_t base = 0;
		if (r < SIM_RZ) {
			base = w->r[r][l];
			if (wide && r + 1 < SIM_RZ)
				base |= (uint64_t)w->r[r + 1][l] << 32;
		}
		addr[l] = base + off;
	}
}

/*
 * The host pointer of the coalesced row (sim_mem_resolve_row) when the
 * address registers of all 32 lanes step by 4 from lane 0 (a pair's high
 * word the same in every lane, no carry out of the low word): found from
 * the registers, without the per-lane address array.  The lanes of pmask
 * then access their words of the row; lanes outside it only widen the
 * range that must be mapped (a row that would not be is left to the
 * per-lane paths, which decide for the pmask lanes alone).  NULL: the
 * per-lane paths decide.
 */
RT_LANE_CLONES
static uint8_t *row_of(sim_warp *w, const sim_inst *i, uint32_t pmask,
		       sim_space sp)
{
	int ka = (int)(i->aux[2] & 0xF), ko = (int)(i->aux[2] >> 4 & 0xF);
	if (!pmask || ka == RT_NONE ||
	    (sp != SIM_SPACE_SHARED && sp != SIM_SPACE_GLOBAL))
		return NULL; /* sim_mem_resolve_row has rows of these alone */
	const sim_opnd *o = &i->op[ka];
	bool wide = o->width == 64;
	unsigned r = o->reg;
	if (r >= SIM_RZ || (wide && r + 1 >= SIM_RZ))
		return NULL;
	const uint32_t *lo = w->r[r], *hi = w->r[wide ? r + 1 : r];
	const uint32_t b = lo[0], h = hi[0];
	if (wide ? ldst_gap2(lo, hi) : ldst_gap(lo))
		return NULL;
	uint64_t a = wide ? (uint64_t)h << 32 | b : b;
	return sim_mem_resolve_row(w, sp, a + (ko == RT_NONE ? 0
						 : (uint64_t)i->op[ko].imm));
}

/*
 * Local memory (LDL/STL: the stack frames of calls, local arrays, spills)
 * is one lane-major array per warp: lane l's byte a is at
 * data + l * per_thread + a.  The host pointer of every lane of pmask
 * from its address register, with the checks of sim_local_ptr (aligned,
 * inside the thread's bytes) and no per-lane space switch; false, with
 * nothing done, when a lane would fault (the general path reports it) or
 * retire records / relaxed memory need the general path.
 */
static bool local_ptrs(sim_warp *w, const sim_inst *i, uint32_t pmask,
		       unsigned size, uint8_t *ptr[SIM_LANES])
{
	int ka = (int)(i->aux[2] & 0xF), ko = (int)(i->aux[2] >> 4 & 0xF);
	if (w->ctx->rec || w->ctx->rx || ka == RT_NONE)
		return false;
	const sim_opnd *o = &i->op[ka];
	unsigned r = o->reg;
	bool wide = o->width == 64;
	if (r >= SIM_RZ || (wide && r + 1 >= SIM_RZ))
		return false;
	sim_local *loc = w->local;
	if ((!loc || !loc->data) && !(loc = sim_mem_local(w)))
		return false;
	const uint64_t off = ko == RT_NONE ? 0 : (uint64_t)i->op[ko].imm;
	const uint64_t pt = loc->per_thread;
	const uint32_t *lo = w->r[r], *hi = w->r[wide ? r + 1 : r];
	if (pt < size)
		return false;
	/* inside the thread's bytes: a <= pt - size; aligned: a % size == 0
	   (one test of both per lane) */
	const uint64_t last = pt - size, am = size - 1;
	uint8_t *data = loc->data;
	if (!wide) {
		for (uint32_t m = pmask; m; m &= m - 1) {
			int l = (int)sim_ffs(m);
			uint64_t a = lo[l] + off;
			if ((a & am) | (uint64_t)(a > last))
				return false;
			ptr[l] = data + (size_t)l * pt + (size_t)a;
		}
		return true;
	}
	for (uint32_t m = pmask; m; m &= m - 1) {
		int l = (int)sim_ffs(m);
		uint64_t a = ((uint64_t)hi[l] << 32 | lo[l]) + off;
		if ((a & am) | (uint64_t)(a > last))
			return false;
		ptr[l] = data + (size_t)l * pt + (size_t)a;
	}
	return true;
}

/*
 * The register values a for which [a + off, a + off + size) lies inside
 * [0, len): a - *base <= *span (unsigned).  false: no value does.
 */
static inline bool addr_window(int64_t len, unsigned size, int64_t off,
			       uint32_t *base, uint32_t *span)
{
	if (len < (int64_t)size || off > len || off < -(int64_t)UINT32_MAX)
		return false;
	int64_t lo = off < 0 ? -off : 0, hi = len - (int64_t)size - off;
	if (hi < lo)
		return false;
	if (hi > (int64_t)UINT32_MAX)
		hi = UINT32_MAX;
	*base = (uint32_t)lo;
	*span = (uint32_t)(hi - lo);
	return true;
}

/*
 * Nonzero when a lane of pmask holds an Ra with Ra - base > span or Ra + o
 * not a multiple of am + 1 (addr_window's window): a sparse pmask
 * (rt_sparse) lane by lane, more lanes branch-free over all 32 (it
 * vectorises) and masked (session 16: a sort's half-warp LDS checked its
 * 16 lanes one by one, 15 host instructions each).
 */
static inline __attribute__((always_inline)) uint32_t
lanes_outside(const uint32_t *a, uint32_t pmask, uint32_t base, uint32_t span,
	      uint32_t o, uint32_t am)
{
	uint32_t bad = 0;
	if (rt_sparse(pmask)) {
		for (uint32_t m = pmask; m; m &= m - 1) {
			uint32_t x = a[sim_ffs(m)];
			bad |= (uint32_t)(x - base > span) | ((x + o) & am);
		}
		return bad;
	}
	LANES8 bad |= (a[l] - base > span) | ((a[l] + o) & am) ? sim_lane_bit[l] : 0;
	return bad & pmask;
}

/*
 * Shared memory (LDS/STS of 4, 8 or 16 bytes, [Ra + off] with Ra one
 * 32-bit register), straight between the registers and the CTA's array:
 * every lane of pmask is checked first, and nothing is done (false: the
 * general path decides) when a lane is misaligned or outside the CTA's
 * array (the shared::cluster window and faults) or retire records /
 * relaxed memory need the general path.  The 64-bit sum Ra + off is
 * inside [0, len - size] exactly when Ra is inside [lo, hi] below, so the
 * lanes are checked in 32-bit arithmetic, branch-free over all 32 when
 * all run (it vectorises, with the test for a row of consecutive words).
 * Lane l's word h is then at sh + (uint32_t)(Ra[l] + off) + 4h (the
 * 32-bit sum is the 64-bit one there), without per-lane pointers; a full
 * warp's 32-bit access to consecutive words is one copy of the row.  A
 * load reads each lane's address before it writes that lane (its
 * destination may be the address register); a store writes the lanes in
 * ascending order, word by word (the highest lane wins a race).
 */
RT_LANE_CLONES
static bool shared_access(sim_warp *w, const sim_inst *i, uint32_t pmask,
			  unsigned size, bool store)
{
	int ka = (int)(i->aux[2] & 0xF), ko = (int)(i->aux[2] >> 4 & 0xF);
	if (w->ctx->rec || w->ctx->rx || ka == RT_NONE || !pmask ||
	    i->op[ka].width == 64 || i->op[ka].reg >= SIM_RZ)
		return false;
	const int64_t off = ko == RT_NONE ? 0 : i->op[ko].imm;
	const int64_t len = (int64_t)w->cta->shared_size;
	const uint32_t *a = w->r[i->op[ka].reg];
	uint32_t gap = 1; /* 0: a full warp's consecutive words from a[0] */
	if (pmask == 0xffffffffu && size == 4 &&
	    a[0] <= UINT32_MAX - 4 * (SIM_LANES - 1) && a[1] == a[0] + 4 &&
	    a[SIM_LANES - 1] == a[0] + 4 * (SIM_LANES - 1)) {
		const uint32_t b = a[0];
		gap = ldst_gap(a);
		const int64_t s = (int64_t)b + off; /* the row: aligned, inside */
		gap |= s < 0 || (s & 3) || s > len - 4 * SIM_LANES;
	}
	if (gap) {
		uint32_t base, span;
		if (!addr_window(len, size, off, &base, &span))
			return false;
		if (lanes_outside(a, pmask, base, span, (uint32_t)off, size - 1))
			return false;
	}
	const uint32_t o32 = (uint32_t)off;
	uint8_t *sh = w->cta->shared;
	const unsigned nw = size / 4;
	if (store) {
		int k = (int)(i->aux[2] >> 8 & 0xF);
		unsigned r = k == RT_NONE ? SIM_RZ : i->op[k].reg;
		static const uint32_t zero[SIM_LANES];
		const uint32_t *v[4];
		for (unsigned h = 0; h < nw; h++)
			v[h] = r + h < SIM_RZ ? w->r[r + h] : zero;
		if (!gap) {
			rt_copy_row(sh + (uint32_t)(a[0] + o32), v[0]);
			return true;
		}
		for (unsigned h = 0; h < nw; h++)
			for (uint32_t m = pmask; m; m &= m - 1) {
				int l = (int)sim_ffs(m);
				memcpy(sh + (uint32_t)(a[l] + o32) + 4 * h, &v[h][l], 4);
			}
		return true;
	}
	int k = sim_slot(i, RT_D0);
	if (nw == 1) {
		uint32_t *d = rt_dst(w, i, k, 0);
		if (!gap)
			rt_copy_row(d, sh + (uint32_t)(a[0] + o32));
		else if (pmask == 0xffffffffu)
			LANES8 memcpy(&d[l], sh + (uint32_t)(a[l] + o32), 4);
		else
			for (uint32_t m = pmask; m; m &= m - 1) {
				int l = (int)sim_ffs(m);
				memcpy(&d[l], sh + (uint32_t)(a[l] + o32), 4);
			}
		return true;
	}
	uint32_t *d[4];
	for (unsigned h = 0; h < nw; h++)
		d[h] = rt_dst(w, i, k, (int)h);
	for (uint32_t m = pmask; m; m &= m - 1) {
		int l = (int)sim_ffs(m);
		uint32_t x[4];
		memcpy(x, sh + (uint32_t)(a[l] + o32), size);
		for (unsigned h = 0; h < nw; h++)
			d[h][l] = x[h];
	}
	return true;
}

RT_LANE_CLONES
static void load(sim_warp *w, const sim_inst *i, uint32_t pmask, sim_space sp)
{
	uint64_t addr[SIM_LANES];
	uint8_t data[SIM_LANES][16];
	bool sign;
	unsigned size = mem_size(i, &sign);
	uint8_t *ptr[SIM_LANES], *row;
	/* fast paths; with retire records the general one, which reports.
	   Shared memory straight from the registers; else first a row of
	   consecutive words (one copy), then the lane paths */
	if (sp == SIM_SPACE_SHARED && size >= 4 &&
	    shared_access(w, i, pmask, size, false)) {
		if (w->ctx->hb) {
			addresses(w, i, pmask, addr);
			hb_access(w, i, sp, pmask, addr, size, HB_READ);
		}
		return;
	}
	if (size == 4 && sp != SIM_SPACE_SHARED && !w->ctx->rec && !w->ctx->rx &&
	    (row = row_of(w, i, pmask, sp)) != NULL) {
		uint32_t *d = rt_dst(w, i, sim_slot(i, RT_D0), 0);
		if (pmask == 0xffffffffu)
			rt_copy_row(d, row);
		else
			for (uint32_t m = pmask; m; m &= m - 1) {
				int l = (int)sim_ffs(m);
				memcpy(&d[l], row + 4 * l, 4);
			}
		if (w->ctx->hb) {
			addresses(w, i, pmask, addr);
			hb_access(w, i, sp, pmask, addr, 4, HB_READ);
		}
		return;
	}
	if (size >= 4 && sp == SIM_SPACE_LOCAL &&
	    local_ptrs(w, i, pmask, size, ptr)) {
		int k = sim_slot(i, RT_D0);
		for (unsigned h = 0; h < size / 4; h++) {
			uint32_t *d = rt_dst(w, i, k, (int)h);
			if (pmask == 0xffffffffu)
				for (int l = 0; l < SIM_LANES; l++)
					memcpy(&d[l], ptr[l] + 4 * h, 4);
			else
				for (uint32_t m = pmask; m; m &= m - 1) {
					int l = (int)sim_ffs(m);
					memcpy(&d[l], ptr[l] + 4 * h, 4);
				}
		}
		if (w->ctx->hb) {
			addresses(w, i, pmask, addr);
			hb_access(w, i, sp, pmask, addr, size, HB_READ);
		}
		return;
	}
	addresses(w, i, pmask, addr);
	/* every size through the host pointers when every lane resolves */
	if (!w->ctx->rec && !w->ctx->rx &&
	    sim_mem_resolve(w, sp, pmask, addr, size, ptr)) {
		int k = sim_slot(i, RT_D0);
		uint32_t *d = rt_dst(w, i, k, 0);
		if (size == 4) {
			for (uint32_t m = pmask; m; m &= m - 1) {
				int l = (int)sim_ffs(m);
				memcpy(&d[l], ptr[l], 4);
			}
		} else if (size < 4) { /* zero- or sign-extended as rt_unpack */
			for (uint32_t m = pmask; m; m &= m - 1) {
				int l = (int)sim_ffs(m);
				uint32_t x = 0;
				memcpy(&x, ptr[l], size);
				if (sign)
					x = size == 1 ? (uint32_t)(int32_t)(int8_t)x
						      : (uint32_t)(int32_t)(int16_t)x;
				d[l] = x;
			}
		} else {
			uint32_t *dh[4] = {d};
			for (unsigned h = 1; h < size / 4; h++)
				dh[h] = rt_dst(w, i, k, (int)h);
			for (uint32_t m = pmask; m; m &= m - 1) {
				int l = (int)sim_ffs(m);
				uint32_t x[4];
				memcpy(x, ptr[l], size);
				for (unsigned h = 0; h < size / 4; h++)
					dh[h][l] = x[h];
			}
		}
		if (w->ctx->hb) /* the general path reports in sim_mem_load */
			hb_access(w, i, sp, pmask, addr, size, HB_READ);
		return;
	}
	if (!sim_mem_load(w, i, sp, pmask, addr, size, data))
		return;
	for (uint32_t m = pmask; m; m &= m - 1) {
		int l = (int)sim_ffs(m);
		rt_unpack(w, i, l, data[l], size, sign);
	}
}

RT_LANE_CLONES
static void store(sim_warp *w, const sim_inst *i, uint32_t pmask, sim_space sp)
{
	uint64_t addr[SIM_LANES];
	uint8_t data[SIM_LANES][16];
	bool sign;
	unsigned size = mem_size(i, &sign);
	int k = (int)(i->aux[2] >> 8 & 0xF);
	unsigned r = k == RT_NONE ? SIM_RZ : i->op[k].reg;
	uint8_t *ptr[SIM_LANES], *row;
	/* shared memory straight from the registers; else a row of
	   consecutive words first (one copy), then the lane paths */
	if (sp == SIM_SPACE_SHARED && size >= 4 &&
	    shared_access(w, i, pmask, size, true)) {
		w->ctx->mem_writes++;
		if (w->ctx->hb) {
			addresses(w, i, pmask, addr);
			hb_access(w, i, sp, pmask, addr, size, HB_WRITE);
		}
		return;
	}
	if (size == 4 && sp != SIM_SPACE_SHARED && r < SIM_RZ && !w->ctx->rec && !w->ctx->rx &&
	    (row = row_of(w, i, pmask, sp)) != NULL) {
		if (pmask == 0xffffffffu)
			rt_copy_row(row, w->r[r]); /* distinct words */
		else /* only the pmask lanes' words are written */
			for (uint32_t m = pmask; m; m &= m - 1) {
				int l = (int)sim_ffs(m);
				memcpy(row + 4 * l, &w->r[r][l], 4);
			}
		w->ctx->mem_writes++;
		if (w->ctx->hb) {
			addresses(w, i, pmask, addr);
			hb_access(w, i, sp, pmask, addr, 4, HB_WRITE);
		}
		return;
	}
	if (size >= 4 && sp == SIM_SPACE_LOCAL &&
	    local_ptrs(w, i, pmask, size, ptr)) {
		/* lanes in ascending order, word by word: the highest lane
		   wins a race (same-size accesses overlap only whole) */
		for (unsigned h = 0; h < size / 4; h++) {
			static const uint32_t zero[SIM_LANES];
			const uint32_t *v = r + h < SIM_RZ ? w->r[r + h] : zero;
			if (pmask == 0xffffffffu)
				for (int l = 0; l < SIM_LANES; l++)
					memcpy(ptr[l] + 4 * h, &v[l], 4);
			else
				for (uint32_t m = pmask; m; m &= m - 1) {
					int l = (int)sim_ffs(m);
					memcpy(ptr[l] + 4 * h, &v[l], 4);
				}
		}
		w->ctx->mem_writes++;
		if (w->ctx->hb) {
			addresses(w, i, pmask, addr);
			hb_access(w, i, sp, pmask, addr, size, HB_WRITE);
		}
		return;
	}
	addresses(w, i, pmask, addr);
	/* every size through the host pointers when every lane resolves;
	   lanes in ascending order: the highest lane wins a race */
	if (!w->ctx->rec && !w->ctx->rx &&
	    sim_mem_resolve(w, sp, pmask, addr, size, ptr)) {
		if (size == 4 && r < SIM_RZ) {
			for (uint32_t m = pmask; m; m &= m - 1) {
				int l = (int)sim_ffs(m);
				memcpy(ptr[l], &w->r[r][l], 4);
			}
		} else {
			static const uint32_t zero[SIM_LANES];
			const uint32_t *v[4];
			for (unsigned h = 0; h < (size + 3) / 4; h++)
				v[h] = r + h < SIM_RZ ? w->r[r + h] : zero;
			for (uint32_t m = pmask; m; m &= m - 1) {
				int l = (int)sim_ffs(m);
				uint32_t x[4];
				for (unsigned h = 0; h < (size + 3) / 4; h++)
					x[h] = v[h][l];
				memcpy(ptr[l], x, size); /* little-endian host */
			}
		}
		w->ctx->mem_writes++;
		if (w->ctx->hb)
			hb_access(w, i, sp, pmask, addr, size, HB_WRITE);
		return;
	}
	for (uint32_t m = pmask; m; m &= m - 1) {
		int l = (int)sim_ffs(m);
		for (unsigned h = 0; h < (size + 3) / 4; h++) {
			uint32_t x = r + h < SIM_RZ ? w->r[r + h][l] : 0;
			memcpy(data[l] + 4 * h, &x, size < 4 ? size : 4);
		}
	}
	sim_mem_store(w, i, sp, pmask, addr, size, (const uint8_t(*)[16])data);
}

/* One handler per instruction and space, generated from one list. */
#define RT_LDST(X)                                                             \
	X(ldg, stg, SIM_SPACE_GLOBAL)                                          \
	X(lds, sts, SIM_SPACE_SHARED)                                          \
	X(ldl, stl, SIM_SPACE_LOCAL)                                           \
	X(ld, st, SIM_SPACE_GENERIC)

#define RT_X_DEF(ldname, stname, space)                                        \
	void sim_rt_##ldname(sim_warp *w, const sim_inst *i, uint32_t pmask)   \
	{                                                                      \
		load(w, i, pmask, space);                                      \
	}                                                                      \
	void sim_rt_##stname(sim_warp *w, const sim_inst *i, uint32_t pmask)   \
	{                                                                      \
		store(w, i, pmask, space);                                     \
	}
RT_LDST(RT_X_DEF)
#undef RT_X_DEF

/* The space a load or store row reaches (SIM_SPACE_CONST: not one). */
static sim_space ldst_space(const sim_inst *i)
{
	switch (i->optype) {
	case SIM_OP_LDG: case SIM_OP_STG: return SIM_SPACE_GLOBAL;
	case SIM_OP_LDS: case SIM_OP_STS: return SIM_SPACE_SHARED;
	case SIM_OP_LD: case SIM_OP_ST: return SIM_SPACE_GENERIC;
	default: return SIM_SPACE_CONST;
	}
}

/* Registers [r, r + n) hold none of [d, d + m). */
static bool apart(unsigned r, unsigned n, unsigned d, unsigned m)
{
	return r >= SIM_RZ || d >= SIM_RZ || r + n <= d || d + m <= r;
}

/* st reads one of the registers [d, d + n) (any register source, address
 * or constant index, each counted as 4 registers: an over-estimate). */
static bool reads_reg(const sim_inst *st, unsigned d, unsigned n)
{
	for (int k = 0; k < st->nops; k++) {
		const sim_opnd *o = &st->op[k];
		if ((o->kind == SIM_O_REG || o->kind == SIM_O_ADDR ||
		     o->kind == SIM_O_CMEM) && !sim_opnd_out(st, k) &&
		    !apart(o->reg, 4, d, n))
			return true;
	}
	return false;
}

/* st reads predicate p (its guard, Pp or a predicate source). */
static bool reads_pred(const sim_inst *st, unsigned p)
{
	if (p >= SIM_PT || (!st->pg_up && st->pg == p) || st->pp == p)
		return p < SIM_PT;
	for (int k = 0; k < st->nops; k++)
		if (st->op[k].kind == SIM_O_PRED && st->op[k].reg == p)
			return true;
	return false;
}

/* i writes a register or predicate st reads (a register destination
 * counted as 4 registers; a destination of another kind always counts). */
bool sim_ldst_feeds(const sim_inst *i, const sim_inst *st)
{
	for (int k = 0; k < i->nops; k++) {
		const sim_opnd *o = &i->op[k];
		if (!sim_opnd_out(i, k))
			continue;
		if (o->kind == SIM_O_REG ? reads_reg(st, o->reg, 4)
		    : o->kind == SIM_O_PRED ? reads_pred(st, o->reg) : true)
			return true;
	}
	return false;
}

/*
 * Load buffering (relaxed.c, docs/memory-model.md): may the store st of
 * the lanes stm run before the load ld of the lanes ldm?  Yes when st reads
 * no register ld writes (neither its address nor its data: no dependency)
 * and no lane's store touches a 32-bit word any lane's load reads.  Words
 * are compared by address in one space; global and shared never meet; a
 * generic access against a global or shared one is refused (conservative:
 * the generic window would have to be resolved).
 */
bool sim_ldst_independent(sim_warp *w, const sim_inst *ld, uint32_t ldm,
			  const sim_inst *st, uint32_t stm)
{
	sim_space ls = ldst_space(ld), ss = ldst_space(st);
	if (ls == SIM_SPACE_CONST || ss == SIM_SPACE_CONST || !ld->opc ||
	    !st->opc)
		return false;
	bool sign;
	unsigned lsize = rt_size(ld, &sign), ssize = rt_size(st, &sign);
	int kd = sim_slot(ld, RT_D0);
	unsigned d = kd == RT_NONE ? SIM_RZ : ld->op[kd].reg;
	if (reads_reg(st, d, lsize < 4 ? 1 : lsize / 4))
		return false;
	if (ls != ss)
		return ls != SIM_SPACE_GENERIC && ss != SIM_SPACE_GENERIC;
	uint64_t la[SIM_LANES], sa[SIM_LANES];
	addresses(w, ld, ldm, la);
	addresses(w, st, stm, sa);
	for (uint32_t m = ldm; m; m &= m - 1) {
		int l = (int)sim_ffs(m);
		uint64_t lo = la[l] & ~3ull, hi = la[l] + lsize;
		for (uint32_t n = stm; n; n &= n - 1) {
			int s = (int)sim_ffs(n);
			if ((sa[s] & ~3ull) < hi && sa[s] + ssize > lo)
				return false;
		}
	}
	return true;
}

unsigned sim_ldst_global(sim_warp *w, const sim_inst *i,
			 uint64_t addr[SIM_LANES], uint32_t *lanes)
{
	if ((i->optype != SIM_OP_LDG && i->optype != SIM_OP_STG) || !i->opc)
		return 0;
	*lanes = w->active & sim_guard(w, i) & sim_pred(w, i->pp, i->pp_not);
	addresses(w, i, *lanes, addr);
	bool sign;
	return rt_size(i, &sign);
}

/*
 * The commonest accesses of a full warp, planned at predecode
 * (ldst_plan): LDS/STS of 32 bits by [Ra + off], Ra one register, and
 * LDG/STG of 32 bits by [Ra.64 + off].  The plan: prow[0] Ra's row,
 * prow[1] the pair's high word (LDG/STG), prow[3] the data row (a load's
 * destination, the sink for RZ; a store's source, a GPR), aux[3] off.
 * When the lanes' addresses are a row of consecutive words inside the
 * CTA's shared array or one resolved global row, the handler copies the
 * row (what shared_access and row_of find); everything else goes to
 * load and store, which decide as before.  Nothing observes the access
 * (no retire records, relaxed memory or race detector).
 */
/* Nothing observes w's accesses one by one: no retire records, relaxed
 * memory or race detector (they need the general path). */
static inline bool ldst_unobserved(const sim_warp *w)
{
	const sim_ctx *c = w->ctx;
	return !c->rec && !c->rx && !c->hb;
}

static inline bool ldst_plain(const sim_warp *w, uint32_t pmask)
{
	return pmask == 0xffffffffu && ldst_unobserved(w);
}

/* The row of shared memory of a planned LDS/STS, or NULL. */
static inline uint8_t *ldst_shared_row(sim_warp *w, const sim_inst *i)
{
	const uint32_t *a = rt_prow(w, i, 0);
	const int64_t s = (int64_t)a[0] + i->aux[3];
	if (ldst_gap(a) || s < 0 || (s & 3) ||
	    s > (int64_t)w->cta->shared_size - 4 * SIM_LANES)
		return NULL;
	return w->cta->shared + s;
}

/* The row of global memory of a planned LDG/STG, or NULL. */
static inline uint8_t *ldst_global_row(sim_warp *w, const sim_inst *i)
{
	const uint32_t *lo = rt_prow(w, i, 0), *hi = rt_prow(w, i, 1);
	if (ldst_gap2(lo, hi))
		return NULL;
	return sim_mem_resolve_row(w, SIM_SPACE_GLOBAL,
				   ((uint64_t)hi[0] << 32 | lo[0]) +
					   (uint64_t)i->aux[3]);
}

/*
 * A full warp's gather of 32-bit words from shared memory (the lanes
 * checked): d[l] = the word at sh + (uint32_t)(a[l] + o).  A warp of a block 16 threads
 * wide is two rows of a tile, and its reads of a tile often repeat: both
 * rows read the same 16 words (a column step: lanes 16-31 at the addresses
 * of lanes 0-15, often 16 consecutive words, one copy) or each row reads
 * one word (a row step: lanes 0-15 at a[0], 16-31 at a[16]); those read
 * 16 words or 2, the rest lane by lane.
 * Every address is read before a destination is written (d may be a).
 */
static inline __attribute__((always_inline)) void
ldst_shared_gather(uint32_t *d, const uint8_t *sh, const uint32_t *a,
		   uint32_t o)
{
	const uint32_t a0 = a[0], a16 = a[SIM_LANES / 2];
	uint32_t rep = 0, two = 0;
	for (int l = 0; l < SIM_LANES / 2; l++) { /* it vectorises */
		rep |= a[l] ^ a[l + SIM_LANES / 2];
		two |= (a[l] ^ a0) | (a[l + SIM_LANES / 2] ^ a16);
	}
	if (!two) {
		uint32_t x, y;
		memcpy(&x, sh + (uint32_t)(a0 + o), 4);
		memcpy(&y, sh + (uint32_t)(a16 + o), 4);
		for (int l = 0; l < SIM_LANES / 2; l++) {
			d[l] = x;
			d[l + SIM_LANES / 2] = y;
		}
	} else if (!rep) {
		uint32_t gap = 0; /* 0: lanes 0-15 read consecutive words */
		for (int l = 0; l < SIM_LANES / 2; l++)
			gap |= a[l] ^ (a0 + 4u * (uint32_t)l);
		if (!gap) /* inside the array, each: no wrap between */
			memcpy(d, sh + (uint32_t)(a0 + o), 4 * SIM_LANES / 2);
		else
			for (int l = 0; l < SIM_LANES / 2; l++)
				memcpy(&d[l], sh + (uint32_t)(a[l] + o), 4);
		memcpy(d + SIM_LANES / 2, d, 4 * SIM_LANES / 2);
	} else {
		LANES8 memcpy(&d[l], sh + (uint32_t)(a[l] + o), 4);
	}
}

/*
 * A planned LDS/STS whose lanes are not one row (tiles read down a
 * column, a sort's partners, divergent lanes): what shared_access does for
 * them, from the plan's rows.  Every lane of pmask is checked first (all
 * 32 branch-free when all run), and nothing is done (false: load and
 * store decide, and report) when one is misaligned or outside the CTA's
 * array or something observes the access; then each lane's word is read
 * (its address before its destination: the two may be one register) or
 * written, in ascending lane order (the highest lane wins a race).
 */
static inline __attribute__((always_inline)) bool
ldst_shared_lanes(sim_warp *w, const sim_inst *i, uint32_t pmask, bool store)
{
	if (!ldst_unobserved(w) || !pmask)
		return false;
	const uint32_t *a = rt_prow(w, i, 0);
	const int64_t off = i->aux[3];
	uint32_t base, span;
	if (!addr_window((int64_t)w->cta->shared_size, 4, off, &base, &span))
		return false;
	const uint32_t o = (uint32_t)off;
	if (lanes_outside(a, pmask, base, span, o, 3))
		return false;
	uint8_t *sh = w->cta->shared;
	uint32_t *r = rt_prow(w, i, 3);
	if (store) {
		for (uint32_t m = pmask; m; m &= m - 1) {
			int l = (int)sim_ffs(m);
			memcpy(sh + (uint32_t)(a[l] + o), &r[l], 4);
		}
		w->ctx->mem_writes++;
	} else if (pmask == 0xffffffffu) {
		ldst_shared_gather(r, sh, a, o);
	} else {
		for (uint32_t m = pmask; m; m &= m - 1) {
			int l = (int)sim_ffs(m);
			memcpy(&r[l], sh + (uint32_t)(a[l] + o), 4);
		}
	}
	return true;
}

RT_LANE_CLONES
static void lds_row(sim_warp *w, const sim_inst *i, uint32_t pmask)
{
	uint8_t *row;
	if (ldst_plain(w, pmask) && (row = ldst_shared_row(w, i)) != NULL)
		rt_copy_row(rt_prow(w, i, 3), row);
	else if (!ldst_shared_lanes(w, i, pmask, false))
		load(w, i, pmask, SIM_SPACE_SHARED);
}

RT_LANE_CLONES
static void sts_row(sim_warp *w, const sim_inst *i, uint32_t pmask)
{
	uint8_t *row;
	if (ldst_plain(w, pmask) && (row = ldst_shared_row(w, i)) != NULL) {
		rt_copy_row(row, rt_prow(w, i, 3));
		w->ctx->mem_writes++;
	} else if (!ldst_shared_lanes(w, i, pmask, true)) {
		store(w, i, pmask, SIM_SPACE_SHARED);
	}
}

/*
 * A planned LDG/STG whose lanes are not one row (each thread's own block
 * of results, a column, a gather through an index, a partial warp): the
 * host pointer of every lane of pmask (sim_mem_resolve_pairs), all before
 * any is accessed, then each lane's word read (every address was read
 * before a destination is written: the two may be one register) or
 * written in ascending lane order (the highest lane wins a race) - what
 * load and store do after sim_mem_resolve, without the array of 64-bit
 * addresses and the tests for one row and one page.  False, with nothing
 * done, when a lane would fault (load and store report it) or retire
 * records, relaxed memory or the race detector need the general path.
 */
static inline __attribute__((always_inline)) bool
ldst_global_lanes(sim_warp *w, const sim_inst *i, uint32_t pmask, bool store)
{
	uint8_t *ptr[SIM_LANES];
	if (!ldst_unobserved(w) || !pmask ||
	    !sim_mem_resolve_pairs(w, pmask, rt_prow(w, i, 0), rt_prow(w, i, 1),
				   (uint64_t)i->aux[3], ptr))
		return false;
	uint32_t *r = rt_prow(w, i, 3);
	if (store) {
		for (uint32_t m = pmask; m; m &= m - 1) {
			int l = (int)sim_ffs(m);
			memcpy(ptr[l], &r[l], 4);
		}
		w->ctx->mem_writes++;
	} else {
		for (uint32_t m = pmask; m; m &= m - 1) {
			int l = (int)sim_ffs(m);
			memcpy(&r[l], ptr[l], 4);
		}
	}
	return true;
}

/*
 * A planned LDG/STG of a full warp whose two rows of 16 lanes each access
 * 16 consecutive words (a block 16 threads wide reading or writing two
 * rows of a matrix): two copies of 64 bytes, both resolved before either
 * (sim_mem_resolve_words), lanes 0-15 first (on a store the second row
 * wins where they overlap; a load has read every address before it
 * writes).  False, with nothing done, when the lanes are not so or a row
 * does not resolve: the lanes path decides.
 */
static inline __attribute__((always_inline)) bool
ldst_global_halves(sim_warp *w, const sim_inst *i, bool store)
{
	enum { H = SIM_LANES / 2 };
	const uint32_t *lo = rt_prow(w, i, 0), *hi = rt_prow(w, i, 1);
	const uint32_t b0 = lo[0], b1 = lo[H], c = hi[0];
	if (lo[1] != b0 + 4 || lo[H + 1] != b1 + 4) /* the common misses */
		return false;
	uint32_t d = (b0 > UINT32_MAX - 4 * (H - 1)) | (b1 > UINT32_MAX - 4 * (H - 1));
	for (int l = 0; l < H; l++) /* it vectorises */
		d |= (lo[l] ^ (b0 + 4u * (uint32_t)l)) |
		     (lo[l + H] ^ (b1 + 4u * (uint32_t)l)) | (hi[l] ^ c) |
		     (hi[l + H] ^ c);
	if (d)
		return false;
	const uint64_t base = (uint64_t)c << 32, off = (uint64_t)i->aux[3];
	uint8_t *p0 = sim_mem_resolve_words(w, (base | b0) + off, H), *p1;
	if (!p0 || !(p1 = sim_mem_resolve_words(w, (base | b1) + off, H)))
		return false;
	uint32_t *r = rt_prow(w, i, 3);
	if (store) {
		memcpy(p0, r, 4 * H);
		memcpy(p1, r + H, 4 * H);
		w->ctx->mem_writes++;
	} else {
		memcpy(r, p0, 4 * H);
		memcpy(r + H, p1, 4 * H);
	}
	return true;
}

/* A planned LDG/STG that is not one row: its two halves, else its lanes,
 * else (false) the general path.  Not inlined: the row's path stays
 * short. */
RT_LANE_CLONES __attribute__((noinline))
static bool ldst_global_other(sim_warp *w, const sim_inst *i, uint32_t pmask,
			      bool store)
{
	return (ldst_plain(w, pmask) && ldst_global_halves(w, i, store)) ||
	       ldst_global_lanes(w, i, pmask, store);
}

RT_LANE_CLONES
static void ldg_row(sim_warp *w, const sim_inst *i, uint32_t pmask)
{
	uint8_t *row;
	if (ldst_plain(w, pmask) && (row = ldst_global_row(w, i)) != NULL)
		rt_copy_row(rt_prow(w, i, 3), row);
	else if (!ldst_global_other(w, i, pmask, false))
		load(w, i, pmask, SIM_SPACE_GLOBAL);
}

RT_LANE_CLONES
static void stg_row(sim_warp *w, const sim_inst *i, uint32_t pmask)
{
	uint8_t *row;
	if (ldst_plain(w, pmask) && (row = ldst_global_row(w, i)) != NULL) {
		rt_copy_row(row, rt_prow(w, i, 3));
		w->ctx->mem_writes++;
	} else if (!ldst_global_other(w, i, pmask, true)) {
		store(w, i, pmask, SIM_SPACE_GLOBAL);
	}
}

/*
 * LDL/STL of 4, 8 or 16 bytes by [Ra + off], Ra one register (the stack
 * pointer of call frames, spills, local arrays), at any number of lanes:
 * straight between the registers and the warp's local array, which is
 * lane-major (mem.h): lane l's word h is at
 * data + l * per_thread + (uint32_t)(Ra[l] + off) + 4h.  The plan
 * (local_plan): prow[0] Ra's row, prow[3] the first data row (GPRs, none
 * of them RZ), aux[3] off; the size from aux[2] (mem_size).  Every lane
 * of pmask is checked first: the 64-bit sum Ra + off aligned and inside
 * [0, per_thread - size], lane by lane when they are few (calls in
 * divergent code: local_few_ok), else as shared_access checks its lanes (Ra
 * inside [lo, hi], Ra + off aligned in 32 bits), branch-free over all 32;
 * no per-lane pointers.  False, with nothing done, when a lane would
 * fault (load and store report it) or retire records, relaxed memory or
 * the race detector need the general path.  A load reads each lane's
 * address before it writes that lane; the lanes' areas are disjoint, so a
 * store's lane order is not observable.
 */
/* The local array of w when the fast path may run (local_access), or
 * NULL. */
static inline sim_local *local_array(sim_warp *w, uint32_t pmask,
				     unsigned size)
{
	if (!ldst_unobserved(w) || !pmask)
		return NULL;
	sim_local *loc = w->local;
	if ((!loc || !loc->data) && !(loc = sim_mem_local(w)))
		return NULL;
	return loc->per_thread < size ? NULL : loc;
}

/* Every lane of pmask (at most 8 of them) in its array: Ra + off as a
 * 64-bit unsigned sum (a negative one wraps above the bound) at most
 * per_thread - size, and aligned: the largest sum and the OR of all. */
static inline __attribute__((always_inline)) bool
local_few_ok(const sim_local *loc, const uint32_t *a, uint32_t pmask,
	     int64_t off, unsigned size)
{
	uint64_t hi = 0, any = 0;
	for (uint32_t m = pmask; m; m &= m - 1) {
		uint64_t x = (uint64_t)a[sim_ffs(m)] + (uint64_t)off;
		hi = x > hi ? x : hi;
		any |= x;
	}
	return hi <= loc->per_thread - size && !(any & (size - 1));
}

/* The same for any pmask, branch-free over all 32 lanes. */
static inline __attribute__((always_inline)) bool
local_all_ok(const sim_local *loc, const uint32_t *a, uint32_t pmask,
	     int64_t off, unsigned size)
{
	const uint32_t am = size - 1, o = (uint32_t)off;
	uint32_t base, span;
	if (!addr_window((int64_t)loc->per_thread, size, off, &base, &span))
		return false;
	uint32_t bad = 0; /* the lanes that would fault, of all 32 */
	LANES8 bad |= (a[l] - base > span) | ((a[l] + o) & am) ? 1u << l : 0;
	return !(bad & pmask);
}

/* The access itself, once every lane is checked: word by word (a lane's
 * words are disjoint from every other lane's, so the order within the
 * lane is not observable); a load reads a lane's words before it writes
 * its registers (the destination may be Ra). */
static inline __attribute__((always_inline)) void
local_move(sim_warp *w, const sim_inst *i, const sim_local *loc,
	   uint32_t pmask, bool store, unsigned size)
{
	const unsigned nw = size / 4;
	const uint32_t *a = rt_prow(w, i, 0);
	const uint32_t o = (uint32_t)i->aux[3];
	uint8_t *data = loc->data;
	const size_t pt = loc->per_thread;
	uint32_t *r = rt_prow(w, i, 3);
	for (uint32_t m = pmask; m; m &= m - 1) {
		int l = (int)sim_ffs(m);
		uint8_t *p = data + (size_t)l * pt + (uint32_t)(a[l] + o);
		uint32_t x[4];
		if (store) {
			for (unsigned h = 0; h < nw; h++)
				memcpy(p + 4 * h, &r[h * SIM_LANES + (unsigned)l], 4);
			continue;
		}
		for (unsigned h = 0; h < nw; h++)
			memcpy(&x[h], p + 4 * h, 4);
		for (unsigned h = 0; h < nw; h++)
			r[h * SIM_LANES + (unsigned)l] = x[h];
	}
	if (store)
		w->ctx->mem_writes++;
}

/* The fast path (local_access): false, with nothing done, when the
 * general path must decide.  few: pmask has at most 8 lanes (calls and
 * spills in divergent code), checked lane by lane in scalar code, else
 * branch-free over all 32.  The many-lane case stays out of line
 * (ldl<n>_all), so the handlers keep a plain frame: the one handler before
 * session 16, vector code included, aligned its frame and saved six
 * registers, a third of a few-lane access. */
static inline __attribute__((always_inline)) bool
local_access(sim_warp *w, const sim_inst *i, uint32_t pmask, bool st,
	     unsigned size, bool few)
{
	const sim_local *loc = local_array(w, pmask, size);
	const uint32_t *a = rt_prow(w, i, 0);
	if (!loc || !(few ? local_few_ok(loc, a, pmask, i->aux[3], size)
			  : local_all_ok(loc, a, pmask, i->aux[3], size)))
		return false;
	local_move(w, i, loc, pmask, st, size);
	return true;
}

/* The general path of an LDL (st false) or STL: it checks and reports. */
static inline void local_general(sim_warp *w, const sim_inst *i, uint32_t pmask,
				 bool st)
{
	if (st)
		store(w, i, pmask, SIM_SPACE_LOCAL);
	else
		load(w, i, pmask, SIM_SPACE_LOCAL);
}

/* The handlers of LDL/STL of n bytes (local_plan): n a constant in each;
 * the many-lane half (ldl<n>_all, stl<n>_all) out of line. */
#define LOCAL_SIZES(X) X(4) X(8) X(16)
#define LOCAL_HANDLER(kind, n, st)                                             \
	RT_LANE_CLONES __attribute__((noinline)) static void kind##n##_all(    \
		sim_warp *w, const sim_inst *i, uint32_t pmask)                \
	{                                                                      \
		if (!local_access(w, i, pmask, st, n, false))                  \
			local_general(w, i, pmask, st);                        \
	}                                                                      \
	RT_LANE_CLONES static void kind##n##_row(sim_warp *w,                  \
						 const sim_inst *i,            \
						 uint32_t pmask)               \
	{                                                                      \
		if (sim_popc(pmask) > 8)                                       \
			kind##n##_all(w, i, pmask);                            \
		else if (!local_access(w, i, pmask, st, n, true))              \
			local_general(w, i, pmask, st);                        \
	}
#define LOCAL_HANDLERS(n)                                                      \
	LOCAL_HANDLER(ldl, n, false) LOCAL_HANDLER(stl, n, true)
LOCAL_SIZES(LOCAL_HANDLERS)
#undef LOCAL_HANDLERS
#undef LOCAL_HANDLER

/* The plan of an LDL/STL (local_access): 4, 8 or 16 bytes, one address
 * register, data GPRs. */
static void local_plan(sim_inst *i, unsigned size)
{
	int ka = (int)(i->aux[2] & 0xF), ko = (int)(i->aux[2] >> 4 & 0xF);
	int kd = i->optype == SIM_OP_LDL ? sim_slot(i, RT_D0)
					 : (int)(i->aux[2] >> 8 & 0xF);
	if ((size != 4 && size != 8 && size != 16) || ka == RT_NONE ||
	    kd == RT_NONE)
		return;
	unsigned r = i->op[ka].reg, dr = i->op[kd].reg;
	if (i->op[ka].width == 64 || r >= SIM_RZ || dr + size / 4 > SIM_RZ)
		return;
	i->prow[0] = sim_row_off(r);
	i->prow[3] = sim_row_off(dr);
	i->aux[3] = ko == RT_NONE ? 0 : i->op[ko].imm;
	bool load = i->optype == SIM_OP_LDL;
	switch (size) {
#define LOCAL_CASE(n)                                                          \
	case n:                                                                \
		if (load)                                                      \
			PLAN_EXEC(i, ldl##n##_row);                            \
		else                                                           \
			PLAN_EXEC(i, stl##n##_row);                            \
		break;
		LOCAL_SIZES(LOCAL_CASE)
#undef LOCAL_CASE
	}
}

/* The plan of a load or store rt_prep_mem prepared, when it has one of
 * the shapes above (size 4, an address register, a data GPR). */
static void ldst_plan(sim_inst *i, unsigned size)
{
	int ka = (int)(i->aux[2] & 0xF), ko = (int)(i->aux[2] >> 4 & 0xF);
	int kb = (int)(i->aux[2] >> 8 & 0xF);
	bool load = i->optype == SIM_OP_LDS || i->optype == SIM_OP_LDG;
	bool global = i->optype == SIM_OP_LDG || i->optype == SIM_OP_STG;
	if (i->optype == SIM_OP_LDL || i->optype == SIM_OP_STL) {
		local_plan(i, size);
		return;
	}
	if (size != 4 || ka == RT_NONE ||
	    (!global && i->optype != SIM_OP_LDS && i->optype != SIM_OP_STS))
		return;
	const sim_opnd *o = &i->op[ka];
	unsigned r = o->reg;
	if (r >= SIM_RZ || (o->width == 64) != global ||
	    (global && r + 1 >= SIM_RZ))
		return;
	unsigned dr;
	if (load) {
		int kd = sim_slot(i, RT_D0);
		dr = kd == RT_NONE || i->op[kd].reg >= SIM_RZ ? SIM_RSINK
							      : i->op[kd].reg;
	} else {
		if (kb == RT_NONE || i->op[kb].reg >= SIM_RZ)
			return;
		dr = i->op[kb].reg;
	}
	i->prow[0] = sim_row_off(r);
	i->prow[1] = sim_row_off(global ? r + 1 : r);
	i->prow[3] = sim_row_off(dr);
	i->aux[3] = ko == RT_NONE ? 0 : i->op[ko].imm;
	switch (i->optype) {
	case SIM_OP_LDS: PLAN_EXEC(i, lds_row); break;
	case SIM_OP_STS: PLAN_EXEC(i, sts_row); break;
	case SIM_OP_LDG: PLAN_EXEC(i, ldg_row); break;
	default: PLAN_EXEC(i, stg_row); break;
	}
}
