/*
 * fp64.c - the companions of isa/fp64.isa: DADD, DMUL, DFMA, DSETP (float64
 * on register pairs), FMNMX, FRND, FDIV, FSQRT and F2F.
 *
 * Requires: rt_prep() ran (sim_fp_prep_f2f also resolves F2F's two types
 * into aux[2]).  Exactness (docs/semantics.md, "Companion instructions"):
 * every result is the correctly rounded IEEE result in the instruction's
 * rounding mode: the host's binary32/binary64 +, *, /, sqrt and fma are
 * correctly rounded, and .RZ/.RM/.RP switch the host rounding mode around
 * the one operation, as fp.c does.  Narrowing to binary16/bfloat16 is done
 * here in integer arithmetic (round_narrow).  NaN results are canonical:
 * 0x7fffffff (f32), 0x7fffffff_ffffffff (f64), 0x7fff (f16, bf16).
 */
#include "sim/fp.h"

#define LANES for (int l = 0; l < SIM_LANES; l++)

#define F64_NAN 0x7fffffffffffffffull

static double d_of(uint64_t u)
{
	double d;
	memcpy(&d, &u, 8);
	return d;
}

static uint64_t du_of(double d)
{
	uint64_t u;
	memcpy(&u, &d, 8);
	return isnan(d) ? F64_NAN : u;
}

/* Source slot as 32 doubles (register pairs, 64-bit constants). */
static void dsrc(sim_warp *w, const sim_inst *i, int slot, double out[SIM_LANES])
{
	int k = sim_slot(i, slot);
	LANES out[l] = d_of(rt_src64(w, i, k, l));
}

/* Write 32 64-bit lane values into the destination pair. */
static void put64(sim_warp *w, const sim_inst *i, const uint64_t v[SIM_LANES],
		  uint32_t pmask)
{
	uint32_t lo[SIM_LANES], hi[SIM_LANES];
	LANES {
		lo[l] = (uint32_t)v[l];
		hi[l] = (uint32_t)(v[l] >> 32);
	}
	int k = sim_slot(i, RT_D0);
	rt_put(rt_dst(w, i, k, 0), lo, pmask);
	rt_put(rt_dst(w, i, k, 1), hi, pmask);
}

static void put32(sim_warp *w, const sim_inst *i, const uint32_t v[SIM_LANES],
		  uint32_t pmask)
{
	rt_put(rt_dst(w, i, sim_slot(i, RT_D0), 0), v, pmask);
}

/* ---- DADD / DMUL / DFMA ---------------------------------------------------- */

static double dop(int op, double a, double b, double c)
{
	return op == SIM_OP_DADD ? a + b : op == SIM_OP_DMUL ? a * b : fma(a, b, c);
}

void sim_fp_darith(sim_warp *w, const sim_inst *i, uint32_t pmask)
{
	double a[SIM_LANES], b[SIM_LANES], c[SIM_LANES];
	uint64_t v[SIM_LANES];
	dsrc(w, i, RT_S0, a);
	dsrc(w, i, RT_S1, b);
	dsrc(w, i, RT_S2, c);
	int mode = fp_round_mode(i), op = i->optype;
	if (mode != FE_TONEAREST)
		fesetround(mode);
	LANES {
		volatile double va = a[l], vb = b[l], vc = c[l];
		volatile double r = dop(op, va, vb, vc);
		v[l] = du_of(r);
	}
	if (mode != FE_TONEAREST)
		fesetround(FE_TONEAREST);
	put64(w, i, v, pmask);
}

/* ---- DSETP ------------------------------------------------------------------- */

void sim_fp_dsetp(sim_warp *w, const sim_inst *i, uint32_t pmask)
{
	double a[SIM_LANES], b[SIM_LANES];
	dsrc(w, i, RT_S0, a);
	dsrc(w, i, RT_S1, b);
	uint64_t mods = (uint64_t)i->aux[1];
	uint8_t t[SIM_LANES];
	LANES t[l] = (uint8_t)rt_fcmp(mods, a[l], b[l]);
	uint32_t r = rt_pack(t);
	uint32_t p = rt_get_pred(w, i, RT_PS0);
	rt_put_pred(w, i, RT_PD0, rt_bool_op(mods, r, p), pmask);
	rt_put_pred(w, i, RT_PD1, rt_bool_op(mods, ~r, p), pmask);
}

/* ---- FMNMX --------------------------------------------------------------------- */

/* PTX min/max: a NaN operand is ignored, two give NaN; -0 < +0. */
static uint32_t fmnmx1(bool min, float a, float b, bool flush)
{
	if (isnan(a) && isnan(b))
		return 0x7fffffffu;
	if (isnan(a))
		return fp_result(b, flush);
	if (isnan(b))
		return fp_result(a, flush);
	bool a_lt_b = a < b || (a == b && signbit(a) && !signbit(b));
	return fp_result(min == a_lt_b ? a : b, flush);
}

void sim_fp_fmnmx(sim_warp *w, const sim_inst *i, uint32_t pmask)
{
	bool flush = rt_has(i, RT_M(FTZ));
	float a[SIM_LANES], b[SIM_LANES];
	uint32_t v[SIM_LANES];
	sim_fp_src(w, i, RT_S0, flush, a);
	sim_fp_src(w, i, RT_S1, flush, b);
	uint32_t p = rt_get_pred(w, i, RT_PS0);
	LANES v[l] = fmnmx1((p >> l & 1) != 0, a[l], b[l], flush);
	put32(w, i, v, pmask);
}

/* ---- FRND ------------------------------------------------------------------------ */

static double rint_mode(uint64_t m, double x)
{
	if (m & RT_M(FLOOR)) return floor(x);
	if (m & RT_M(CEIL)) return ceil(x);
	if (m & RT_M(TRUNC)) return trunc(x);
	return nearbyint(x); /* the host mode is to-nearest-even */
}

void sim_fp_frnd(sim_warp *w, const sim_inst *i, uint32_t pmask)
{
	uint64_t m = (uint64_t)i->aux[1];
	if (m & RT_M(F64)) {
		double a[SIM_LANES];
		uint64_t v[SIM_LANES];
		dsrc(w, i, RT_S0, a);
		LANES v[l] = du_of(rint_mode(m, a[l]));
		put64(w, i, v, pmask);
		return;
	}
	bool flush = rt_has(i, RT_M(FTZ));
	float a[SIM_LANES];
	uint32_t v[SIM_LANES];
	sim_fp_src(w, i, RT_S0, flush, a);
	/* an integral double of a float's magnitude is a float again */
	LANES v[l] = fp_result((float)rint_mode(m, a[l]), flush);
	put32(w, i, v, pmask);
}

/* ---- FDIV / FSQRT ---------------------------------------------------------------- */

static void fdiv_sqrt(sim_warp *w, const sim_inst *i, uint32_t pmask, bool div)
{
	int mode = fp_round_mode(i);
	bool flush = rt_has(i, RT_M(FTZ));
	int bs = div ? RT_S1 : RT_S0;
	if (rt_has(i, RT_M(F64))) {
		double a[SIM_LANES], b[SIM_LANES];
		uint64_t v[SIM_LANES];
		if (div)
			dsrc(w, i, RT_S0, a);
		dsrc(w, i, bs, b);
		fesetround(mode);
		LANES {
			volatile double vb = b[l], r;
			if (div) {
				volatile double va = a[l];
				r = va / vb;
			} else {
				r = sqrt(vb);
			}
			v[l] = du_of(r);
		}
		fesetround(FE_TONEAREST);
		put64(w, i, v, pmask);
		return;
	}
	float a[SIM_LANES], b[SIM_LANES];
	uint32_t v[SIM_LANES];
	if (div)
		sim_fp_src(w, i, RT_S0, flush, a);
	sim_fp_src(w, i, bs, flush, b);
	fesetround(mode);
	LANES {
		volatile float vb = b[l], r;
		if (div) {
			volatile float va = a[l];
			r = va / vb;
		} else {
			r = sqrtf(vb);
		}
		v[l] = fp_result(r, flush);
	}
	fesetround(FE_TONEAREST);
	put32(w, i, v, pmask);
}

void sim_fp_fdiv(sim_warp *w, const sim_inst *i, uint32_t pmask)
{
	fdiv_sqrt(w, i, pmask, true);
}

void sim_fp_fsqrt(sim_warp *w, const sim_inst *i, uint32_t pmask)
{
	fdiv_sqrt(w, i, pmask, false);
}

/* ---- F2F ------------------------------------------------------------------------- */

/* F2F's types in aux[2]: dst in bits 0-1, src in bits 2-3 (FType order). */
enum { FT_F16, FT_F32, FT_F64, FT_BF16 };

static int ftype_of(const char *name)
{
	if (!strcmp(name, "F16")) return FT_F16;
	if (!strcmp(name, "F64")) return FT_F64;
	if (!strcmp(name, "BF16")) return FT_BF16;
	return FT_F32;
}

simt_status sim_fp_prep_f2f(sim_ctx *c, sim_inst *i, simt_diags *d)
{
	simt_status st = rt_prep(c, i, d);
	if (st != SIMT_OK || !i->opc)
		return st;
	int dst = FT_F32, src = FT_F32;
	for (int m = 0; m < i->opc->nmods; m++) {
		const isa_field *f = &i->opc->fields[i->opc->mods[m]];
		const isa_type *t = f->type;
		uint64_t v = i->fields[i->opc->mods[m]];
		if (!t || t->cls != ISA_KIND_ENUM || v >= (uint64_t)t->nvalues || !t->values[v])
			continue;
		if (!strcmp(f->name, "dst"))
			dst = ftype_of(t->values[v]);
		else if (!strcmp(f->name, "src"))
			src = ftype_of(t->values[v]);
	}
	i->aux[2] = dst | src << 2;
	return SIMT_OK;
}

/* Narrow format: mantissa bits, exponent bias, exponent field width. */
typedef struct nfmt {
	int mbits, bias, ebits;
} nfmt;

static const nfmt F16_FMT = {10, 15, 5}, BF16_FMT = {7, 127, 8};

/* 2^k as a double, k a normal double's exponent ([-1022, 1023]). */
static double pow2(int k)
{
	return d_of((uint64_t)(k + 1023) << 52);
}

/*
 * Round the double x to the narrow format in the host-style mode (one
 * rounding, also from float64), returning the format's bits, in integer
 * arithmetic on x's bits: |x| = M * 2^s (M the significand with its
 * leading bit, 53 bits at most) is rounded to a multiple of the quantum
 * 2^q of its binade in the format (q = max(floor(log2 |x|), emin) -
 * mbits, subnormals sharing emin's), n = M >> (q - s) with the bits
 * shifted out deciding the rounding.  n * 2^q is then the format's value
 * and its bits are ((q + mbits + bias - 1) << mbits) + n: a carry of n
 * into the next binade, a subnormal becoming the least normal and an
 * overflow to the infinity's field all come out of the addition (session
 * 16: the frexp/ldexp/nearbyint version called the library six times a
 * value).
 */
static uint32_t round_narrow(double x, nfmt f, int mode)
{
	uint32_t sign = signbit(x) ? 1u << (f.mbits + f.ebits) : 0;
	uint32_t inf = ((1u << f.ebits) - 1) << f.mbits;
	if (isnan(x))
		return (1u << (f.mbits + f.ebits)) - 1; /* canonical: 0x7fff */
	uint64_t u;
	memcpy(&u, &x, 8);
	int be = (int)(u >> 52 & 0x7ff); /* the biased exponent */
	uint64_t m = u & ((1ull << 52) - 1);
	if (be == 0x7ff)
		return sign | inf;
	if (be == 0 && m == 0)
		return sign;
	int s = be ? be - 1075 : -1074; /* |x| = m * 2^s */
	if (be)
		m |= 1ull << 52;
	int emin = 1 - f.bias, lg = be - 1023; /* floor(log2 |x|) if normal */
	int q = (lg < emin ? emin : lg) - f.mbits;
	int sh = q - s; /* > 0: the format's quantum is coarser than x's */
	if (sh > 60)
		sh = 60; /* m < 2^53: n is 0 and the rest below a half either way */
	uint64_t n = m >> sh, rest = m & ((1ull << sh) - 1), half = 1ull << (sh - 1);
	bool down = signbit(x) ? mode == FE_UPWARD : mode == FE_DOWNWARD;
	bool up = signbit(x) ? mode == FE_DOWNWARD : mode == FE_UPWARD;
	if (mode == FE_TOWARDZERO || down)
		;
	else if (up)
		n += rest != 0;
	else /* ties to even */
		n += rest > half || (rest == half && (n & 1));
	uint64_t bits = ((uint64_t)(q + f.mbits + f.bias - 1) << f.mbits) + n;
	if (bits >= inf) {
		bool to_max = mode == FE_TOWARDZERO || down;
		return to_max ? sign | (inf - 1) : sign | inf;
	}
	return sign | (uint32_t)bits;
}

/* A binary16/bfloat16 value (low 16 bits) as a double: exact. */
static double widen_narrow(uint32_t u, nfmt f)
{
	uint32_t m = u & ((1u << f.mbits) - 1);
	uint32_t ex = (u >> f.mbits) & ((1u << f.ebits) - 1);
	bool neg = (u >> (f.mbits + f.ebits)) & 1;
	double r;
	if (ex == (1u << f.ebits) - 1)
		r = m ? NAN : INFINITY;
	else if (ex == 0)
		r = (double)m * pow2(1 - f.bias - f.mbits);
	else
		r = (double)(m | 1u << f.mbits) * pow2((int)ex - f.bias - f.mbits);
	return neg ? -r : r;
}

void sim_fp_f2f(sim_warp *w, const sim_inst *i, uint32_t pmask)
{
	int dst = (int)(i->aux[2] & 3), src = (int)(i->aux[2] >> 2 & 3);
	int mode = fp_round_mode(i);
	bool flush = rt_has(i, RT_M(FTZ));
	double x[SIM_LANES];
	if (src == FT_F64) {
		dsrc(w, i, RT_S0, x);
	} else {
		uint32_t t[SIM_LANES];
		const uint32_t *r = rt_row(w, i, sim_slot(i, RT_S0), t);
		LANES {
			uint32_t u = r[l];
			x[l] = src == FT_F32 ? (double)fp_f(flush ? fp_ftz(u) : u)
			       : widen_narrow(u & 0xffff, src == FT_F16 ? F16_FMT : BF16_FMT);
		}
	}
	if (dst == FT_F64) {
		uint64_t v[SIM_LANES];
		LANES v[l] = du_of(x[l]); /* widening: exact */
		put64(w, i, v, pmask);
		return;
	}
	uint32_t v[SIM_LANES];
	if (dst == FT_F32) {
		fesetround(mode);
		LANES {
			volatile double vx = x[l];
			volatile float f = (float)vx;
			v[l] = fp_result(f, flush);
		}
		fesetround(FE_TONEAREST);
	} else {
		nfmt f = dst == FT_F16 ? F16_FMT : BF16_FMT;
		LANES v[l] = round_narrow(x[l], f, mode);
	}
	put32(w, i, v, pmask);
}

uint32_t sim_fp_f16x2_add(uint32_t a, uint32_t b)
{
	uint32_t r = 0;
	for (int h = 0; h < 2; h++) {
		/* the sum of two binary16 values is exact in a double */
		double x = widen_narrow(a >> (16 * h) & 0xffff, F16_FMT) +
			   widen_narrow(b >> (16 * h) & 0xffff, F16_FMT);
		r |= round_narrow(x, F16_FMT, FE_TONEAREST) << (16 * h);
	}
	return r;
}
