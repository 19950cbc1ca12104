/*
 * isel_fp.c - instruction selection: float32/float64 arithmetic,
 * comparisons, conversions and approximations, and the 16-bit packing
 * moves (mov.b32 d, {lo, hi}) that half-precision code uses.
 *
 * Requires/produces as isel.c (isel.h).  isel.c offers every instruction
 * here before its core switch; isel_fp takes the float-typed ones (and cvt
 * with a float on either side) and returns false for everything else.
 *
 * Rules (docs/ptx.md "Lowering", each with its test in tests/ptx/lower/):
 *   - f32 add/sub/mul/fma/mad -> FADD/FMUL/FFMA with the rounding and .FTZ
 *     (sub negates b; .sat clamps with two FMNMX);
 *   - f64 add/sub/mul/fma -> DADD/DMUL/DFMA on pairs (an immediate is moved
 *     into a pair first);
 *   - setp.f32/.f64 -> FSETP/DSETP; min/max.f32 -> FMNMX;
 *   - neg/abs/copysign -> LOP3 on the sign bit (the high word of an f64);
 *   - div/rcp/sqrt .rn/.rz/.rm/.rp -> FDIV/FSQRT (.F64), correctly rounded
 *     companions; div.approx/full -> MUFU.RCP + FMUL; rcp/sqrt/rsqrt/ex2/
 *     lg2/sin/cos .approx -> MUFU;
 *   - cvt: int<->float -> I2F/F2I (32/64-bit forms), float->float of one
 *     width with an integer rounding -> FRND, other float->float -> F2F,
 *     cvt.sat.f32.f32 -> FMNMX clamp.
 */
#include "ptx/isel.h"

/* ---- helpers ------------------------------------------------------------------ */

static const char *rnd_sfx(ptx_modid r)
{
	switch (r) {
	case PTX_MOD_RZ: case PTX_MOD_RZI: return ".RZ";
	case PTX_MOD_RM: case PTX_MOD_RMI: return ".RM";
	case PTX_MOD_RP: case PTX_MOD_RPI: return ".RP";
	default: return "";
	}
}

/* Integer rounding of cvt (rni/rzi/rmi/rpi) as FRND/F2I modifiers. */
static const char *irnd_sfx(ptx_modid r)
{
	switch (r) {
	case PTX_MOD_RZI: return ".TRUNC";
	case PTX_MOD_RMI: return ".FLOOR";
	case PTX_MOD_RPI: return ".CEIL";
	default: return "";
	}
}

static const char *ftz_sfx(const ptx_insn *in)
{
	return ptx_insn_has(in, PTX_MOD_FTZ) ? ".FTZ" : "";
}

/* A float64 source as a register pair (immediates and constants moved). */
static lw_opd pair(isel *s, const ptx_opd *o)
{
	if (o->kind == PTX_OPD_REG) {
		int v = lw_vreg_of(s->f, o);
		if (s->f->vregs[v].width == 2)
			return V(v);
	}
	int t = lw_vreg_new(s->f, 2);
	for (int w = 0; w < 2; w++) {
		lw_opd x = isel_src(s, o, w);
		E(s, "MOV", 2, VS(t, w), x.kind == LO_IMM && x.imm == 0 ? RZ() : x);
	}
	return V(t);
}

/* The float64 pair of o with the sign bit of the high word changed by
 * LOP3 lut (0x3c: flip with b = sign; 0xc0: clear with b = ~sign). */
static int pair_sign(isel *s, const ptx_opd *o, int64_t mask, int lut)
{
	int t = lw_vreg_new(s->f, 2);
	if (o->kind == PTX_OPD_IMM && lut == 0x3c) { /* fold into the immediate */
		lw_opd lo = isel_src(s, o, 0), hi = isel_src(s, o, 1);
		E(s, "MOV", 2, VS(t, 0), lo.imm ? lo : RZ());
		E(s, "MOV", 2, VS(t, 1), I((int64_t)(int32_t)((uint32_t)hi.imm ^ (uint32_t)mask)));
		return t;
	}
	E(s, "MOV", 2, VS(t, 0), isel_rsrc(s, o, 0));
	E(s, "LOP3.LUT", 6, VS(t, 1), isel_rsrc(s, o, 1), I(mask), RZ(), I(lut), NPT());
	return t;
}

#define SIGN32 ((int64_t)(int32_t)0x80000000u)

/* A float32 register with the sign flipped (or an immediate with it flipped). */
static lw_opd fneg_src(isel *s, const ptx_opd *o)
{
	lw_opd b = isel_src(s, o, 0);
	if (b.kind == LO_IMM) {
		b.imm = (int64_t)(int32_t)((uint32_t)b.imm ^ 0x80000000u);
		return b;
	}
	int t = lw_vreg_new(s->f, 1);
	E(s, "LOP3.LUT", 6, V(t), isel_rsrc(s, o, 0), I(SIGN32), RZ(), I(0x3c), NPT());
	return V(t);
}

/* .sat: clamp d to [0, 1], NaN to 0 (max ignores the NaN). */
static void fsat(isel *s, int d, const char *ftz)
{
	E(s, lw_fmt(s->f, "FMNMX%s", ftz), 4, V(d), V(d), I(0), NPT());
	E(s, lw_fmt(s->f, "FMNMX%s", ftz), 4, V(d), V(d), I(0x3f800000), PT());
}

/* ---- arithmetic -------------------------------------------------------------------- */

static void sel_arith(isel *s)
{
	ptx_insn *in = s->in;
	lw_fn *f = s->f;
	ptx_type t = in->type[0];
	int d = isel_dstv(s, in->opd[0]);
	const char *r = rnd_sfx(in->rnd);
	bool fma = in->op == PTX_OP_FMA || in->op == PTX_OP_MAD;
	if (t == PTX_T_F64) {
		lw_opd a = pair(s, in->opd[1]);
		lw_opd b = in->op == PTX_OP_SUB ? V(pair_sign(s, in->opd[2], SIGN32, 0x3c)) : pair(s, in->opd[2]);
		if (fma)
			E(s, lw_fmt(f, "DFMA%s", r), 4, V(d), a, b, pair(s, in->opd[3]));
		else
			E(s, lw_fmt(f, "%s%s", in->op == PTX_OP_MUL ? "DMUL" : "DADD", r), 3, V(d), a, b);
		return;
	}
	const char *z = ftz_sfx(in);
	const ptx_opd *oa = in->opd[1], *ob = in->opd[2];
	if (oa->kind == PTX_OPD_IMM && ob->kind != PTX_OPD_IMM && in->op != PTX_OP_SUB) {
		const ptx_opd *x = oa; /* commutative: the register first */
		oa = ob;
		ob = x;
	}
	lw_opd a = isel_rsrc(s, oa, 0);
	lw_opd b = in->op == PTX_OP_SUB ? fneg_src(s, ob) : isel_src(s, ob, 0);
	if (fma)
		E(s, lw_fmt(f, "FFMA%s%s", z, r), 4, V(d), a, b, isel_rsrc(s, in->opd[3], 0));
	else
		E(s, lw_fmt(f, "%s%s%s", in->op == PTX_OP_MUL ? "FMUL" : "FADD", z, r), 3, V(d), a, b);
	if (ptx_insn_has(in, PTX_MOD_SAT))
		fsat(s, d, z);
}

/* neg, abs, copysign: sign-bit logic. */
static void sel_sign(isel *s)
{
	ptx_insn *in = s->in;
	ptx_type t = in->type[0];
	int d = isel_dstv(s, in->opd[0]);
	bool neg = in->op == PTX_OP_NEG;
	if (in->op == PTX_OP_COPYSIGN) {
		/* d = |b| with the sign of a: (a & sign) | (b & ~sign) */
		int w = t == PTX_T_F64 ? 1 : 0;
		if (w)
			E(s, "MOV", 2, VS(d, 0), isel_rsrc(s, in->opd[2], 0));
		E(s, "LOP3.LUT", 6, VS(d, w), isel_rsrc(s, in->opd[1], w), I(SIGN32),
		  isel_rsrc(s, in->opd[2], w), I(0xe2), NPT());
		return;
	}
	int64_t mask = neg ? SIGN32 : 0x7fffffff;
	int lut = neg ? 0x3c : 0xc0;
	if (t == PTX_T_F64) {
		E(s, "MOV", 2, VS(d, 0), isel_rsrc(s, in->opd[1], 0));
		E(s, "LOP3.LUT", 6, VS(d, 1), isel_rsrc(s, in->opd[1], 1), I(mask), RZ(), I(lut), NPT());
		return;
	}
	E(s, "LOP3.LUT", 6, V(d), isel_rsrc(s, in->opd[1], 0), I(mask), RZ(), I(lut), NPT());
	/* .ftz: x + -0.0 is x exactly, with the subnormal flush */
	if (ptx_insn_has(in, PTX_MOD_FTZ))
		E(s, "FADD.FTZ", 3, V(d), V(d), I(SIGN32));
}

static void sel_minmax(isel *s)
{
	ptx_insn *in = s->in;
	if (in->type[0] != PTX_T_F32 || in->nopd != 3) {
		unsupported(s, "f64 min/max");
		return;
	}
	if (ptx_insn_has(in, PTX_MOD_NANMOD) || ptx_insn_has(in, PTX_MOD_XORSIGN) ||
	    ptx_insn_has(in, PTX_MOD_ABS)) {
		unsupported(s, "min/max .NaN/.xorsign.abs");
		return;
	}
	int d = isel_dstv(s, in->opd[0]);
	const ptx_opd *oa = in->opd[1], *ob = in->opd[2];
	if (oa->kind == PTX_OPD_IMM && ob->kind != PTX_OPD_IMM) {
		const ptx_opd *x = oa;
		oa = ob;
		ob = x;
	}
	E(s, lw_fmt(s->f, "FMNMX%s", ftz_sfx(in)), 4, V(d), isel_rsrc(s, oa, 0), isel_src(s, ob, 0),
	  in->op == PTX_OP_MIN ? PT() : NPT());
}

static const char *fcmp_name(ptx_modid c)
{
	switch (c) {
	case PTX_MOD_EQ: return "EQ";
	case PTX_MOD_NE: return "NE";
	case PTX_MOD_LT: return "LT";
	case PTX_MOD_LE: return "LE";
	case PTX_MOD_GT: return "GT";
	case PTX_MOD_GE: return "GE";
	case PTX_MOD_EQU: return "EQU";
	case PTX_MOD_NEU: return "NEU";
	case PTX_MOD_LTU: return "LTU";
	case PTX_MOD_LEU: return "LEU";
	case PTX_MOD_GTU: return "GTU";
	case PTX_MOD_GEU: return "GEU";
	case PTX_MOD_NUM: return "NUM";
	case PTX_MOD_NAN: return "NAN";
	default: return NULL;
	}
}

/* The comparison with its operands swapped (a < b == b > a). */
static const char *fcmp_swap(const char *c)
{
	static const char *const pairs[][2] = {{"LT", "GT"}, {"LE", "GE"}, {"LTU", "GTU"},
					       {"LEU", "GEU"}};
	for (size_t k = 0; k < sizeof pairs / sizeof pairs[0]; k++) {
		if (!strcmp(c, pairs[k][0])) return pairs[k][1];
		if (!strcmp(c, pairs[k][1])) return pairs[k][0];
	}
	return c;
}

static void sel_fsetp(isel *s)
{
	ptx_insn *in = s->in;
	lw_fn *f = s->f;
	const char *c = fcmp_name(in->cmp);
	if (!c) {
		unsupported(s, "comparison");
		return;
	}
	const ptx_opd *a = in->opd[1], *b = in->opd[2];
	lw_opd pu, pv, pc;
	const char *bop = isel_setp_outputs(s, &pu, &pv, &pc);
	if (in->type[0] == PTX_T_F64) {
		E(s, lw_fmt(f, "DSETP.%s.%s", c, bop), 5, pu, pv, pair(s, a), pair(s, b), pc);
		return;
	}
	if (a->kind == PTX_OPD_IMM && b->kind != PTX_OPD_IMM) {
		const ptx_opd *x = a;
		a = b;
		b = x;
		c = fcmp_swap(c);
	}
	E(s, lw_fmt(f, "FSETP.%s%s.%s", c, ftz_sfx(in), bop), 5, pu, pv, isel_rsrc(s, a, 0), isel_src(s, b, 0), pc);
}

/* ---- division, roots, approximations ---------------------------------------------- */

static void mufu(isel *s, int d, const char *op, lw_opd x)
{
	E(s, lw_fmt(s->f, "MUFU.%s", op), 2, V(d), x);
}

static void sel_divroot(isel *s)
{
	ptx_insn *in = s->in;
	lw_fn *f = s->f;
	ptx_type t = in->type[0];
	int d = isel_dstv(s, in->opd[0]);
	bool approx = ptx_insn_has(in, PTX_MOD_APPROX) || ptx_insn_has(in, PTX_MOD_FULL);
	const char *z = ftz_sfx(in);
	const char *r = rnd_sfx(in->rnd);
	if (t == PTX_T_F64) {
		if (approx) {
			unsupported(s, "f64 approximation");
			return;
		}
		if (in->op == PTX_OP_SQRT) {
			E(s, lw_fmt(f, "FSQRT.F64%s", r), 2, V(d), pair(s, in->opd[1]));
			return;
		}
		lw_opd a, b;
		if (in->op == PTX_OP_RCP) {
			int one = lw_vreg_new(f, 2);
			E(s, "MOV", 2, VS(one, 0), RZ());
			E(s, "MOV", 2, VS(one, 1), I(0x3ff00000));
			a = V(one);
			b = pair(s, in->opd[1]);
		} else {
			a = pair(s, in->opd[1]);
			b = pair(s, in->opd[2]);
		}
		E(s, lw_fmt(f, "FDIV.F64%s", r), 3, V(d), a, b);
		return;
	}
	switch (in->op) {
	case PTX_OP_DIV:
		if (approx) {
			/* a * (1/b), as PTX defines div.approx/div.full */
			int rc = lw_vreg_new(f, 1);
			mufu(s, rc, "RCP", isel_rsrc(s, in->opd[2], 0));
			E(s, lw_fmt(f, "FMUL%s", z), 3, V(d), isel_rsrc(s, in->opd[1], 0), V(rc));
			return;
		}
		E(s, lw_fmt(f, "FDIV%s%s", r, z), 3, V(d), isel_rsrc(s, in->opd[1], 0), isel_rsrc(s, in->opd[2], 0));
		return;
	case PTX_OP_RCP:
		if (approx) {
			mufu(s, d, "RCP", isel_src(s, in->opd[1], 0));
			return;
		}
		{
			int one = lw_vreg_new(f, 1);
			E(s, "MOV", 2, V(one), I(0x3f800000));
			E(s, lw_fmt(f, "FDIV%s%s", r, z), 3, V(d), V(one), isel_rsrc(s, in->opd[1], 0));
		}
		return;
	case PTX_OP_SQRT:
		if (approx)
			mufu(s, d, "SQRT", isel_src(s, in->opd[1], 0));
		else
			E(s, lw_fmt(f, "FSQRT%s%s", r, z), 2, V(d), isel_rsrc(s, in->opd[1], 0));
		return;
	case PTX_OP_RSQRT: mufu(s, d, "RSQ", isel_src(s, in->opd[1], 0)); return;
	case PTX_OP_EX2: mufu(s, d, "EX2", isel_src(s, in->opd[1], 0)); return;
	case PTX_OP_LG2: mufu(s, d, "LG2", isel_src(s, in->opd[1], 0)); return;
	case PTX_OP_SIN: mufu(s, d, "SIN", isel_src(s, in->opd[1], 0)); return;
	case PTX_OP_COS: mufu(s, d, "COS", isel_src(s, in->opd[1], 0)); return;
	default: unsupported(s, NULL);
	}
}

/* ---- conversions ------------------------------------------------------------------ */

static const char *ftype_name(ptx_type t)
{
	switch (t) {
	case PTX_T_F16: return "F16";
	case PTX_T_BF16: return "BF16";
	case PTX_T_F64: return "F64";
	default: return "F32";
	}
}

static const char *itype_name(ptx_type t)
{
	bool u = tkind(t) != 's';
	return is64(t) ? (u ? ".U64" : ".S64") : (u ? ".U32" : "");
}

/* A 8/16-bit integer operand sign- or zero-extended to 32 bits. */
static int int_extend(isel *s, const ptx_opd *o, int bits, bool sg)
{
	int t = lw_vreg_new(s->f, 1);
	lw_opd a = isel_rsrc(s, o, 0);
	if (sg) {
		E(s, "SHF.L.U32", 4, V(t), a, I(32 - bits), RZ());
		E(s, "SHF.R.S32.HI", 4, V(t), RZ(), I(32 - bits), V(t));
	} else {
		E(s, "LOP3.LUT", 6, V(t), a, I(((int64_t)1 << bits) - 1), RZ(), I(0xc0), NPT());
	}
	return t;
}

static void sel_fcvt(isel *s)
{
	ptx_insn *in = s->in;
	lw_fn *f = s->f;
	ptx_type dt = in->type[0], st = in->type[1];
	int d = isel_dstv(s, in->opd[0]);
	char dk = tkind(dt), sk = tkind(st);
	const char *z = ftz_sfx(in);
	const ptx_opd *src = in->opd[1];
	if (dk == 'f' && sk != 'f') { /* integer -> float */
		lw_opd b;
		if (tbits(st) < 32) /* exact in a 32-bit integer */
			b = V(int_extend(s, src, tbits(st), sk == 's'));
		else
			b = is64(st) ? pair(s, src) : isel_src(s, src, 0);
		const char *sn = is64(st) ? (sk == 's' ? ".S64" : ".U64") : (sk == 's' ? "" : ".U32");
		if (dt == PTX_T_F32 || dt == PTX_T_F64) {
			E(s, lw_fmt(f, "I2F%s%s%s", dt == PTX_T_F64 ? ".F64" : "", sn, rnd_sfx(in->rnd)), 2, V(d), b);
			return;
		}
		/* f16/bf16: through an f32, which must not round first.  A
		 * 8/16-bit integer is exact in f32; a wider one rounded to f32
		 * and then to f16 is still right, since every integer above
		 * 2^24 (where f32 starts to round) overflows f16 either way;
		 * bf16 has f32's range, so only the narrow integers */
		if (dt == PTX_T_BF16 && tbits(st) > 16) {
			unsupported(s, "conversion to bf16 from a 32/64-bit integer");
			return;
		}
		int t = lw_vreg_new(f, 1);
		E(s, lw_fmt(f, "I2F%s%s", sn, rnd_sfx(in->rnd)), 2, V(t), b);
		E(s, lw_fmt(f, "F2F.%s.F32%s", ftype_name(dt), rnd_sfx(in->rnd)), 2, V(d), V(t));
		return;
	}
	if (sk == 'f' && dk != 'f') { /* float -> integer */
		lw_opd b;
		if (st == PTX_T_F16 || st == PTX_T_BF16) { /* widening is exact */
			int t = lw_vreg_new(f, 1);
			E(s, lw_fmt(f, "F2F.F32.%s", ftype_name(st)), 2, V(t), isel_rsrc(s, src, 0));
			b = V(t);
		} else {
			b = st == PTX_T_F64 ? pair(s, src) : isel_rsrc(s, src, 0);
		}
		const char *fs = st == PTX_T_F64 ? ".F64" : "";
		if (tbits(dt) >= 32) {
			E(s, lw_fmt(f, "F2I%s%s%s%s", itype_name(dt), fs, irnd_sfx(in->rnd), z), 2, V(d), b);
			return;
		}
		/* 8/16-bit: convert to 32 bits (saturating), then clamp */
		int nb = tbits(dt), t = lw_vreg_new(f, 1);
		bool sg = dk == 's';
		E(s, lw_fmt(f, "F2I%s%s%s%s", sg ? "" : ".U32", fs, irnd_sfx(in->rnd), z), 2, V(t), b);
		if (sg) {
			int64_t hi = ((int64_t)1 << (nb - 1)) - 1;
			E(s, "IMNMX", 4, V(t), V(t), I(hi), PT());
			E(s, "IMNMX", 4, V(d), V(t), I(-hi - 1), NPT());
		} else {
			E(s, "IMNMX.U32", 4, V(d), V(t), I(((int64_t)1 << nb) - 1), PT());
		}
		return;
	}
	/* float -> float */
	bool irnd = in->rnd == PTX_MOD_RNI || in->rnd == PTX_MOD_RZI || in->rnd == PTX_MOD_RMI ||
		    in->rnd == PTX_MOD_RPI;
	if (dt == st && (dt == PTX_T_F32 || dt == PTX_T_F64)) {
		lw_opd b = dt == PTX_T_F64 ? pair(s, src) : isel_rsrc(s, src, 0);
		bool sat = ptx_insn_has(in, PTX_MOD_SAT);
		if (sat && dt == PTX_T_F64) {
			unsupported(s, "cvt.sat.f64");
			return;
		}
		if (irnd) {
			E(s, lw_fmt(f, "FRND%s%s%s", dt == PTX_T_F64 ? ".F64" : "", irnd_sfx(in->rnd), z), 2, V(d), b);
		} else if (sat) { /* the clamp reads the source itself */
			E(s, lw_fmt(f, "FMNMX%s", z), 4, V(d), b, I(0), NPT());
			E(s, lw_fmt(f, "FMNMX%s", z), 4, V(d), V(d), I(0x3f800000), PT());
			return;
		} else if (dt == PTX_T_F32) {
			/* x + -0.0: x itself, flushed with .ftz */
			E(s, lw_fmt(f, "FADD%s", z), 3, V(d), b, I(SIGN32));
		} else {
			for (int w = 0; w < 2; w++)
				E(s, "MOV", 2, VS(d, w), VS(b.v, w));
		}
		if (sat)
			fsat(s, d, z);
		return;
	}
	if (irnd) {
		unsupported(s, "integer rounding between float formats");
		return;
	}
	lw_opd b = st == PTX_T_F64 ? pair(s, src) : isel_rsrc(s, src, 0);
	E(s, lw_fmt(f, "F2F.%s.%s%s%s", ftype_name(dt), ftype_name(st), rnd_sfx(in->rnd), z), 2, V(d), b);
	if (ptx_insn_has(in, PTX_MOD_SAT)) {
		if (dt != PTX_T_F32) {
			unsupported(s, "cvt.sat to this format");
			return;
		}
		fsat(s, d, z);
	}
}

/* ---- 16-bit halves: mov.b32 d, {lo, hi} and mov.b32 {lo, hi}, a ----------------------- */

static lw_opd half_src(isel *s, const ptx_opd *o)
{
	lw_opd x = isel_src(s, o, 0);
	if (x.kind == LO_IMM)
		return x.imm & 0xffff ? I(x.imm & 0xffff) : RZ();
	return isel_rsrc(s, o, 0);
}

static bool sel_pack(isel *s)
{
	ptx_insn *in = s->in;
	lw_fn *f = s->f;
	const ptx_opd *d = in->opd[0], *a = in->opd[1];
	if (a->kind == PTX_OPD_VEC && a->nitems == 2 && d->kind == PTX_OPD_REG && tbits(in->type[0]) == 32) {
		int dv = isel_dstv(s, d);
		lw_opd lo = half_src(s, a->items[0]), hi = half_src(s, a->items[1]);
		int t = lw_vreg_new(f, 1);
		if (hi.kind == LO_IMM) {
			E(s, "MOV", 2, V(t), I((int64_t)(int32_t)((uint32_t)hi.imm << 16)));
		} else {
			E(s, "SHF.L.U32", 4, V(t), hi, I(16), RZ());
		}
		/* d = (lo & 0xffff) | t */
		if (lo.kind == LO_RZ)
			E(s, "MOV", 2, V(dv), V(t));
		else if (lo.kind == LO_IMM)
			E(s, "LOP3.LUT", 6, V(dv), V(t), lo, RZ(), I(0xfc), NPT());
		else
			E(s, "LOP3.LUT", 6, V(dv), lo, I(0xffff), V(t), I(0xea), NPT());
		return true;
	}
	if (d->kind == PTX_OPD_VEC && d->nitems == 2 && tbits(in->type[0]) == 32) {
		lw_opd x = isel_rsrc(s, a, 0);
		if (d->items[0]->kind == PTX_OPD_REG)
			E(s, "LOP3.LUT", 6, V(isel_dstv(s, d->items[0])), x, I(0xffff), RZ(), I(0xc0), NPT());
		if (d->items[1]->kind == PTX_OPD_REG)
			E(s, "SHF.R.U32.HI", 4, V(isel_dstv(s, d->items[1])), RZ(), I(16), x);
		return true;
	}
	return false;
}

/* ---- entry --------------------------------------------------------------------------- */

static bool is_float(ptx_type t)
{
	return t == PTX_T_F32 || t == PTX_T_F64;
}

bool isel_fp(isel *s, int blk)
{
	ptx_insn *in = s->in;
	ptx_type t = in->type[0];
	(void)blk;
	switch (in->op) {
	case PTX_OP_ADD:
	case PTX_OP_SUB:
	case PTX_OP_MUL:
	case PTX_OP_MAD:
	case PTX_OP_FMA:
		if (!is_float(t))
			return false;
		sel_arith(s);
		return true;
	case PTX_OP_NEG:
	case PTX_OP_ABS:
		if (in->op == PTX_OP_ABS && t == PTX_T_S32) {
			E(s, "IABS", 2, V(isel_dstv(s, in->opd[0])), isel_src(s, in->opd[1], 0));
			return true;
		}
		if (!is_float(t))
			return false;
		sel_sign(s);
		return true;
	case PTX_OP_COPYSIGN:
		if (!is_float(t))
			return false;
		sel_sign(s);
		return true;
	case PTX_OP_MIN:
	case PTX_OP_MAX:
		if (!is_float(t))
			return false;
		sel_minmax(s);
		return true;
	case PTX_OP_SETP:
		if (!is_float(t))
			return false;
		sel_fsetp(s);
		return true;
	case PTX_OP_DIV:
	case PTX_OP_RCP:
	case PTX_OP_SQRT:
	case PTX_OP_RSQRT:
	case PTX_OP_EX2:
	case PTX_OP_LG2:
	case PTX_OP_SIN:
	case PTX_OP_COS:
		if (!is_float(t))
			return false;
		sel_divroot(s);
		return true;
	case PTX_OP_CVT:
		if (tkind(in->type[0]) != 'f' && tkind(in->type[1]) != 'f')
			return false;
		sel_fcvt(s);
		return true;
	case PTX_OP_MOV:
		return sel_pack(s);
	default:
		return false;
	}
}
