/*
 * rt.h - shared pieces of the companion instruction handlers (alu.c, fp.c,
 * ldst.c, special.c): operand roles and modifiers resolved once at
 * predecode, and lane-loop helpers.
 *
 * Predecode (rt_prep, the prep hook of every runtime row) reads the opcode
 * by NAME, never by bit position:
 *   - operands are sorted into roles by their kind and the InList/OutList
 *     of the ISA: destination registers, destination predicates, source
 *     values (register, uniform register, immediate, constant), source
 *     predicates, enum operands (S2R's SR_*), memory addresses;
 *   - modifiers become a bit set of RT_MOD_* from the VALUE NAMES of the
 *     opcode's enum fields (".WIDE", ".U32", ".LT", ".FTZ", ".64", ...),
 *     so the handlers do not depend on how the .isa files name the fields.
 *
 *   i->aux[0]  operand indices, one nibble per role slot (0xF: absent):
 *              bits 0-7 dst regs d0 d1, 8-15 dst preds, 16-27 sources
 *              s0 s1 s2, 28-35 source preds, 36-39 s3, 40-43 enum,
 *              44-47 address
 *   i->aux[1]  RT_MOD_* bits
 *   i->aux[2]  handler-specific (compare code, size, SR code, LUT, ...)
 *
 * Every handler computes all 32 lanes into a temporary and merges the
 * pmask lanes into the destination (a select the compiler vectorises);
 * loads and stores touch only pmask lanes.
 */
#ifndef SIMT_SIM_RT_H
#define SIMT_SIM_RT_H

#include <string.h>

#include "sim/mem.h"
#include "sim/sim.h"

/* X-macro: modifier value names the handlers understand (enum, spelling). */
#define RT_MODS(M)                                                             \
	M(WIDE, "WIDE") M(HI, "HI") M(X, "X") M(U32, "U32") M(S32, "S32")      \
	M(U64, "U64") M(S64, "S64") M(L, "L") M(R, "R") M(SH, "SH")            \
	M(F, "F") M(LT, "LT") M(EQ, "EQ") M(LE, "LE") M(GT, "GT") M(NE, "NE")  \
	M(GE, "GE") M(T, "T") M(NUM, "NUM") M(NAN, "NAN") M(LTU, "LTU")        \
	M(EQU, "EQU") M(LEU, "LEU") M(GTU, "GTU") M(NEU, "NEU") M(GEU, "GEU")  \
	M(AND, "AND") M(OR, "OR") M(XOR, "XOR") M(FTZ, "FTZ") M(RN, "RN")      \
	M(RZ, "RZ") M(RM, "RM") M(RP, "RP") M(TRUNC, "TRUNC")                  \
	M(FLOOR, "FLOOR") M(CEIL, "CEIL") M(U8, "U8") M(S8, "S8")              \
	M(U16, "U16") M(S16, "S16") M(B64, "64") M(B128, "128") M(F32, "F32")  \
	M(RCP, "RCP") M(SQRT, "SQRT") M(RSQ, "RSQ") M(EX2, "EX2")              \
	M(LG2, "LG2") M(SIN, "SIN") M(COS, "COS") M(SAT, "SAT")                \
	M(NEG, "NEG") M(ABS, "ABS")

enum {
#define RT_X_ENUM(e, s) RT_MOD_##e##_BIT,
	RT_MODS(RT_X_ENUM)
#undef RT_X_ENUM
	RT_MOD_COUNT
};
#define RT_M(e) (1ull << RT_MOD_##e##_BIT)

/* Role slots in aux[0]. */
enum { RT_D0, RT_D1, RT_PD0, RT_PD1, RT_S0, RT_S1, RT_S2, RT_PS0, RT_PS1,
       RT_S3, RT_ENUM, RT_ADDR, RT_NSLOTS };
#define RT_NONE SIM_SLOT_NONE
static inline bool rt_has(const sim_inst *i, uint64_t m)
{
	return ((uint64_t)i->aux[1] & m) != 0;
}

sim_prep_fn rt_prep;
/* Name of the enum value of operand k (S2R's SR), or "" */
const char *rt_enum_name(const sim_inst *i, int k);

/* Row of 32 source values of operand k (broadcast into tmp when uniform).
 * An absent operand reads as zero. */
static inline const uint32_t *rt_row(sim_warp *w, const sim_inst *i, int k,
				     uint32_t tmp[SIM_LANES])
{
	uint32_t v;
	if (k == RT_NONE) {
		v = 0;
	} else {
		const sim_opnd *o = &i->op[k];
		if (o->kind == SIM_O_REG) {
			if (!o->neg)
				return w->r[o->reg];
			for (int l = 0; l < SIM_LANES; l++)
				tmp[l] = ~w->r[o->reg][l];
			return tmp;
		}
		v = o->kind == SIM_O_IMM ? (uint32_t)o->imm : sim_src32(w, i, k, 0);
		if (o->neg)
			v = ~v;
	}
	for (int l = 0; l < SIM_LANES; l++)
		tmp[l] = v;
	return tmp;
}

/* 64-bit source of operand k for lane l (pairs; RZ reads zero). */
static inline uint64_t rt_src64(sim_warp *w, const sim_inst *i, int k, int l)
{
	if (k == RT_NONE)
		return 0;
	const sim_opnd *o = &i->op[k];
	if (o->kind == SIM_O_REG)
		return o->reg >= SIM_RZ ? 0
		       : w->r[o->reg][l] | (uint64_t)w->r[o->reg + 1][l] << 32;
	return sim_src64(w, i, k, l);
}

/* Destination row of GPR operand k, part h (0 low, 1 high word of a pair). */
static inline uint32_t *rt_dst(sim_warp *w, const sim_inst *i, int k, int h)
{
	if (k == RT_NONE)
		return w->r[SIM_RSINK];
	unsigned r = i->op[k].reg;
	return r >= SIM_RZ || r + h >= SIM_RZ ? w->r[SIM_RSINK] : w->r[r + h];
}

/*
 * Pack 32 flags (each byte 0 or 1, lane l at f[l]) into a lane mask: one
 * multiply gathers 8 flags into a byte (bit i of the top byte = byte i).
 */
static inline uint32_t rt_pack(const uint8_t f[SIM_LANES])
{
	uint32_t r = 0;
	for (int g = 0; g < 4; g++) {
		uint64_t x;
		memcpy(&x, f + 8 * g, 8);
		r |= (uint32_t)((x * 0x0102040810204080ull) >> 56) << (8 * g);
	}
	return r;
}

/* d[l] = v[l] for the lanes of pmask. */
static inline void rt_put(uint32_t *d, const uint32_t *v, uint32_t pmask)
{
	if (pmask == 0xffffffffu) {
		for (int l = 0; l < SIM_LANES; l++)
			d[l] = v[l];
		return;
	}
	for (int l = 0; l < SIM_LANES; l++)
		d[l] = (pmask >> l & 1) ? v[l] : d[l];
}

/* Write lane mask bits of a destination predicate slot. */
static inline void rt_put_pred(sim_warp *w, const sim_inst *i, int slot,
			       uint32_t v, uint32_t pmask)
{
	int k = sim_slot(i, slot);
	if (k == RT_NONE)
		return;
	uint32_t *p = &w->p[i->op[k].reg];
	*p = (*p & ~pmask) | (v & pmask);
}

/* True when a destination predicate slot names a real predicate (not PT). */
static inline bool rt_pred_written(const sim_inst *i, int slot)
{
	int k = sim_slot(i, slot);
	return k != RT_NONE && i->op[k].reg != SIM_PSINK;
}

/* Lane mask of a source predicate slot (absent: PT). */
static inline uint32_t rt_get_pred(const sim_warp *w, const sim_inst *i, int slot)
{
	int k = sim_slot(i, slot);
	if (k == RT_NONE)
		return 0xffffffffu;
	return sim_pred(w, i->op[k].reg, i->op[k].neg);
}

#endif
