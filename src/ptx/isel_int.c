/*
 * isel_int.c - instruction selection: integer arithmetic beyond the core, special registers, module constants.
 *
 * Offered every instruction isel.c's core switch does not take (isel.h),
 * and the 64-bit forms of brev/clz/popc/neg/mul.hi the core leaves.  The
 * rules (each with the test that pins it) are in docs/ptx.md "Lowering":
 *
 *   div/rem .u32/.s32   ptxas's reciprocal sequence (I2F.U32.RP, MUFU.RCP,
 *                       one Newton step in integers, two corrections)
 *   div/rem .u64/.s64   a counted shift-subtract loop (64 uniform trips)
 *   x / 0, x % 0        all ones (every width), like ptxas's 32-bit sequence
 *   mul.hi .u64/.s64    four IMAD.WIDE.U32 partial products (+ sign fix)
 *   sad, abs, dp4a, dp2a, fns, prmt, brev/clz/popc/neg .64
 *   special registers   %nwarpid, %smid, %nsmid, %clock64, %globaltimer,
 *                       %gridid (isel.c reads the others)
 *   module variables    mov of a .const / .global symbol (object.md)
 */
#include "ptx/isel.h"

/* ---- helpers ------------------------------------------------------------------ */

static int nv(isel *s) { return lw_vreg_new(s->f, 1); }
static int np(isel *s) { return lw_vreg_new(s->f, 0); }

/* ~x */
static int lnot(isel *s, lw_opd x)
{
	int t = nv(s);
	if (x.kind == LO_VREG || x.kind == LO_RZ)
		E(s, "LOP3.LUT", 6, V(t), x, RZ(), RZ(), I(0x0f), NPT());
	else
		E(s, "LOP3.LUT", 6, V(t), RZ(), x, RZ(), I(0x33), NPT());
	return t;
}

/* A register holding x (immediates and constants moved). */
static lw_opd reg(isel *s, lw_opd x)
{
	if (x.kind == LO_VREG || x.kind == LO_RZ)
		return x;
	if (x.kind == LO_IMM && x.imm == 0)
		return RZ();
	int t = nv(s);
	E(s, "MOV", 2, V(t), x);
	return V(t);
}

/* Label record at the current position. */
static void label_here(isel *s, const char *l)
{
	lw_inst *r = lw_emit(s->f, "");
	r->label = l;
}

/* (dh:dl) = (ah:al) + (bh:bl) */
static void add64w(isel *s, int dl, int dh, lw_opd al, lw_opd ah, lw_opd bl, lw_opd bh)
{
	int p = np(s);
	E(s, "IADD3", 5, V(dl), P(p, false), reg(s, al), bl, RZ());
	E(s, "IADD3.X", 6, V(dh), reg(s, ah), bh, RZ(), P(p, false), NPT());
}

/* (dh:dl) = -(ah:al) */
static void neg64w(isel *s, int dl, int dh, lw_opd al, lw_opd ah)
{
	int nl = lnot(s, al), nh = lnot(s, ah), p = np(s);
	E(s, "IADD3", 5, V(dl), P(p, false), V(nl), I(1), RZ());
	E(s, "IADD3.X", 6, V(dh), V(nh), RZ(), RZ(), P(p, false), NPT());
}

/* Copy 32-bit words into destination operand o (1 or 2 words). */
static void put(isel *s, const ptx_opd *o, int lo, int hi)
{
	int d = isel_dstv(s, o);
	if (s->f->vregs[d].width >= 2) {
		E(s, "MOV", 2, VS(d, 0), V(lo));
		E(s, "MOV", 2, VS(d, 1), hi >= 0 ? V(hi) : RZ());
	} else {
		E(s, "MOV", 2, V(d), V(lo));
	}
}

/* ---- division ------------------------------------------------------------------ */

/*
 * Unsigned 32-bit a / b and a % b (*q, *r: the vregs that hold them, each
 * step's value in a fresh vreg, so that the peephole drops the steps of
 * the one the PTX does not use and shares the reciprocal of a divisor
 * between divisions of one run): the reciprocal of b
 * rounded up as a float, scaled by 2^32 (exponent + 32, minus two ulps) is
 * an underestimate q0 of 2^32 / b; one Newton step in integers
 * (q1 = q0 + hi(q0 * -(q0 * b))), then q = hi(q1 * a) is short by at most
 * two, fixed by two compare-and-subtract steps.  b = 0 is left to the caller.
 */
static void udiv32(isel *s, lw_opd a, lw_opd b, int *qo, int *ro)
{
	a = reg(s, a);
	b = reg(s, b);
	int f = nv(s), rf = nv(s), f2 = nv(s), q0 = nv(s), nb = nv(s), e = nv(s), q1 = nv(s);
	int q = nv(s), r = nv(s);
	E(s, "I2F.U32.RP", 2, V(f), b);
	E(s, "MUFU.RCP", 2, V(rf), V(f));
	E(s, "IADD3", 4, V(f2), V(rf), I(0x0ffffffe), RZ());
	E(s, "F2I.U32.TRUNC.NTZ", 2, V(q0), V(f2));
	E(s, "IMAD", 4, V(nb), b, I(-1), RZ());
	E(s, "IMAD", 4, V(e), V(nb), V(q0), RZ());
	E(s, "IMAD.HI.U32", 4, V(q1), V(q0), V(e), V(q0));
	E(s, "IMAD.HI.U32", 4, V(q), V(q1), a, RZ());
	E(s, "IMAD", 4, V(r), V(nb), V(q), a);
	for (int k = 0; k < 2; k++) {
		int p = np(s), r2 = nv(s), q2 = nv(s), r3 = nv(s), q3 = nv(s);
		E(s, "ISETP.GE.U32.AND", 5, P(p, false), PT(), V(r), b, PT());
		E(s, "IADD3", 4, V(r2), V(r), V(nb), RZ());
		E(s, "IADD3", 4, V(q2), V(q), I(1), RZ());
		E(s, "SEL", 4, V(r3), V(r2), V(r), P(p, false));
		E(s, "SEL", 4, V(q3), V(q2), V(q), P(p, false));
		r = r3;
		q = q3;
	}
	*qo = q;
	*ro = r;
}

/*
 * The 64-bit long division: (rh:rl) the partial remainder, (qh:ql) the
 * dividend shifting out as quotient bits shift in; each of 64 trips
 * shifts both left by one and subtracts b when the 65-bit remainder
 * (carry c) is at least b.  The trip count is the same in every lane, so
 * the backward branch is uniform and needs no convergence barrier.
 */
static void udiv64(isel *s, lw_opd al, lw_opd ah, lw_opd bl, lw_opd bh, int ql, int qh, int rl, int rh)
{
	lw_fn *f = s->f;
	int nbl = lnot(s, reg(s, bl)), nbh = lnot(s, reg(s, bh)), cnt = nv(s);
	E(s, "MOV", 2, V(ql), reg(s, al));
	E(s, "MOV", 2, V(qh), reg(s, ah));
	E(s, "MOV", 2, V(rl), RZ());
	E(s, "MOV", 2, V(rh), RZ());
	E(s, "MOV", 2, V(cnt), I(64));
	const char *loop = lw_fmt(f, ".L_k%d_div%d", f->lbl_counter, f->ninsts);
	label_here(s, loop);
	int c = nv(s), tl = nv(s), th = nv(s), tx = nv(s);
	int p1 = np(s), p2 = np(s), p3 = np(s), pl = np(s);
	E(s, "SHF.R.U32.HI", 4, V(c), RZ(), I(31), V(rh));
	E(s, "SHF.L.U64.HI", 4, V(rh), V(rl), I(1), V(rh));
	E(s, "SHF.L.U64.HI", 4, V(rl), V(qh), I(1), V(rl));
	E(s, "SHF.L.U64.HI", 4, V(qh), V(ql), I(1), V(qh));
	E(s, "SHF.L.U32", 4, V(ql), V(ql), I(1), RZ());
	/* t = r - b = r + ~b + 1 over 65 bits; carry out of the top: r >= b */
	E(s, "IADD3", 5, V(tl), P(p1, false), V(rl), I(1), V(nbl));
	E(s, "IADD3.X", 7, V(th), P(p2, false), V(rh), V(nbh), RZ(), P(p1, false), NPT());
	E(s, "IADD3.X", 7, V(tx), P(p3, false), V(c), I(-1), RZ(), P(p2, false), NPT());
	E(s, "SEL", 4, V(rl), V(tl), V(rl), P(p3, false));
	E(s, "SEL", 4, V(rh), V(th), V(rh), P(p3, false));
	E(s, "IADD3.X", 6, V(ql), V(ql), RZ(), RZ(), P(p3, false), NPT());
	E(s, "IADD3", 4, V(cnt), V(cnt), I(-1), RZ());
	E(s, "ISETP.NE.AND", 5, P(pl, false), PT(), V(cnt), RZ(), PT());
	lw_opd g = s->guard;
	s->guard = P(pl, false);
	E(s, "BRA", 1, L(loop));
	s->guard = g;
	(void)tx;
}

static void sel_divrem(isel *s)
{
	ptx_insn *in = s->in;
	ptx_type t = in->type[0];
	bool rem = in->op == PTX_OP_REM, sg = tsigned(t);
	if (tkind(t) == 'f')
		return; /* not ours: isel_fp */
	lw_opd g = s->guard;
	/* the sequences compute in fresh registers; only the result is guarded */
	s->guard = (lw_opd){0};
	int lo, hi = -1;
	if (!is64(t)) {
		lw_opd a = isel_rsrc(s, in->opd[1], 0), b = isel_src(s, in->opd[2], 0);
		int q, r;
		if (!sg) {
			udiv32(s, a, b, &q, &r);
		} else {
			int aa = nv(s), bb = nv(s), x = nv(s), p = np(s), pa = np(s);
			E(s, "IABS", 2, V(aa), a);
			E(s, "IABS", 2, V(bb), b);
			udiv32(s, V(aa), V(bb), &q, &r);
			/* quotient negative when the signs differ, remainder takes a's */
			E(s, "LOP3.LUT", 6, V(x), a, reg(s, b), RZ(), I(0x3c), NPT());
			E(s, "ISETP.LT.AND", 5, P(p, false), PT(), V(x), RZ(), PT());
			E(s, "ISETP.LT.AND", 5, P(pa, false), PT(), a, RZ(), PT());
			int nq = nv(s), nr = nv(s), q2 = nv(s), r2 = nv(s);
			E(s, "IMAD", 4, V(nq), V(q), I(-1), RZ());
			E(s, "IMAD", 4, V(nr), V(r), I(-1), RZ());
			E(s, "SEL", 4, V(q2), V(nq), V(q), P(p, false));
			E(s, "SEL", 4, V(r2), V(nr), V(r), P(pa, false));
			q = q2;
			r = r2;
		}
		int z = np(s), qz = nv(s), rz = nv(s);
		E(s, "ISETP.EQ.U32.AND", 5, P(z, false), PT(), reg(s, b), RZ(), PT());
		E(s, "SEL", 4, V(qz), V(q), I(-1), P(z, true));
		E(s, "SEL", 4, V(rz), V(r), I(-1), P(z, true));
		lo = rem ? rz : qz;
	} else {
		lw_opd al = isel_rsrc(s, in->opd[1], 0), ah = isel_rsrc(s, in->opd[1], 1);
		lw_opd bl = isel_src(s, in->opd[2], 0), bh = isel_src(s, in->opd[2], 1);
		int ql = nv(s), qh = nv(s), rl = nv(s), rh = nv(s);
		int sa = -1, sq = -1;
		if (sg) {
			/* |x| = (x ^ s) - s with s the sign word */
			lw_opd x[2][2] = {{al, ah}, {bl, bh}};
			int sgn[2];
			for (int k = 0; k < 2; k++) {
				lw_opd xh = reg(s, x[k][1]), xl = reg(s, x[k][0]);
				int sw = nv(s), t0 = nv(s), t1 = nv(s), u0 = nv(s), u1 = nv(s);
				E(s, "SHF.R.S32.HI", 4, V(sw), RZ(), I(31), xh);
				E(s, "LOP3.LUT", 6, V(t0), xl, V(sw), RZ(), I(0x3c), NPT());
				E(s, "LOP3.LUT", 6, V(t1), xh, V(sw), RZ(), I(0x3c), NPT());
				int p = np(s), nsw = lnot(s, V(sw));
				E(s, "IADD3", 5, V(u0), P(p, false), V(t0), I(1), V(nsw));
				E(s, "IADD3.X", 6, V(u1), V(t1), V(nsw), RZ(), P(p, false), NPT());
				x[k][0] = V(u0);
				x[k][1] = V(u1);
				sgn[k] = sw;
			}
			al = x[0][0], ah = x[0][1], bl = x[1][0], bh = x[1][1];
			sa = sgn[0];
			sq = nv(s);
			E(s, "LOP3.LUT", 6, V(sq), V(sgn[0]), V(sgn[1]), RZ(), I(0x3c), NPT());
		}
		udiv64(s, al, ah, bl, bh, ql, qh, rl, rh);
		int ol = rem ? rl : ql, oh = rem ? rh : qh;
		if (sg) {
			int sw = rem ? sa : sq, nl = nv(s), nh = nv(s), p = np(s);
			neg64w(s, nl, nh, V(ol), V(oh));
			E(s, "ISETP.NE.AND", 5, P(p, false), PT(), V(sw), RZ(), PT());
			E(s, "SEL", 4, V(ol), V(nl), V(ol), P(p, false));
			E(s, "SEL", 4, V(oh), V(nh), V(oh), P(p, false));
		}
		/* by zero: all ones */
		int z = np(s), bo = nv(s);
		E(s, "LOP3.LUT", 6, V(bo), reg(s, isel_src(s, in->opd[2], 0)), reg(s, isel_src(s, in->opd[2], 1)), RZ(), I(0xfc), NPT());
		E(s, "ISETP.EQ.U32.AND", 5, P(z, false), PT(), V(bo), RZ(), PT());
		E(s, "SEL", 4, V(ol), V(ol), I(-1), P(z, true));
		E(s, "SEL", 4, V(oh), V(oh), I(-1), P(z, true));
		lo = ol;
		hi = oh;
	}
	s->guard = g;
	put(s, in->opd[0], lo, hi);
}

/* ---- 64-bit multiply high ------------------------------------------------------ */

/*
 * hi64(a * b) from the four 32x32 partial products: the middle column
 * p00.hi + p01.lo + p10.lo carries (0..2, two predicates) into the high
 * column p11 + p01.hi + p10.hi.  Signed: subtract b when a < 0 and a when
 * b < 0 (the two's complement correction of the unsigned product).
 */
static void sel_mulhi64(isel *s)
{
	ptx_insn *in = s->in;
	lw_opd a0 = isel_rsrc(s, in->opd[1], 0), a1 = isel_rsrc(s, in->opd[1], 1);
	lw_opd b0 = isel_rsrc(s, in->opd[2], 0), b1 = isel_rsrc(s, in->opd[2], 1);
	int p00 = lw_vreg_new(s->f, 2), p01 = lw_vreg_new(s->f, 2), p10 = lw_vreg_new(s->f, 2),
	    p11 = lw_vreg_new(s->f, 2);
	E(s, "IMAD.WIDE.U32", 4, V(p00), a0, b0, RZ());
	E(s, "IMAD.WIDE.U32", 4, V(p01), a0, b1, RZ());
	E(s, "IMAD.WIDE.U32", 4, V(p10), a1, b0, RZ());
	E(s, "IMAD.WIDE.U32", 4, V(p11), a1, b1, RZ());
	int m = nv(s), hl = nv(s), hh = nv(s);
	int c1 = np(s), c2 = np(s), d1 = np(s), d2 = np(s);
	E(s, "IADD3", 6, V(m), P(c1, false), P(c2, false), VS(p00, 1), VS(p01, 0), VS(p10, 0));
	int h0 = nv(s), h1 = nv(s), d3 = np(s);
	E(s, "IADD3", 6, V(h0), P(d1, false), P(d2, false), VS(p11, 0), VS(p01, 1), VS(p10, 1));
	E(s, "IADD3.X", 7, V(hl), P(d3, false), V(h0), RZ(), RZ(), P(c1, false), P(c2, false));
	E(s, "IADD3.X", 6, V(h1), VS(p11, 1), RZ(), RZ(), P(d1, false), P(d2, false));
	E(s, "IADD3.X", 6, V(hh), V(h1), RZ(), RZ(), P(d3, false), NPT());
	if (tsigned(in->type[0])) {
		lw_opd x[2][2] = {{b0, b1}, {a0, a1}};
		lw_opd sgn[2] = {a1, b1};
		for (int k = 0; k < 2; k++) {
			int p = np(s), t0 = nv(s), t1 = nv(s), n0 = nv(s), n1 = nv(s);
			E(s, "ISETP.LT.AND", 5, P(p, false), PT(), sgn[k], RZ(), PT());
			E(s, "SEL", 4, V(t0), x[k][0], RZ(), P(p, false));
			E(s, "SEL", 4, V(t1), x[k][1], RZ(), P(p, false));
			neg64w(s, n0, n1, V(t0), V(t1));
			int l2 = nv(s), h2 = nv(s);
			add64w(s, l2, h2, V(hl), V(hh), V(n0), V(n1));
			hl = l2;
			hh = h2;
		}
	}
	put(s, in->opd[0], hl, hh);
}

/* ---- bits ------------------------------------------------------------------------ */

/* brev of one word: one BREV (isa/alu.isa, a companion; before it, five
 * shift/mask rounds per word). */
static int brev32(isel *s, lw_opd x)
{
	int r = nv(s);
	E(s, "BREV", 2, V(r), x);
	return r;
}

static bool sel_bits64(isel *s)
{
	ptx_insn *in = s->in;
	const ptx_opd *a = in->opd[1];
	switch (in->op) {
	case PTX_OP_BREV: {
		int lo = brev32(s, isel_src(s, a, 1)), hi = brev32(s, isel_src(s, a, 0));
		put(s, in->opd[0], lo, hi);
		return true;
	}
	case PTX_OP_POPC: {
		int pl = nv(s), ph = nv(s);
		E(s, "POPC", 2, V(pl), isel_src(s, a, 0));
		E(s, "POPC", 2, V(ph), isel_src(s, a, 1));
		E(s, "IADD3", 4, V(isel_dstv(s, in->opd[0])), V(pl), V(ph), RZ());
		return true;
	}
	case PTX_OP_CLZ: {
		/* hi != 0 ? 31 - flo(hi) : 63 - flo(lo) (flo(0) = -1: 64 for 0) */
		lw_opd hi = isel_rsrc(s, a, 1);
		int fh = nv(s), fl = nv(s), p = np(s);
		E(s, "FLO.U32", 2, V(fh), hi);
		E(s, "FLO.U32", 2, V(fl), isel_src(s, a, 0));
		int nh = lnot(s, V(fh)), nl = lnot(s, V(fl)), ch = nv(s), cl = nv(s);
		E(s, "IADD3", 4, V(ch), V(nh), I(32), RZ());
		E(s, "IADD3", 4, V(cl), V(nl), I(64), RZ());
		E(s, "ISETP.NE.U32.AND", 5, P(p, false), PT(), hi, RZ(), PT());
		E(s, "SEL", 4, V(isel_dstv(s, in->opd[0])), V(ch), V(cl), P(p, false));
		return true;
	}
	case PTX_OP_NEG: {
		int l = nv(s), h = nv(s);
		neg64w(s, l, h, isel_rsrc(s, a, 0), isel_rsrc(s, a, 1));
		put(s, in->opd[0], l, h);
		return true;
	}
	default:
		return false;
	}
}

/* fns.b32 d, mask, base, offset: the position of the n-th set bit of mask
 * counted from bit 0, where n turns the search from base into a rank:
 * offset > 0: offset + popc(mask below base); offset < 0: offset + 1 +
 * popc(mask up to base); offset 0: popc(mask below base) + 1, valid only
 * when bit base is set.  The rank is found by a 5-step binary search on
 * popc(mask below pos); 0xffffffff when it is outside 1..popc(mask). */
static void sel_fns(isel *s)
{
	ptx_insn *in = s->in;
	lw_opd mask = isel_rsrc(s, in->opd[1], 0), base = isel_src(s, in->opd[2], 0);
	lw_opd off = isel_rsrc(s, in->opd[3], 0);
	int ones = nv(s), m1 = nv(s), m2 = nv(s), x1 = nv(s), x2 = nv(s), pb = nv(s), pb1 = nv(s), b1 = nv(s);
	E(s, "MOV", 2, V(ones), I(-1));
	E(s, "SHF.L.U32", 4, V(m1), V(ones), base, RZ()); /* bits >= base */
	E(s, "IADD3", 4, V(b1), reg(s, base), I(1), RZ());
	E(s, "SHF.L.U32", 4, V(m2), V(ones), V(b1), RZ()); /* bits > base */
	E(s, "LOP3.LUT", 6, V(x1), mask, V(m1), RZ(), I(0x30), NPT()); /* mask & ~m1 */
	E(s, "LOP3.LUT", 6, V(x2), mask, V(m2), RZ(), I(0x30), NPT());
	E(s, "POPC", 2, V(pb), V(x1));
	E(s, "POPC", 2, V(pb1), V(x2));
	int npos = nv(s), nneg = nv(s), nzero = nv(s), n = nv(s), ppos = np(s), pneg = np(s);
	E(s, "IADD3", 4, V(npos), off, V(pb), RZ());
	E(s, "IADD3", 4, V(nneg), off, I(1), V(pb1));
	E(s, "IADD3", 4, V(nzero), V(pb), I(1), RZ());
	E(s, "ISETP.GT.AND", 5, P(ppos, false), PT(), off, RZ(), PT());
	E(s, "ISETP.LT.AND", 5, P(pneg, false), PT(), off, RZ(), PT());
	E(s, "SEL", 4, V(n), V(npos), V(nzero), P(ppos, false));
	E(s, "SEL", 4, V(n), V(nneg), V(n), P(pneg, false));
	/* binary search: the largest pos with popc(mask below pos) < n */
	int pos = nv(s);
	E(s, "MOV", 2, V(pos), RZ());
	for (int k = 16; k; k >>= 1) {
		int t = nv(s), m = nv(s), x = nv(s), c = nv(s), p = np(s), pk = nv(s);
		E(s, "IADD3", 4, V(t), V(pos), I(k), RZ());
		E(s, "SHF.L.U32", 4, V(m), V(ones), V(t), RZ());
		E(s, "LOP3.LUT", 6, V(x), mask, V(m), RZ(), I(0x30), NPT());
		E(s, "POPC", 2, V(c), V(x));
		E(s, "ISETP.LT.U32.AND", 5, P(p, false), PT(), V(c), V(n), PT());
		E(s, "SEL", 4, V(pk), V(t), V(pos), P(p, false));
		pos = pk;
	}
	/* valid: 1 <= n <= popc(mask), and bit base set when offset is 0 */
	int tot = nv(s), v1 = np(s), bit = nv(s), pz = np(s);
	E(s, "POPC", 2, V(tot), mask);
	E(s, "ISETP.GE.AND", 5, P(v1, false), PT(), V(n), I(1), PT());
	E(s, "ISETP.LE.AND", 5, P(v1, false), PT(), V(n), V(tot), P(v1, false));
	E(s, "LOP3.LUT", 6, V(bit), V(x2), V(x1), RZ(), I(0x3c), NPT()); /* bit base alone */
	int pbit = np(s);
	E(s, "ISETP.NE.AND", 5, P(pbit, false), PT(), V(bit), RZ(), PT());
	E(s, "ISETP.NE.OR", 5, P(pz, false), PT(), off, RZ(), P(pbit, false));
	E(s, "SEL", 4, V(pos), V(pos), I(-1), P(v1, false));
	E(s, "SEL", 4, V(isel_dstv(s, in->opd[0])), V(pos), I(-1), P(pz, false));
}

/* ---- 32-bit extras ---------------------------------------------------------------- */

static void sel_sad(isel *s)
{
	ptx_insn *in = s->in;
	lw_opd a = isel_rsrc(s, in->opd[1], 0), b = isel_rsrc(s, in->opd[2], 0);
	int t = nv(s), n = nv(s), r = nv(s), p = np(s);
	E(s, "IMAD", 4, V(t), b, I(-1), a);            /* a - b */
	E(s, "IMAD", 4, V(n), a, I(-1), b);            /* b - a */
	E(s, tsigned(in->type[0]) ? "ISETP.LT.AND" : "ISETP.LT.U32.AND", 5, P(p, false), PT(), a, b, PT());
	E(s, "SEL", 4, V(r), V(n), V(t), P(p, false));
	E(s, "IADD3", 4, V(isel_dstv(s, in->opd[0])), V(r), isel_src(s, in->opd[3], 0), RZ());
}

/* dp4a / dp2a: bytes and halves picked (and extended) by PRMT, summed by IMAD. */
static void sel_dp(isel *s)
{
	ptx_insn *in = s->in;
	bool sa = tsigned(in->type[0]), sb = tsigned(in->type[1]);
	bool four = in->op == PTX_OP_DP4A;
	bool hi = !four && in->mode == PTX_MOD_MHI;
	lw_opd a = isel_rsrc(s, in->opd[1], 0), b = isel_rsrc(s, in->opd[2], 0);
	lw_opd acc = isel_rsrc(s, in->opd[3], 0);
	int n = four ? 4 : 2;
	for (int k = 0; k < n; k++) {
		int xa = nv(s), xb = nv(s), r = nv(s);
		uint32_t sela, selb;
		int kb = four ? k : (hi ? 2 : 0) + k;
		selb = sb ? (uint32_t)kb | ((8u | (uint32_t)kb) * 0x1110u) : 0x4440u | (uint32_t)kb;
		if (four)
			sela = sa ? (uint32_t)k | ((8u | (uint32_t)k) * 0x1110u) : 0x4440u | (uint32_t)k;
		else
			sela = sa ? (uint32_t)(2 * k) | (uint32_t)(2 * k + 1) << 4 | ((8u | (uint32_t)(2 * k + 1)) * 0x1100u)
				  : (uint32_t)(2 * k) | (uint32_t)(2 * k + 1) << 4 | 0x4400u;
		E(s, "PRMT", 4, V(xa), a, I((int64_t)sela), RZ());
		E(s, "PRMT", 4, V(xb), b, I((int64_t)selb), RZ());
		E(s, "IMAD", 4, V(r), V(xa), V(xb), acc);
		acc = V(r);
	}
	E(s, "MOV", 2, V(isel_dstv(s, in->opd[0])), acc);
}

/* ---- special registers ---------------------------------------------------------- */

/* mov of a 64-bit special register: hi, lo, hi again; a carry between the
 * reads gives (new hi : 0), a value between the two. */
static bool sel_sreg64(isel *s)
{
	ptx_insn *in = s->in;
	const ptx_opd *o = in->opd[1];
	const char *lo, *hi;
	switch (o->sreg) {
	case PTX_SREG_CLOCK64: lo = "SR_CLOCKLO"; hi = "SR_CLOCKHI"; break;
	case PTX_SREG_GLOBALTIMER: lo = "SR_GLOBALTIMERLO"; hi = "SR_GLOBALTIMERHI"; break;
	case PTX_SREG_GRIDID: {
		/* one grid per launch: %gridid is 0 (docs/ptx.md) */
		int z = nv(s);
		E(s, "MOV", 2, V(z), RZ());
		put(s, in->opd[0], z, z);
		return true;
	}
	default: return false;
	}
	int h1 = nv(s), l = nv(s), h2 = nv(s), p = np(s), r = nv(s);
	E(s, "S2R", 2, V(h1), T(hi));
	E(s, "S2R", 2, V(l), T(lo));
	E(s, "S2R", 2, V(h2), T(hi));
	E(s, "ISETP.EQ.U32.AND", 5, P(p, false), PT(), V(h1), V(h2), PT());
	E(s, "SEL", 4, V(r), V(l), RZ(), P(p, false));
	put(s, in->opd[0], r, h2);
	return true;
}

/* ---- module variables ------------------------------------------------------------ */

/*
 * Module-scope `.const` variables live in constant bank 3 of every kernel
 * (`.nv.constant3.<kernel>`, ptxas's bank for user constants), laid out in
 * declaration order, each aligned; the "address" of one (mov of its name)
 * is its offset in the bank, which ld.const turns into LDC c[0x3][R+off].
 * Module-scope `.global` variables live in the object's `.nv.global.init`
 * section, which the simulator allocates at load and whose address it puts
 * in c[0x0][0x30] (docs/launch-abi.md); their address is that base plus the
 * offset.  docs/ptx.md "Lowering"; test lower/module_vars.ptx, const_table.
 */
static uint64_t var_elem(const ptx_var *v)
{
	uint64_t e = (uint64_t)tbits(v->type) / 8;
	return (e ? e : 1) * (uint64_t)(v->vec ? v->vec : 1);
}

static uint64_t var_size(const ptx_var *v)
{
	uint64_t n = var_elem(v);
	for (int d = 0; d < v->ndims; d++)
		n *= v->dims[d] ? v->dims[d] : 1;
	return n;
}

static uint64_t var_align(const ptx_var *v)
{
	return v->align > 0 ? (uint64_t)v->align : var_elem(v);
}

static bool modvar_space(ptx_space sp) { return sp == PTX_SP_CONST || sp == PTX_SP_GLOBAL; }

/* Offset of module variable v in its space's block, -1 when v is not one. */
static int64_t modvar_off(const ptx_module *m, const ptx_var *v)
{
	uint64_t off = 0;
	for (int i = 0; i < m->nitems; i++) {
		const ptx_item *it = m->items[i];
		if (it->kind != PTX_ITEM_VAR || !it->var || it->var->space != v->space)
			continue;
		uint64_t al = var_align(it->var);
		off = (off + al - 1) / al * al;
		if (it->var == v)
			return (int64_t)off;
		off += var_size(it->var);
	}
	return -1;
}

/* The initial bytes of an initializer, element by element (little-endian). */
static void init_bytes(const ptx_init *in, uint64_t elem, uint8_t *out, uint64_t size, uint64_t *at)
{
	if (!in)
		return;
	if (in->kind == PTX_INIT_LIST) {
		for (int i = 0; i < in->nitems; i++)
			init_bytes(in->items[i], elem, out, size, at);
		return;
	}
	uint64_t x = in->kind == PTX_INIT_SYM ? 0 : in->ival;
	for (uint64_t k = 0; k < elem && *at < size; k++, (*at)++)
		out[*at] = (uint8_t)(x >> (8 * (k % 8)));
}

void lw_module_consts(ptx_module *m, const char *kernel, util_buf *b)
{
	ptx_space sp = kernel ? PTX_SP_CONST : PTX_SP_GLOBAL;
	uint64_t off = 0;
	bool open = false;
	for (int i = 0; i < m->nitems; i++) {
		const ptx_item *it = m->items[i];
		if (it->kind != PTX_ITEM_VAR || !it->var || it->var->space != sp)
			continue;
		const ptx_var *v = it->var;
		if (!open) {
			if (kernel)
				util_buf_printf(b, "\t.section .nv.constant3.%s\n", kernel);
			else
				util_buf_printf(b, "\t.section .nv.global.init,\"aw\"\n");
			open = true;
		}
		uint64_t al = var_align(v), start = (off + al - 1) / al * al;
		if (start > off)
			util_buf_printf(b, "\t.zero %llu\n", (unsigned long long)(start - off));
		uint64_t size = var_size(v), at = 0;
		util_buf_printf(b, "\t// %s %s, %llu bytes\n", sp == PTX_SP_CONST ? ".const" : ".global",
				v->name, (unsigned long long)size);
		if (!v->init) {
			util_buf_printf(b, "\t.zero %llu\n", (unsigned long long)size);
			off = start + size;
			continue;
		}
		uint8_t *bytes = calloc(size ? size : 1, 1);
		if (!bytes)
			return;
		init_bytes(v->init, var_elem(v) / (uint64_t)(v->vec ? v->vec : 1), bytes, size, &at);
		for (uint64_t k = 0; k < size; k += 16) {
			util_buf_puts(b, "\t.byte ");
			for (uint64_t j = k; j < size && j < k + 16; j++)
				util_buf_printf(b, "%s0x%02x", j > k ? ", " : "", bytes[j]);
			util_buf_putc(b, '\n');
		}
		free(bytes);
		off = start + size;
	}
}

/* mov d, sym of a module .const / .global variable. */
static bool sel_modvar_addr(isel *s)
{
	ptx_insn *in = s->in;
	const ptx_opd *o = in->opd[1];
	if (o->kind != PTX_OPD_SYM || !o->var || !modvar_space(o->var->space))
		return false;
	int64_t off = modvar_off(s->f->m, o->var);
	if (off < 0)
		return false;
	off += (int64_t)o->ival;
	int d = isel_dstv(s, in->opd[0]);
	bool wide = s->f->vregs[d].width >= 2;
	if (o->var->space == PTX_SP_CONST) {
		E(s, "MOV", 2, wide ? VS(d, 0) : V(d), off ? I(off) : RZ());
		if (wide)
			E(s, "MOV", 2, VS(d, 1), RZ());
		return true;
	}
	if (!wide) {
		unsupported(s, "32-bit address of a .global variable");
		return true;
	}
	if (!off) { /* the variable at the base: the base itself */
		E(s, "LDC.64", 2, V(d), T(cbank(s->f, 0x30)));
		return true;
	}
	int base = lw_vreg_new(s->f, 2), p = np(s);
	E(s, "LDC.64", 2, V(base), T(cbank(s->f, 0x30)));
	E(s, "IADD3", 5, VS(d, 0), P(p, false), VS(base, 0), I(off), RZ());
	E(s, "IADD3.X", 6, VS(d, 1), VS(base, 1), RZ(), RZ(), P(p, false), NPT());
	return true;
}

/* ld.const: LDC from bank 3, at a variable's offset or indexed by a register. */
static bool sel_ldconst(isel *s)
{
	ptx_insn *in = s->in;
	if (in->space != PTX_SP_CONST)
		return false;
	ptx_type t = in->type[0];
	const char *sz = tbits(t) == 8 ? (tsigned(t) ? ".S8" : ".U8") : tbits(t) == 16 ? (tsigned(t) ? ".S16" : ".U16")
		: tbits(t) == 64 ? ".64" : "";
	const ptx_opd *ad = in->opd[1];
	if (in->vec || in->opd[0]->kind != PTX_OPD_REG || ad->kind != PTX_OPD_ADDR || !ad->base) {
		unsupported(s, "ld.const of this form");
		return true;
	}
	int d = isel_dstv(s, in->opd[0]);
	const char *op = lw_fmt(s->f, "LDC%s", sz);
	if (ad->base->kind == PTX_OPD_SYM && ad->base->var && ad->base->var->space == PTX_SP_CONST) {
		int64_t off = modvar_off(s->f->m, ad->base->var);
		if (off < 0) {
			unsupported(s, "constant not declared at module scope");
			return true;
		}
		E(s, op, 2, V(d), T(lw_fmt(s->f, "c[0x3][0x%llx]", (unsigned long long)(off + (int64_t)ad->ival))));
		return true;
	}
	if (ad->base->kind != PTX_OPD_REG) {
		unsupported(s, "ld.const address");
		return true;
	}
	lw_opd a = MEM(lw_vreg_of(s->f, ad->base), (int64_t)ad->ival, false);
	a.text = "c[0x3]";
	E(s, op, 2, V(d), a);
	return true;
}

/* ---- entry ------------------------------------------------------------------------- */

bool isel_int(isel *s, int blk)
{
	ptx_insn *in = s->in;
	(void)blk;
	switch (in->op) {
	case PTX_OP_DIV:
	case PTX_OP_REM:
		if (tkind(in->type[0]) == 'f')
			return false;
		sel_divrem(s);
		return true;
	case PTX_OP_MUL:
		if (!is64(in->type[0]) || in->mode != PTX_MOD_MHI || tkind(in->type[0]) == 'f')
			return false;
		sel_mulhi64(s);
		return true;
	case PTX_OP_BREV:
	case PTX_OP_POPC:
	case PTX_OP_CLZ:
	case PTX_OP_NEG:
		if (!is64(in->type[0]) || tkind(in->type[0]) == 'f')
			return false;
		return sel_bits64(s);
	case PTX_OP_FNS:
		sel_fns(s);
		return true;
	case PTX_OP_SAD:
		if (is64(in->type[0])) {
			unsupported(s, "64-bit");
			return true;
		}
		sel_sad(s);
		return true;
	case PTX_OP_ABS:
		if (tkind(in->type[0]) == 'f')
			return false;
		if (is64(in->type[0])) {
			unsupported(s, "64-bit");
			return true;
		}
		E(s, "IABS", 2, V(isel_dstv(s, in->opd[0])), isel_src(s, in->opd[1], 0));
		return true;
	case PTX_OP_DP4A:
	case PTX_OP_DP2A:
		sel_dp(s);
		return true;
	case PTX_OP_PRMT:
		if (in->mode) {
			unsupported(s, "prmt mode");
			return true;
		}
		E(s, "PRMT", 4, V(isel_dstv(s, in->opd[0])), isel_rsrc(s, in->opd[1], 0),
		  isel_src(s, in->opd[3], 0), isel_rsrc(s, in->opd[2], 0));
		return true;
	case PTX_OP_MOV:
		if (in->opd[1]->kind == PTX_OPD_SREG && ptx_sregs[in->opd[1]->sreg].bits == 64)
			return sel_sreg64(s);
		return sel_modvar_addr(s);
	case PTX_OP_LD:
		return sel_ldconst(s);
	default:
		return false;
	}
}
