/*
 * alu.c - integer companion instructions: MOV, IADD3, IMAD, ISETP,
 * LOP3.LUT, SHF, SEL, POPC, BREV, FLO, IABS, IMNMX, PRMT, NOP.
 *
 * Requires: rt_prep() ran (operand roles and modifiers in aux, rt.h).
 * Each handler reads like the rule in docs/semantics.md ("Companion
 * instructions"): compute 32 lanes, merge the pmask lanes.
 */
#include "sim/rt.h"

#define LANES for (int l = 0; l < SIM_LANES; l++)
/* LANES unrolled (once vectorised: 8 blocks of 4 lanes, no loop); a
 * statement of its own (the pragma cannot be the body of an if). */
#define LANES8 _Pragma("GCC unroll 8") LANES

/* The common shape: a, b, c source rows. */
#define SRC3                                                                   \
	uint32_t ta[SIM_LANES], tb[SIM_LANES], tc[SIM_LANES], v[SIM_LANES];    \
	const uint32_t *a = rt_row(w, i, sim_slot(i, RT_S0), ta);               \
	const uint32_t *b = rt_row(w, i, sim_slot(i, RT_S1), tb);               \
	const uint32_t *c = rt_row(w, i, sim_slot(i, RT_S2), tc);               \
	(void)a; (void)b; (void)c

void sim_rt_nop(sim_warp *w, const sim_inst *i, uint32_t pmask)
{
}

/* MOV of the shapes mov_plan does not take: a constant or a uniform
 * register (one value for the warp), a negated register, a destination
 * that is not a GPR. */
RT_LANE_CLONES_EXTERN
void sim_rt_mov(sim_warp *w, const sim_inst *i, uint32_t pmask)
{
	int k = sim_slot(i, RT_S0);
	uint32_t *d = rt_dst(w, i, sim_slot(i, RT_D0), 0);
	if (k == RT_NONE || i->op[k].kind != SIM_O_REG) {
		rt_fill(d, rt_scalar(w, i, k), pmask);
		return;
	}
	uint32_t ta[SIM_LANES];
	rt_put(d, rt_row(w, i, k, ta), pmask);
}

/*
 * Operand shapes, decided once per static instruction.  The prep hooks
 * below look at the operands of each instruction at predecode; when they
 * have a shape of the table, the hook writes a plan and installs the
 * variant handler of that shape (i->exec), which reads its rows and
 * constants from the plan and decodes nothing when issued: one handler
 * per shape and operation (iadd3_2, shf_r, isetp_ult, ...), so that the
 * common call is straight code.  Otherwise the general handler of the
 * SIM_OPS row runs.
 *
 *   instruction        shape (sources GPR or RZ, no negation, unless said)
 *   MOV                a GPR or an immediate              -> plan_add1
 *   IADD3              no carry in or out; immediates     -> plan_add1/2/3
 *   IADD3, IADD3.X     carry predicates in or out         -> iadd3_carry(1)
 *   IMAD               b a GPR or an immediate            -> imad_row/imm/shl
 *   IMAD.WIDE          b a GPR or an immediate, c a pair  -> imad_wide
 *   ISETP              b a GPR or an immediate            -> isetp_<cmp>
 *   SHF                count an immediate 1..31           -> shf_<kind>
 *   SHF                count a GPR, a 32-bit kind         -> shf_reg_<kind>
 *   LOP3.LUT           b, c GPRs or immediates, no Pu     -> lop3_<table>
 *   LOP3.LUT           the same with Pu written           -> lop3p_plan
 *   SEL                a, b GPRs or immediates            -> sel_plan
 *
 * The plan:
 *   i->prow[0-3]  rows A B C D as byte offsets in the warp's register
 *                 file w->r (sim_row_off;
 *                 an immediate source reads RZ, the zero row, and its
 *                 value is a constant); IMAD.WIDE: prow[4-5] the high
 *                 words of C and D.  A destination RZ is the sink row; a
 *                 pair's high row is D + 1 (the sink when D is).
 *   i->ppred[0-3] predicates PS0 PS1 PD0 PD1: index in w->p, bit 4 the
 *                 negation; an absent source reads PT or !PT (the value
 *                 the general handler gives it), an absent destination
 *                 is the sink.
 *   i->aux[3]     the constants k (bits 0-31) and kh (bits 32-63);
 *   i->aux[2]     a third one, n (shift count, table, flags).
 */
enum { PLAN_A, PLAN_B, PLAN_C, PLAN_D, PLAN_CH, PLAN_DH };
enum { PLAN_PS0, PLAN_PS1, PLAN_PD0, PLAN_PD1 };
#define PLAN_PT SIM_PT
#define PLAN_NOTPT (SIM_PT | 16)
#define PLAN_SINK SIM_PSINK

/* A plan handler: name's two builds (RT_LANE_CLONES). */
#define PLAN_FN(name)                                                          \
	RT_LANE_CLONES static void name(sim_warp *w, const sim_inst *i,       \
					uint32_t pmask)
/* A plan handler's part for the masks that are not a full warp, a
 * function of its own so that the full warp's code saves no register
 * (clang refuses noinline beside target_clones: there it may inline). */
#if defined(__clang__)
#define PLAN_NOINLINE
#else
#define PLAN_NOINLINE __attribute__((noinline))
#endif
/* The plan's operands in a plan handler: rows a b c, constants k kh n. */
#define PLAN_OPERANDS                                                          \
	const uint32_t *a = rt_prow(w, i, PLAN_A), *b = rt_prow(w, i, PLAN_B),       \
		       *c = rt_prow(w, i, PLAN_C);                                \
	const uint32_t k = (uint32_t)i->aux[3],                                \
		       kh = (uint32_t)((uint64_t)i->aux[3] >> 32),             \
		       n = (uint32_t)i->aux[2];                                \
	(void)a; (void)b; (void)c; (void)k; (void)kh; (void)n
/* A plan handler `name` split by mask: PART (of pmask) in name_part, a
 * function of its own, and FULL (the full warp) in name itself. */
#define PLAN_SPLIT(name, PART, FULL)                                           \
	PLAN_NOINLINE PLAN_FN(name##_part)                                     \
	{                                                                      \
		PART                                                           \
	}                                                                      \
	PLAN_FN(name)                                                          \
	{                                                                      \
		if (pmask != 0xffffffffu) {                                    \
			name##_part(w, i, pmask);                              \
			return;                                                \
		}                                                              \
		FULL                                                           \
	}
/* The plan handler `name` that writes EXPR (of lane l and the operands)
 * into row D: a full warp in name itself, straight code that needs no
 * saved register or frame; any other mask in name_part. */
#define PLAN_ROWS(name, EXPR)                                                  \
	PLAN_SPLIT(name,                                                       \
		   PLAN_OPERANDS;                                              \
		   RT_ROW_PUT(rt_prow(w, i, PLAN_D), pmask, (EXPR));,          \
		   PLAN_OPERANDS;                                              \
		   RT_ROW_PUT(rt_prow(w, i, PLAN_D), 0xffffffffu, (EXPR));)

/* Row of source slot s for a plan (RZ for an immediate, whose value is
 * added to *k), or -1 when the operand does not fit one. */
static int plan_src(const sim_inst *i, int s, uint32_t *k)
{
	int n = sim_slot(i, s);
	if (n == RT_NONE)
		return SIM_RZ;
	const sim_opnd *o = &i->op[n];
	if (o->neg)
		return -1;
	if (o->kind == SIM_O_REG)
		return o->reg <= SIM_RZ ? o->reg : -1;
	if (o->kind == SIM_O_IMM) {
		*k += (uint32_t)o->imm;
		return SIM_RZ;
	}
	return -1;
}

/* The plan's predicate n from slot s: its index and negation, `absent`
 * when the slot is absent. */
static void plan_pred(sim_inst *i, int s, int n, unsigned absent)
{
	int k = sim_slot(i, s);
	i->ppred[n] = (uint8_t)(k == RT_NONE ? absent
				: (i->op[k].reg & 0xfu) | (unsigned)(i->op[k].neg != 0) << 4);
}

/* Writes the plan's rows a b c and the destination; false (no plan)
 * when a row is -1 or the destination is not a GPR.  The predicates
 * read PT and write the sink unless set after. */
static bool plan_put(sim_inst *i, int a, int b, int c)
{
	int k = sim_slot(i, RT_D0);
	unsigned d = k == RT_NONE || i->op[k].reg >= SIM_RZ ? SIM_RSINK
							      : i->op[k].reg;
	if (a < 0 || b < 0 || c < 0 ||
	    (k != RT_NONE && i->op[k].kind != SIM_O_REG))
		return false;
	i->prow[PLAN_A] = sim_row_off((unsigned)a);
	i->prow[PLAN_B] = sim_row_off((unsigned)b);
	i->prow[PLAN_C] = sim_row_off((unsigned)c);
	i->prow[PLAN_D] = sim_row_off(d);
	i->prow[PLAN_CH] = i->prow[PLAN_DH] = sim_row_off(SIM_RZ);
	i->ppred[PLAN_PS0] = i->ppred[PLAN_PS1] = PLAN_PT;
	i->ppred[PLAN_PD0] = i->ppred[PLAN_PD1] = PLAN_SINK;
	return true;
}

/* Predicate n of the plan as a lane mask. */
static inline uint32_t plan_get_pred(const sim_warp *w, const sim_inst *i,
				     int n)
{
	unsigned f = i->ppred[n];
	return w->p[f & 0xf] ^ (0u - (f >> 4));
}

/* The pmask lanes of v into predicate n of the plan. */
static inline void plan_put_pred(sim_warp *w, const sim_inst *i, int n,
				 uint32_t v, uint32_t pmask)
{
	uint32_t *p = &w->p[i->ppred[n] & 0xf];
	*p = (*p & ~pmask) | (v & pmask);
}

/* m = the lane mask of the lanes where COND (an expression of lane l)
 * holds: an all-ones/zero word per lane ANDed with the lane's bit and ORed
 * together, which the compiler turns into vector compares. */
#define LANE_MASK(m, COND)                                                     \
	do {                                                                   \
		uint32_t m_ = 0;                                               \
		_Pragma("GCC unroll 8")                                        \
		LANES m_ |= sim_lane_bit[l] & (0u - (uint32_t)(COND));         \
		(m) = m_;                                                      \
	} while (0)

/* LANE_MASK for the lanes of pm only (the other bits of m are
 * meaningless): a sparse pm (rt_sparse) tests its lanes one by one. */
#define LANE_MASK_IN(m, pm, COND)                                              \
	do {                                                                   \
		uint32_t pm_ = (pm);                                           \
		if (rt_sparse(pm_)) {                                          \
			uint32_t s_ = 0;                                       \
			for (uint32_t b_ = pm_; b_; b_ &= b_ - 1) {            \
				int l = (int)sim_ffs(b_);                      \
				s_ |= (uint32_t)(COND) << l;                   \
			}                                                      \
			(m) = s_;                                              \
		} else {                                                       \
			LANE_MASK(m, COND);                                    \
		}                                                              \
	} while (0)

/* MOV of a GPR or an immediate, IADD3 of one row: d = A + k; IADD3 of
 * two and three rows. */
PLAN_ROWS(plan_add1, a[l] + k)
PLAN_ROWS(plan_add2, a[l] + b[l] + k)
PLAN_ROWS(plan_add3, a[l] + b[l] + c[l] + k)

simt_status sim_rt_prep_mov(sim_ctx *c, sim_inst *i, simt_diags *d)
{
	simt_status st = rt_prep(c, i, d);
	if (st != SIMT_OK || !i->opc)
		return st;
	i->aux[2] = i->aux[3] = 0;
	uint32_t k = 0;
	if (sim_slot(i, RT_S0) != RT_NONE &&
	    plan_put(i, plan_src(i, RT_S0, &k), SIM_RZ, SIM_RZ)) {
		i->aux[3] = k;
		PLAN_EXEC(i, plan_add1);
	}
	return SIMT_OK;
}

/* IADD3 (.X) with carries: the sum of rows A B C, the constant k and
 * the carry-in predicates PS0 PS1 (absent: !PT, 0); the carry count
 * leaves in PD0 (>= 1) and PD1 (>= 2), as sim_rt_iadd3 says.  In 32-bit
 * words, one addend at a time, counting the wrap-arounds (at most 2: the
 * addends are three words and two bits), so that the lanes stay vector
 * lanes. */
PLAN_FN(iadd3_carry)
{
	PLAN_OPERANDS;
	uint32_t k0 = plan_get_pred(w, i, PLAN_PS0),
		 k1 = plan_get_pred(w, i, PLAN_PS1);
	uint32_t t[SIM_LANES], v[SIM_LANES];
	LANES {
		uint32_t s = a[l] + b[l], x, y = s < a[l];
		x = s + c[l], y += x < s, s = x;
		x = s + k, y += x < s, s = x;
		x = s + ((k0 & sim_lane_bit[l]) != 0), y += x < s, s = x;
		x = s + ((k1 & sim_lane_bit[l]) != 0), y += x < s, s = x;
		v[l] = s;
		t[l] = y;
	}
	uint32_t c0, c1;
	LANE_MASK(c0, t[l] >= 1);
	LANE_MASK(c1, t[l] >= 2);
	RT_ROW_PUT(rt_prow(w, i, PLAN_D), pmask, v[l]);
	plan_put_pred(w, i, PLAN_PD0, c0, pmask);
	plan_put_pred(w, i, PLAN_PD1, c1, pmask);
}

/* The 64-bit add idiom: A + B + PS0, one carry (into PD0; PD1 cleared). */
PLAN_FN(iadd3_carry1)
{
	PLAN_OPERANDS;
	uint32_t k0 = plan_get_pred(w, i, PLAN_PS0), c0 = 0, v[SIM_LANES];
	LANES {
		/* the carry out of bit 31 of t = a + b + cin is the top bit
		   of (a & b) | ((a ^ b) & ~t) */
		uint32_t x = a[l], y = b[l];
		uint32_t t = x + y + ((k0 & sim_lane_bit[l]) != 0);
		int32_t top = (int32_t)((x & y) | ((x ^ y) & ~t));
		v[l] = t;
		c0 |= sim_lane_bit[l] & (uint32_t)(top >> 31);
	}
	RT_ROW_PUT(rt_prow(w, i, PLAN_D), pmask, v[l]);
	plan_put_pred(w, i, PLAN_PD0, c0, pmask);
	plan_put_pred(w, i, PLAN_PD1, 0, pmask);
}

/* IADD3: a plain sum (no carry in or out) plans its rows that are not
 * RZ and the sum of its immediates (k) for plan_add1/2/3; with carries,
 * rows, the immediates' sum and the predicates for iadd3_carry. */
simt_status sim_rt_prep_iadd3(sim_ctx *c, sim_inst *i, simt_diags *d)
{
	simt_status st = rt_prep(c, i, d);
	if (st != SIMT_OK || !i->opc)
		return st;
	i->aux[2] = i->aux[3] = 0;
	uint32_t ka = 0, kb = 0, kc = 0;
	int ra = plan_src(i, RT_S0, &ka), rb = plan_src(i, RT_S1, &kb),
	    rc = plan_src(i, RT_S2, &kc);
	if (sim_slot(i, RT_PS0) != RT_NONE || sim_slot(i, RT_PS1) != RT_NONE ||
	    rt_pred_written(i, RT_PD0) || rt_pred_written(i, RT_PD1)) {
		/* carry-outs are written when one of them is a real
		   predicate (not PT), both then, as the general path does */
		bool carries = rt_pred_written(i, RT_PD0) ||
			       rt_pred_written(i, RT_PD1);
		uint64_t k = (uint64_t)ka + kb + kc; /* one word in iadd3_carry */
		/* no C, no constant, no second carry-in (!PT) */
		int kp = sim_slot(i, RT_PS1);
		bool one = rc == SIM_RZ && k == 0 &&
			   (kp == RT_NONE || (i->op[kp].reg == SIM_PT && i->op[kp].neg));
		if (k > 0xffffffffu || !plan_put(i, ra, rb, rc))
			return SIMT_OK;
		plan_pred(i, RT_PS0, PLAN_PS0, PLAN_NOTPT);
		plan_pred(i, RT_PS1, PLAN_PS1, PLAN_NOTPT);
		if (carries) {
			plan_pred(i, RT_PD0, PLAN_PD0, PLAN_SINK);
			plan_pred(i, RT_PD1, PLAN_PD1, PLAN_SINK);
		}
		i->aux[3] = (int64_t)k;
		if (one)
			PLAN_EXEC(i, iadd3_carry1);
		else
			PLAN_EXEC(i, iadd3_carry);
		return SIMT_OK;
	}
	/* the rows that are not RZ first (A, then B) */
	if (rb == SIM_RZ) {
		rb = rc;
		rc = SIM_RZ;
	}
	if (ra == SIM_RZ) {
		ra = rb;
		rb = rc;
		rc = SIM_RZ;
	}
	if (plan_put(i, ra, rb, rc)) {
		i->aux[3] = (uint32_t)(ka + kb + kc);
		if (rb == SIM_RZ)
			PLAN_EXEC(i, plan_add1);
		else if (rc == SIM_RZ)
			PLAN_EXEC(i, plan_add2);
		else
			PLAN_EXEC(i, plan_add3);
	}
	return SIMT_OK;
}

/* The pairs hi:lo = a * b + ch:cl over a whole warp (u: unsigned), one
 * loop per signedness so each vectorises; IMAD.WIDE's plan and general
 * handlers share it. */
static inline void mac_wide(const uint32_t *a, const uint32_t *b,
			    const uint32_t *cl, const uint32_t *ch, bool u,
			    uint32_t *lo, uint32_t *hi)
{
	if (u)
		LANES {
			uint64_t s = (uint64_t)a[l] * b[l] +
				     ((uint64_t)ch[l] << 32 | cl[l]);
			lo[l] = (uint32_t)s;
			hi[l] = (uint32_t)(s >> 32);
		}
	else
		LANES {
			uint64_t s = (uint64_t)((int64_t)(int32_t)a[l] *
						(int32_t)b[l]) +
				     ((uint64_t)ch[l] << 32 | cl[l]);
			lo[l] = (uint32_t)s;
			hi[l] = (uint32_t)(s >> 32);
		}
}

/* IMAD.WIDE flags (n): unsigned; B is the immediate k; B is the
 * immediate 2^s, s = n >> 8 (1..31), so that the product is a shift (the
 * address idiom `IMAD.WIDE R, R, 4, R`). */
#define WIDE_U 1u
#define WIDE_BIMM 2u
#define WIDE_SHL 4u

/*
 * The pair of rows dl:dh = LO:HI (expressions of lane l) for the lanes of
 * pmask, as RT_ROW_PUT: each block of eight lanes computes both words of
 * its lanes before it stores them (the rows are the same as or disjoint
 * from the source rows), a sparse mask lane by lane.
 */
#define ROW_PUT2(dl, dh, pmask, LO, HI)                                        \
	do {                                                                   \
		uint32_t *dl_ = (dl), *dh_ = (dh), pm_ = (pmask);              \
		if (pm_ == 0xffffffffu) {                                      \
			_Pragma("GCC unroll 4")                                \
			for (int l0_ = 0; l0_ < SIM_LANES; l0_ += 8) {         \
				rt_lanes8 lo_, hi_;                            \
				for (int j_ = 0; j_ < 8; j_++) {               \
					int l = l0_ + j_;                      \
					lo_[j_] = (LO);                        \
					hi_[j_] = (HI);                        \
				}                                              \
				*(rt_lanes8 *)(dl_ + l0_) = lo_;               \
				*(rt_lanes8 *)(dh_ + l0_) = hi_;               \
			}                                                      \
			break;                                                 \
		}                                                              \
		if (rt_sparse(pm_)) {                                          \
			for (uint32_t m_ = pm_; m_; m_ &= m_ - 1) {            \
				int l = (int)sim_ffs(m_);                      \
				uint32_t lo_ = (LO), hi_ = (HI);               \
				dl_[l] = lo_;                                  \
				dh_[l] = hi_;                                  \
			}                                                      \
			break;                                                 \
		}                                                              \
		_Pragma("GCC unroll 4")                                        \
		for (int l0_ = 0; l0_ < SIM_LANES; l0_ += 8) {                 \
			rt_lanes8 lo_, hi_;                                    \
			for (int j_ = 0; j_ < 8; j_++) {                       \
				int l = l0_ + j_;                              \
				uint32_t t_ = 0u - (uint32_t)((pm_ &           \
							sim_lane_bit[l]) != 0); \
				lo_[j_] = ((LO) & t_) | (dl_[l] & ~t_);        \
				hi_[j_] = ((HI) & t_) | (dh_[l] & ~t_);        \
			}                                                      \
			*(rt_lanes8 *)(dl_ + l0_) = lo_;                       \
			*(rt_lanes8 *)(dh_ + l0_) = hi_;                       \
		}                                                              \
	} while (0)

/* IMAD.WIDE by 2^s (n: WIDE_SHL, s = n >> 8): A << s as a 64-bit word
 * (the high word from A's top bits, its sign with .S32) plus the pair
 * C:CH, in 32-bit lanes (the carry out of the low word by compare). */
#define IMAD_WIDE_SHL_BODY(TOP, PM)                                            \
	PLAN_OPERANDS;                                                         \
	const uint32_t *ch = rt_prow(w, i, PLAN_CH);                           \
	const unsigned s = n >> 8;                                             \
	ROW_PUT2(rt_prow(w, i, PLAN_D), rt_prow(w, i, PLAN_DH), (PM),          \
		 (a[l] << s) + c[l],                                           \
		 (TOP) + ch[l] + ((a[l] << s) + c[l] < (a[l] << s)))
#define IMAD_WIDE_SHL(name, TOP)                                               \
	PLAN_SPLIT(name, IMAD_WIDE_SHL_BODY(TOP, pmask);,                      \
		   IMAD_WIDE_SHL_BODY(TOP, 0xffffffffu);)
IMAD_WIDE_SHL(imad_wide_shl_u, a[l] >> (32 - s))
IMAD_WIDE_SHL(imad_wide_shl_s, (uint32_t)((int32_t)a[l] >> (32 - s)))
#undef IMAD_WIDE_SHL
#undef IMAD_WIDE_SHL_BODY

/* IMAD.WIDE: the pair D:DH = A * B (or k) + the pair C:CH (RZ: zero). */
PLAN_FN(imad_wide)
{
	PLAN_OPERANDS;
	const uint32_t *ch = rt_prow(w, i, PLAN_CH);
	uint32_t *dl = rt_prow(w, i, PLAN_D), *dh = rt_prow(w, i, PLAN_DH);
	bool u = n & WIDE_U, bimm = n & WIDE_BIMM;
	if (rt_sparse(pmask)) { /* lane by lane: both words of a lane at once */
		for (uint32_t m = pmask; m; m &= m - 1) {
			unsigned l = sim_ffs(m);
			uint32_t x = bimm ? k : b[l];
			uint64_t p = u ? (uint64_t)a[l] * x
				       : (uint64_t)((int64_t)(int32_t)a[l] * (int32_t)x);
			uint64_t s = p + ((uint64_t)ch[l] << 32 | c[l]);
			dl[l] = (uint32_t)s;
			dh[l] = (uint32_t)(s >> 32);
		}
		return;
	}
	uint32_t lo[SIM_LANES], hi[SIM_LANES];
	if (n & WIDE_SHL) { /* A << s as a 64-bit word, in 32-bit lanes */
		unsigned s = n >> 8;
		if (u) {
			LANES8 hi[l] = a[l] >> (32 - s);
		} else {
			LANES8 hi[l] = (uint32_t)((int32_t)a[l] >> (32 - s));
		}
		LANES8 {
			uint32_t x = a[l] << s, y = x + c[l];
			lo[l] = y;
			hi[l] += ch[l] + (y < x);
		}
	} else {
		uint32_t tb[SIM_LANES];
		if (bimm) { /* the multiplier, as a row */
			LANES tb[l] = k;
			b = tb;
		}
		mac_wide(a, b, c, ch, u, lo, hi);
	}
	RT_ROW_PUT(dh, pmask, hi[l]);
	RT_ROW_PUT(dl, pmask, lo[l]);
}

/* IMAD: A * B + C + kh; B the constant k; k = 2^n: a shift. */
PLAN_ROWS(imad_row, a[l] * b[l] + c[l] + kh)
PLAN_ROWS(imad_imm, a[l] * k + c[l] + kh)
PLAN_ROWS(imad_shl, (a[l] << n) + c[l] + kh)

/* IMAD (not .HI): a a GPR; b a GPR or an immediate (k); c a GPR or an
 * immediate (kh), or with .WIDE a pair or RZ (imad_wide). */
simt_status sim_rt_prep_imad(sim_ctx *c, sim_inst *i, simt_diags *d)
{
	simt_status st = rt_prep(c, i, d);
	if (st != SIMT_OK || !i->opc)
		return st;
	i->aux[2] = i->aux[3] = 0;
	if (rt_has(i, RT_M(HI)))
		return SIMT_OK;
	uint32_t ka = 0, kb = 0, kc = 0;
	int ra = plan_src(i, RT_S0, &ka), rb = plan_src(i, RT_S1, &kb),
	    rc = plan_src(i, RT_S2, &kc);
	int kbn = sim_slot(i, RT_S1);
	bool bimm = kbn != RT_NONE && i->op[kbn].kind == SIM_O_IMM;
	if (ka || (ra == SIM_RZ && sim_slot(i, RT_S0) != RT_NONE &&
		   i->op[sim_slot(i, RT_S0)].kind == SIM_O_IMM))
		return SIMT_OK; /* an immediate a: the general path */
	if (rt_has(i, RT_M(WIDE))) {
		int kcn = sim_slot(i, RT_S2), kd = sim_slot(i, RT_D0);
		if (kc || kd == RT_NONE ||
		    (kcn != RT_NONE && i->op[kcn].kind != SIM_O_REG))
			return SIMT_OK;
		bool u = rt_has(i, RT_M(U32));
		if (!plan_put(i, ra, rb, rc))
			return SIMT_OK;
		/* the high rows as rt_src64 and rt_dst read and write them */
		unsigned ch = rc >= SIM_RZ ? SIM_RZ : (unsigned)rc + 1;
		unsigned dr = i->op[kd].reg;
		unsigned dh = dr >= SIM_RZ || dr + 1 >= SIM_RZ ? SIM_RSINK : dr + 1;
		i->prow[PLAN_CH] = sim_row_off(ch);
		i->prow[PLAN_DH] = sim_row_off(dh);
		i->aux[3] = kb;
		uint32_t f = (u ? WIDE_U : 0) | (bimm ? WIDE_BIMM : 0);
		/* 2^s, s 1..31 (signed: 2^31 is -2^31, not a shift) */
		if (bimm && kb > 1 && !(kb & (kb - 1)) && (u || kb < 0x80000000u))
			f |= WIDE_SHL | (uint32_t)__builtin_ctz(kb) << 8;
		i->aux[2] = f;
		if (!(f & WIDE_SHL))
			PLAN_EXEC(i, imad_wide);
		else if (u)
			PLAN_EXEC(i, imad_wide_shl_u);
		else
			PLAN_EXEC(i, imad_wide_shl_s);
		return SIMT_OK;
	}
	if (!plan_put(i, ra, rb, rc))
		return SIMT_OK;
	i->aux[3] = (int64_t)((uint64_t)kc << 32 | kb);
	if (bimm && kb > 1 && !(kb & (kb - 1))) {
		i->aux[2] = __builtin_ctz(kb);
		PLAN_EXEC(i, imad_shl);
	} else if (bimm) {
		PLAN_EXEC(i, imad_imm);
	} else {
		PLAN_EXEC(i, imad_row);
	}
	return SIMT_OK;
}

/* ISETP: PD0 = cmp(A, B + k) BOP PS0, PD1 = !cmp BOP PS0, the .AND/.OR/
 * .XOR of n (0 1 2); one handler per comparison. */
static inline void isetp_out(sim_warp *w, const sim_inst *i, uint32_t r,
			     uint32_t pmask)
{
	uint32_t p = plan_get_pred(w, i, PLAN_PS0);
	unsigned op = (unsigned)i->aux[2];
	uint32_t u = op == 1 ? r | p : op == 2 ? r ^ p : r & p;
	uint32_t v = op == 1 ? ~r | p : op == 2 ? ~r ^ p : ~r & p;
	plan_put_pred(w, i, PLAN_PD0, u, pmask);
	plan_put_pred(w, i, PLAN_PD1, v, pmask);
}
#define ISETP_PLAN(name, COND)                                                 \
	PLAN_SPLIT(name,                                                       \
		   PLAN_OPERANDS; uint32_t r; LANE_MASK_IN(r, pmask, COND);    \
		   isetp_out(w, i, r, pmask);,                                 \
		   PLAN_OPERANDS; uint32_t r; LANE_MASK(r, COND);              \
		   isetp_out(w, i, r, 0xffffffffu);)
#define Y (b[l] + k)
#define S(x) ((int32_t)(x))
ISETP_PLAN(isetp_f, 0)
ISETP_PLAN(isetp_t, 1)
ISETP_PLAN(isetp_eq, a[l] == Y)
ISETP_PLAN(isetp_ne, a[l] != Y)
ISETP_PLAN(isetp_lt, S(a[l]) < S(Y))
ISETP_PLAN(isetp_le, S(a[l]) <= S(Y))
ISETP_PLAN(isetp_gt, S(a[l]) > S(Y))
ISETP_PLAN(isetp_ge, S(a[l]) >= S(Y))
ISETP_PLAN(isetp_ult, a[l] < Y)
ISETP_PLAN(isetp_ule, a[l] <= Y)
ISETP_PLAN(isetp_ugt, a[l] > Y)
ISETP_PLAN(isetp_uge, a[l] >= Y)
#undef Y
#undef S

simt_status sim_rt_prep_isetp(sim_ctx *c, sim_inst *i, simt_diags *d)
{
	simt_status st = rt_prep(c, i, d);
	if (st != SIMT_OK || !i->opc)
		return st;
	i->aux[2] = i->aux[3] = 0;
	uint32_t ka = 0, kb = 0;
	int ra = plan_src(i, RT_S0, &ka), rb = plan_src(i, RT_S1, &kb);
	if (ka || ra < 0 || rb < 0 || sim_slot(i, RT_S0) == RT_NONE ||
	    i->op[sim_slot(i, RT_S0)].kind != SIM_O_REG)
		return SIMT_OK;
	/* the destination predicates only: no GPR destination */
	i->prow[PLAN_A] = sim_row_off((unsigned)ra);
	i->prow[PLAN_B] = sim_row_off((unsigned)rb);
	i->prow[PLAN_C] = i->prow[PLAN_CH] = sim_row_off(SIM_RZ);
	i->prow[PLAN_D] = i->prow[PLAN_DH] = sim_row_off(SIM_RSINK);
	plan_pred(i, RT_PS0, PLAN_PS0, PLAN_PT);
	i->ppred[PLAN_PS1] = PLAN_PT;
	plan_pred(i, RT_PD0, PLAN_PD0, PLAN_SINK);
	plan_pred(i, RT_PD1, PLAN_PD1, PLAN_SINK);
	uint64_t m = (uint64_t)i->aux[1];
	/* rt_bool_op's order: .OR, then .XOR, else .AND; rt_icmp's order
	   of the comparisons */
	i->aux[2] = m & RT_M(OR) ? 1 : m & RT_M(XOR) ? 2 : 0;
	i->aux[3] = kb;
	bool u = (m & RT_M(U32)) != 0;
	if (m & RT_M(T))
		PLAN_EXEC(i, isetp_t);
	else if (m & RT_M(EQ))
		PLAN_EXEC(i, isetp_eq);
	else if (m & RT_M(NE))
		PLAN_EXEC(i, isetp_ne);
	else if (m & RT_M(LT))
		PLAN_EXEC(i, u ? isetp_ult : isetp_lt);
	else if (m & RT_M(LE))
		PLAN_EXEC(i, u ? isetp_ule : isetp_le);
	else if (m & RT_M(GT))
		PLAN_EXEC(i, u ? isetp_ugt : isetp_gt);
	else if (m & RT_M(GE))
		PLAN_EXEC(i, u ? isetp_uge : isetp_ge);
	else
		PLAN_EXEC(i, isetp_f);
	return SIMT_OK;
}

/* SHF by an immediate count n of 1..31: the result word is a pair of
 * word shifts of A (low) and C (high) (what rt_shf_by computes on the
 * 64-bit C:A), one handler per kind: .R, .L, .R.HI (unsigned, signed),
 * .L.HI. */
PLAN_ROWS(shf_r, a[l] >> n | c[l] << (32 - n))
PLAN_ROWS(shf_l, a[l] << n)
PLAN_ROWS(shf_rhi, c[l] >> n)
PLAN_ROWS(shf_rhi_s, (uint32_t)((int32_t)c[l] >> n))
PLAN_ROWS(shf_lhi, c[l] << n | a[l] >> (32 - n))

/* SHF of a 32-bit kind by the count row B, clamped at 32 (rt_shf_by's
 * rule): the result word from word shifts of A (low) and C (high) by
 * counts below 32 (N), the count 32 and 0 apart. */
#define N (b[l] > 31 ? 31u : b[l])
PLAN_ROWS(shf_reg_r, b[l] == 0 ? a[l] : b[l] >= 32 ? c[l]
		     : a[l] >> N | c[l] << (32 - N))
PLAN_ROWS(shf_reg_l, b[l] >= 32 ? 0 : a[l] << N)
PLAN_ROWS(shf_reg_rhi, b[l] >= 32 ? 0 : c[l] >> N)
PLAN_ROWS(shf_reg_rhi_s, (uint32_t)((int32_t)c[l] >> N))
PLAN_ROWS(shf_reg_lhi, b[l] == 0 ? c[l] : b[l] >= 32 ? a[l]
		       : c[l] << N | a[l] >> (32 - N))
#undef N

simt_status sim_rt_prep_shf(sim_ctx *c, sim_inst *i, simt_diags *d)
{
	simt_status st = rt_prep(c, i, d);
	if (st != SIMT_OK || !i->opc)
		return st;
	i->aux[2] = i->aux[3] = 0;
	int kb = sim_slot(i, RT_S1);
	unsigned kind = rt_shf_kind((uint64_t)i->aux[1]);
	/* bit 0 left, bit 1 the high word; the high word right, signed */
	unsigned code = (kind & 3) == 2 && (kind & 8) ? 4 : kind & 3;
	if (kb != RT_NONE && i->op[kb].kind == SIM_O_REG && !i->op[kb].neg) {
		/* a count register, a 32-bit kind (64-bit kinds take the
		   count modulo 64: the general path) */
		uint32_t k = 0;
		int ra = plan_src(i, RT_S0, &k), rb = plan_src(i, RT_S1, &k),
		    rc = plan_src(i, RT_S2, &k);
		if ((kind & 4) || k || !plan_put(i, ra, rb, rc))
			return SIMT_OK;
		switch (code) {
		case 0: PLAN_EXEC(i, shf_reg_r); break;
		case 1: PLAN_EXEC(i, shf_reg_l); break;
		case 2: PLAN_EXEC(i, shf_reg_rhi); break;
		case 3: PLAN_EXEC(i, shf_reg_lhi); break;
		default: PLAN_EXEC(i, shf_reg_rhi_s); break;
		}
		return SIMT_OK;
	}
	if (kb == RT_NONE || i->op[kb].kind != SIM_O_IMM || i->op[kb].neg)
		return SIMT_OK;
	uint32_t n = (uint32_t)i->op[kb].imm, k = 0;
	int ra = plan_src(i, RT_S0, &k), rc = plan_src(i, RT_S2, &k);
	if (n == 0 || n >= 32 || k || !plan_put(i, ra, SIM_RZ, rc))
		return SIMT_OK;
	i->aux[2] = n;
	switch (code) {
	case 0: PLAN_EXEC(i, shf_r); break;
	case 1: PLAN_EXEC(i, shf_l); break;
	case 2: PLAN_EXEC(i, shf_rhi); break;
	case 3: PLAN_EXEC(i, shf_lhi); break;
	default: PLAN_EXEC(i, shf_rhi_s); break;
	}
	return SIMT_OK;
}

/* LOP3.LUT without a predicate output: the table n of A, B + k and C,
 * one handler for each of the tables compilers emit most (and, or, xor,
 * and-not, three-way xor), and for B an immediate (k) or a row (b). */
#define LOP3_PLANS(sfx, B)                                                     \
	PLAN_ROWS(lop3_and##sfx, a[l] & (B))                                   \
	PLAN_ROWS(lop3_or##sfx, a[l] | (B))                                    \
	PLAN_ROWS(lop3_xor##sfx, a[l] ^ (B))                                   \
	PLAN_ROWS(lop3_andn##sfx, a[l] & ~(B))                                 \
	PLAN_ROWS(lop3_xor3##sfx, a[l] ^ (B) ^ c[l])
LOP3_PLANS(_k, k)
LOP3_PLANS(_b, b[l])
#undef LOP3_PLANS

/* Any other table: the multiplexer tree of rt_lut3. */
PLAN_FN(lop3_lut)
{
	PLAN_OPERANDS;
	uint32_t e[8];
	rt_lut_entries(n, e);
	RT_ROW_PUT(rt_prow(w, i, PLAN_D), pmask, rt_lut3(e, a[l], b[l] + k, c[l]));
}

/* LOP3.LUT with its predicate output PD0 (a real predicate): the table's
 * result, and PD0 = the lanes whose result is not zero, as sim_rt_lop3
 * writes them. */
PLAN_FN(lop3p_plan)
{
	PLAN_OPERANDS;
	uint32_t v[SIM_LANES], nz;
#define B (b[l] + k)
	switch (n) {
	case 0xc0: LANES v[l] = a[l] & B; break;
	case 0xfc: LANES v[l] = a[l] | B; break;
	case 0x3c: LANES v[l] = a[l] ^ B; break;
	case 0x30: LANES v[l] = a[l] & ~B; break;
	case 0x96: LANES v[l] = a[l] ^ B ^ c[l]; break;
	default: {
		uint32_t e[8];
		rt_lut_entries(n, e);
		LANES v[l] = rt_lut3(e, a[l], B, c[l]);
	}
	}
#undef B
	LANE_MASK(nz, v[l] != 0);
	RT_ROW_PUT(rt_prow(w, i, PLAN_D), pmask, v[l]);
	plan_put_pred(w, i, PLAN_PD0, nz, pmask);
}

/* LOP3.LUT: a and c GPRs, b a GPR or an immediate (k), the table n; a
 * predicate output written: lop3p_plan. */
simt_status sim_rt_prep_lop3(sim_ctx *c, sim_inst *i, simt_diags *d)
{
	simt_status st = rt_prep(c, i, d);
	if (st != SIMT_OK || !i->opc)
		return st;
	i->aux[2] = i->aux[3] = 0;
	int kl = sim_slot(i, RT_S3);
	if (kl == RT_NONE)
		return SIMT_OK;
	bool pu = rt_pred_written(i, RT_PD0);
	uint32_t lut = (uint32_t)i->op[kl].imm & 0xff, ka = 0, kb = 0, kc = 0;
	int ra = plan_src(i, RT_S0, &ka), rb = plan_src(i, RT_S1, &kb),
	    rc = plan_src(i, RT_S2, &kc);
	if (ka || kc || !plan_put(i, ra, rb, rc))
		return SIMT_OK;
	i->aux[2] = lut;
	i->aux[3] = kb;
	if (pu) {
		plan_pred(i, RT_PD0, PLAN_PD0, PLAN_SINK);
		PLAN_EXEC(i, lop3p_plan);
		return SIMT_OK;
	}
	/* B: the immediate alone when b is one (RZ + k), else the row
	   (k = 0) */
	bool bk = rb == SIM_RZ;
	switch (lut) {
	case 0xc0: PLAN_EXEC(i, bk ? lop3_and_k : lop3_and_b); break;
	case 0xfc: PLAN_EXEC(i, bk ? lop3_or_k : lop3_or_b); break;
	case 0x3c: PLAN_EXEC(i, bk ? lop3_xor_k : lop3_xor_b); break;
	case 0x30: PLAN_EXEC(i, bk ? lop3_andn_k : lop3_andn_b); break;
	case 0x96: PLAN_EXEC(i, bk ? lop3_xor3_k : lop3_xor3_b); break;
	default: PLAN_EXEC(i, lop3_lut); break;
	}
	return SIMT_OK;
}

/* SEL of GPRs or immediates: d = PS0 ? A + k : B + kh (an immediate
 * reads RZ, the zero row). */
PLAN_FN(sel_plan)
{
	PLAN_OPERANDS;
	const uint32_t p = plan_get_pred(w, i, PLAN_PS0);
	/* a select by the lane's bit of p, branch-free (it vectorises) */
#define T (0u - (uint32_t)((p & sim_lane_bit[l]) != 0))
	RT_ROW_PUT(rt_prow(w, i, PLAN_D), pmask,
		   ((a[l] + k) & T) | ((b[l] + kh) & ~T));
#undef T
}

simt_status sim_rt_prep_sel(sim_ctx *c, sim_inst *i, simt_diags *d)
{
	simt_status st = rt_prep(c, i, d);
	if (st != SIMT_OK || !i->opc)
		return st;
	i->aux[2] = i->aux[3] = 0;
	uint32_t ka = 0, kb = 0;
	int ra = plan_src(i, RT_S0, &ka), rb = plan_src(i, RT_S1, &kb);
	if (sim_slot(i, RT_S0) == RT_NONE || sim_slot(i, RT_S1) == RT_NONE)
		return SIMT_OK;
	if (plan_put(i, ra, rb, SIM_RZ)) {
		plan_pred(i, RT_PS0, PLAN_PS0, PLAN_PT);
		i->aux[3] = (int64_t)((uint64_t)kb << 32 | ka);
		PLAN_EXEC(i, sel_plan);
	}
	return SIMT_OK;
}

/*
 * IADD3: d = a + b + c (+ carry-in predicates with .X).  The carry
 * k = sum >> 32 is 0, 1 or 2; it leaves as a count in two predicates,
 * Pu = (k >= 1) and Pv = (k >= 2), so that IADD3.X ..., Pu, Pv adds it
 * back (the multi-word add idiom).
 */
RT_LANE_CLONES_EXTERN
void sim_rt_iadd3(sim_warp *w, const sim_inst *i, uint32_t pmask)
{
	SRC3;
	uint32_t k0 = 0, k1 = 0;
	/* IADD3.X (its own optype) is the only form with source predicates */
	if (sim_slot(i, RT_PS0) != RT_NONE)
		k0 = rt_get_pred(w, i, RT_PS0);
	if (sim_slot(i, RT_PS1) != RT_NONE)
		k1 = rt_get_pred(w, i, RT_PS1);
	bool carries = rt_pred_written(i, RT_PD0) || rt_pred_written(i, RT_PD1);
	if (!carries && !(k0 | k1)) { /* the common case: a plain sum */
		RT_ROW_PUT(rt_dst(w, i, sim_slot(i, RT_D0), 0), pmask,
			   a[l] + b[l] + c[l]);
		return;
	}
	if (!carries) {
		LANES v[l] = a[l] + b[l] + c[l] + (k0 >> l & 1) + (k1 >> l & 1);
		rt_put(rt_dst(w, i, sim_slot(i, RT_D0), 0), v, pmask);
		return;
	}
	uint32_t c0 = 0, c1 = 0;
	LANES {
		uint64_t s = (uint64_t)a[l] + b[l] + c[l] + (k0 >> l & 1) + (k1 >> l & 1);
		v[l] = (uint32_t)s;
		c0 |= (uint32_t)((s >> 32) >= 1) << l;
		c1 |= (uint32_t)((s >> 32) >= 2) << l;
	}
	rt_put(rt_dst(w, i, sim_slot(i, RT_D0), 0), v, pmask);
	rt_put_pred(w, i, RT_PD0, c0, pmask);
	rt_put_pred(w, i, RT_PD1, c1, pmask);
}

/*
 * IMAD: d = a * b + c (low 32 bits; .SHL and .MOV are spellings of it).
 * .HI: d = high 32 bits of a * b, plus c.  .WIDE: the pair d = a * b + c
 * with c a pair.  Signed unless .U32.
 */
RT_LANE_CLONES_EXTERN
void sim_rt_imad(sim_warp *w, const sim_inst *i, uint32_t pmask)
{
	SRC3;
	bool u = rt_has(i, RT_M(U32));
	uint32_t *d0 = rt_dst(w, i, sim_slot(i, RT_D0), 0);
	if (rt_has(i, RT_M(WIDE))) {
		uint32_t hi[SIM_LANES];
		int kc = sim_slot(i, RT_S2);
		const sim_opnd *oc = kc == RT_NONE ? NULL : &i->op[kc];
		if (oc && oc->kind == SIM_O_REG && oc->reg < SIM_RZ) {
			/* c a register pair: rows, no per-lane operand test */
			mac_wide(a, b, w->r[oc->reg], w->r[oc->reg + 1], u, v, hi);
			rt_put(rt_dst(w, i, sim_slot(i, RT_D0), 1), hi, pmask);
			rt_put(d0, v, pmask);
			return;
		}
		LANES {
			uint64_t p = u ? (uint64_t)a[l] * b[l]
				       : (uint64_t)((int64_t)(int32_t)a[l] * (int32_t)b[l]);
			uint64_t s = p + rt_src64(w, i, kc, l);
			v[l] = (uint32_t)s;
			hi[l] = (uint32_t)(s >> 32);
		}
		rt_put(rt_dst(w, i, sim_slot(i, RT_D0), 1), hi, pmask);
		rt_put(d0, v, pmask);
		return;
	}
	if (rt_has(i, RT_M(HI))) {
		LANES {
			uint64_t p = u ? (uint64_t)a[l] * b[l]
				       : (uint64_t)((int64_t)(int32_t)a[l] * (int32_t)b[l]);
			v[l] = (uint32_t)(p >> 32) + c[l];
		}
		rt_put(d0, v, pmask);
	} else if (sim_slot(i, RT_S1) != RT_NONE &&
		   i->op[sim_slot(i, RT_S1)].kind == SIM_O_IMM) {
		uint32_t k = b[0]; /* a constant multiplier: no row to load */
		RT_ROW_PUT(d0, pmask, a[l] * k + c[l]);
	} else {
		RT_ROW_PUT(d0, pmask, a[l] * b[l] + c[l]);
	}
}

/* Lane mask of x[l] OP y[l]; one loop per operator so each vectorises. */
#define CMP_MASK(T, OP)                                                        \
	do {                                                                   \
		uint8_t t_[SIM_LANES];                                         \
		LANES t_[l] = (T)x[l] OP (T)y[l];                              \
		r = rt_pack(t_);                                               \
	} while (0)

RT_LANE_CLONES_EXTERN
uint32_t rt_icmp(uint64_t mods, bool u, const uint32_t *x, const uint32_t *y)
{
	uint32_t r = 0;
	if (mods & RT_M(T))
		return 0xffffffffu;
	if (mods & RT_M(EQ))
		CMP_MASK(uint32_t, ==);
	else if (mods & RT_M(NE))
		CMP_MASK(uint32_t, !=);
	else if (u && (mods & RT_M(LT)))
		CMP_MASK(uint32_t, <);
	else if (u && (mods & RT_M(LE)))
		CMP_MASK(uint32_t, <=);
	else if (u && (mods & RT_M(GT)))
		CMP_MASK(uint32_t, >);
	else if (u && (mods & RT_M(GE)))
		CMP_MASK(uint32_t, >=);
	else if (mods & RT_M(LT))
		CMP_MASK(int32_t, <);
	else if (mods & RT_M(LE))
		CMP_MASK(int32_t, <=);
	else if (mods & RT_M(GT))
		CMP_MASK(int32_t, >);
	else if (mods & RT_M(GE))
		CMP_MASK(int32_t, >=);
	return r; /* .F: no lane */
}

/* Combine a compare result mask with the source predicate (.AND/.OR/.XOR). */
uint32_t rt_bool_op(uint64_t mods, uint32_t r, uint32_t p)
{
	if (mods & RT_M(OR))
		return r | p;
	if (mods & RT_M(XOR))
		return r ^ p;
	return r & p;
}

/* ISETP: Pu = cmp(a, b) BOP Pp; Pv = !cmp(a, b) BOP Pp. */
RT_LANE_CLONES_EXTERN
void sim_rt_isetp(sim_warp *w, const sim_inst *i, uint32_t pmask)
{
	uint32_t ta[SIM_LANES], tb[SIM_LANES];
	const uint32_t *a = rt_row(w, i, sim_slot(i, RT_S0), ta);
	const uint32_t *b = rt_row(w, i, sim_slot(i, RT_S1), tb);
	uint64_t mods = (uint64_t)i->aux[1];
	bool u = (mods & RT_M(U32)) != 0;
	uint32_t r = rt_icmp(mods, u, a, b);
	uint32_t p = rt_get_pred(w, i, RT_PS0);
	rt_put_pred(w, i, RT_PD0, rt_bool_op(mods, r, p), pmask);
	rt_put_pred(w, i, RT_PD1, rt_bool_op(mods, ~r, p), pmask);
}

/*
 * LOP3.LUT: each result bit is lut[(a << 2) | (b << 1) | c] of the
 * corresponding source bits (a = 0xf0, b = 0xcc, c = 0xaa select the
 * sources).  Evaluated as a branch-free multiplexer tree over the eight
 * table entries, so the lane loop vectorises.  The predicate output, when
 * written, is (result != 0).
 */
RT_LANE_CLONES_EXTERN
void sim_rt_lop3(sim_warp *w, const sim_inst *i, uint32_t pmask)
{
	SRC3;
	int kl = sim_slot(i, RT_S3);
	uint32_t lut = kl == RT_NONE ? 0 : (uint32_t)i->op[kl].imm & 0xff;
	if (!rt_pred_written(i, RT_PD0)) { /* no predicate: straight to Rd */
		uint32_t *d = rt_dst(w, i, sim_slot(i, RT_D0), 0);
		switch (lut) { /* the tables compilers emit most */
		case 0xc0: RT_ROW_PUT(d, pmask, a[l] & b[l]); return;
		case 0xfc: RT_ROW_PUT(d, pmask, a[l] | b[l]); return;
		case 0x3c: RT_ROW_PUT(d, pmask, a[l] ^ b[l]); return;
		case 0x30: RT_ROW_PUT(d, pmask, a[l] & ~b[l]); return;
		case 0x96: RT_ROW_PUT(d, pmask, a[l] ^ b[l] ^ c[l]); return;
		default: break;
		}
	}
	switch (lut) { /* the tables compilers emit most, then the general tree */
	case 0xc0: LANES v[l] = a[l] & b[l]; break;
	case 0xfc: LANES v[l] = a[l] | b[l]; break;
	case 0x3c: LANES v[l] = a[l] ^ b[l]; break;
	case 0x30: LANES v[l] = a[l] & ~b[l]; break;
	case 0x80: LANES v[l] = a[l] & b[l] & c[l]; break;
	case 0xfe: LANES v[l] = a[l] | b[l] | c[l]; break;
	case 0x96: LANES v[l] = a[l] ^ b[l] ^ c[l]; break;
	default: {
		uint32_t e[8];
		rt_lut_entries(lut, e);
		LANES v[l] = rt_lut3(e, a[l], b[l], c[l]);
	}
	}
	uint32_t *d = rt_dst(w, i, sim_slot(i, RT_D0), 0);
	if (d != w->r[SIM_RSINK]) /* LOP3.LUT Pu, RZ, ...: a predicate only */
		rt_put(d, v, pmask);
	if (rt_pred_written(i, RT_PD0)) {
		uint8_t nz[SIM_LANES];
		LANES nz[l] = v[l] != 0;
		rt_put_pred(w, i, RT_PD0, rt_pack(nz), pmask);
	}
}

/*
 * SHF: funnel shift of the 64-bit value c:a (c high) by b.  .L shifts
 * left, .R right (arithmetic for .S32/.S64).  The result is the low word,
 * or the high word with .HI.  Shift counts: .U32/.S32 clamp to 32,
 * .U64/.S64 use b & 63.
 */
RT_LANE_CLONES_EXTERN
void sim_rt_shf(sim_warp *w, const sim_inst *i, uint32_t pmask)
{
	SRC3;
	/* one loop per kind, so that each is straight-line code; a shift
	   count written as an immediate is one value for every lane (the
	   compiler shifts whole vectors by it) */
	int kb = sim_slot(i, RT_S1);
	bool uniform = kb != RT_NONE && i->op[kb].kind == SIM_O_IMM;
	const uint32_t n = b[0];
	unsigned kind = rt_shf_kind((uint64_t)i->aux[1]);
	if (uniform && n > 0 && n < 32) {
		/* a count below 32 keeps every kind inside 32-bit lanes: the
		   result word is a pair of word shifts (what rt_shf_by
		   computes on the 64-bit c:a) */
		switch (kind & 3) { /* bit 0 left, bit 1 high word */
		case 0: LANES v[l] = a[l] >> n | c[l] << (32 - n); break;
		case 1: LANES v[l] = a[l] << n; break;
		case 2:
			if (kind & 8) /* signed: the high word shifts in signs */
				LANES v[l] = (uint32_t)((int32_t)c[l] >> n);
			else
				LANES v[l] = c[l] >> n;
			break;
		default: LANES v[l] = c[l] << n | a[l] >> (32 - n); break;
		}
		rt_put(rt_dst(w, i, sim_slot(i, RT_D0), 0), v, pmask);
		return;
	}
	switch (kind) {
#define SHF_KIND(k)                                                            \
	case k:                                                                \
		if (uniform)                                                   \
			LANES v[l] = rt_shf_by(k & 1, k >> 1 & 1, k >> 2 & 1,   \
					       k >> 3 & 1, a[l], n, c[l]);      \
		else                                                           \
			LANES v[l] = rt_shf_by(k & 1, k >> 1 & 1, k >> 2 & 1,   \
					       k >> 3 & 1, a[l], b[l], c[l]);   \
		break;
	SHF_KIND(0) SHF_KIND(1) SHF_KIND(2) SHF_KIND(3) SHF_KIND(4)
	SHF_KIND(5) SHF_KIND(6) SHF_KIND(7) SHF_KIND(8) SHF_KIND(9)
	SHF_KIND(10) SHF_KIND(11) SHF_KIND(12) SHF_KIND(13) SHF_KIND(14)
	SHF_KIND(15)
#undef SHF_KIND
	}
	rt_put(rt_dst(w, i, sim_slot(i, RT_D0), 0), v, pmask);
}

/* SEL: d = Pp ? a : b. */
RT_LANE_CLONES_EXTERN
void sim_rt_sel(sim_warp *w, const sim_inst *i, uint32_t pmask)
{
	uint32_t ta[SIM_LANES], tb[SIM_LANES], v[SIM_LANES];
	const uint32_t *a = rt_row(w, i, sim_slot(i, RT_S0), ta);
	const uint32_t *b = rt_row(w, i, sim_slot(i, RT_S1), tb);
	uint32_t p = rt_get_pred(w, i, RT_PS0);
	LANES v[l] = (p >> l & 1) ? a[l] : b[l];
	rt_put(rt_dst(w, i, sim_slot(i, RT_D0), 0), v, pmask);
}

RT_LANE_CLONES_EXTERN
void sim_rt_popc(sim_warp *w, const sim_inst *i, uint32_t pmask)
{
	uint32_t ta[SIM_LANES], v[SIM_LANES];
	const uint32_t *a = rt_row(w, i, sim_slot(i, RT_S0), ta);
	LANES v[l] = sim_popc(a[l]);
	rt_put(rt_dst(w, i, sim_slot(i, RT_D0), 0), v, pmask);
}

/* BREV: bit i of d is bit 31 - i of a. */
RT_LANE_CLONES_EXTERN
void sim_rt_brev(sim_warp *w, const sim_inst *i, uint32_t pmask)
{
	uint32_t ta[SIM_LANES], v[SIM_LANES];
	const uint32_t *a = rt_row(w, i, sim_slot(i, RT_S0), ta);
	LANES {
		uint32_t x = a[l];
		x = (x >> 1 & 0x55555555u) | (x & 0x55555555u) << 1;
		x = (x >> 2 & 0x33333333u) | (x & 0x33333333u) << 2;
		x = (x >> 4 & 0x0f0f0f0fu) | (x & 0x0f0f0f0fu) << 4;
		x = (x >> 8 & 0x00ff00ffu) | (x & 0x00ff00ffu) << 8;
		v[l] = x >> 16 | x << 16;
	}
	rt_put(rt_dst(w, i, sim_slot(i, RT_D0), 0), v, pmask);
}

/*
 * FLO: bit position of the most significant 1 (.U32), or of the most
 * significant bit that differs from the sign (.S32); 0xffffffff when there
 * is none.  .SH returns 31 - position instead (still 0xffffffff for none).
 */
RT_LANE_CLONES_EXTERN
void sim_rt_flo(sim_warp *w, const sim_inst *i, uint32_t pmask)
{
	uint32_t ta[SIM_LANES], v[SIM_LANES];
	const uint32_t *a = rt_row(w, i, sim_slot(i, RT_S0), ta);
	bool sgn = rt_has(i, RT_M(S32)), sh = rt_has(i, RT_M(SH));
	LANES {
		uint32_t x = sgn && (int32_t)a[l] < 0 ? ~a[l] : a[l];
		uint32_t pos = x ? 31u - (uint32_t)__builtin_clz(x) : 0xffffffffu;
		v[l] = sh && x ? 31u - pos : pos;
	}
	rt_put(rt_dst(w, i, sim_slot(i, RT_D0), 0), v, pmask);
}

/* IABS: |a| (0x80000000 stays 0x80000000). */
RT_LANE_CLONES_EXTERN
void sim_rt_iabs(sim_warp *w, const sim_inst *i, uint32_t pmask)
{
	uint32_t ta[SIM_LANES], v[SIM_LANES];
	const uint32_t *a = rt_row(w, i, sim_slot(i, RT_S0), ta);
	LANES v[l] = (int32_t)a[l] < 0 ? 0u - a[l] : a[l];
	rt_put(rt_dst(w, i, sim_slot(i, RT_D0), 0), v, pmask);
}

/* IMNMX: Pp true selects the minimum, false the maximum; signed unless .U32. */
RT_LANE_CLONES_EXTERN
void sim_rt_imnmx(sim_warp *w, const sim_inst *i, uint32_t pmask)
{
	uint32_t ta[SIM_LANES], tb[SIM_LANES], v[SIM_LANES];
	const uint32_t *a = rt_row(w, i, sim_slot(i, RT_S0), ta);
	const uint32_t *b = rt_row(w, i, sim_slot(i, RT_S1), tb);
	bool u = rt_has(i, RT_M(U32));
	uint32_t p = rt_get_pred(w, i, RT_PS0);
	LANES {
		bool lt = u ? a[l] < b[l] : (int32_t)a[l] < (int32_t)b[l];
		bool take_a = (p >> l & 1) ? lt : !lt;
		v[l] = take_a ? a[l] : b[l];
	}
	rt_put(rt_dst(w, i, sim_slot(i, RT_D0), 0), v, pmask);
}

/*
 * PRMT: byte k of the result is byte (nibble k of b) & 7 of c:a (a low),
 * or that byte's sign repeated when the nibble's bit 3 is set.
 */
RT_LANE_CLONES_EXTERN
void sim_rt_prmt(sim_warp *w, const sim_inst *i, uint32_t pmask)
{
	SRC3;
	LANES {
		uint64_t x = (uint64_t)c[l] << 32 | a[l];
		uint32_t r = 0;
		for (int k = 0; k < 4; k++) {
			uint32_t sel = b[l] >> (4 * k) & 0xf;
			uint32_t byte = (uint32_t)(x >> (8 * (sel & 7))) & 0xff;
			if (sel & 8)
				byte = byte & 0x80 ? 0xff : 0;
			r |= byte << (8 * k);
		}
		v[l] = r;
	}
	rt_put(rt_dst(w, i, sim_slot(i, RT_D0), 0), v, pmask);
}
