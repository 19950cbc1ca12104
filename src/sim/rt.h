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
 *              44-47 address, 48-51 a third source pred (UPLOP3)
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

/*
 * Two builds of the lane loops.  RT_LANE_CLONES on a function whose body
 * is a loop over the 32 lanes compiles it twice: for the base x86-64
 * (SSE2: four 32-bit lanes per vector instruction) and for AVX2 (eight),
 * and the C library's loader picks one per process, once, at start (a
 * GNU indirect function: the resolver GCC and clang write asks cpuid;
 * the function's address is then that of the chosen build).  Both builds
 * come from the same C with the same -ffp-contract, so they compute the
 * same bits: the AVX2 one only does eight lanes per instruction (no FMA,
 * which "avx2" does not enable, and no other reassociation).  Elsewhere
 * (another host, a C library without indirect functions, another
 * compiler; a build with -DSIMT_NO_LANE_CLONES) one build.
 */
#if defined(__x86_64__) && defined(__GNUC__) && defined(__GLIBC__) &&         \
	!defined(SIMT_NO_LANE_CLONES)
#define RT_LANE_CLONES __attribute__((target_clones("avx2", "default")))
#else
#define RT_LANE_CLONES
#endif
/* RT_LANE_CLONES on a function that other files call: clang before 18
 * names the indirect function of such a definition "f.ifunc", and the
 * callers, which see a plain declaration, do not find it (one build
 * there). */
#if defined(__clang__) && __clang_major__ < 18
#define RT_LANE_CLONES_EXTERN
#else
#define RT_LANE_CLONES_EXTERN RT_LANE_CLONES
#endif

/*
 * Eight lanes of a row as one value (GNU C vector type, any alignment of
 * a uint32_t, aliases the rows): a block computed lane by lane into one
 * is stored with one vector store (two in the SSE2 build) where a copy of
 * an eight-word array would be split into narrower moves.
 */
typedef uint32_t rt_lanes8
	__attribute__((vector_size(32), aligned(4), may_alias));

/* A row of 32 words copied from s to d (rows of different arrays). */
static inline void rt_copy_row(void *d, const void *s)
{
	_Pragma("GCC unroll 4")
	for (int k = 0; k < SIM_LANES / 8; k++)
		((rt_lanes8 *)d)[k] = ((const rt_lanes8 *)s)[k];
}

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
	M(NEG, "NEG") M(ABS, "ABS") M(F64, "F64") M(F16, "F16")               \
	M(BF16, "BF16")

enum {
#define RT_X_ENUM(e, s) RT_MOD_##e##_BIT,
	RT_MODS(RT_X_ENUM)
#undef RT_X_ENUM
	RT_MOD_COUNT
};
#define RT_M(e) (1ull << RT_MOD_##e##_BIT)

/* Role slots in aux[0]. */
enum { RT_D0, RT_D1, RT_PD0, RT_PD1, RT_S0, RT_S1, RT_S2, RT_PS0, RT_PS1,
       RT_S3, RT_ENUM, RT_ADDR, RT_PS2, RT_NSLOTS };
#define RT_NONE SIM_SLOT_NONE
static inline bool rt_has(const sim_inst *i, uint64_t m)
{
	return ((uint64_t)i->aux[1] & m) != 0;
}

sim_prep_fn rt_prep;
/* Name of the enum value of operand k (S2R's SR), or "" */
const char *rt_enum_name(const sim_inst *i, int k);

/* ---- semantics shared by the vector handlers and the uniform datapath ---- */

/* Lane mask of cmp(x[l], y[l]) for the compare modifier in mods (alu.c). */
uint32_t rt_icmp(uint64_t mods, bool u, const uint32_t *x, const uint32_t *y);
/* FSETP/DSETP comparison `mods` (FCmp) of x and y (fp.c). */
bool rt_fcmp(uint64_t m, double x, double y);
/* Does every lane of row a hold a[0], and every lane of row b agree with
 * b[0] in the bits of bmask?  The whole-warp "one object, one parity"
 * tests of the mbarrier unit's quick paths (rt.c, two builds). */
bool rt_rows_uniform(const uint32_t *a, const uint32_t *b, uint32_t bmask);
/* A compare result combined with the source predicate by .AND/.OR/.XOR. */
uint32_t rt_bool_op(uint64_t mods, uint32_t r, uint32_t p);
/* Special register sr (sim_rt_prep_s2r's code in aux[2]) for every lane
 * (special.c). */
void rt_sreg(sim_warp *w, int sr, uint32_t v[SIM_LANES]);
/* Access size in bytes from .U8 .S8 .U16 .S16 .64 .128 (special.c). */
unsigned rt_size(const sim_inst *i, bool *sign);

/*
 * SHF of one lane: funnel shift of c:a (c high) by b; .L/.R, signed
 * types shift right arithmetically, 32-bit types clamp the count at 32,
 * 64-bit types take it modulo 64; .HI returns the high word.
 */
static inline uint32_t rt_shf_by(bool left, bool hi, bool wide, bool sgn,
				 uint32_t a, uint32_t b, uint32_t c)
{
	uint32_t s = wide ? (b & 63) : (b > 32 ? 32 : b);
	uint64_t x = (uint64_t)c << 32 | a;
	uint64_t y = left ? x << s : sgn ? (uint64_t)((int64_t)x >> s) : x >> s;
	return hi ? (uint32_t)(y >> 32) : (uint32_t)y;
}

/* The four flags of rt_shf_by as bits 0-3 (left, hi, wide, signed). */
static inline unsigned rt_shf_kind(uint64_t mods)
{
	return (unsigned)((mods & RT_M(L)) != 0) |
	       (unsigned)((mods & RT_M(HI)) != 0) << 1 |
	       (unsigned)((mods & (RT_M(U64) | RT_M(S64))) != 0) << 2 |
	       (unsigned)((mods & (RT_M(S32) | RT_M(S64))) != 0) << 3;
}

static inline uint32_t rt_shf1(uint64_t mods, uint32_t a, uint32_t b,
			       uint32_t c)
{
	unsigned k = rt_shf_kind(mods);
	return rt_shf_by(k & 1, k >> 1 & 1, k >> 2 & 1, k >> 3 & 1, a, b, c);
}

/* Bit-wise select: s ? x : y. */
static inline uint32_t rt_mux(uint32_t s, uint32_t x, uint32_t y)
{
	return (s & x) | (~s & y);
}

/* The eight entries of a LOP3 truth table as all-ones / zero words. */
static inline void rt_lut_entries(uint32_t lut, uint32_t e[8])
{
	for (int k = 0; k < 8; k++)
		e[k] = (lut >> k & 1) ? 0xffffffffu : 0;
}

/* LOP3.LUT of one lane: bit i of the result is entry (a_i<<2|b_i<<1|c_i)
 * of the table, as a branch-free multiplexer tree. */
static inline uint32_t rt_lut3(const uint32_t e[8], uint32_t a, uint32_t b,
			       uint32_t c)
{
	uint32_t hi = rt_mux(b, rt_mux(c, e[7], e[6]), rt_mux(c, e[5], e[4]));
	uint32_t lo = rt_mux(b, rt_mux(c, e[3], e[2]), rt_mux(c, e[1], e[0]));
	return rt_mux(a, hi, lo);
}

/* The one value of operand k for every lane when it is not a GPR
 * (immediate, constant, uniform register; absent: zero), the operand's
 * negation applied once more as rt_row applies it. */
static inline uint32_t rt_scalar(sim_warp *w, const sim_inst *i, int k)
{
	if (k == RT_NONE)
		return 0;
	const sim_opnd *o = &i->op[k];
	uint32_t v = o->kind == SIM_O_IMM ? (uint32_t)o->imm : sim_src32(w, i, k, 0);
	return o->neg ? ~v : v;
}

/* Row of 32 source values of operand k (broadcast into tmp when uniform).
 * An absent operand reads as zero. */
static inline const uint32_t *rt_row(sim_warp *w, const sim_inst *i, int k,
				     uint32_t tmp[SIM_LANES])
{
	if (k != RT_NONE && i->op[k].kind == SIM_O_REG) {
		const sim_opnd *o = &i->op[k];
		if (!o->neg)
			return w->r[o->reg];
		for (int l = 0; l < SIM_LANES; l++)
			tmp[l] = ~w->r[o->reg][l];
		return tmp;
	}
	uint32_t v = rt_scalar(w, i, k);
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
	if (sim_popc(pmask) <= 4) { /* a few lanes (one producer thread) */
		for (; pmask; pmask &= pmask - 1)
			d[sim_ffs(pmask)] = v[sim_ffs(pmask)];
		return;
	}
	/* partial mask: a select per lane through an all-ones/zero mask, no
	   branch; the lane's bit comes from a table, not a shift by l, so
	   that the loop vectorises (SSE2 has no per-lane shift count) */
	for (int l = 0; l < SIM_LANES; l++) {
		uint32_t take = 0u - (uint32_t)((pmask & sim_lane_bit[l]) != 0);
		d[l] = (v[l] & take) | (d[l] & ~take);
	}
}

/* d[l] = v for the lanes of pmask (one value for the warp). */
static inline void rt_fill(uint32_t *d, uint32_t v, uint32_t pmask)
{
	if (pmask == 0xffffffffu) {
		for (int l = 0; l < SIM_LANES; l++)
			d[l] = v;
		return;
	}
	for (int l = 0; l < SIM_LANES; l++) {
		uint32_t take = 0u - (uint32_t)((pmask & sim_lane_bit[l]) != 0);
		d[l] = (v & take) | (d[l] & ~take);
	}
}

/*
 * d[l] = EXPR for the lanes l of pmask, the others unchanged, for a
 * lane-wise EXPR of l (reads lane l of its source rows only): in blocks
 * of eight lanes whose values are all computed (into an rt_lanes8) before
 * any is stored, so d may be one of the source rows (two rows are the
 * same or disjoint) and no temporary row is needed; the compiler turns
 * each block into vector instructions (one AVX2 instruction per
 * operation, two SSE2 ones) and the four blocks into straight code.  The
 * lanes outside pmask keep their value through a select (the lane's bit
 * from sim_lane_bit).  A sparse pmask (at most RT_SPARSE lanes: one
 * producer thread, a tail) visits only its lanes, one after another
 * (EXPR of lane l, then its store).
 */
#define RT_SPARSE 6
static inline bool rt_sparse(uint32_t pmask)
{
	return pmask != 0xffffffffu && sim_popc(pmask) <= RT_SPARSE;
}
#define RT_ROW_PUT(d, pmask, EXPR)                                             \
	do {                                                                   \
		uint32_t *d_ = (d), pm_ = (pmask);                             \
		if (pm_ == 0xffffffffu) {                                      \
			_Pragma("GCC unroll 4")                                \
			for (int l0_ = 0; l0_ < SIM_LANES; l0_ += 8) {         \
				rt_lanes8 x_;                                  \
				for (int j_ = 0; j_ < 8; j_++) {               \
					int l = l0_ + j_;                      \
					x_[j_] = (EXPR);                       \
				}                                              \
				*(rt_lanes8 *)(d_ + l0_) = x_;                 \
			}                                                      \
			break;                                                 \
		}                                                              \
		if (sim_popc(pm_) <= RT_SPARSE) {                              \
			for (uint32_t m_ = pm_; m_; m_ &= m_ - 1) {            \
				int l = (int)sim_ffs(m_);                      \
				d_[l] = (EXPR);                                \
			}                                                      \
			break;                                                 \
		}                                                              \
		_Pragma("GCC unroll 4")                                        \
		for (int l0_ = 0; l0_ < SIM_LANES; l0_ += 8) {                 \
			rt_lanes8 x_;                                          \
			for (int j_ = 0; j_ < 8; j_++) {                       \
				int l = l0_ + j_;                              \
				uint32_t t_ = 0u - (uint32_t)((pm_ &           \
							sim_lane_bit[l]) != 0); \
				x_[j_] = ((EXPR) & t_) | (d_[l] & ~t_);        \
			}                                                      \
			*(rt_lanes8 *)(d_ + l0_) = x_;                         \
		}                                                              \
	} while (0)

/* Row n of a plan (sim_inst.prow, a byte offset from the warp; alu.c,
 * ldst.c). */
static inline uint32_t *rt_prow(sim_warp *w, const sim_inst *i, int n)
{
	return (uint32_t *)((char *)w + i->prow[n]);
}

/* i->exec = the plan handler f.  GCC 12 takes the address of a static
 * RT_LANE_CLONES function (its indirect function) for that of a local
 * variable (a false -Wdangling-pointer at the store); the check stays on
 * everywhere else. */
#if defined(__GNUC__) && !defined(__clang__) && __GNUC__ >= 12
#define PLAN_EXEC(i, f)                                                        \
	do {                                                                   \
		_Pragma("GCC diagnostic push")                                 \
		_Pragma("GCC diagnostic ignored \"-Wdangling-pointer\"")       \
		(i)->exec = (f);                                               \
		_Pragma("GCC diagnostic pop")                                  \
	} while (0)
#else
#define PLAN_EXEC(i, f) ((i)->exec = (f))
#endif

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
