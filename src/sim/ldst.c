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

#include "sim/rt.h"

unsigned rt_size(const sim_inst *i, bool *sign);
void rt_unpack(sim_warp *w, const sim_inst *i, int l, const uint8_t *bytes,
	       unsigned size, bool sign);

/* Per-lane effective addresses of the memory operand. */
static void addresses(sim_warp *w, const sim_inst *i, uint32_t pmask,
		      uint64_t addr[SIM_LANES])
{
	int k = rt_slot(i, RT_ADDR);
	const sim_opnd *o = &i->op[k == RT_NONE ? 0 : k];
	uint64_t off = (uint64_t)o->imm;
	for (uint32_t m = pmask; m; m &= m - 1) {
		int l = (int)sim_ffs(m);
		uint64_t base = 0;
		if (k != RT_NONE && o->reg < SIM_RZ) {
			base = w->r[o->reg][l];
			if (o->width == 64 && o->reg + 1 < SIM_RZ)
				base |= (uint64_t)w->r[o->reg + 1][l] << 32;
		}
		addr[l] = base + off;
	}
}

static void load(sim_warp *w, const sim_inst *i, uint32_t pmask, sim_space sp)
{
	uint64_t addr[SIM_LANES];
	uint8_t data[SIM_LANES][16];
	bool sign;
	unsigned size = rt_size(i, &sign);
	addresses(w, i, pmask, addr);
	if (!sim_mem_load(w, i, sp, pmask, addr, size, data))
		return;
	for (uint32_t m = pmask; m; m &= m - 1) {
		int l = (int)sim_ffs(m);
		rt_unpack(w, i, l, data[l], size, sign);
	}
}

static void store(sim_warp *w, const sim_inst *i, uint32_t pmask, sim_space sp)
{
	uint64_t addr[SIM_LANES];
	uint8_t data[SIM_LANES][16];
	bool sign;
	unsigned size = rt_size(i, &sign);
	int k = rt_slot(i, RT_S0);
	unsigned r = k == RT_NONE ? SIM_RZ : i->op[k].reg;
	addresses(w, i, pmask, addr);
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
