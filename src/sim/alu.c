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

void sim_rt_mov(sim_warp *w, const sim_inst *i, uint32_t pmask)
{
	uint32_t ta[SIM_LANES];
	const uint32_t *a = rt_row(w, i, sim_slot(i, RT_S0), ta);
	rt_put(rt_dst(w, i, sim_slot(i, RT_D0), 0), a, pmask);
}

/*
 * The row plan of IADD3 and IMAD, made once at predecode for their fast
 * paths: when the sources are GPRs read as they are (RZ too) or
 * immediates, aux[2] holds PLAN_OK, the destination row and the source
 * rows (an immediate reads RZ, the zero row, and its value goes to
 * aux[3]); otherwise aux[2] is 0 and the handler takes its general path.
 */
#define PLAN_OK (1ll << 40)
#define PLAN_BIMM (1ll << 41) /* IMAD: b is the immediate aux[3] & 0xffffffff */
#define PLAN_ROW(i, n) ((unsigned)((uint64_t)(i)->aux[2] >> (9 * (n)) & 0x1ff))
enum { PLAN_A, PLAN_B, PLAN_C, PLAN_D };

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

static void plan_put(sim_inst *i, int a, int b, int c, int64_t flags)
{
	int k = sim_slot(i, RT_D0);
	unsigned d = k == RT_NONE || i->op[k].reg >= SIM_RZ ? SIM_RSINK
							      : i->op[k].reg;
	if (a < 0 || b < 0 || c < 0 ||
	    (k != RT_NONE && i->op[k].kind != SIM_O_REG))
		return;
	i->aux[2] = PLAN_OK | flags | (int64_t)a << (9 * PLAN_A) |
		    (int64_t)b << (9 * PLAN_B) | (int64_t)c << (9 * PLAN_C) |
		    (int64_t)d << (9 * PLAN_D);
}

/* IADD3: a plain sum (no carry in or out) plans its three rows and the
 * sum of its immediates (aux[3]). */
simt_status sim_rt_prep_iadd3(sim_ctx *c, sim_inst *i, simt_diags *d)
{
	simt_status st = rt_prep(c, i, d);
	if (st != SIMT_OK || !i->opc)
		return st;
	i->aux[2] = i->aux[3] = 0;
	if (sim_slot(i, RT_PS0) != RT_NONE || sim_slot(i, RT_PS1) != RT_NONE ||
	    rt_pred_written(i, RT_PD0) || rt_pred_written(i, RT_PD1))
		return SIMT_OK;
	uint32_t k = 0;
	int ra = plan_src(i, RT_S0, &k), rb = plan_src(i, RT_S1, &k),
	    rc = plan_src(i, RT_S2, &k);
	plan_put(i, ra, rb, rc, 0);
	i->aux[3] = k;
	return SIMT_OK;
}

/* IMAD (not .WIDE, .HI): a a GPR; b a GPR or an immediate (PLAN_BIMM,
 * aux[3] bits 0-31); c a GPR or an immediate (aux[3] bits 32-63). */
simt_status sim_rt_prep_imad(sim_ctx *c, sim_inst *i, simt_diags *d)
{
	simt_status st = rt_prep(c, i, d);
	if (st != SIMT_OK || !i->opc)
		return st;
	i->aux[2] = i->aux[3] = 0;
	if (rt_has(i, RT_M(WIDE) | RT_M(HI)))
		return SIMT_OK;
	uint32_t ka = 0, kb = 0, kc = 0;
	int ra = plan_src(i, RT_S0, &ka), rb = plan_src(i, RT_S1, &kb),
	    rc = plan_src(i, RT_S2, &kc);
	int kbn = sim_slot(i, RT_S1);
	bool bimm = kbn != RT_NONE && i->op[kbn].kind == SIM_O_IMM;
	if (ka || (ra == SIM_RZ && sim_slot(i, RT_S0) != RT_NONE &&
		   i->op[sim_slot(i, RT_S0)].kind == SIM_O_IMM))
		return SIMT_OK; /* an immediate a: the general path */
	plan_put(i, ra, rb, rc, bimm ? PLAN_BIMM : 0);
	i->aux[3] = (int64_t)((uint64_t)kc << 32 | kb);
	return SIMT_OK;
}

/*
 * IADD3: d = a + b + c (+ carry-in predicates with .X).  The carry
 * k = sum >> 32 is 0, 1 or 2; it leaves as a count in two predicates,
 * Pu = (k >= 1) and Pv = (k >= 2), so that IADD3.X ..., Pu, Pv adds it
 * back (the multi-word add idiom).
 */
void sim_rt_iadd3(sim_warp *w, const sim_inst *i, uint32_t pmask)
{
	if (i->aux[2] & PLAN_OK) { /* a plain sum of rows and a constant */
		const uint32_t *pa = w->r[PLAN_ROW(i, PLAN_A)],
			       *pb = w->r[PLAN_ROW(i, PLAN_B)],
			       *pc = w->r[PLAN_ROW(i, PLAN_C)];
		uint32_t k = (uint32_t)i->aux[3];
		RT_ROW_PUT(w->r[PLAN_ROW(i, PLAN_D)], pmask,
			   pa[l] + pb[l] + pc[l] + k);
		return;
	}
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
void sim_rt_imad(sim_warp *w, const sim_inst *i, uint32_t pmask)
{
	if (i->aux[2] & PLAN_OK) { /* d = a * b + c from rows and constants */
		const uint32_t *pa = w->r[PLAN_ROW(i, PLAN_A)],
			       *pc = w->r[PLAN_ROW(i, PLAN_C)];
		uint32_t *pd = w->r[PLAN_ROW(i, PLAN_D)];
		uint32_t kc = (uint32_t)((uint64_t)i->aux[3] >> 32);
		if (i->aux[2] & PLAN_BIMM) {
			uint32_t kb = (uint32_t)i->aux[3];
			RT_ROW_PUT(pd, pmask, pa[l] * kb + pc[l] + kc);
		} else {
			const uint32_t *pb = w->r[PLAN_ROW(i, PLAN_B)];
			RT_ROW_PUT(pd, pmask, pa[l] * pb[l] + pc[l] + kc);
		}
		return;
	}
	SRC3;
	bool u = rt_has(i, RT_M(U32));
	uint32_t *d0 = rt_dst(w, i, sim_slot(i, RT_D0), 0);
	if (rt_has(i, RT_M(WIDE))) {
		uint32_t hi[SIM_LANES];
		int kc = sim_slot(i, RT_S2);
		const sim_opnd *oc = kc == RT_NONE ? NULL : &i->op[kc];
		if (oc && oc->kind == SIM_O_REG && oc->reg < SIM_RZ) {
			/* c a register pair: rows, no per-lane operand test */
			const uint32_t *cl = w->r[oc->reg], *ch = w->r[oc->reg + 1];
			if (u)
				LANES {
					uint64_t s = (uint64_t)a[l] * b[l] +
						     ((uint64_t)ch[l] << 32 | cl[l]);
					v[l] = (uint32_t)s;
					hi[l] = (uint32_t)(s >> 32);
				}
			else
				LANES {
					uint64_t s = (uint64_t)((int64_t)(int32_t)a[l] *
								(int32_t)b[l]) +
						     ((uint64_t)ch[l] << 32 | cl[l]);
					v[l] = (uint32_t)s;
					hi[l] = (uint32_t)(s >> 32);
				}
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
void sim_rt_sel(sim_warp *w, const sim_inst *i, uint32_t pmask)
{
	uint32_t ta[SIM_LANES], tb[SIM_LANES], v[SIM_LANES];
	const uint32_t *a = rt_row(w, i, sim_slot(i, RT_S0), ta);
	const uint32_t *b = rt_row(w, i, sim_slot(i, RT_S1), tb);
	uint32_t p = rt_get_pred(w, i, RT_PS0);
	LANES v[l] = (p >> l & 1) ? a[l] : b[l];
	rt_put(rt_dst(w, i, sim_slot(i, RT_D0), 0), v, pmask);
}

void sim_rt_popc(sim_warp *w, const sim_inst *i, uint32_t pmask)
{
	uint32_t ta[SIM_LANES], v[SIM_LANES];
	const uint32_t *a = rt_row(w, i, sim_slot(i, RT_S0), ta);
	LANES v[l] = sim_popc(a[l]);
	rt_put(rt_dst(w, i, sim_slot(i, RT_D0), 0), v, pmask);
}

/* BREV: bit i of d is bit 31 - i of a. */
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
void sim_rt_iabs(sim_warp *w, const sim_inst *i, uint32_t pmask)
{
	uint32_t ta[SIM_LANES], v[SIM_LANES];
	const uint32_t *a = rt_row(w, i, sim_slot(i, RT_S0), ta);
	LANES v[l] = (int32_t)a[l] < 0 ? 0u - a[l] : a[l];
	rt_put(rt_dst(w, i, sim_slot(i, RT_D0), 0), v, pmask);
}

/* IMNMX: Pp true selects the minimum, false the maximum; signed unless .U32. */
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
