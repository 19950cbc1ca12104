/*
 * fp.c - binary32 companion instructions: FADD, FMUL, FFMA, FSETP, MUFU,
 * I2F, F2I (their 64-bit forms of isa/fp.isa too).
 *
 * Requires: rt_prep() ran.  Exactness (docs/semantics.md, "Companion
 * instructions"): FADD/FMUL/FFMA are correctly rounded IEEE binary32
 * operations (the host's float arithmetic and fmaf(), which are exact on
 * IEEE hosts); .RZ/.RM/.RP switch the host rounding mode around the one
 * operation (volatile operands keep the compiler from moving it); .FTZ
 * flushes subnormal inputs and results to zero of the same sign; a NaN
 * result is the canonical 0x7fffffff.  MUFU uses libm in double precision
 * (see its comment).
 */
#include "sim/fp.h"

#define LANES for (int l = 0; l < SIM_LANES; l++)

void sim_fp_src(sim_warp *w, const sim_inst *i, int slot, bool flush,
		float out[SIM_LANES])
{
	uint32_t t[SIM_LANES];
	int k = sim_slot(i, slot);
	bool neg = k != RT_NONE && i->op[k].neg;
	const uint32_t *r = rt_row(w, i, k, t);
	uint32_t undo = neg ? 0x7fffffffu : 0; /* ~x ^ sign = x with sign flipped */
	LANES {
		uint32_t u = r[l] ^ undo;
		out[l] = fp_f(flush ? fp_ftz(u) : u);
	}
}

enum { OP_ADD, OP_MUL, OP_FMA };

static float arith(int op, float a, float b, float c)
{
	return op == OP_ADD ? a + b : op == OP_MUL ? a * b : fmaf(a, b, c);
}

/* One operation in a directed rounding mode. */
static float arith_mode(int mode, int op, float a, float b, float c)
{
	volatile float va = a, vb = b, vc = c, vr;
	fesetround(mode);
	vr = arith(op, va, vb, vc);
	fesetround(FE_TONEAREST);
	return vr;
}

static void farith(sim_warp *w, const sim_inst *i, uint32_t pmask, int op)
{
	bool flush = rt_has(i, RT_M(FTZ));
	float a[SIM_LANES], b[SIM_LANES], c[SIM_LANES];
	uint32_t v[SIM_LANES];
	sim_fp_src(w, i, RT_S0, flush, a);
	sim_fp_src(w, i, RT_S1, flush, b);
	if (op == OP_FMA)
		sim_fp_src(w, i, RT_S2, flush, c);
	else
		memset(c, 0, sizeof c);
	int mode = fp_round_mode(i);
	if (mode == FE_TONEAREST) {
		LANES v[l] = fp_result(arith(op, a[l], b[l], c[l]), flush);
	} else {
		LANES v[l] = fp_result(arith_mode(mode, op, a[l], b[l], c[l]), flush);
	}
	rt_put(rt_dst(w, i, sim_slot(i, RT_D0), 0), v, pmask);
}

void sim_rt_fadd(sim_warp *w, const sim_inst *i, uint32_t pmask)
{
	farith(w, i, pmask, OP_ADD);
}

void sim_rt_fmul(sim_warp *w, const sim_inst *i, uint32_t pmask)
{
	farith(w, i, pmask, OP_MUL);
}

void sim_rt_ffma(sim_warp *w, const sim_inst *i, uint32_t pmask)
{
	farith(w, i, pmask, OP_FMA);
}

/*
 * The plan of an FADD, FMUL or FFMA in round-to-nearest whose sources are
 * GPRs (RZ too), immediates or absent (sim_rt_prep_farith): what farith
 * computes, with no source copied into a float array first and no call
 * per lane but FFMA's fmaf.  prow[0..2]: the rows of sources a b c (RZ's
 * for an immediate or an absent one), prow[3] the destination's (the sink
 * for RZ); source s reads row[l] ^ x_s, x_s the sign bit of a negated
 * operand (what sim_fp_src's undo leaves of ~row) xor an immediate's bits;
 * aux[2] = x_a | x_b << 32, aux[3] = x_c | .FTZ << 32.
 */
#define FP_PLAN_OPERANDS                                                       \
	const uint32_t *a = rt_prow(w, i, 0), *b = rt_prow(w, i, 1),           \
		       *c = rt_prow(w, i, 2);                                  \
	const uint32_t xa = (uint32_t)i->aux[2],                               \
		       xb = (uint32_t)((uint64_t)i->aux[2] >> 32),             \
		       xc = (uint32_t)i->aux[3];                               \
	const uint32_t fm = 0u - (uint32_t)((uint64_t)i->aux[3] >> 32);         \
	(void)c; (void)xc
/* fp_ftz(u) when fm is all ones (.FTZ), else u; without a branch, so
 * that a plan's lanes stay vector lanes. */
static inline uint32_t fp_ftz_if(uint32_t u, uint32_t fm)
{
	uint32_t sub = 0u - (uint32_t)((u & 0x7f800000u) == 0);
	return u & ~(sub & fm & 0x7fffffffu);
}
/* Source lane value u (row ^ x) as an operation reads it. */
static inline float fp_in(uint32_t u, uint32_t fm)
{
	return fp_f(fp_ftz_if(u, fm));
}
/* fp_result without a branch (a NaN: exponent all ones, mantissa not 0). */
static inline uint32_t fp_out(float f, uint32_t fm)
{
	uint32_t u = fp_u(f);
	uint32_t nan = 0u - (uint32_t)((u & 0x7fffffffu) > 0x7f800000u);
	return (fp_ftz_if(u, fm) & ~nan) | (0x7fffffffu & nan);
}

RT_LANE_CLONES static void fadd_plan(sim_warp *w, const sim_inst *i,
				     uint32_t pmask)
{
	FP_PLAN_OPERANDS;
	RT_ROW_PUT(rt_prow(w, i, 3), pmask,
		   fp_out(fp_in(a[l] ^ xa, fm) + fp_in(b[l] ^ xb, fm), fm));
}

RT_LANE_CLONES static void fmul_plan(sim_warp *w, const sim_inst *i,
				     uint32_t pmask)
{
	FP_PLAN_OPERANDS;
	RT_ROW_PUT(rt_prow(w, i, 3), pmask,
		   fp_out(fp_in(a[l] ^ xa, fm) * fp_in(b[l] ^ xb, fm), fm));
}

#define FFMA_PLAN_BODY                                                         \
	FP_PLAN_OPERANDS;                                                      \
	RT_ROW_PUT(rt_prow(w, i, 3), pmask,                                    \
		   fp_out(fmaf(fp_in(a[l] ^ xa, fm), fp_in(b[l] ^ xb, fm),     \
			       fp_in(c[l] ^ xc, fm)),                          \
			  fm))

RT_LANE_CLONES static void ffma_plan(sim_warp *w, const sim_inst *i,
				     uint32_t pmask)
{
	FFMA_PLAN_BODY;
}

/* ffma_plan on a host with FMA and AVX2 (sim_rt_prep_farith asks the
 * CPU): fmaf is then the fused multiply-add instruction (IEEE fma, one
 * rounding: the same bits as the C library's), eight lanes at a time,
 * where the other builds call fmaf per lane. */
#if defined(__x86_64__) && defined(__GNUC__) && defined(__GLIBC__) &&         \
	!defined(SIMT_NO_LANE_CLONES)
#define FP_HOST_FMA 1
__attribute__((target("avx2,fma"))) static void
ffma_plan_fma(sim_warp *w, const sim_inst *i, uint32_t pmask)
{
	FFMA_PLAN_BODY;
}
#endif

/* Source slot s of a planned FADD/FMUL/FFMA: its row (RZ's for an
 * immediate or an absent slot) and *x, or -1 when it is neither (a
 * constant bank operand: the general path). */
static int fp_plan_src(const sim_inst *i, int s, uint32_t *x)
{
	int k = sim_slot(i, s);
	*x = 0;
	if (k == RT_NONE)
		return SIM_RZ;
	const sim_opnd *o = &i->op[k];
	*x = o->neg ? 0x80000000u : 0;
	if (o->kind == SIM_O_REG)
		return o->reg <= SIM_RZ ? o->reg : -1;
	if (o->kind == SIM_O_IMM) {
		*x ^= (uint32_t)o->imm;
		return SIM_RZ;
	}
	return -1;
}

simt_status sim_rt_prep_farith(sim_ctx *c, sim_inst *i, simt_diags *d)
{
	simt_status st = rt_prep(c, i, d);
	if (st != SIMT_OK || !i->opc || fp_round_mode(i) != FE_TONEAREST)
		return st;
	uint32_t xa, xb, xc = 0;
	int ra = fp_plan_src(i, RT_S0, &xa), rb = fp_plan_src(i, RT_S1, &xb),
	    rc = i->optype == SIM_OP_FFMA ? fp_plan_src(i, RT_S2, &xc) : SIM_RZ;
	int k = sim_slot(i, RT_D0);
	if (ra < 0 || rb < 0 || rc < 0 ||
	    (k != RT_NONE && i->op[k].kind != SIM_O_REG))
		return SIMT_OK;
	unsigned rd = k == RT_NONE || i->op[k].reg >= SIM_RZ ? SIM_RSINK
							     : i->op[k].reg;
	i->prow[0] = sim_row_off((unsigned)ra);
	i->prow[1] = sim_row_off((unsigned)rb);
	i->prow[2] = sim_row_off((unsigned)rc);
	i->prow[3] = sim_row_off(rd);
	i->aux[2] = (int64_t)((uint64_t)xb << 32 | xa);
	i->aux[3] = (int64_t)((uint64_t)rt_has(i, RT_M(FTZ)) << 32 | xc);
	if (i->optype == SIM_OP_FADD)
		PLAN_EXEC(i, fadd_plan);
	else if (i->optype == SIM_OP_FMUL)
		PLAN_EXEC(i, fmul_plan);
	else
		PLAN_EXEC(i, ffma_plan);
#ifdef FP_HOST_FMA
	if (i->optype == SIM_OP_FFMA && __builtin_cpu_supports("avx2") &&
	    __builtin_cpu_supports("fma"))
		i->exec = ffma_plan_fma;
#endif
	return SIMT_OK;
}

/* Ordered comparisons are false on NaN, the U forms true; NUM/NAN test order.
 * FSETP widens its floats (exactly) and shares this with DSETP. */
bool rt_fcmp(uint64_t m, double x, double y)
{
	bool un = isnan(x) || isnan(y);
	if (m & RT_M(LT)) return !un && x < y;
	if (m & RT_M(EQ)) return !un && x == y;
	if (m & RT_M(LE)) return !un && x <= y;
	if (m & RT_M(GT)) return !un && x > y;
	if (m & RT_M(NE)) return !un && x != y;
	if (m & RT_M(GE)) return !un && x >= y;
	if (m & RT_M(NUM)) return !un;
	if (m & RT_M(NAN)) return un;
	if (m & RT_M(LTU)) return un || x < y;
	if (m & RT_M(EQU)) return un || x == y;
	if (m & RT_M(LEU)) return un || x <= y;
	if (m & RT_M(GTU)) return un || x > y;
	if (m & RT_M(NEU)) return un || x != y;
	if (m & RT_M(GEU)) return un || x >= y;
	if (m & RT_M(T)) return true;
	return false; /* .F */
}

/* FSETP: Pu = cmp(a, b) BOP Pp; Pv = !cmp(a, b) BOP Pp. */
void sim_rt_fsetp(sim_warp *w, const sim_inst *i, uint32_t pmask)
{
	bool flush = rt_has(i, RT_M(FTZ));
	float a[SIM_LANES], b[SIM_LANES];
	sim_fp_src(w, i, RT_S0, flush, a);
	sim_fp_src(w, i, RT_S1, flush, b);
	uint64_t mods = (uint64_t)i->aux[1];
	uint8_t t[SIM_LANES];
	LANES t[l] = (uint8_t)rt_fcmp(mods, a[l], b[l]);
	uint32_t r = rt_pack(t);
	uint32_t p = rt_get_pred(w, i, RT_PS0);
	rt_put_pred(w, i, RT_PD0, rt_bool_op(mods, r, p), pmask);
	rt_put_pred(w, i, RT_PD1, rt_bool_op(mods, ~r, p), pmask);
}

/*
 * MUFU: the function computed in double precision (libm) and rounded once
 * to float, as isa/fp.isa says.  For .RCP and .SQRT that is the correctly
 * rounded result (53 >= 2 * 24 + 2 bits: double rounding is harmless);
 * .RSQ, .EX2, .LG2, .SIN, .COS are within half an ulp plus the double
 * rounding (exact on exact cases such as EX2(3) = 8).  The hardware's
 * MUFU is an approximation (about 1-2 ulp): programs that need bit-exact
 * agreement with a GPU must not depend on the last bits of these results.
 * Subnormal inputs and results are flushed to zero, as on the hardware.
 */
void sim_rt_mufu(sim_warp *w, const sim_inst *i, uint32_t pmask)
{
	float a[SIM_LANES];
	uint32_t v[SIM_LANES];
	sim_fp_src(w, i, RT_S0, true, a);
	uint64_t m = (uint64_t)i->aux[1];
	LANES {
		double x = a[l], r;
		if (m & RT_M(RCP)) r = 1.0 / x;
		else if (m & RT_M(SQRT)) r = sqrt(x);
		else if (m & RT_M(RSQ)) r = 1.0 / sqrt(x);
		else if (m & RT_M(EX2)) r = exp2(x);
		else if (m & RT_M(LG2)) r = log2(x);
		else if (m & RT_M(SIN)) r = sin(x);
		else if (m & RT_M(COS)) r = cos(x);
		else r = x;
		v[l] = fp_result((float)r, true);
	}
	rt_put(rt_dst(w, i, sim_slot(i, RT_D0), 0), v, pmask);
}

/* I2F: a 32/64-bit integer to float32/float64 in the rounding mode (RN
 * default); the host's integer-to-float conversions round once in the
 * current mode. */
void sim_rt_i2f(sim_warp *w, const sim_inst *i, uint32_t pmask)
{
	uint64_t m = (uint64_t)i->aux[1];
	bool u = (m & (RT_M(U32) | RT_M(U64))) != 0;
	bool src64 = (m & (RT_M(S64) | RT_M(U64))) != 0;
	bool d64 = (m & RT_M(F64)) != 0;
	int k = sim_slot(i, RT_S0);
	uint32_t t[SIM_LANES], v[SIM_LANES], vh[SIM_LANES];
	const uint32_t *a = rt_row(w, i, k, t);
	int mode = fp_round_mode(i);
	if (mode != FE_TONEAREST)
		fesetround(mode);
	LANES {
		uint64_t x = src64 ? rt_src64(w, i, k, l) : u ? a[l] : (uint64_t)(int64_t)(int32_t)a[l];
		bool sg = !u;
		if (d64) {
			volatile double d = sg ? (double)(int64_t)x : (double)x;
			uint64_t b;
			memcpy(&b, (const void *)&d, 8);
			v[l] = (uint32_t)b;
			vh[l] = (uint32_t)(b >> 32);
		} else {
			volatile float f = sg ? (float)(int64_t)x : (float)x;
			v[l] = fp_u(f);
		}
	}
	if (mode != FE_TONEAREST)
		fesetround(FE_TONEAREST);
	rt_put(rt_dst(w, i, sim_slot(i, RT_D0), 0), v, pmask);
	if (d64)
		rt_put(rt_dst(w, i, sim_slot(i, RT_D0), 1), vh, pmask);
}

/* Saturating float-to-integer of an integral (or NaN) x, as PTX cvt. */
static uint64_t f2i_sat(double x, bool u, bool w64)
{
	if (isnan(x))
		return 0;
	if (u) {
		double hi = w64 ? 18446744073709551616.0 : 4294967296.0;
		return x <= 0 ? 0 : x >= hi ? (w64 ? UINT64_MAX : 0xffffffffu) : (uint64_t)x;
	}
	double lim = w64 ? 9223372036854775808.0 : 2147483648.0;
	int64_t r = x < -lim ? (w64 ? INT64_MIN : INT32_MIN) : x >= lim ? (w64 ? INT64_MAX : INT32_MAX)
		    : (int64_t)x;
	return (uint64_t)r;
}

/*
 * F2I: round a float32 (or an .F64 pair) to an integer (nearest even by
 * default, .TRUNC, .FLOOR, .CEIL), then saturate to the destination range
 * (.S32 default, .U32, .S64, .U64 pairs) like PTX cvt: NaN gives 0,
 * out-of-range values the nearest representable bound.
 */
void sim_rt_f2i(sim_warp *w, const sim_inst *i, uint32_t pmask)
{
	float a[SIM_LANES];
	uint32_t v[SIM_LANES], vh[SIM_LANES];
	uint64_t m = (uint64_t)i->aux[1];
	bool f64 = (m & RT_M(F64)) != 0;
	if (!f64)
		sim_fp_src(w, i, RT_S0, rt_has(i, RT_M(FTZ)), a);
	bool u = (m & (RT_M(U32) | RT_M(U64))) != 0;
	bool w64 = (m & (RT_M(S64) | RT_M(U64))) != 0;
	int k = sim_slot(i, RT_S0);
	LANES {
		double x;
		if (f64) {
			uint64_t b = rt_src64(w, i, k, l);
			memcpy(&x, &b, 8);
		} else {
			x = a[l];
		}
		x = (m & RT_M(TRUNC)) ? trunc(x) : (m & RT_M(FLOOR)) ? floor(x)
		    : (m & RT_M(CEIL)) ? ceil(x) : nearbyint(x);
		uint64_t r = f2i_sat(x, u, w64);
		v[l] = (uint32_t)r;
		vh[l] = (uint32_t)(r >> 32);
	}
	rt_put(rt_dst(w, i, sim_slot(i, RT_D0), 0), v, pmask);
	if (w64)
		rt_put(rt_dst(w, i, sim_slot(i, RT_D0), 1), vh, pmask);
}
