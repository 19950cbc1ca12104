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
 * variant handler of that shape (i->exec), which reads rows and constants
 * from the plan and decodes no operand when issued.  Otherwise the plan is
 * empty (aux[2] = 0) and the general handler of the SIM_OPS row runs.
 *
 *   instruction        shape (sources GPR or RZ, no negation, unless said)
 *   MOV                a GPR or an immediate              -> mov_plan
 *   IADD3              no carry in or out; immediates     -> iadd3_plan
 *   IADD3, IADD3.X     carry predicates in or out         -> iadd3_carry
 *   IMAD               b a GPR or an immediate            -> imad_plan
 *   IMAD.WIDE          b a GPR or an immediate, c a pair  -> imad_wide
 *   ISETP              b a GPR or an immediate            -> isetp_plan
 *   SHF                count an immediate 1..31           -> shf_plan
 *   SHF                count a GPR, a 32-bit kind         -> shf_reg_plan
 *   LOP3.LUT           b, c GPRs or immediates, no Pu     -> lop3_plan
 *   LOP3.LUT           the same with Pu written           -> lop3p_plan
 *   SEL                a, b GPRs or immediates            -> sel_plan
 *
 * The plan:
 *   aux[2]  bits 0-35  rows A B C D, 9 bits each (an immediate source reads
 *                      RZ, the zero row, and its value is a constant);
 *           bits 36-39 the shape's code (SHF kind, ISETP compare, LOP3 LUT
 *                      class, IADD3 row count, IMAD.WIDE signedness); bit 40 PLAN_OK; bit 41 PLAN_BIMM;
 *           bits 44-63 predicates PS0 PS1 PD0 PD1, 5 bits each: the row
 *                      and (bit 4) the negation; row 15: absent.
 *   aux[3]  the constants (per shape, said at its prep hook).
 * A destination GPR row D is the sink for RZ; a pair's high row is D + 1
 * (the sink when D is).
 */
#define PLAN_OK (1ll << 40)
#define PLAN_BIMM (1ll << 41) /* IMAD: b is the immediate aux[3] & 0xffffffff */
#define PLAN_ROW(i, n) ((unsigned)((uint64_t)(i)->aux[2] >> (9 * (n)) & 0x1ff))
#define PLAN_CODE(i) ((unsigned)((uint64_t)(i)->aux[2] >> 36 & 0xf))
#define PLAN_PRED(i, n) ((unsigned)((uint64_t)(i)->aux[2] >> (44 + 5 * (n)) & 0x1f))
enum { PLAN_A, PLAN_B, PLAN_C, PLAN_D };
enum { PLAN_PS0, PLAN_PS1, PLAN_PD0, PLAN_PD1 };
#define PLAN_NOPRED 15u

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

/* The plan field of predicate slot s: its row and negation, or
 * PLAN_NOPRED when the slot is absent. */
static int64_t plan_pred(const sim_inst *i, int s, int n)
{
	int k = sim_slot(i, s);
	uint64_t f = k == RT_NONE ? PLAN_NOPRED
				  : (uint64_t)(i->op[k].reg & 0xf) | (uint64_t)(i->op[k].neg != 0) << 4;
	return (int64_t)(f << (44 + 5 * n));
}

/* Writes the plan (rows a b c, the destination, flags); false (no plan)
 * when a row is -1 or the destination is not a GPR. */
static bool plan_put(sim_inst *i, int a, int b, int c, int64_t flags)
{
	int k = sim_slot(i, RT_D0);
	unsigned d = k == RT_NONE || i->op[k].reg >= SIM_RZ ? SIM_RSINK
							      : i->op[k].reg;
	if (a < 0 || b < 0 || c < 0 ||
	    (k != RT_NONE && i->op[k].kind != SIM_O_REG))
		return false;
	i->aux[2] = PLAN_OK | flags | (int64_t)a << (9 * PLAN_A) |
		    (int64_t)b << (9 * PLAN_B) | (int64_t)c << (9 * PLAN_C) |
		    (int64_t)d << (9 * PLAN_D);
	return true;
}

/* Source predicate plan field f as a lane mask (absent: `absent`). */
static inline uint32_t plan_get_pred(const sim_warp *w, unsigned f,
				     uint32_t absent)
{
	return (f & 0xf) == PLAN_NOPRED ? absent : sim_pred(w, f & 0xf, f >> 4);
}

/* The pmask lanes of v into destination predicate plan field f. */
static inline void plan_put_pred(sim_warp *w, unsigned f, uint32_t v,
				 uint32_t pmask)
{
	if ((f & 0xf) != PLAN_NOPRED) {
		uint32_t *p = &w->p[f & 0xf];
		*p = (*p & ~pmask) | (v & pmask);
	}
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

/* MOV of a GPR or an immediate: d = A + aux[3]. */
RT_LANE_CLONES
static void mov_plan(sim_warp *w, const sim_inst *i, uint32_t pmask)
{
	const uint32_t *pa = w->r[PLAN_ROW(i, PLAN_A)];
	uint32_t k = (uint32_t)i->aux[3];
	RT_ROW_PUT(w->r[PLAN_ROW(i, PLAN_D)], pmask, pa[l] + k);
}

simt_status sim_rt_prep_mov(sim_ctx *c, sim_inst *i, simt_diags *d)
{
	simt_status st = rt_prep(c, i, d);
	if (st != SIMT_OK || !i->opc)
		return st;
	i->aux[2] = i->aux[3] = 0;
	uint32_t k = 0;
	if (sim_slot(i, RT_S0) != RT_NONE &&
	    plan_put(i, plan_src(i, RT_S0, &k), SIM_RZ, SIM_RZ, 0)) {
		i->aux[3] = k;
		PLAN_EXEC(i, mov_plan);
	}
	return SIMT_OK;
}

/* IADD3 (.X) with carries: the sum of rows A B C, the constant aux[3] and
 * the carry-in predicates PS0 PS1 (absent: 0); the carry count leaves in
 * PD0 (>= 1) and PD1 (>= 2), as sim_rt_iadd3 says.  In 32-bit words, one
 * addend at a time, counting the wrap-arounds (at most 2: the addends are
 * three words and two bits), so that the lanes stay vector lanes. */
RT_LANE_CLONES
static void iadd3_carry(sim_warp *w, const sim_inst *i, uint32_t pmask)
{
	const uint32_t *pa = w->r[PLAN_ROW(i, PLAN_A)],
		       *pb = w->r[PLAN_ROW(i, PLAN_B)],
		       *pc = w->r[PLAN_ROW(i, PLAN_C)];
	uint32_t k = (uint32_t)i->aux[3];
	uint32_t k0 = plan_get_pred(w, PLAN_PRED(i, PLAN_PS0), 0),
		 k1 = plan_get_pred(w, PLAN_PRED(i, PLAN_PS1), 0);
	uint32_t n[SIM_LANES], v[SIM_LANES];
	if (PLAN_CODE(i)) { /* the 64-bit add idiom: A + B + PS0, one carry */
		uint32_t c0 = 0;
		LANES {
			/* the carry out of bit 31 of t = a + b + cin is the
			   top bit of (a & b) | ((a ^ b) & ~t) */
			uint32_t a = pa[l], b = pb[l];
			uint32_t t = a + b + ((k0 & sim_lane_bit[l]) != 0);
			int32_t top = (int32_t)((a & b) | ((a ^ b) & ~t));
			v[l] = t;
			c0 |= sim_lane_bit[l] & (uint32_t)(top >> 31);
		}
		RT_ROW_PUT(w->r[PLAN_ROW(i, PLAN_D)], pmask, v[l]);
		plan_put_pred(w, PLAN_PRED(i, PLAN_PD0), c0, pmask);
		plan_put_pred(w, PLAN_PRED(i, PLAN_PD1), 0, pmask);
		return;
	}
	LANES {
		uint32_t s = pa[l] + pb[l], t, c = s < pa[l];
		t = s + pc[l], c += t < s, s = t;
		t = s + k, c += t < s, s = t;
		t = s + ((k0 & sim_lane_bit[l]) != 0), c += t < s, s = t;
		t = s + ((k1 & sim_lane_bit[l]) != 0), c += t < s, s = t;
		v[l] = s;
		n[l] = c;
	}
	uint32_t c0, c1;
	LANE_MASK(c0, n[l] >= 1);
	LANE_MASK(c1, n[l] >= 2);
	RT_ROW_PUT(w->r[PLAN_ROW(i, PLAN_D)], pmask, v[l]);
	plan_put_pred(w, PLAN_PRED(i, PLAN_PD0), c0, pmask);
	plan_put_pred(w, PLAN_PRED(i, PLAN_PD1), c1, pmask);
}

/* IADD3 without carries: A + B + C + aux[3]; code 1: C is RZ (two rows). */
RT_LANE_CLONES
static void iadd3_plan(sim_warp *w, const sim_inst *i, uint32_t pmask)
{
	const uint32_t *pa = w->r[PLAN_ROW(i, PLAN_A)],
		       *pb = w->r[PLAN_ROW(i, PLAN_B)],
		       *pc = w->r[PLAN_ROW(i, PLAN_C)];
	uint32_t k = (uint32_t)i->aux[3];
	uint32_t *d = w->r[PLAN_ROW(i, PLAN_D)];
	if (PLAN_CODE(i))
		RT_ROW_PUT(d, pmask, pa[l] + pb[l] + k);
	else
		RT_ROW_PUT(d, pmask, pa[l] + pb[l] + pc[l] + k);
}

/* IADD3: a plain sum (no carry in or out) plans its three rows and the
 * sum of its immediates (aux[3]) for sim_rt_iadd3; with carries, rows, the
 * immediates' sum (64 bits) and the predicates for iadd3_carry. */
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
		int64_t preds = plan_pred(i, RT_PS0, PLAN_PS0) |
				plan_pred(i, RT_PS1, PLAN_PS1) |
				(carries ? plan_pred(i, RT_PD0, PLAN_PD0) |
					   plan_pred(i, RT_PD1, PLAN_PD1)
					 : (int64_t)((uint64_t)(PLAN_NOPRED | PLAN_NOPRED << 5)
						     << (44 + 5 * PLAN_PD0)));
		uint64_t k = (uint64_t)ka + kb + kc; /* one word in iadd3_carry */
		/* code 1: no C, no constant, no second carry-in (!PT) */
		int kp = sim_slot(i, RT_PS1);
		bool one = rc == SIM_RZ && k == 0 &&
			   (kp == RT_NONE || (i->op[kp].reg == SIM_PT && i->op[kp].neg));
		if (one)
			preds |= 1ll << 36;
		if (k <= 0xffffffffu && plan_put(i, ra, rb, rc, preds)) {
			i->aux[3] = (int64_t)k;
			PLAN_EXEC(i, iadd3_carry);
		}
		return SIMT_OK;
	}
	/* the two rows that are not RZ first, so that code 1 drops C */
	if (ra == SIM_RZ) {
		ra = rc;
		rc = SIM_RZ;
	} else if (rb == SIM_RZ) {
		rb = rc;
		rc = SIM_RZ;
	}
	if (plan_put(i, ra, rb, rc, (int64_t)(rc == SIM_RZ) << 36)) {
		i->aux[3] = (uint32_t)(ka + kb + kc);
		PLAN_EXEC(i, iadd3_plan);
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

/* IMAD.WIDE: the pair D:D+1 = A * B (or the immediate aux[3] bits 0-31
 * with PLAN_BIMM) + the pair C:C+1 (RZ: zero); code bit 0: unsigned; bit
 * 1: B is the immediate 2^n, n = aux[3] bits 50-54 (1..31), so that the
 * product is a shift (the address idiom `IMAD.WIDE R, R, 4, R`).  Rows of
 * the high words: aux[3] bits 32-40 (c) and 41-49 (d). */
RT_LANE_CLONES
static void imad_wide(sim_warp *w, const sim_inst *i, uint32_t pmask)
{
	const uint32_t *pa = w->r[PLAN_ROW(i, PLAN_A)],
		       *pb = w->r[PLAN_ROW(i, PLAN_B)],
		       *cl = w->r[PLAN_ROW(i, PLAN_C)];
	uint64_t k = (uint64_t)i->aux[3];
	const uint32_t *ch = w->r[k >> 32 & 0x1ff];
	uint32_t *dl = w->r[PLAN_ROW(i, PLAN_D)], *dh = w->r[k >> 41 & 0x1ff];
	bool u = PLAN_CODE(i) & 1, bimm = i->aux[2] & PLAN_BIMM;
	if (rt_sparse(pmask)) { /* lane by lane: both words of a lane at once */
		for (uint32_t m = pmask; m; m &= m - 1) {
			unsigned l = sim_ffs(m);
			uint32_t b = bimm ? (uint32_t)k : pb[l];
			uint64_t p = u ? (uint64_t)pa[l] * b
				       : (uint64_t)((int64_t)(int32_t)pa[l] * (int32_t)b);
			uint64_t s = p + ((uint64_t)ch[l] << 32 | cl[l]);
			dl[l] = (uint32_t)s;
			dh[l] = (uint32_t)(s >> 32);
		}
		return;
	}
	uint32_t lo[SIM_LANES], hi[SIM_LANES];
	if (PLAN_CODE(i) & 2) { /* A << n as a 64-bit word, in 32-bit lanes */
		unsigned n = (unsigned)(k >> 50 & 0x1f);
		if (u) {
			LANES8 hi[l] = pa[l] >> (32 - n);
		} else {
			LANES8 hi[l] = (uint32_t)((int32_t)pa[l] >> (32 - n));
		}
		LANES8 {
			uint32_t x = pa[l] << n, y = x + cl[l];
			lo[l] = y;
			hi[l] += ch[l] + (y < x);
		}
	} else {
		uint32_t tb[SIM_LANES];
		if (bimm) { /* the multiplier, as a row */
			LANES tb[l] = (uint32_t)k;
			pb = tb;
		}
		mac_wide(pa, pb, cl, ch, u, lo, hi);
	}
	RT_ROW_PUT(dh, pmask, hi[l]);
	RT_ROW_PUT(dl, pmask, lo[l]);
}

/* IMAD: A * B + C + aux[3] bits 32-63, B the constant aux[3] bits 0-31
 * with PLAN_BIMM; code 1: that constant is 2^n, n = aux[2] bits 44-48. */
RT_LANE_CLONES
static void imad_plan(sim_warp *w, const sim_inst *i, uint32_t pmask)
{
	const uint32_t *pa = w->r[PLAN_ROW(i, PLAN_A)],
		       *pc = w->r[PLAN_ROW(i, PLAN_C)];
	uint32_t *pd = w->r[PLAN_ROW(i, PLAN_D)];
	uint32_t kc = (uint32_t)((uint64_t)i->aux[3] >> 32);
	if (PLAN_CODE(i)) { /* B = 2^n: a shift */
		unsigned n = (unsigned)((uint64_t)i->aux[2] >> 44 & 0x1f);
		RT_ROW_PUT(pd, pmask, (pa[l] << n) + pc[l] + kc);
	} else if (i->aux[2] & PLAN_BIMM) {
		uint32_t kb = (uint32_t)i->aux[3];
		RT_ROW_PUT(pd, pmask, pa[l] * kb + pc[l] + kc);
	} else {
		const uint32_t *pb = w->r[PLAN_ROW(i, PLAN_B)];
		RT_ROW_PUT(pd, pmask, pa[l] * pb[l] + pc[l] + kc);
	}
}

/* IMAD (not .HI): a a GPR; b a GPR or an immediate (PLAN_BIMM, aux[3]
 * bits 0-31); c a GPR or an immediate (aux[3] bits 32-63), or with .WIDE
 * a pair or RZ (imad_wide). */
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
		int64_t u = rt_has(i, RT_M(U32)) ? 1 : 0;
		if (!plan_put(i, ra, rb, rc, (bimm ? PLAN_BIMM : 0) | u << 36))
			return SIMT_OK;
		/* the high rows as rt_src64 and rt_dst read and write them */
		unsigned ch = rc >= SIM_RZ ? SIM_RZ : (unsigned)rc + 1;
		unsigned dr = i->op[kd].reg;
		unsigned dh = dr >= SIM_RZ || dr + 1 >= SIM_RZ ? SIM_RSINK : dr + 1;
		i->aux[3] = (int64_t)((uint64_t)dh << 41 | (uint64_t)ch << 32 | kb);
		/* 2^n, n 1..31 (signed: 2^31 is -2^31, not a shift) */
		if (bimm && kb > 1 && !(kb & (kb - 1)) && (u || kb < 0x80000000u)) {
			i->aux[2] |= 2ll << 36;
			i->aux[3] |= (int64_t)__builtin_ctz(kb) << 50;
		}
		PLAN_EXEC(i, imad_wide);
		return SIMT_OK;
	}
	int64_t shift = bimm && kb > 1 && !(kb & (kb - 1))
				? 1ll << 36 | (int64_t)__builtin_ctz(kb) << 44 : 0;
	if (plan_put(i, ra, rb, rc, (bimm ? PLAN_BIMM : 0) | shift)) {
		i->aux[3] = (int64_t)((uint64_t)kc << 32 | kb);
		PLAN_EXEC(i, imad_plan);
	}
	return SIMT_OK;
}

/* ISETP compare codes of the plan (PLAN_CODE), in rt_icmp's order. */
enum { CMP_F, CMP_T, CMP_EQ, CMP_NE, CMP_LT, CMP_LE, CMP_GT, CMP_GE,
       CMP_ULT, CMP_ULE, CMP_UGT, CMP_UGE };

static unsigned cmp_code(uint64_t m)
{
	bool u = (m & RT_M(U32)) != 0;
	if (m & RT_M(T)) return CMP_T;
	if (m & RT_M(EQ)) return CMP_EQ;
	if (m & RT_M(NE)) return CMP_NE;
	if (m & RT_M(LT)) return u ? CMP_ULT : CMP_LT;
	if (m & RT_M(LE)) return u ? CMP_ULE : CMP_LE;
	if (m & RT_M(GT)) return u ? CMP_UGT : CMP_GT;
	if (m & RT_M(GE)) return u ? CMP_UGE : CMP_GE;
	return CMP_F;
}

/* ISETP: A compared with B + aux[3] bits 0-31 (B is RZ for an immediate),
 * combined with PS0 by the .AND/.OR/.XOR of aux[3] bits 32-33. */
RT_LANE_CLONES
static void isetp_plan(sim_warp *w, const sim_inst *i, uint32_t pmask)
{
	const uint32_t *x = w->r[PLAN_ROW(i, PLAN_A)],
		       *pb = w->r[PLAN_ROW(i, PLAN_B)];
	uint32_t k = (uint32_t)i->aux[3], r = 0;
#define Y (pb[l] + k)
	switch (PLAN_CODE(i)) {
	case CMP_T: r = 0xffffffffu; break;
	case CMP_EQ: LANE_MASK_IN(r, pmask, x[l] == Y); break;
	case CMP_NE: LANE_MASK_IN(r, pmask, x[l] != Y); break;
	case CMP_LT: LANE_MASK_IN(r, pmask, (int32_t)x[l] < (int32_t)Y); break;
	case CMP_LE: LANE_MASK_IN(r, pmask, (int32_t)x[l] <= (int32_t)Y); break;
	case CMP_GT: LANE_MASK_IN(r, pmask, (int32_t)x[l] > (int32_t)Y); break;
	case CMP_GE: LANE_MASK_IN(r, pmask, (int32_t)x[l] >= (int32_t)Y); break;
	case CMP_ULT: LANE_MASK_IN(r, pmask, x[l] < Y); break;
	case CMP_ULE: LANE_MASK_IN(r, pmask, x[l] <= Y); break;
	case CMP_UGT: LANE_MASK_IN(r, pmask, x[l] > Y); break;
	case CMP_UGE: LANE_MASK_IN(r, pmask, x[l] >= Y); break;
	default: break; /* .F: no lane */
	}
#undef Y
	uint32_t p = plan_get_pred(w, PLAN_PRED(i, PLAN_PS0), 0xffffffffu);
	unsigned op = (unsigned)((uint64_t)i->aux[3] >> 32 & 3);
	uint32_t u = op == 1 ? r | p : op == 2 ? r ^ p : r & p;
	uint32_t v = op == 1 ? ~r | p : op == 2 ? ~r ^ p : ~r & p;
	plan_put_pred(w, PLAN_PRED(i, PLAN_PD0), u, pmask);
	plan_put_pred(w, PLAN_PRED(i, PLAN_PD1), v, pmask);
}

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
	uint64_t m = (uint64_t)i->aux[1];
	/* rt_bool_op's order: .OR, then .XOR, else .AND */
	uint64_t op = m & RT_M(OR) ? 1 : m & RT_M(XOR) ? 2 : 0;
	i->aux[2] = PLAN_OK | (int64_t)ra << (9 * PLAN_A) |
		    (int64_t)rb << (9 * PLAN_B) | (int64_t)cmp_code(m) << 36 |
		    plan_pred(i, RT_PS0, PLAN_PS0) | plan_pred(i, RT_PD0, PLAN_PD0) |
		    plan_pred(i, RT_PD1, PLAN_PD1);
	i->aux[3] = (int64_t)(op << 32 | kb);
	PLAN_EXEC(i, isetp_plan);
	return SIMT_OK;
}

/* SHF by an immediate count n (aux[3]) of 1..31: the result word is a
 * pair of word shifts of A (low) and C (high), the code being the kind's
 * bits 0 (left) and 1 (high word), 4 for the high word shifted right
 * arithmetically (what rt_shf_by computes on the 64-bit C:A). */
RT_LANE_CLONES
static void shf_plan(sim_warp *w, const sim_inst *i, uint32_t pmask)
{
	const uint32_t *a = w->r[PLAN_ROW(i, PLAN_A)],
		       *c = w->r[PLAN_ROW(i, PLAN_C)];
	uint32_t *d = w->r[PLAN_ROW(i, PLAN_D)];
	const uint32_t n = (uint32_t)i->aux[3];
	switch (PLAN_CODE(i)) {
	case 0: RT_ROW_PUT(d, pmask, a[l] >> n | c[l] << (32 - n)); break;
	case 1: RT_ROW_PUT(d, pmask, a[l] << n); break;
	case 2: RT_ROW_PUT(d, pmask, c[l] >> n); break;
	case 3: RT_ROW_PUT(d, pmask, c[l] << n | a[l] >> (32 - n)); break;
	default: RT_ROW_PUT(d, pmask, (uint32_t)((int32_t)c[l] >> n)); break;
	}
}

/* SHF of a 32-bit kind by the count row B, clamped at 32 (rt_shf_by's
 * rule): the result word from word shifts of A (low) and C (high) by
 * counts below 32, the count 32 and 0 apart; the code as shf_plan's. */
RT_LANE_CLONES
static void shf_reg_plan(sim_warp *w, const sim_inst *i, uint32_t pmask)
{
	const uint32_t *a = w->r[PLAN_ROW(i, PLAN_A)],
		       *b = w->r[PLAN_ROW(i, PLAN_B)],
		       *c = w->r[PLAN_ROW(i, PLAN_C)];
	uint32_t *d = w->r[PLAN_ROW(i, PLAN_D)];
#define N (b[l] > 31 ? 31u : b[l]) /* a count below 32 for C's shifts */
	switch (PLAN_CODE(i)) {
	case 0: /* .R, low word: c:a >> s */
		RT_ROW_PUT(d, pmask, b[l] == 0 ? a[l] : b[l] >= 32 ? c[l]
				     : a[l] >> N | c[l] << (32 - N));
		break;
	case 1: /* .L, low word */
		RT_ROW_PUT(d, pmask, b[l] >= 32 ? 0 : a[l] << N);
		break;
	case 2: /* .R.HI, unsigned */
		RT_ROW_PUT(d, pmask, b[l] >= 32 ? 0 : c[l] >> N);
		break;
	case 3: /* .L.HI: (c:a << s) >> 32 */
		RT_ROW_PUT(d, pmask, b[l] == 0 ? c[l] : b[l] >= 32 ? a[l]
				     : c[l] << N | a[l] >> (32 - N));
		break;
	default: /* .R.HI, signed: the sign fills from 31 on */
		RT_ROW_PUT(d, pmask, (uint32_t)((int32_t)c[l] >> N));
		break;
	}
#undef N
}

simt_status sim_rt_prep_shf(sim_ctx *c, sim_inst *i, simt_diags *d)
{
	simt_status st = rt_prep(c, i, d);
	if (st != SIMT_OK || !i->opc)
		return st;
	i->aux[2] = i->aux[3] = 0;
	int kb = sim_slot(i, RT_S1);
	if (kb != RT_NONE && i->op[kb].kind == SIM_O_REG && !i->op[kb].neg) {
		/* a count register, a 32-bit kind (64-bit kinds take the
		   count modulo 64: the general path) */
		unsigned kind = rt_shf_kind((uint64_t)i->aux[1]);
		uint32_t k = 0;
		int ra = plan_src(i, RT_S0, &k), rb = plan_src(i, RT_S1, &k),
		    rc = plan_src(i, RT_S2, &k);
		unsigned code = (kind & 3) == 2 && (kind & 8) ? 4 : kind & 3;
		if (!(kind & 4) && !k && plan_put(i, ra, rb, rc, (int64_t)code << 36))
			PLAN_EXEC(i, shf_reg_plan);
		return SIMT_OK;
	}
	if (kb == RT_NONE || i->op[kb].kind != SIM_O_IMM || i->op[kb].neg)
		return SIMT_OK;
	uint32_t n = (uint32_t)i->op[kb].imm, k = 0;
	int ra = plan_src(i, RT_S0, &k), rc = plan_src(i, RT_S2, &k);
	if (n == 0 || n >= 32 || k)
		return SIMT_OK;
	unsigned kind = rt_shf_kind((uint64_t)i->aux[1]);
	unsigned code = (kind & 3) == 2 && (kind & 8) ? 4 : kind & 3;
	if (plan_put(i, ra, SIM_RZ, rc, (int64_t)code << 36)) {
		i->aux[3] = n;
		PLAN_EXEC(i, shf_plan);
	}
	return SIMT_OK;
}

/* LOP3.LUT without a predicate output: the table (aux[3] bits 32-39, code
 * 1-5: one the compilers emit most) of A, B + aux[3] bits 0-31 and C. */
RT_LANE_CLONES
static void lop3_plan(sim_warp *w, const sim_inst *i, uint32_t pmask)
{
	uint64_t k = (uint64_t)i->aux[3];
	const uint32_t *a = w->r[PLAN_ROW(i, PLAN_A)],
		       *pb = w->r[PLAN_ROW(i, PLAN_B)],
		       *pc = w->r[PLAN_ROW(i, PLAN_C)];
	uint32_t *d = w->r[PLAN_ROW(i, PLAN_D)];
	uint32_t kb = (uint32_t)k;
#define B (pb[l] + kb)
#define C (pc[l])
	switch (PLAN_CODE(i)) { /* the tables compilers emit most */
	case 1: RT_ROW_PUT(d, pmask, a[l] & B); break;
	case 2: RT_ROW_PUT(d, pmask, a[l] | B); break;
	case 3: RT_ROW_PUT(d, pmask, a[l] ^ B); break;
	case 4: RT_ROW_PUT(d, pmask, a[l] & ~B); break;
	case 5: RT_ROW_PUT(d, pmask, a[l] ^ B ^ C); break;
	default: {
		uint32_t e[8];
		rt_lut_entries((uint32_t)(k >> 32) & 0xff, e);
		RT_ROW_PUT(d, pmask, rt_lut3(e, a[l], B, C));
	}
	}
#undef B
#undef C
}

/* LOP3.LUT with its predicate output PD0 (a real predicate): lop3_plan's
 * result, and PD0 = the lanes whose result is not zero, as
 * sim_rt_lop3 writes them. */
RT_LANE_CLONES
static void lop3p_plan(sim_warp *w, const sim_inst *i, uint32_t pmask)
{
	uint64_t k = (uint64_t)i->aux[3];
	const uint32_t *a = w->r[PLAN_ROW(i, PLAN_A)],
		       *pb = w->r[PLAN_ROW(i, PLAN_B)],
		       *pc = w->r[PLAN_ROW(i, PLAN_C)];
	uint32_t kb = (uint32_t)k, v[SIM_LANES], nz;
#define B (pb[l] + kb)
#define C (pc[l])
	switch (PLAN_CODE(i)) {
	case 1: LANES v[l] = a[l] & B; break;
	case 2: LANES v[l] = a[l] | B; break;
	case 3: LANES v[l] = a[l] ^ B; break;
	case 4: LANES v[l] = a[l] & ~B; break;
	case 5: LANES v[l] = a[l] ^ B ^ C; break;
	default: {
		uint32_t e[8];
		rt_lut_entries((uint32_t)(k >> 32) & 0xff, e);
		LANES v[l] = rt_lut3(e, a[l], B, C);
	}
	}
#undef B
#undef C
	LANE_MASK(nz, v[l] != 0);
	RT_ROW_PUT(w->r[PLAN_ROW(i, PLAN_D)], pmask, v[l]);
	plan_put_pred(w, PLAN_PRED(i, PLAN_PD0), nz, pmask);
}

/* LOP3.LUT: a and c GPRs, b a GPR or an immediate (aux[3] bits 0-31), the
 * table in aux[3] bits 32-39; a predicate output written: lop3p_plan. */
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
	if (ka || kc)
		return SIMT_OK;
	unsigned code = lut == 0xc0 ? 1 : lut == 0xfc ? 2 : lut == 0x3c ? 3
		      : lut == 0x30 ? 4 : lut == 0x96 ? 5 : 0;
	int64_t pd = pu ? plan_pred(i, RT_PD0, PLAN_PD0) : 0;
	if (plan_put(i, ra, rb, rc, (int64_t)code << 36 | pd)) {
		i->aux[3] = (int64_t)((uint64_t)lut << 32 | kb);
		PLAN_EXEC(i, pu ? lop3p_plan : lop3_plan);
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

/* SEL of GPRs or immediates: d = PS0 ? A + aux[3] bits 0-31
 * : B + aux[3] bits 32-63 (an immediate reads RZ, the zero row). */
RT_LANE_CLONES
static void sel_plan(sim_warp *w, const sim_inst *i, uint32_t pmask)
{
	const uint32_t *a = w->r[PLAN_ROW(i, PLAN_A)],
		       *b = w->r[PLAN_ROW(i, PLAN_B)];
	const uint32_t ka = (uint32_t)i->aux[3],
		       kb = (uint32_t)((uint64_t)i->aux[3] >> 32);
	const uint32_t p = plan_get_pred(w, PLAN_PRED(i, PLAN_PS0), 0xffffffffu);
	/* a select by the lane's bit of p, branch-free (it vectorises) */
#define T (0u - (uint32_t)((p & sim_lane_bit[l]) != 0))
	RT_ROW_PUT(w->r[PLAN_ROW(i, PLAN_D)], pmask,
		   ((a[l] + ka) & T) | ((b[l] + kb) & ~T));
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
	if (plan_put(i, ra, rb, SIM_RZ, plan_pred(i, RT_PS0, PLAN_PS0))) {
		i->aux[3] = (int64_t)((uint64_t)kb << 32 | ka);
		PLAN_EXEC(i, sel_plan);
	}
	return SIMT_OK;
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
