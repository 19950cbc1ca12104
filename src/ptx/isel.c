/*
 * isel.c - instruction selection: PTX instructions to ISA records.
 *
 * Requires: lw_cfg, lw_uniform, lw_sync.
 * Produces: f->insts, the kernel in layout order on virtual registers: a
 * label record per block, the block's instructions selected one PTX
 * instruction at a time (each record keeps the PTX line and the .loc line),
 * BSSY Bk before each divergent branch that has a join, the BSYNC stubs
 * before each join (edges from a region are retargeted to its stub),
 * `@P BREAK Bk` before a guarded bra into the stub of Bk (blk.brk),
 * WARPSYNC before .sync collectives that are not provably converged, and
 * EXIT for ret/exit of a kernel.  Every rule is listed in docs/ptx.md
 * "Lowering" with the test that pins it.  Unsupported instructions are
 * located errors ("not lowered yet").
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ptx/isel.h"

/* ---- names ------------------------------------------------------------------- */

/* Whether format f has no conversion but %s and %d. */
static bool plain_format(const char *f)
{
	for (const char *p = strchr(f, '%'); p; p = strchr(p + 2, '%'))
		if (p[1] != 's' && p[1] != 'd')
			return false;
	return true;
}

/* The text of snprintf(buf, 128, fmt_, ...): the formats of the operation
 * names and labels (%s and %d) are put together here, any other by
 * vsnprintf. */
const char *lw_fmt(lw_fn *f, const char *fmt_, ...)
{
	char buf[128];
	size_t n = 0;
	va_list ap;
	va_start(ap, fmt_);
	if (!plain_format(fmt_)) {
		vsnprintf(buf, sizeof buf, fmt_, ap);
		n = strlen(buf);
	} else {
		char num[12];
		for (const char *p = fmt_; *p && n < sizeof buf - 1; p++) {
			const char *x = p;
			size_t k = 1;
			if (*p == '%' && p[1] == 's') {
				x = va_arg(ap, const char *);
				k = strlen(x);
				p++;
			} else if (*p == '%') {
				int v = va_arg(ap, int);
				x = util_digits(num + sizeof num,
						v < 0 ? 0u - (unsigned)v : (unsigned)v, 10, v < 0);
				k = (size_t)(num + sizeof num - x);
				p++;
			}
			k = k < sizeof buf - 1 - n ? k : sizeof buf - 1 - n;
			memcpy(buf + n, x, k);
			n += k;
		}
	}
	va_end(ap);
	return ptx_strndup(&f->m->arena, buf, n);
}

/* ---- sources ------------------------------------------------------------------ */

/* Offset of kernel parameter var in bank 0 (docs/launch-abi.md). */
static int param_off(lw_fn *f, const ptx_var *v)
{
	unsigned off = 0;
	if (!f->fn->is_entry)
		return -1; /* a .func's parameters are on the stack (isel_call.c) */
	for (int i = 0; i < f->fn->params.n; i++) {
		ptx_var *p = f->fn->params.items[i];
		unsigned sz = (unsigned)tbits(p->type) / 8;
		if (sz == 0)
			sz = 1;
		for (int d = 0; d < p->ndims; d++)
			sz *= (unsigned)(p->dims[d] ? p->dims[d] : 1);
		unsigned al = p->align ? (unsigned)p->align : (unsigned)tbits(p->type) / 8;
		if (al == 0)
			al = 1;
		if (al > 16)
			al = 16;
		off = (off + al - 1) / al * al;
		if (p == v)
			return 0x100 + (int)off;
		off += sz;
	}
	return -1;
}

static int64_t var_addr(lw_fn *f, const ptx_var *v, bool *known)
{
	*known = true;
	void *p = ptx_map_get(&f->shmap, v->name, (int)strlen(v->name));
	if (p)
		return (int64_t)((uintptr_t)p - 1);
	p = ptx_map_get(&f->lcmap, v->name, (int)strlen(v->name));
	if (p)
		return (int64_t)((uintptr_t)p - 1);
	*known = false;
	return 0;
}

static int sreg_read(isel *s, const ptx_opd *o)
{
	lw_fn *f = s->f;
	int t = lw_vreg_new(f, 1);
	int c = o->comp ? o->comp - 'x' : 0;
	const char *xyz = c == 0 ? "X" : c == 1 ? "Y" : "Z";
	switch (o->sreg) {
	case PTX_SREG_TID: E(s, "S2R", 2, V(t), T(lw_fmt(f, "SR_TID.%s", xyz))); break;
	case PTX_SREG_CTAID: E(s, "S2R", 2, V(t), T(lw_fmt(f, "SR_CTAID.%s", xyz))); break;
	case PTX_SREG_NTID: E(s, "MOV", 2, V(t), T(cbank(f, 0x0 + 4 * (unsigned)c))); break;
	case PTX_SREG_NCTAID: E(s, "MOV", 2, V(t), T(cbank(f, 0xc + 4 * (unsigned)c))); break;
	case PTX_SREG_DYNAMIC_SMEM_SIZE: E(s, "MOV", 2, V(t), T(cbank(f, 0x18))); break;
	case PTX_SREG_LANEID: E(s, "S2R", 2, V(t), T("SR_LANEID")); break;
	case PTX_SREG_WARPID: E(s, "S2R", 2, V(t), T("SR_WARPID")); break;
	case PTX_SREG_LANEMASK_EQ: E(s, "S2R", 2, V(t), T("SR_LANEMASK_EQ")); break;
	case PTX_SREG_LANEMASK_LT: E(s, "S2R", 2, V(t), T("SR_LANEMASK_LT")); break;
	case PTX_SREG_LANEMASK_LE: E(s, "S2R", 2, V(t), T("SR_LANEMASK_LE")); break;
	case PTX_SREG_LANEMASK_GT: E(s, "S2R", 2, V(t), T("SR_LANEMASK_GT")); break;
	case PTX_SREG_LANEMASK_GE: E(s, "S2R", 2, V(t), T("SR_LANEMASK_GE")); break;
	case PTX_SREG_CLOCK: E(s, "S2R", 2, V(t), T("SR_CLOCKLO")); break;
	case PTX_SREG_CLOCK_HI: E(s, "S2R", 2, V(t), T("SR_CLOCKHI")); break;
	case PTX_SREG_WARPSZ: E(s, "MOV", 2, V(t), I(32)); break;
	case PTX_SREG_NWARPID: E(s, "S2R", 2, V(t), T("SR_NWARPID")); break;
	case PTX_SREG_SMID: E(s, "S2R", 2, V(t), T("SR_SMID")); break;
	case PTX_SREG_NSMID: E(s, "S2R", 2, V(t), T("SR_NSMID")); break;
	case PTX_SREG_GLOBALTIMER_LO: E(s, "S2R", 2, V(t), T("SR_GLOBALTIMERLO")); break;
	case PTX_SREG_GLOBALTIMER_HI: E(s, "S2R", 2, V(t), T("SR_GLOBALTIMERHI")); break;
	default:
		if (!isel_cluster_sreg(s, o, t))
			unsupported(s, "special register");
	}
	return t;
}

/* Word `sub` (0 low, 1 high) of source operand o as a record operand
 * (register, immediate or bank-0 constant). */
lw_opd isel_src(isel *s, const ptx_opd *o, int sub)
{
	lw_fn *f = s->f;
	switch (o->kind) {
	case PTX_OPD_REG: {
		int v = lw_vreg_of(f, o);
		if (f->vregs[v].width == 1 && sub)
			return RZ(); /* zero-extended by the caller's choice */
		return VS(v, sub);
	}
	case PTX_OPD_IMM: {
		/* the parser keeps '-' apart from the magnitude */
		uint64_t x = o->ival;
		if (o->neg && !o->is_float)
			x = (uint64_t)0 - x;
		else if (o->neg)
			x ^= o->spell == PTX_IMM_F32 ? 0x80000000ull : 0x8000000000000000ull;
		return I((int64_t)(int32_t)(uint32_t)(sub ? x >> 32 : x));
	}
	case PTX_OPD_SREG:
		if (sub && (o->sreg == PTX_SREG_CLOCK64 || o->sreg == PTX_SREG_GLOBALTIMER)) {
			int t = lw_vreg_new(f, 1);
			E(s, "S2R", 2, V(t), T("SR_CLOCKHI"));
			return V(t);
		}
		if (sub)
			return RZ();
		return V(sreg_read(s, o));
	case PTX_OPD_SYM: {
		if (o->var && o->var->space == PTX_SP_PARAM) {
			int off = param_off(f, o->var);
			if (off >= 0)
				return T(cbank(f, (unsigned)off + 4u * (unsigned)sub + (unsigned)o->ival));
		}
		if (o->var) {
			bool known;
			int64_t a = var_addr(f, o->var, &known);
			if (known)
				return I(sub ? 0 : (int64_t)(uint32_t)(a + (int64_t)o->ival));
			int64_t fo;
			if (isel_frame_var(s, o->var, &fo)) { /* a .func's .local: R1 + off */
				if (sub)
					return RZ();
				int t = lw_vreg_new(f, 1);
				E(s, "IADD3", 4, V(t), V(f->sp), I(fo + (int64_t)o->ival), RZ());
				return V(t);
			}
		}
		unsupported(s, "address of this symbol");
		return I(0);
	}
	default:
		unsupported(s, "operand kind");
		return I(0);
	}
}

/* Like src, but a register: immediates and constants are moved first. */
lw_opd isel_rsrc(isel *s, const ptx_opd *o, int sub)
{
	lw_opd x = isel_src(s, o, sub);
	if (x.kind == LO_VREG || x.kind == LO_RZ)
		return x;
	if (x.kind == LO_IMM && x.imm == 0)
		return RZ();
	int t = lw_vreg_new(s->f, 1);
	E(s, "MOV", 2, V(t), x);
	return V(t);
}

int isel_dstv(isel *s, const ptx_opd *o)
{
	if (o->kind != PTX_OPD_REG) {
		unsupported(s, "destination kind");
		return lw_vreg_new(s->f, 1);
	}
	return lw_vreg_of(s->f, o);
}

/* Predicate source (guards, selp, setp's third operand): P / !P / PT. */
lw_opd isel_psrc(isel *s, const ptx_opd *o)
{
	if (o->kind == PTX_OPD_REG)
		return P(lw_vreg_of(s->f, o), o->neg);
	if (o->kind == PTX_OPD_IMM)
		return o->ival ? PT() : NPT();
	if (o->kind == PTX_OPD_SREG && ptx_sregs[o->sreg].bits == 1) {
		/* %is_explicit_cluster: the 0/1 special register, tested */
		int p = lw_vreg_new(s->f, 0);
		E(s, "ISETP.NE.U32.AND", 5, P(p, false), PT(), V(sreg_read(s, o)), RZ(), PT());
		return P(p, o->neg);
	}
	unsupported(s, "predicate operand");
	return PT();
}

/* ---- per-opcode selection -------------------------------------------------------- */

static const char *cmp_name(ptx_modid c, bool *uns)
{
	switch (c) {
	case PTX_MOD_EQ: return "EQ";
	case PTX_MOD_NE: return "NE";
	case PTX_MOD_LT: return "LT";
	case PTX_MOD_LE: return "LE";
	case PTX_MOD_GT: return "GT";
	case PTX_MOD_GE: return "GE";
	case PTX_MOD_LO: *uns = true; return "LT";
	case PTX_MOD_LS: *uns = true; return "LE";
	case PTX_MOD_HI: *uns = true; return "GT";
	case PTX_MOD_HS: *uns = true; return "GE";
	default: return NULL;
	}
}

static const char *cmp_swap(const char *c)
{
	if (!strcmp(c, "LT")) return "GT";
	if (!strcmp(c, "GT")) return "LT";
	if (!strcmp(c, "LE")) return "GE";
	if (!strcmp(c, "GE")) return "LE";
	return c;
}

/* The outputs of a setp (isel.h): p or p|q, and the boolean combination
 * with an optional third predicate. */
const char *isel_setp_outputs(isel *s, lw_opd *pu, lw_opd *pv, lw_opd *pc)
{
	ptx_insn *in = s->in;
	const ptx_opd *d = in->opd[0];
	*pv = PT();
	if (d->kind == PTX_OPD_PAIR) {
		*pu = P(lw_vreg_of(s->f, d->items[0]), false);
		*pv = P(lw_vreg_of(s->f, d->items[1]), false);
	} else {
		*pu = P(isel_dstv(s, d), false);
	}
	*pc = PT();
	if (in->nopd <= 3)
		return "AND";
	*pc = isel_psrc(s, in->opd[3]);
	return in->boolop == PTX_MOD_OR ? "OR" : in->boolop == PTX_MOD_XOR ? "XOR" : "AND";
}

static void sel_setp(isel *s)
{
	ptx_insn *in = s->in;
	lw_fn *f = s->f;
	ptx_type t = in->type[0];
	bool uns = tkind(t) == 'u' || tkind(t) == 'b';
	const char *c = cmp_name(in->cmp, &uns);
	if (!c) {
		unsupported(s, "comparison");
		return;
	}
	const ptx_opd *d = in->opd[0], *a = in->opd[1], *b = in->opd[2];
	lw_opd pu, pv, pc;
	const char *bop = isel_setp_outputs(s, &pu, &pv, &pc);
	if (a->kind == PTX_OPD_IMM && b->kind != PTX_OPD_IMM) {
		const ptx_opd *x = a;
		a = b;
		b = x;
		c = cmp_swap(c);
	}
	const char *u = uns ? ".U32" : "";
	if (!is64(t)) {
		E(s, lw_fmt(f, "ISETP.%s%s.%s", c, u, bop), 5, pu, pv, isel_rsrc(s, a, 0),
		  isel_src(s, b, 0), pc);
		return;
	}
	if (d->kind == PTX_OPD_PAIR || in->nopd > 3) {
		unsupported(s, "64-bit compare with a second destination or bool op");
		return;
	}
	lw_opd alo = isel_rsrc(s, a, 0), ahi = isel_rsrc(s, a, 1), blo = isel_src(s, b, 0), bhi = isel_src(s, b, 1);
	int t1 = lw_vreg_new(f, 0);
	if (!strcmp(c, "EQ") || !strcmp(c, "NE")) {
		E(s, lw_fmt(f, "ISETP.%s.U32.AND", c), 5, P(t1, false), PT(), alo, blo, PT());
		E(s, lw_fmt(f, "ISETP.%s.U32.%s", c, !strcmp(c, "EQ") ? "AND" : "OR"), 5,
		  pu, PT(), ahi, bhi, P(t1, false));
		return;
	}
	/* a <op> b = hi <strict op> hi' || (hi == hi' && lo <op, unsigned> lo') */
	const char *strict = !strcmp(c, "LE") ? "LT" : !strcmp(c, "GE") ? "GT" : c;
	E(s, "ISETP.EQ.U32.AND", 5, P(t1, false), PT(), ahi, bhi, PT());
	E(s, lw_fmt(f, "ISETP.%s.U32.AND", c), 5, P(t1, false), PT(), alo, blo, P(t1, false));
	E(s, lw_fmt(f, "ISETP.%s%s.OR", strict, u), 5, pu, PT(), ahi, bhi, P(t1, false));
}

static void lop(isel *s, int lut, bool is_not)
{
	ptx_insn *in = s->in;
	lw_fn *f = s->f;
	ptx_type t = in->type[0];
	if (t == PTX_T_PRED) {
		int d = isel_dstv(s, in->opd[0]);
		lw_opd pa = isel_psrc(s, in->opd[1]);
		if (is_not) {
			pa.neg = !pa.neg;
			E(s, "ISETP.T.AND", 5, P(d, false), PT(), RZ(), RZ(), pa);
			return;
		}
		lw_opd pb = isel_psrc(s, in->opd[2]);
		int tv = lw_vreg_new(f, 1);
		lw_opd npa = pa;
		npa.neg = !npa.neg;
		E(s, "SEL", 4, V(tv), RZ(), I(1), npa); /* tv = pa ? 1 : 0 */
		const char *bop = lut == 0xc0 ? "AND" : lut == 0xfc ? "OR" : "XOR";
		E(s, lw_fmt(f, "ISETP.NE.%s", bop), 5, P(d, false), PT(), V(tv), RZ(), pb);
		return;
	}
	int d = isel_dstv(s, in->opd[0]);
	int words = is64(t) ? 2 : 1;
	for (int w = 0; w < words; w++) {
		lw_opd a = isel_rsrc(s, in->opd[1], w);
		lw_opd b = is_not ? RZ() : isel_src(s, in->opd[2], w);
		E(s, "LOP3.LUT", 6, VS(d, w), a, b, RZ(), I(lut), NPT());
	}
}

static void add64(isel *s, int d, lw_opd alo, lw_opd ahi, lw_opd blo, lw_opd bhi)
{
	int p = lw_vreg_new(s->f, 0);
	E(s, "IADD3", 5, VS(d, 0), P(p, false), alo, blo, RZ());
	E(s, "IADD3.X", 6, VS(d, 1), ahi, bhi, RZ(), P(p, false), NPT());
}

static void sel_addsub(isel *s, bool sub)
{
	ptx_insn *in = s->in;
	lw_fn *f = s->f;
	ptx_type t = in->type[0];
	int d = isel_dstv(s, in->opd[0]);
	if (!is64(t)) {
		lw_opd a = isel_rsrc(s, in->opd[1], 0);
		if (!sub) {
			E(s, "IADD3", 4, V(d), a, isel_src(s, in->opd[2], 0), RZ());
			return;
		}
		lw_opd b = isel_src(s, in->opd[2], 0);
		if (b.kind == LO_IMM)
			E(s, "IADD3", 4, V(d), a, I((int64_t)(int32_t)(0u - (uint32_t)b.imm)), RZ());
		else
			E(s, "IMAD", 4, V(d), isel_rsrc(s, in->opd[2], 0), I(-1), a);
		return;
	}
	lw_opd alo = isel_rsrc(s, in->opd[1], 0), ahi = isel_rsrc(s, in->opd[1], 1);
	if (!sub) {
		add64(s, d, alo, ahi, isel_src(s, in->opd[2], 0), isel_src(s, in->opd[2], 1));
		return;
	}
	/* a - b = a + ~b + 1 */
	int nb = lw_vreg_new(f, 2);
	for (int w = 0; w < 2; w++)
		E(s, "LOP3.LUT", 6, VS(nb, w), isel_rsrc(s, in->opd[2], w), RZ(), RZ(), I(0x0f), NPT());
	int p = lw_vreg_new(f, 0), q = lw_vreg_new(f, 0);
	E(s, "IADD3", 6, VS(d, 0), P(p, false), P(q, false), alo, I(1), VS(nb, 0));
	E(s, "IADD3.X", 6, VS(d, 1), ahi, VS(nb, 1), RZ(), P(p, false), P(q, false));
}

static void sel_mul(isel *s, bool mad)
{
	ptx_insn *in = s->in;
	lw_fn *f = s->f;
	ptx_type t = in->type[0];
	int d = isel_dstv(s, in->opd[0]);
	const char *u = tsigned(t) ? "" : ".U32";
	/* mul.hi / mad.hi parse as the MODE-class .hi (the CMP-class one is setp's) */
	ptx_modid mode = in->mode == PTX_MOD_MHI ? PTX_MOD_HI : in->mode;
	const ptx_opd *a = in->opd[1], *b = in->opd[2];
	if (a->kind == PTX_OPD_IMM && b->kind != PTX_OPD_IMM) {
		const ptx_opd *x = a;
		a = b;
		b = x;
	}
	if (tbits(t) == 16 && mode == PTX_MOD_WIDE) {
		/* 16 x 16 -> 32: the low product of the extended halves */
		lw_opd x[2];
		const ptx_opd *ab[2] = {a, b};
		for (int k = 0; k < 2; k++) {
			if (k == 1 && ab[k]->kind == PTX_OPD_IMM && !ab[k]->is_float) {
				/* a constant factor is extended here */
				uint32_t v = (uint32_t)ab[k]->ival & 0xffff;
				x[k] = I(tsigned(t) ? (int64_t)(int16_t)v : (int64_t)v);
				continue;
			}
			int e = lw_vreg_new(f, 1);
			if (tsigned(t)) {
				E(s, "SHF.L.U32", 4, V(e), isel_rsrc(s, ab[k], 0), I(16), RZ());
				E(s, "SHF.R.S32.HI", 4, V(e), RZ(), I(16), V(e));
			} else {
				E(s, "LOP3.LUT", 6, V(e), isel_rsrc(s, ab[k], 0), I(0xffff), RZ(), I(0xc0), NPT());
			}
			x[k] = V(e);
		}
		E(s, "IMAD", 4, V(d), x[0], x[1], mad ? isel_rsrc(s, in->opd[3], 0) : RZ());
		return;
	}
	if (!is64(t)) {
		lw_opd c = mad ? isel_src(s, in->opd[3], 0) : RZ();
		if (mode == PTX_MOD_WIDE) {
			lw_opd c64 = RZ();
			if (mad) {
				if (in->opd[3]->kind != PTX_OPD_REG) {
					unsupported(s, "mad.wide with an immediate addend");
					return;
				}
				c64 = V(lw_vreg_of(f, in->opd[3]));
			}
			E(s, lw_fmt(f, "IMAD.WIDE%s", u), 4, V(d), isel_rsrc(s, a, 0), isel_src(s, b, 0), c64);
		} else if (mode == PTX_MOD_HI) {
			E(s, lw_fmt(f, "IMAD.HI%s", u), 4, V(d), isel_rsrc(s, a, 0), isel_src(s, b, 0), c);
		} else {
			E(s, "IMAD", 4, V(d), isel_rsrc(s, a, 0), isel_src(s, b, 0), c.kind == LO_IMM || c.kind == LO_TEXT ? isel_rsrc(s, in->opd[3], 0) : c);
		}
		return;
	}
	if (mode == PTX_MOD_HI || mode == PTX_MOD_WIDE) {
		unsupported(s, "64-bit mul.hi");
		return;
	}
	/* lo 64 = wide(alo*blo) + (alo*bhi + ahi*blo) << 32 (+ c) */
	int w = lw_vreg_new(f, 2);
	lw_opd alo = isel_rsrc(s, a, 0), ahi = isel_rsrc(s, a, 1);
	lw_opd blo = isel_rsrc(s, b, 0), bhi = isel_rsrc(s, b, 1);
	E(s, "IMAD.WIDE.U32", 4, V(w), alo, blo, RZ());
	int h = lw_vreg_new(f, 1);
	E(s, "IMAD", 4, V(h), alo, bhi, VS(w, 1));
	E(s, "IMAD", 4, VS(w, 1), ahi, blo, V(h));
	if (mad)
		add64(s, d, VS(w, 0), VS(w, 1), isel_rsrc(s, in->opd[3], 0), isel_rsrc(s, in->opd[3], 1));
	else {
		E(s, "MOV", 2, VS(d, 0), VS(w, 0));
		E(s, "MOV", 2, VS(d, 1), VS(w, 1));
	}
}

static void sel_shift(isel *s, bool left)
{
	ptx_insn *in = s->in;
	ptx_type t = in->type[0];
	int d = isel_dstv(s, in->opd[0]);
	lw_opd n = isel_src(s, in->opd[2], 0);
	if (!is64(t)) {
		lw_opd a = isel_rsrc(s, in->opd[1], 0);
		if (left)
			E(s, "SHF.L.U32", 4, V(d), a, n, RZ());
		else
			E(s, tsigned(t) ? "SHF.R.S32.HI" : "SHF.R.U32.HI", 4, V(d), RZ(), n, a);
		return;
	}
	lw_opd lo = isel_rsrc(s, in->opd[1], 0), hi = isel_rsrc(s, in->opd[1], 1);
	if (n.kind != LO_IMM) {
		/* the .64 funnel shifts take the count modulo 64 (PTX clamps
		 * counts above 63: not modelled) */
		int tr = lw_vreg_new(s->f, 2);
		bool sg = tsigned(t);
		const char *ty = sg ? "S64" : "U64";
		if (left) {
			E(s, "SHF.L.U64.HI", 4, VS(tr, 1), lo, n, hi);
			E(s, "SHF.L.U64", 4, VS(tr, 0), lo, n, hi);
		} else {
			E(s, lw_fmt(s->f, "SHF.R.%s", ty), 4, VS(tr, 0), lo, n, hi);
			E(s, lw_fmt(s->f, "SHF.R.%s.HI", ty), 4, VS(tr, 1), lo, n, hi);
		}
		E(s, "MOV", 2, VS(d, 0), VS(tr, 0));
		E(s, "MOV", 2, VS(d, 1), VS(tr, 1));
		return;
	}
	int64_t k = n.imm & 63;
	int tv = lw_vreg_new(s->f, 2);
	if (left) {
		if (k >= 32) {
			E(s, "SHF.L.U32", 4, VS(tv, 1), lo, I(k - 32), RZ());
			E(s, "MOV", 2, VS(tv, 0), RZ());
		} else {
			E(s, "SHF.L.U64.HI", 4, VS(tv, 1), lo, I(k), hi);
			E(s, "SHF.L.U32", 4, VS(tv, 0), lo, I(k), RZ());
		}
	} else {
		bool sg = tsigned(t);
		if (k >= 32) {
			E(s, sg ? "SHF.R.S32.HI" : "SHF.R.U32.HI", 4, VS(tv, 0), RZ(), I(k - 32), hi);
			if (sg)
				E(s, "SHF.R.S32.HI", 4, VS(tv, 1), RZ(), I(31), hi);
			else
				E(s, "MOV", 2, VS(tv, 1), RZ());
		} else {
			E(s, sg ? "SHF.R.S64" : "SHF.R.U64", 4, VS(tv, 0), lo, I(k), hi);
			E(s, sg ? "SHF.R.S32.HI" : "SHF.R.U32.HI", 4, VS(tv, 1), RZ(), I(k), hi);
		}
	}
	E(s, "MOV", 2, VS(d, 0), VS(tv, 0));
	E(s, "MOV", 2, VS(d, 1), VS(tv, 1));
}

static void sel_mov(isel *s)
{
	ptx_insn *in = s->in;
	ptx_type t = in->type[0];
	/* mov.b64 {lo, hi}, d and mov.b64 d, {lo, hi}: the words of a pair */
	if (is64(t) && (in->opd[0]->kind == PTX_OPD_VEC || in->opd[1]->kind == PTX_OPD_VEC)) {
		const ptx_opd *v = in->opd[0]->kind == PTX_OPD_VEC ? in->opd[0] : in->opd[1];
		if (v->nitems != 2 || in->opd[0]->kind == in->opd[1]->kind) {
			unsupported(s, "vector of this shape");
			return;
		}
		if (v == in->opd[0]) {
			for (int w = 0; w < 2; w++)
				if (v->items[w]->kind == PTX_OPD_REG)
					E(s, "MOV", 2, V(isel_dstv(s, v->items[w])), isel_src(s, in->opd[1], w));
			return;
		}
		int d = isel_dstv(s, in->opd[0]);
		for (int w = 0; w < 2; w++)
			E(s, "MOV", 2, VS(d, w), isel_src(s, v->items[w], 0));
		return;
	}
	int d = isel_dstv(s, in->opd[0]);
	if (t == PTX_T_PRED) {
		E(s, "ISETP.T.AND", 5, P(d, false), PT(), RZ(), RZ(), isel_psrc(s, in->opd[1]));
		return;
	}
	int words = s->f->vregs[d].width;
	if (in->opd[1]->kind == PTX_OPD_SREG && words == 1) {
		lw_inst *r = NULL;
		int before = s->f->ninsts;
		int tr = sreg_read(s, in->opd[1]);
		if (s->f->ninsts == before + 1) { /* read straight into d */
			r = &s->f->insts[before];
			r->o[0] = V(d);
			(void)tr;
			return;
		}
		E(s, "MOV", 2, V(d), V(tr));
		return;
	}
	for (int w = 0; w < words && w < 2; w++) {
		lw_opd x = isel_src(s, in->opd[1], w);
		E(s, "MOV", 2, VS(d, w), x.kind == LO_IMM && x.imm == 0 ? RZ() : x);
	}
}

static void sel_cvt(isel *s)
{
	ptx_insn *in = s->in;
	lw_fn *f = s->f;
	ptx_type dt = in->type[0], st = in->type[1];
	int d = isel_dstv(s, in->opd[0]);
	char dk = tkind(dt), sk = tkind(st);
	if (dk == 'f' || sk == 'f') { /* isel_fp takes these */
		unsupported(s, "float conversion");
		return;
	}
	int db = tbits(dt), sb = tbits(st);
	lw_opd lo = isel_rsrc(s, in->opd[1], 0);
	int tv = lw_vreg_new(f, 1);
	/* narrow the low word to min(db, sb) bits with the source signedness */
	int nb = db < sb ? db : sb;
	bool sg = db < sb ? tsigned(dt) : tsigned(st);
	if (nb < 32) {
		if (sg) {
			E(s, "SHF.L.U32", 4, V(tv), lo, I(32 - nb), RZ());
			E(s, "SHF.R.S32.HI", 4, V(tv), RZ(), I(32 - nb), V(tv));
		} else {
			E(s, "LOP3.LUT", 6, V(tv), lo, I((int64_t)((1u << nb) - 1)), RZ(), I(0xc0), NPT());
		}
	} else {
		E(s, "MOV", 2, V(tv), lo);
	}
	E(s, "MOV", 2, VS(d, 0), V(tv));
	if (db == 64) {
		if (sb == 64)
			E(s, "MOV", 2, VS(d, 1), isel_rsrc(s, in->opd[1], 1));
		else if (tsigned(st))
			E(s, "SHF.R.S32.HI", 4, VS(d, 1), RZ(), I(31), V(tv));
		else
			E(s, "MOV", 2, VS(d, 1), RZ());
	}
}

static void sel_cvta(isel *s)
{
	ptx_insn *in = s->in;
	int d = isel_dstv(s, in->opd[0]);
	bool to = ptx_insn_has(in, PTX_MOD_TO);
	bool wide = is64(in->type[0]);
	lw_opd lo = isel_rsrc(s, in->opd[1], 0);
	lw_opd hi = wide ? isel_rsrc(s, in->opd[1], 1) : RZ();
	if (in->space == PTX_SP_GLOBAL || in->space == PTX_SP_NONE) {
		E(s, "MOV", 2, VS(d, 0), lo);
		if (wide)
			E(s, "MOV", 2, VS(d, 1), hi);
		return;
	}
	unsigned base = in->space == PTX_SP_SHARED ? 0x20 : in->space == PTX_SP_LOCAL ? 0x28 : 0;
	if (!base) {
		unsupported(s, "state space");
		return;
	}
	if (to) {
		/* the window bases are 4 GiB aligned (docs/launch-abi.md): the
		 * offset is the low word */
		E(s, "MOV", 2, VS(d, 0), lo);
		if (wide)
			E(s, "MOV", 2, VS(d, 1), RZ());
		return;
	}
	add64(s, d, lo, hi, T(cbank(s->f, base)), T(cbank(s->f, base + 4)));
}

static const char *size_sfx(ptx_type t, int vec)
{
	int bits = tbits(t) * (vec ? vec : 1);
	if (bits == 8)
		return tsigned(t) ? ".S8" : ".U8";
	if (bits == 16 && !vec)
		return tsigned(t) ? ".S16" : ".U16";
	if (bits == 32)
		return "";
	if (bits == 64)
		return ".64";
	if (bits == 128)
		return ".128";
	return NULL;
}

/* The address operand [base+off] as a record operand for space sp. */
static lw_opd addr(isel *s, const ptx_opd *o, ptx_space sp)
{
	bool wide = sp == PTX_SP_GLOBAL || sp == PTX_SP_NONE;
	int64_t off = (int64_t)o->ival;
	if (o->kind != PTX_OPD_ADDR) {
		unsupported(s, "address operand");
		return MEM(-1, 0, wide);
	}
	if (!o->base)
		return MEM(-1, off, wide);
	if (o->base->kind == PTX_OPD_REG) {
		int v = lw_vreg_of(s->f, o->base);
		if (wide && s->f->vregs[v].width != 2) {
			unsupported(s, "32-bit generic/global address");
			return MEM(-1, 0, wide);
		}
		return MEM(v, off, wide);
	}
	if (o->base->kind == PTX_OPD_SYM && o->base->var) {
		bool known;
		int64_t a = var_addr(s->f, o->base->var, &known);
		if (known && !wide)
			return MEM(-1, a + off, false);
		int64_t fo;
		if (!wide && isel_frame_var(s, o->base->var, &fo))
			return MEM(s->f->sp, fo + off, false);
	}
	unsupported(s, "address of this symbol");
	return MEM(-1, 0, wide);
}

/* Destination/source of a load/store: a register (scalar, 64-bit pair) or a
 * vector, gathered into one consecutive temp. */
static int data_reg(isel *s, const ptx_opd *o, ptx_type t, int vec, bool load, int *words)
{
	lw_fn *f = s->f;
	int w = (tbits(t) * (vec ? vec : 1) + 31) / 32;
	*words = w;
	if (o->kind == PTX_OPD_REG && !vec)
		return lw_vreg_of(f, o);
	if (o->kind == PTX_OPD_VEC && tbits(t) == 32) {
		int tv = lw_vreg_new(f, w);
		if (!load)
			for (int i = 0; i < o->nitems; i++)
				E(s, "MOV", 2, VS(tv, i), isel_rsrc(s, o->items[i], 0));
		return tv;
	}
	if (o->kind == PTX_OPD_VEC && tbits(t) == 64) {
		/* element i is words 2i, 2i+1 */
		int tv = lw_vreg_new(f, w);
		if (!load)
			for (int i = 0; i < o->nitems; i++)
				for (int k = 0; k < 2; k++)
					E(s, "MOV", 2, VS(tv, 2 * i + k), isel_rsrc(s, o->items[i], k));
		return tv;
	}
	if (o->kind == PTX_OPD_VEC && tbits(t) < 32 && (w == 1 || w == 2)) {
		/* sub-word elements packed little-endian into the words */
		int tb = tbits(t);
		int tv = lw_vreg_new(f, w);
		if (!load) {
			for (int k = 0; k < w; k++)
				E(s, "MOV", 2, VS(tv, k), RZ());
			for (int i = 0; i < o->nitems; i++) {
				int m = lw_vreg_new(f, 1), word = i * tb / 32, sh = i * tb % 32;
				E(s, "LOP3.LUT", 6, V(m), isel_rsrc(s, o->items[i], 0), I((1 << tb) - 1), RZ(), I(0xc0), NPT());
				E(s, "SHF.L.U32", 4, V(m), V(m), I(sh), RZ());
				E(s, "LOP3.LUT", 6, VS(tv, word), VS(tv, word), V(m), RZ(), I(0xfc), NPT());
			}
		}
		return tv;
	}
	if (o->kind == PTX_OPD_IMM && !load && !vec) {
		int tv = lw_vreg_new(f, w);
		for (int i = 0; i < w; i++)
			E(s, "MOV", 2, VS(tv, i), isel_src(s, o, i));
		return tv;
	}
	unsupported(s, "vector of this type");
	return lw_vreg_new(f, w);
}

static void sel_ldst(isel *s, bool load)
{
	ptx_insn *in = s->in;
	lw_fn *f = s->f;
	ptx_type t = in->type[0];
	ptx_space sp = in->space;
	if (sp == PTX_SP_SHARED_CLUSTER) /* LDS/STS take shared::cluster addresses */
		sp = PTX_SP_SHARED;      /* (docs/semantics.md, "Clusters") */
	const ptx_opd *val = load ? in->opd[0] : in->opd[1];
	const ptx_opd *ad = load ? in->opd[1] : in->opd[0];
	if (sp == PTX_SP_PARAM && load) {
		int d = isel_dstv(s, val);
		if (ad->kind != PTX_OPD_ADDR || !ad->base || ad->base->kind != PTX_OPD_SYM ||
		    !ad->base->var) {
			unsupported(s, "parameter address");
			return;
		}
		int off = param_off(f, ad->base->var);
		if (off < 0) {
			unsupported(s, "not a kernel parameter");
			return;
		}
		off += (int)ad->ival;
		if (is64(t))
			E(s, "LDC.64", 2, V(d), T(cbank(f, (unsigned)off)));
		else if (tbits(t) == 32)
			E(s, "LDC", 2, V(d), T(cbank(f, (unsigned)off)));
		else
			E(s, tbits(t) == 8 ? (tsigned(t) ? "LDC.S8" : "LDC.U8") : (tsigned(t) ? "LDC.S16" : "LDC.U16"),
			  2, V(d), T(cbank(f, (unsigned)off)));
		return;
	}
	const char *sz = size_sfx(t, in->vec);
	if (!sz) {
		unsupported(s, "access size");
		return;
	}
	const char *base;
	switch (sp) {
	case PTX_SP_GLOBAL: base = load ? "LDG.E" : "STG.E"; break;
	case PTX_SP_SHARED: base = load ? "LDS" : "STS"; break;
	case PTX_SP_LOCAL: base = load ? "LDL" : "STL"; break;
	case PTX_SP_NONE: base = load ? "LD.E" : "ST.E"; break;
	default:
		unsupported(s, "state space");
		return;
	}
	int words;
	lw_opd a = addr(s, ad, sp);
	if (load && val->kind == PTX_OPD_REG && !in->vec && tbits(t) < 32 &&
	    f->vregs[lw_vreg_of(f, val)].width == 2) {
		unsupported(s, "narrow load into a 64-bit register");
		return;
	}
	int r = data_reg(s, val, t, in->vec, load, &words);
	/* ld.acquire / st.release: the plain access with an acq_rel fence of
	 * the scope after the load / before the store (the fence orders at
	 * least what the access's own ordering would; docs/memory-model.md) */
	const char *fence = NULL;
	if (in->sem == PTX_MOD_ACQUIRE || in->sem == PTX_MOD_RELEASE)
		fence = lw_fmt(f, "FENCE.ACQ_REL.%s",
			    in->scope == PTX_MOD_CTA ? "CTA" : in->scope == PTX_MOD_SYS ? "SYS" :
			    in->scope == PTX_MOD_CLUSTER ? "CLUSTER" : "GPU");
	/* a strong access (relaxed/acquire/release of a scope; volatile and
	 * mmio are relaxed.sys) is .STRONG.<scope>: the memory model sees a
	 * relaxed atomic (docs/ptx.md, isa/mem.isa); local memory is private */
	const char *strong = "";
	if (sp != PTX_SP_LOCAL && (in->sem == PTX_MOD_RELAXED || fence))
		strong = in->scope == PTX_MOD_CTA ? ".STRONG.CTA" : in->scope == PTX_MOD_SYS ? ".STRONG.SYS" :
			 in->scope == PTX_MOD_CLUSTER ? ".STRONG.CLUSTER" : ".STRONG.GPU";
	else if (sp != PTX_SP_LOCAL && (in->sem == PTX_MOD_VOLATILE || ptx_insn_has(in, PTX_MOD_MMIO)))
		strong = ".STRONG.SYS";
	if (fence && !load && in->sem == PTX_MOD_RELEASE)
		E(s, fence, 0);
	if (load) {
		E(s, lw_fmt(f, "%s%s%s", base, sz, strong), 2, V(r), a);
		if (fence && in->sem == PTX_MOD_ACQUIRE)
			E(s, fence, 0);
		if (val->kind == PTX_OPD_VEC)
			for (int i = 0; i < val->nitems; i++) {
				if (val->items[i]->kind != PTX_OPD_REG)
					continue;
				int dv = lw_vreg_of(f, val->items[i]), tb = tbits(t);
				if (tb == 32) {
					E(s, "MOV", 2, V(dv), VS(r, i));
				} else if (tb == 64) {
					E(s, "MOV", 2, VS(dv, 0), VS(r, 2 * i));
					E(s, "MOV", 2, VS(dv, 1), VS(r, 2 * i + 1));
				} else {
					/* extend element i of the packed words */
					/* (a shift by 0 and a mask of bits the shift
					 * already cleared are left out) */
					int word = i * tb / 32, sh = i * tb % 32;
					if (tsigned(t)) {
						lw_opd x = VS(r, word);
						if (32 - tb - sh) {
							E(s, "SHF.L.U32", 4, V(dv), x, I(32 - tb - sh), RZ());
							x = V(dv);
						}
						E(s, "SHF.R.S32.HI", 4, V(dv), RZ(), I(32 - tb), x);
					} else if (!sh) {
						E(s, "LOP3.LUT", 6, V(dv), VS(r, word), I((1 << tb) - 1), RZ(), I(0xc0), NPT());
					} else {
						E(s, "SHF.R.U32.HI", 4, V(dv), RZ(), I(sh), VS(r, word));
						if (sh + tb < 32)
							E(s, "LOP3.LUT", 6, V(dv), V(dv), I((1 << tb) - 1), RZ(), I(0xc0), NPT());
					}
				}
			}
	} else {
		E(s, lw_fmt(f, "%s%s%s", base, sz, strong), 2, a, V(r));
	}
}

static const char *atom_op(ptx_modid op)
{
	switch (op) {
	case PTX_MOD_ADD: return "ADD";
	case PTX_MOD_MIN: return "MIN";
	case PTX_MOD_MAX: return "MAX";
	case PTX_MOD_INC: return "INC";
	case PTX_MOD_DEC: return "DEC";
	case PTX_MOD_AND: return "AND";
	case PTX_MOD_OR: return "OR";
	case PTX_MOD_XOR: return "XOR";
	case PTX_MOD_EXCH: return "EXCH";
	case PTX_MOD_CAS: return "CAS";
	default: return NULL;
	}
}

static void sel_atom(isel *s, bool red)
{
	ptx_insn *in = s->in;
	lw_fn *f = s->f;
	ptx_type t = in->type[0];
	const char *op = atom_op(in->op2);
	if (!op) {
		unsupported(s, "atomic operation");
		return;
	}
	const char *ty = t == PTX_T_F32 ? ".F32" : t == PTX_T_F64 ? ".F64" : t == PTX_T_F16X2 ? ".F16x2" :
		is64(t) ? (tsigned(t) ? ".S64" : ".U64") : tsigned(t) ? ".S32" : "";
	if (lw_op_is(op, "ADD") && tsigned(t) && !is64(t))
		ty = "";
	if (is64(t) && !tsigned(t) && tkind(t) != 'f' && !lw_op_is(op, "MIN") && !lw_op_is(op, "MAX"))
		ty = ".U64";
	const char *sem = in->sem == PTX_MOD_ACQUIRE ? ".ACQUIRE" : in->sem == PTX_MOD_RELEASE ? ".RELEASE" :
		in->sem == PTX_MOD_ACQ_REL ? ".ACQ_REL" : "";
	const char *scope = in->scope == PTX_MOD_CTA ? ".CTA" : in->scope == PTX_MOD_SYS ? ".SYS" :
		in->scope == PTX_MOD_CLUSTER ? ".CLUSTER" : "";
	ptx_space sp = in->space;
	if (sp == PTX_SP_SHARED_CLUSTER || sp == PTX_SP_SHARED_CTA) /* ATOMS takes */
		sp = PTX_SP_SHARED; /* shared::cluster addresses (docs/semantics.md) */
	int k = red ? 0 : 1;
	lw_opd a = addr(s, in->opd[k], sp);
	int words = is64(t) ? 2 : 1;
	lw_opd b = V(0);
	int bv = lw_vreg_new(f, words);
	for (int w = 0; w < words; w++)
		E(s, "MOV", 2, VS(bv, w), isel_src(s, in->opd[k + 1], w));
	b = V(bv);
	lw_opd d = red ? RZ() : V(isel_dstv(s, in->opd[0]));
	bool cas = lw_op_is(op, "CAS");
	lw_opd c = RZ();
	if (cas) {
		int cv = lw_vreg_new(f, words);
		for (int w = 0; w < words; w++)
			E(s, "MOV", 2, VS(cv, w), isel_src(s, in->opd[k + 2], w));
		c = V(cv);
	}
	const char *base;
	if (sp == PTX_SP_SHARED)
		base = "ATOMS";
	else if (sp == PTX_SP_GLOBAL)
		base = red && !cas ? "RED.E" : "ATOMG.E";
	else if (sp == PTX_SP_NONE)
		base = red && !cas ? "RED.E" : "ATOM.E";
	else {
		unsupported(s, "state space");
		return;
	}
	if (sp == PTX_SP_SHARED && in->space != PTX_SP_SHARED_CLUSTER) {
		sem = "";
		scope = "";
	}
	/* .shared::cluster keeps its order and scope: another CTA's shared
	 * memory is where the relaxed-memory mode can tell them apart
	 * (docs/memory-model.md; lower/cluster_atom.ptx) */
	const char *name = lw_fmt(f, "%s.%s%s%s%s", base, op, ty, sem, scope);
	if (!strncmp(base, "RED", 3))
		E(s, name, 2, a, b);
	else if (cas)
		E(s, name, 4, d, a, b, c);
	else
		E(s, name, 3, d, a, b);
}

/* st.async / red.async .shared::cluster.mbarrier::complete_tx::bytes
 * [a], b, [mbar] (sm_90): the store (STS) or reduction (ATOMS.op RZ) on
 * the shared::cluster address, then MBAR.COMPLETE.TX of its size on the
 * mbarrier, which PTX requires to be in the same CTA as a.  The simulator
 * completes the bytes after the data is in place, which is what the
 * asynchronous form guarantees to the waiter (docs/ptx.md "Lowering"). */
static void sel_async_remote(isel *s, bool red)
{
	ptx_insn *in = s->in;
	lw_fn *f = s->f;
	if (in->space != PTX_SP_SHARED_CLUSTER || !ptx_insn_has(in, PTX_MOD_COMPLETE_TX)) {
		unsupported(s, "only the .shared::cluster.mbarrier::complete_tx::bytes form");
		return;
	}
	const ptx_opd *m = in->opd[2];
	if (m->kind != PTX_OPD_ADDR || !m->base || m->base->kind != PTX_OPD_REG) {
		unsupported(s, "mbarrier address (a register [+offset])");
		return;
	}
	if (red)
		sel_atom(s, true);
	else
		sel_ldst(s, false);
	int v = lw_vreg_of(f, m->base);
	if (f->vregs[v].width == 2) { /* a 64-bit register: its low word */
		int t = lw_vreg_new(f, 1);
		E(s, "MOV", 2, V(t), VS(v, 0));
		v = t;
	}
	int bytes = tbits(in->type[0]) / 8 * (in->vec ? in->vec : 1);
	E(s, "MBAR.COMPLETE.TX", 2, MEM(v, (int64_t)m->ival, false), I(bytes));
}

bool isel_converged(isel *s, int blk)
{
	if (!s->f->fn->is_entry)
		return false; /* a .func may be called by diverged threads */
	for (int c = 0; c < s->f->nblk; c++) {
		lw_blk *x = &s->f->blk[c];
		if (x->divergent && x->region && x->region[blk] && c != blk)
			return false;
	}
	return true;
}

/* WARPSYNC mask before a .sync collective that may run diverged. */
static void warpsync(isel *s, int blk, const ptx_opd *mask)
{
	if (isel_converged(s, blk))
		return;
	lw_opd m = isel_src(s, mask, 0);
	E(s, "WARPSYNC", 1, m);
	s->f->nsync++;
}

static void sel_shfl(isel *s, int blk)
{
	ptx_insn *in = s->in;
	lw_fn *f = s->f;
	const ptx_opd *d = in->opd[0];
	lw_opd pu = PT();
	int dv;
	if (d->kind == PTX_OPD_PAIR) {
		dv = lw_vreg_of(f, d->items[0]);
		if (d->items[1]->kind == PTX_OPD_REG)
			pu = P(lw_vreg_of(f, d->items[1]), false);
	} else {
		dv = isel_dstv(s, d);
	}
	warpsync(s, blk, in->opd[4]);
	const char *mode = in->op2 == PTX_MOD_UP ? "UP" : in->op2 == PTX_MOD_DOWN ? "DOWN" :
		in->op2 == PTX_MOD_BFLY ? "BFLY" : "IDX";
	E(s, lw_fmt(f, "SHFL.%s", mode), 6, pu, V(dv), isel_rsrc(s, in->opd[1], 0), isel_src(s, in->opd[2], 0),
	  isel_src(s, in->opd[3], 0), isel_src(s, in->opd[4], 0));
}

static void sel_vote(isel *s, int blk)
{
	ptx_insn *in = s->in;
	lw_fn *f = s->f;
	const ptx_opd *mask = in->nopd > 2 ? in->opd[2] : NULL;
	if (mask)
		warpsync(s, blk, mask);
	lw_opd p = isel_psrc(s, in->opd[1]);
	lw_opd m = mask ? isel_src(s, mask, 0) : I(0xffffffff);
	if (in->op2 == PTX_MOD_BALLOT) {
		E(s, "VOTE.ANY", 4, V(isel_dstv(s, in->opd[0])), PT(), p, m);
		return;
	}
	const char *mode = in->op2 == PTX_MOD_ALL ? "ALL" : in->op2 == PTX_MOD_ANY ? "ANY" : "EQ";
	E(s, lw_fmt(f, "VOTE.%s", mode), 4, RZ(), P(isel_dstv(s, in->opd[0]), false), p, m);
}


/* brev.b32: the BREV companion (isa/alu.isa); .b64 is isel_int.c's */
static void sel_brev(isel *s)
{
	ptx_insn *in = s->in;
	if (is64(in->type[0])) {
		unsupported(s, "64-bit");
		return;
	}
	E(s, "BREV", 2, V(isel_dstv(s, in->opd[0])), isel_src(s, in->opd[1], 0));
}

static void sel_bits(isel *s)
{
	ptx_insn *in = s->in;
	if (is64(in->type[0])) {
		unsupported(s, "64-bit");
		return;
	}
	int d = isel_dstv(s, in->opd[0]);
	lw_opd a = isel_src(s, in->opd[1], 0);
	switch (in->op) {
	case PTX_OP_BFIND: {
		bool sh = ptx_insn_has(in, PTX_MOD_SHIFTAMT);
		const char *u = tsigned(in->type[0]) ? "" : ".U32";
		E(s, lw_fmt(s->f, "FLO%s%s", u, sh ? ".SH" : ""), 2, V(d), a);
		break;
	}
	case PTX_OP_CLZ: {
		int t = lw_vreg_new(s->f, 1);
		int nt = lw_vreg_new(s->f, 1);
		E(s, "FLO.U32", 2, V(t), a);
		/* 31 - t = ~t + 32 (32 for 0: FLO gives -1) */
		E(s, "LOP3.LUT", 6, V(nt), V(t), RZ(), RZ(), I(0x0f), NPT());
		E(s, "IADD3", 4, V(d), V(nt), I(32), RZ());
		break;
	}
	default:
		unsupported(s, NULL);
	}
}

static void sel_shf(isel *s)
{
	ptx_insn *in = s->in;
	bool left = ptx_insn_has(in, PTX_MOD_L);
	bool wrap = ptx_insn_has(in, PTX_MOD_WRAP);
	int d = isel_dstv(s, in->opd[0]);
	lw_opd a = isel_rsrc(s, in->opd[1], 0), b = isel_rsrc(s, in->opd[2], 0);
	lw_opd n = isel_src(s, in->opd[3], 0);
	if (wrap) {
		if (n.kind == LO_IMM) {
			n.imm &= 31;
		} else {
			int t = lw_vreg_new(s->f, 1);
			E(s, "LOP3.LUT", 6, V(t), isel_rsrc(s, in->opd[3], 0), I(31), RZ(), I(0xc0), NPT());
			n = V(t);
		}
		/* modulo 64 with .U64: the masked count gives the PTX wrap */
		if (left)
			E(s, "SHF.L.U64.HI", 4, V(d), a, n, b);
		else
			E(s, "SHF.R.U64", 4, V(d), a, n, b);
		return;
	}
	/* clamp: .U32 saturates the count at 32 */
	if (left)
		E(s, "SHF.L.U32.HI", 4, V(d), a, n, b);
	else
		E(s, "SHF.R.U32", 4, V(d), a, n, b);
}

static void sel_redux(isel *s, int blk)
{
	ptx_insn *in = s->in;
	const char *op = in->op2 == PTX_MOD_ADD ? "SUM" : in->op2 == PTX_MOD_MIN ? "MIN" :
		in->op2 == PTX_MOD_MAX ? "MAX" : in->op2 == PTX_MOD_AND ? "AND" :
		in->op2 == PTX_MOD_OR ? "OR" : in->op2 == PTX_MOD_XOR ? "XOR" : NULL;
	if (!op || tkind(in->type[0]) == 'f') {
		unsupported(s, NULL);
		return;
	}
	warpsync(s, blk, in->opd[2]);
	bool sg = tsigned(in->type[0]) && !lw_op_is(op, "SUM");
	E(s, lw_fmt(s->f, "REDUX.%s%s", op, sg ? ".S32" : ""), 3, V(isel_dstv(s, in->opd[0])),
	  isel_rsrc(s, in->opd[1], 0), isel_src(s, in->opd[2], 0));
}

static void sel_match(isel *s, int blk)
{
	ptx_insn *in = s->in;
	lw_fn *f = s->f;
	bool all = in->op2 == PTX_MOD_ALL;
	bool w64 = is64(in->type[0]);
	const ptx_opd *d = in->opd[0];
	lw_opd pu = PT();
	int dv;
	if (d->kind == PTX_OPD_PAIR) {
		dv = lw_vreg_of(f, d->items[0]);
		pu = P(lw_vreg_of(f, d->items[1]), false);
	} else {
		dv = isel_dstv(s, d);
	}
	warpsync(s, blk, in->opd[2]);
	lw_opd a;
	if (w64) {
		if (in->opd[1]->kind != PTX_OPD_REG) {
			unsupported(s, "immediate 64-bit operand");
			return;
		}
		a = V(lw_vreg_of(f, in->opd[1]));
	} else {
		a = isel_rsrc(s, in->opd[1], 0);
	}
	const char *name = lw_fmt(f, "MATCH.%s%s", all ? "ALL" : "ANY", w64 ? ".U64" : "");
	if (all)
		E(s, name, 4, V(dv), pu, a, isel_src(s, in->opd[2], 0));
	else
		E(s, name, 3, V(dv), a, isel_src(s, in->opd[2], 0));
}

static void sel_bar(isel *s)
{
	ptx_insn *in = s->in;
	lw_fn *f = s->f;
	bool arrive = in->op == PTX_OP_BAR_ARRIVE || in->op == PTX_OP_BARRIER_ARRIVE;
	bool red = in->op == PTX_OP_BAR_RED || in->op == PTX_OP_BARRIER_RED;
	if (red) {
		/* bar.red.op d, a{, b}, {!}c */
		const char *op = in->op2 == PTX_MOD_POPC ? "POPC" : in->op2 == PTX_MOD_AND ? "AND" : "OR";
		lw_opd c = isel_psrc(s, in->opd[in->nopd - 1]);
		if (in->nopd == 4)
			E(s, lw_fmt(f, "BAR.RED.%s", op), 3, isel_src(s, in->opd[1], 0), isel_src(s, in->opd[2], 0), c);
		else
			E(s, lw_fmt(f, "BAR.RED.%s", op), 2, isel_src(s, in->opd[1], 0), c);
		if (in->op2 == PTX_MOD_POPC)
			E(s, "B2R.RESULT", 2, V(isel_dstv(s, in->opd[0])), PT());
		else
			E(s, "B2R.RESULT", 2, RZ(), P(isel_dstv(s, in->opd[0]), false));
		return;
	}
	const char *name = arrive ? "BAR.ARV" : "BAR.SYNC";
	if (in->nopd == 1)
		E(s, name, 1, isel_src(s, in->opd[0], 0));
	else
		E(s, name, 2, isel_src(s, in->opd[0], 0), isel_src(s, in->opd[1], 0));
}

static void sel_elect(isel *s, int blk)
{
	ptx_insn *in = s->in;
	lw_fn *f = s->f;
	const ptx_opd *d = in->opd[0];
	lw_opd rd = RZ(), pu = PT();
	if (d->kind == PTX_OPD_PAIR) {
		if (d->items[0]->kind == PTX_OPD_REG)
			rd = V(lw_vreg_of(f, d->items[0]));
		if (d->items[1]->kind == PTX_OPD_REG)
			pu = P(lw_vreg_of(f, d->items[1]), false);
	}
	if (rd.kind == LO_VREG) {
		/* PTX gives the leader's lane in d?  ELECT gives its lane
		 * number too; keep it */
	}
	E(s, "ELECT", 3, pu, rd, isel_src(s, in->opd[1], 0));
	(void)blk;
}

static const char *label_of(lw_fn *f, int blk)
{
	char buf[64];
	lw_label_name(f, blk, buf, sizeof buf);
	return ptx_strndup(&f->m->arena, buf, strlen(buf));
}

/* Stubs at join block j: divergent blocks c with c.join == j, innermost
 * (smallest region) first. */
static int stubs_at(lw_fn *f, int j, int *out)
{
	int n = 0;
	for (int c = 0; c < f->nblk; c++)
		if (f->blk[c].join == j && f->blk[c].breg >= 0)
			out[n++] = c;
	int *size = calloc((size_t)n + 1, sizeof(int));
	for (int i = 0; i < n; i++)
		for (int k = 0; k < f->nblk; k++)
			size[i] += f->blk[out[i]].region[k];
	for (int i = 1; i < n; i++)
		for (int k = i; k > 0 && size[k] < size[k - 1]; k--) {
			int t = size[k]; size[k] = size[k - 1]; size[k - 1] = t;
			t = out[k]; out[k] = out[k - 1]; out[k - 1] = t;
		}
	free(size);
	return n;
}

static const char *stub_label(lw_fn *f, int c)
{
	return lw_fmt(f, ".L_k%d_sync%d", f->lbl_counter, c);
}

/* The label an edge from -> to jumps to (a BSYNC stub or the block). */
static const char *edge_target(lw_fn *f, int from, int to, int *stubs)
{
	int n = stubs_at(f, to, stubs);
	for (int i = 0; i < n; i++)
		if (f->blk[stubs[i]].region[from])
			return stub_label(f, stubs[i]);
	return label_of(f, to);
}

const char *isel_next_label(lw_fn *f, int b)
{
	int *stubs = malloc(((size_t)f->nblk + 1) * sizeof(int));
	int n = b + 1 < f->nblk ? stubs_at(f, b + 1, stubs) : 0;
	const char *l = n ? stub_label(f, stubs[0]) : b + 1 < f->nblk ? label_of(f, b + 1) : NULL;
	free(stubs);
	return l;
}

int isel_edge_breg(lw_fn *f, int from, int to)
{
	int *stubs = malloc(((size_t)f->nblk + 1) * sizeof(int));
	int n = stubs_at(f, to, stubs), k = -1;
	for (int i = 0; i < n && k < 0; i++)
		if (f->blk[stubs[i]].region[from])
			k = f->blk[stubs[i]].breg;
	free(stubs);
	return k;
}

const char *isel_edge_target(lw_fn *f, int from, int to)
{
	int *stubs = malloc(((size_t)f->nblk + 1) * sizeof(int));
	const char *l = edge_target(f, from, to, stubs);
	free(stubs);
	return l;
}

static void sel_branch(isel *s, int b, int *stubs)
{
	ptx_insn *in = s->in;
	lw_fn *f = s->f;
	lw_blk *x = &f->blk[b];
	if (x->breg >= 0) {
		lw_opd g = s->guard;
		s->guard = (lw_opd){0};
		E(s, "BSSY", 2, B(x->breg), L(label_of(f, x->join)));
		s->guard = g;
	}
	if (in->op == PTX_OP_BRA) {
		/* an edge into a BSYNC stub: the jumping lanes leave the
		 * barrier first (sync.c, BREAK) */
		if (x->brk >= 0 && s->guard.kind != LO_NONE)
			E(s, "BREAK", 1, B(x->brk));
		E(s, "BRA", 1, L(edge_target(f, b, x->succ[0], stubs)));
		return;
	}
	if (!isel_call(s, b)) /* brx.idx */
		unsupported(s, NULL);
}

static void sel_one(isel *s, int b, int *stubs)
{
	ptx_insn *in = s->in;
	lw_fn *f = s->f;
	/* .param other than a kernel's parameters, ret of a .func, call: the
	 * stack (isel_call.c) */
	if ((in->op == PTX_OP_LD || in->op == PTX_OP_ST || in->op == PTX_OP_RET) &&
	    isel_call(s, b))
		return;
	if (isel_fp(s, b)) /* float-typed instructions, cvt with a float side */
		return;
	switch (in->op) {
	case PTX_OP_MOV: if (!isel_int(s, b)) sel_mov(s); break;
	case PTX_OP_ADD: sel_addsub(s, false); break;
	case PTX_OP_SUB: sel_addsub(s, true); break;
	case PTX_OP_MUL: if (!isel_int(s, b)) sel_mul(s, false); break;
	case PTX_OP_MAD: sel_mul(s, true); break;
	case PTX_OP_FMA: sel_mul(s, true); break;
	case PTX_OP_SHL: sel_shift(s, true); break;
	case PTX_OP_SHR: sel_shift(s, false); break;
	case PTX_OP_AND: lop(s, 0xc0, false); break;
	case PTX_OP_OR: lop(s, 0xfc, false); break;
	case PTX_OP_XOR: lop(s, 0x3c, false); break;
	case PTX_OP_NOT: lop(s, 0x0f, true); break;
	case PTX_OP_SETP: sel_setp(s); break;
	case PTX_OP_SELP: {
		int d = isel_dstv(s, in->opd[0]);
		int words = f->vregs[d].width;
		lw_opd p = isel_psrc(s, in->opd[3]);
		for (int w = 0; w < words && w < 2; w++) {
			lw_opd a = isel_src(s, in->opd[1], w), c = isel_src(s, in->opd[2], w);
			if (a.kind == LO_IMM && a.imm == 0)
				a = RZ();
			if (c.kind == LO_IMM && c.imm == 0)
				c = RZ();
			lw_opd pp = p;
			if (a.kind != LO_VREG && a.kind != LO_RZ) {
				if (c.kind == LO_VREG || c.kind == LO_RZ) {
					lw_opd t = a; a = c; c = t;
					pp.neg = !pp.neg;
				} else {
					a = isel_rsrc(s, in->opd[1], w);
				}
			}
			E(s, "SEL", 4, VS(d, w), a, c, pp);
		}
		break;
	}
	case PTX_OP_CVT: sel_cvt(s); break;
	case PTX_OP_CVTA: sel_cvta(s); break;
	case PTX_OP_LD: if (!isel_int(s, b)) sel_ldst(s, true); break;
	case PTX_OP_ST: sel_ldst(s, false); break;
	case PTX_OP_ST_ASYNC: sel_async_remote(s, false); break;
	case PTX_OP_RED_ASYNC: sel_async_remote(s, true); break;
	case PTX_OP_ATOM: sel_atom(s, false); break;
	case PTX_OP_RED: sel_atom(s, true); break;
	case PTX_OP_BAR_SYNC:
	case PTX_OP_BARRIER_SYNC: sel_bar(s); break;
	case PTX_OP_BAR_WARP_SYNC: {
		lw_opd m = isel_src(s, in->opd[0], 0);
		E(s, "WARPSYNC", 1, m);
		f->nsync++;
		break;
	}
	case PTX_OP_MEMBAR:
	case PTX_OP_FENCE: {
		const char *sc = in->scope == PTX_MOD_CTA ? "CTA" : in->scope == PTX_MOD_SYS ? "SYS" :
			in->scope == PTX_MOD_CLUSTER ? "CLUSTER" : "GPU";
		if (ptx_insn_has(in, PTX_MOD_GL))
			sc = "GPU";
		/* fence.sc / fence.acq_rel: FENCE.{SC,ACQ_REL}.scope; membar
		 * and other fences (fence.mbarrier_init.release.cluster):
		 * MEMBAR.scope */
		if (in->op == PTX_OP_FENCE && (in->sem == PTX_MOD_SC || in->sem == PTX_MOD_ACQ_REL) &&
		    !ptx_insn_has(in, PTX_MOD_MBARRIER_INIT)) {
			E(s, lw_fmt(f, "FENCE.%s.%s", in->sem == PTX_MOD_SC ? "SC" : "ACQ_REL", sc), 0);
			break;
		}
		E(s, lw_fmt(f, "MEMBAR.%s", sc), 0);
		break;
	}
	case PTX_OP_SHFL_SYNC: sel_shfl(s, b); break;
	case PTX_OP_VOTE: sel_vote(s, b); break;
	case PTX_OP_ACTIVEMASK: {
		/* the lanes executing together: BSSY ORs them into B15, BMOV.CLEAR
		 * reads and clears it (B15 is kept for this) */
		const char *l = lw_fmt(f, ".L_k%d_am%d", f->lbl_counter, f->ninsts);
		E(s, "BSSY", 2, B(15), L(l));
		E(s, "BMOV.CLEAR", 2, V(isel_dstv(s, in->opd[0])), B(15));
		lw_inst *r = lw_emit(f, "");
		r->label = l;
		break;
	}
	case PTX_OP_POPC:
		if (isel_int(s, b)) break;
		if (is64(in->type[0])) { unsupported(s, "64-bit"); break; }
		E(s, "POPC", 2, V(isel_dstv(s, in->opd[0])), isel_src(s, in->opd[1], 0));
		break;
	case PTX_OP_BFI: {
		/* d = (b & ~m) | (a << pos & m), m = ((1 << len) - 1) << pos */
		if (is64(in->type[0])) { unsupported(s, "64-bit"); break; }
		if (in->opd[3]->kind == PTX_OPD_IMM && in->opd[4]->kind == PTX_OPD_IMM) {
			/* constant position and length: the mask is a constant
			 * (the shifts clamp to 32 as SHF.L.U32 does) */
			uint64_t pos = in->opd[3]->ival & 0xff, len = in->opd[4]->ival & 0xff;
			pos = pos > 32 ? 32 : pos;
			uint64_t mk = len >= 32 ? 0xffffffffull : (1ull << len) - 1;
			mk = (mk << pos) & 0xffffffffull;
			int t = lw_vreg_new(f, 1);
			E(s, "SHF.L.U32", 4, V(t), isel_rsrc(s, in->opd[1], 0), I((int64_t)pos), RZ());
			E(s, "LOP3.LUT", 6, V(isel_dstv(s, in->opd[0])), V(t), I((int64_t)(int32_t)(uint32_t)mk),
			  isel_rsrc(s, in->opd[2], 0), I(0xe2), NPT());
			break;
		}
		int one = lw_vreg_new(f, 1), m = lw_vreg_new(f, 1), t = lw_vreg_new(f, 1);
		lw_opd pos = isel_src(s, in->opd[3], 0), len = isel_src(s, in->opd[4], 0);
		E(s, "MOV", 2, V(one), I(1));
		E(s, "SHF.L.U32", 4, V(m), V(one), len, RZ()); /* 0 for len 32 */
		E(s, "IADD3", 4, V(m), V(m), I(-1), RZ());
		E(s, "SHF.L.U32", 4, V(m), V(m), pos, RZ());
		E(s, "SHF.L.U32", 4, V(t), isel_rsrc(s, in->opd[1], 0), pos, RZ());
		/* (t & m) | (b & ~m): a = t, b = m, c = b -> 0xe2 */
		E(s, "LOP3.LUT", 6, V(isel_dstv(s, in->opd[0])), V(t), V(m), isel_rsrc(s, in->opd[2], 0), I(0xe2), NPT());
		break;
	}
	case PTX_OP_NEG:
		if (isel_int(s, b)) break;
		if (tkind(in->type[0]) == 'f' || is64(in->type[0])) { unsupported(s, NULL); break; }
		E(s, "IMAD", 4, V(isel_dstv(s, in->opd[0])), isel_rsrc(s, in->opd[1], 0), I(-1), RZ());
		break;
	case PTX_OP_MIN:
	case PTX_OP_MAX: {
		ptx_type t = in->type[0];
		if (tkind(t) == 'f' || is64(t)) { unsupported(s, NULL); break; }
		E(s, tsigned(t) ? "IMNMX" : "IMNMX.U32", 4, V(isel_dstv(s, in->opd[0])), isel_rsrc(s, in->opd[1], 0),
		  isel_src(s, in->opd[2], 0), in->op == PTX_OP_MIN ? PT() : NPT());
		break;
	}
	case PTX_OP_BREV: if (!isel_int(s, b)) sel_brev(s); break;
	case PTX_OP_BFIND:
	case PTX_OP_CLZ: if (!isel_int(s, b)) sel_bits(s); break;
	case PTX_OP_SHF: sel_shf(s); break;
	case PTX_OP_REDUX_SYNC: sel_redux(s, b); break;
	case PTX_OP_MATCH_SYNC: sel_match(s, b); break;
	case PTX_OP_BAR_ARRIVE:
	case PTX_OP_BARRIER_ARRIVE:
	case PTX_OP_BAR_RED:
	case PTX_OP_BARRIER_RED: sel_bar(s); break;
	case PTX_OP_ELECT_SYNC: sel_elect(s, b); break;
	case PTX_OP_NANOSLEEP: E(s, "NANOSLEEP", 1, isel_src(s, in->opd[0], 0)); break;
	case PTX_OP_BRA:
	case PTX_OP_BRX_IDX: sel_branch(s, b, stubs); break;
	case PTX_OP_RET: /* of a kernel (a .func's went to isel_call) */
	case PTX_OP_EXIT:
		E(s, "EXIT", 0);
		break;
	default:
		if (isel_int(s, b) || isel_fp(s, b) || isel_call(s, b) || isel_async(s, b) ||
		    isel_cluster(s, b))
			break;
		unsupported(s, NULL);
	}
}

void lw_isel(lw_fn *f)
{
	ptx_fn *fn = f->fn;
	isel s = {.f = f};
	isel_call_begin(&s);
	int *stubs = malloc(((size_t)f->nblk + 1) * sizeof(int));
	int *tmp = malloc(((size_t)f->nblk + 1) * sizeof(int));
	ptx_loc *origin = lw_origin_locs(fn);
	for (int b = 0; b < f->nblk; b++) {
		lw_blk *x = &f->blk[b];
		int n = stubs_at(f, b, stubs);
		if (n) {
			/* the block before falls through into b: skip stubs it is
			 * not in */
			const lw_blk *pb = b > 0 ? &f->blk[b - 1] : NULL;
			bool falls = pb && (pb->term < 0 || fn->stmts[pb->term].u.insn->guard);
			if (falls) {
				const char *t = edge_target(f, b - 1, b, tmp);
				if (strcmp(t, stub_label(f, stubs[0]))) {
					s.guard = (lw_opd){0};
					E(&s, "BRA", 1, L(t));
				}
			}
			for (int i = 0; i < n; i++) {
				lw_inst *l = lw_emit(f, "");
				l->label = stub_label(f, stubs[i]);
				s.guard = (lw_opd){0};
				E(&s, "BSYNC", 1, B(f->blk[stubs[i]].breg));
				/* the next stub only if this region lies within it */
				if (i + 1 < n && !f->blk[stubs[i + 1]].region[stubs[i]])
					E(&s, "BRA", 1, L(label_of(f, b)));
			}
		}
		lw_inst *l = lw_emit(f, "");
		l->label = label_of(f, b);
		for (int st = x->first; st < x->last; st++) {
			if (fn->stmts[st].kind != PTX_ST_INSN)
				continue;
			ptx_insn *in = fn->stmts[st].u.insn;
			s.in = in;
			f->cur_line = in->pos.line;
			f->cur_cuda = origin ? origin[st].line : in->loc.line;
			f->cur_cuda_file = origin ? origin[st].file : in->loc.file;
			s.guard = in->guard ? isel_psrc(&s, in->guard) : (lw_opd){0};
			sel_one(&s, b, stubs);
		}
		f->cur_line = 0;
		f->cur_cuda = 0;
		f->cur_cuda_file = 0;
		/* an unguarded fall-through off the end of the body: exit
		 * (a .func returns) */
		if (b + 1 == f->nblk && (x->term < 0 || fn->stmts[x->term].u.insn->guard)) {
			s.guard = (lw_opd){0};
			if (fn->is_entry)
				E(&s, "EXIT", 0);
			else
				isel_ret(&s);
		}
	}
	free(stubs);
	free(tmp);
	free(origin);
}
