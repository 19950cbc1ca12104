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
 * IADD3: d = a + b + c (+ carry-in predicates with .X).  The carry
 * k = sum >> 32 is 0, 1 or 2; it leaves as a count in two predicates,
 * Pu = (k >= 1) and Pv = (k >= 2), so that IADD3.X ..., Pu, Pv adds it
 * back (the multi-word add idiom).
 */
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
		LANES v[l] = a[l] + b[l] + c[l];
		rt_put(rt_dst(w, i, sim_slot(i, RT_D0), 0), v, pmask);
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
	} else if (sim_slot(i, RT_S1) != RT_NONE &&
		   i->op[sim_slot(i, RT_S1)].kind == SIM_O_IMM) {
		uint32_t k = b[0]; /* a constant multiplier: no row to load */
		LANES v[l] = a[l] * k + c[l];
	} else {
		LANES v[l] = a[l] * b[l] + c[l];
	}
	rt_put(d0, v, pmask);
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
	rt_put(rt_dst(w, i, sim_slot(i, RT_D0), 0), v, pmask);
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
