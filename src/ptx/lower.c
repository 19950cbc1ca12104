/*
 * lower.c - the lowering pipeline driver: runs cfg, uniform, sync, isel and
 * regalloc over each kernel of a checked module, with the verifier after
 * each pass (--verify-each) and a dump after a named pass (--dump-after),
 * then prints the records as assembly (-S) and assembles that into the
 * ELF object of src/obj, with the resource report of -v.
 *
 * Requires: a module that parsed and passed ptx_check.
 * Produces: assembly text with the PTX line beside every instruction, the
 * object (one kernel per .entry, parameters laid out per
 * docs/launch-abi.md, static shared size), and the report.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ptx/lower.h"
#include "ptx/lower_api.h"
#include "simt/sim.h"

void *lw_realloc(void *p, size_t n)
{
	void *q = realloc(p, n ? n : 1);
	UTIL_ASSERT(q != NULL);
	return q;
}

void lw_err(lw_fn *f, ptx_pos pos, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	char buf[512];
	vsnprintf(buf, sizeof buf, fmt, ap);
	va_end(ap);
	ptx_error(f->m, f->d, pos, "%s", buf);
	f->errors++;
}

int lw_reg_width(ptx_type t)
{
	if (t == PTX_T_PRED)
		return 0;
	return ptx_types[t].bits > 32 ? (ptx_types[t].bits + 31) / 32 : 1;
}

int lw_vreg_new(lw_fn *f, int width)
{
	if (f->nvregs == f->capvregs) {
		f->capvregs = f->capvregs ? f->capvregs * 2 : 64;
		f->vregs = lw_realloc(f->vregs, (size_t)f->capvregs * sizeof *f->vregs);
		f->vuniform = lw_realloc(f->vuniform, (size_t)f->capvregs + 1);
	}
	memset(&f->vregs[f->nvregs], 0, sizeof *f->vregs);
	f->vregs[f->nvregs].width = width;
	f->vregs[f->nvregs].phys = -1;
	f->vuniform[f->nvregs] = 0;
	return f->nvregs++;
}

/* The slot of (reg, index) in f->rslots: its own or the empty one where it
 * goes (rcap a power of two, at most half full). */
static struct lw_regslot *reg_slot(lw_fn *f, const ptx_reg *reg, int index)
{
	uint32_t h = ((uint32_t)((uintptr_t)reg >> 4) ^ (uint32_t)index * 0x9e3779b9u) *
		     2654435761u;
	for (uint32_t i = h >> 7;; i++) {
		struct lw_regslot *s = &f->rslots[i & (uint32_t)(f->rcap - 1)];
		if (!s->reg || (s->reg == reg && s->index == index))
			return s;
	}
}

/* The vreg of the register named as o names it (vmap, by name: the same
 * name is the same vreg whatever declaration it comes from). */
static int vreg_by_name(lw_fn *f, const ptx_opd *o)
{
	char buf[96];
	ptx_reg_name(o, buf, sizeof buf);
	int len = (int)strlen(buf);
	void *p = ptx_map_get(&f->vmap, buf, len);
	if (p)
		return (int)((uintptr_t)p - 1);
	int v = lw_vreg_new(f, lw_reg_width(o->reg ? o->reg->type : PTX_T_U32));
	f->vuniform[v] = 1;
	ptx_map_put(&f->m->arena, &f->vmap, ptx_strndup(&f->m->arena, buf, (size_t)len), len,
		    (void *)(uintptr_t)(v + 1));
	return v;
}

int lw_vreg_of(lw_fn *f, const ptx_opd *o)
{
	if (!o->reg)
		return vreg_by_name(f, o);
	if (2 * (f->rcount + 1) > f->rcap) {
		struct lw_regslot *old = f->rslots;
		int ocap = f->rcap;
		f->rcap = ocap ? 2 * ocap : 64;
		f->rslots = lw_realloc(NULL, (size_t)f->rcap * sizeof *f->rslots);
		memset(f->rslots, 0, (size_t)f->rcap * sizeof *f->rslots);
		for (int i = 0; i < ocap; i++)
			if (old[i].reg)
				*reg_slot(f, old[i].reg, old[i].index) = old[i];
		free(old);
	}
	struct lw_regslot *s = reg_slot(f, o->reg, o->index);
	if (!s->reg) {
		int v = vreg_by_name(f, o);
		*s = (struct lw_regslot){o->reg, o->index, v};
		f->rcount++;
	}
	return s->v;
}

lw_inst *lw_emit(lw_fn *f, const char *op)
{
	if (f->ninsts == f->capinsts) {
		/* first room for a few records per PTX statement (pages are
		 * touched only as records are written), then doubling */
		f->capinsts = f->capinsts ? f->capinsts * 2 : 128 + 4 * f->fn->nstmts;
		f->insts = lw_realloc(f->insts, (size_t)f->capinsts * sizeof *f->insts);
	}
	lw_inst *in = &f->insts[f->ninsts++];
	memset(in, 0, sizeof *in);
	size_t n = strnlen(op, sizeof in->op - 1); /* snprintf's truncation */
	memcpy(in->op, op, n);
	in->line = f->cur_line;
	in->cuda_line = f->cur_cuda;
	in->cuda_file = f->cur_cuda_file;
	return in;
}

void lw_line_to_next(lw_fn *f, int i)
{
	const lw_inst *in = &f->insts[i];
	lw_inst *nx = &f->insts[i + 1];
	if (in->line && i + 1 < f->ninsts && nx->op[0] && !nx->line) {
		nx->line = in->line;
		nx->cuda_line = in->cuda_line;
		nx->cuda_file = in->cuda_file;
	}
}

const char *lw_label_name(lw_fn *f, int blk, char *buf, size_t n)
{
	/* snprintf(buf, n, ".L_k%d_b%d", f->lbl_counter, blk) without printf */
	char t[48];
	size_t k = 0;
	int parts[2] = {f->lbl_counter, blk};
	for (int j = 0; j < 2; j++) {
		memcpy(t + k, j ? "_b" : ".L_k", j ? 2 : 4);
		k += j ? 2 : 4;
		char d[12];
		int i = (int)sizeof d;
		unsigned u = parts[j] < 0 ? 0u - (unsigned)parts[j] : (unsigned)parts[j];
		do
			d[--i] = (char)('0' + u % 10);
		while (u /= 10);
		if (parts[j] < 0)
			d[--i] = '-';
		memcpy(t + k, d + i, sizeof d - (size_t)i);
		k += sizeof d - (size_t)i;
	}
	if (n) {
		k = k < n - 1 ? k : n - 1;
		memcpy(buf, t, k);
		buf[k] = '\0';
	}
	return buf;
}

/* A line of text on its way into a util_buf: pieces are copied into s
 * and go to the buffer together (one util_buf_putn per line, not one per
 * piece); tot counts what the line has had so far. */
typedef struct pline {
	util_buf *b;
	size_t n, tot;
	char s[200];
} pline;

static void pl_flush(pline *l)
{
	util_buf_putn(l->b, l->s, l->n);
	l->n = 0;
}

static void pl_putn(pline *l, const char *s, size_t n)
{
	l->tot += n;
	if (n > sizeof l->s - l->n) {
		pl_flush(l);
		if (n > sizeof l->s) {
			util_buf_putn(l->b, s, n);
			return;
		}
	}
	memcpy(l->s + l->n, s, n);
	l->n += n;
}

static void pl_puts(pline *l, const char *s) { pl_putn(l, s, strlen(s)); }

static void pl_putc(pline *l, char c) { pl_putn(l, &c, 1); }

/* u in base 10 or 16 (lowercase), after '-' when neg: the text of
 * util_buf_putd and util_buf_putx */
static void pl_putu(pline *l, bool neg, unsigned long long u, unsigned base)
{
	char t[24], *p = util_digits(t + sizeof t, u, base, neg);
	pl_putn(l, p, (size_t)(t + sizeof t - p));
}

static void pl_putd(pline *l, long long x)
{
	pl_putu(l, x < 0, x < 0 ? 0ull - (unsigned long long)x : (unsigned long long)x, 10);
}

static void pl_putx(pline *l, unsigned long long x) { pl_putu(l, false, x, 16); }

static void print_reg(lw_fn *f, int v, int sub, pline *b)
{
	if (f->allocated && f->vregs[v].phys >= 0) {
		pl_putc(b, 'R');
		pl_putd(b, f->vregs[v].phys + sub);
		return;
	}
	pl_putn(b, "%v", 2);
	pl_putd(b, v);
	if (sub) {
		pl_putc(b, '.');
		pl_putd(b, sub);
	}
}

static void print_imm(int64_t x, pline *b)
{
	if (x < 0)
		pl_putc(b, '-');
	pl_putn(b, "0x", 2);
	pl_putx(b, x < 0 ? 0ull - (unsigned long long)x : (unsigned long long)x);
}

static void print_opd(lw_fn *f, const lw_opd *o, pline *b)
{
	switch (o->kind) {
	case LO_VREG: print_reg(f, o->v, o->sub, b); break;
	case LO_RZ: pl_putn(b, "RZ", 2); break;
	case LO_PT: pl_puts(b, o->neg ? "!PT" : "PT"); break;
	case LO_PRED:
		if (o->neg)
			pl_putc(b, '!');
		if (f->allocated && f->vregs[o->v].phys >= 0) {
			pl_putc(b, 'P');
			pl_putd(b, f->vregs[o->v].phys);
		} else {
			pl_putn(b, "%p", 2);
			pl_putd(b, o->v);
		}
		break;
	case LO_IMM: print_imm(o->imm, b); break;
	case LO_TEXT: pl_puts(b, o->text); break;
	case LO_LABEL:
		pl_putn(b, "`(", 2);
		pl_puts(b, o->text);
		pl_putc(b, ')');
		break;
	case LO_BREG:
		pl_putc(b, 'B');
		pl_putd(b, (int)o->imm);
		break;
	case LO_CMEM: /* c[0x%x][R+`(text)] */
		pl_putn(b, "c[0x", 4);
		pl_putx(b, (unsigned)o->imm);
		pl_putn(b, "][", 2);
		print_reg(f, o->v, 0, b);
		pl_putn(b, "+`(", 3);
		pl_puts(b, o->text);
		pl_putn(b, ")]", 2);
		break;
	case LO_MEM:
		if (o->text) /* a constant bank indexed by a register: c[0x3][R+off] */
			pl_puts(b, o->text);
		pl_putc(b, '[');
		if (o->v >= 0) {
			print_reg(f, o->v, 0, b);
			if (o->wide)
				pl_putn(b, ".64", 3);
			if (o->imm) {
				pl_putc(b, o->imm < 0 ? '-' : '+');
				print_imm(o->imm < 0 ? -o->imm : o->imm, b);
			}
		} else {
			print_imm(o->imm, b);
		}
		pl_putc(b, ']');
		break;
	default: pl_putc(b, '?'); break;
	}
}

static void print_inst(lw_fn *f, const lw_inst *in, pline *b)
{
	if (!in->op[0]) {
		pl_puts(b, in->label ? in->label : "?");
		pl_putc(b, ':');
		return;
	}
	pl_putn(b, "        ", 8);
	if (in->guard.kind == LO_PRED) {
		pl_putc(b, '@');
		print_opd(f, &in->guard, b);
		pl_putc(b, ' ');
	}
	pl_puts(b, in->op);
	/* these take 32-bit immediates as UImm32 (isa/alu.isa, warp.isa,
	 * bru.isa), the others as SImm32 */
	static const lw_opname uimm[] = {
		LW_OPNAME("LOP3"),  LW_OPNAME("MOV"),   LW_OPNAME("WARPSYNC"), LW_OPNAME("VOTE"),
		LW_OPNAME("MATCH"), LW_OPNAME("REDUX"), LW_OPNAME("SHFL"),     LW_OPNAME("ELECT"),
	};
	bool uns = lw_op_starts(in->op, uimm, UTIL_ARRAY_LEN(uimm));
	for (int i = 0; i < in->n; i++) {
		if (i)
			pl_putn(b, ", ", 2);
		else
			pl_putc(b, ' ');
		lw_opd o = in->o[i];
		if (uns && o.kind == LO_IMM && o.imm < 0 && o.imm >= -0x80000000ll)
			o.imm = (int64_t)(uint32_t)o.imm;
		print_opd(f, &o, b);
	}
	if (in->note) {
		pl_putc(b, ' ');
		pl_puts(b, in->note);
	}
	pl_putn(b, " ;", 2);
}

void lw_print_inst(lw_fn *f, const lw_inst *in, util_buf *b)
{
	pline l;
	l.b = b;
	l.n = l.tot = 0;
	print_inst(f, in, &l);
	pl_flush(&l);
}

/* Where line `line` of the PTX text starts (p NULL: not yet known). */
typedef struct src_pos {
	const char *p;
	int line;
} src_pos;

/* The PTX source line `line` (without indentation), for comments.  The scan
 * goes on from *at, the last line found, when line is not before it: the
 * instructions of a function come mostly in line order, so printing a
 * whole function reads the text about once, not once per instruction. */
static void src_line(const ptx_module *m, src_pos *at, int line, pline *b)
{
	const char *p = at->p, *end = m->src + m->len;
	int l = at->line;
	if (!p || line < l) {
		p = m->src;
		l = 1;
	}
	while (l < line && p < end) { /* the next line start, by memchr */
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		p = nl ? nl + 1 : end;
		if (nl)
			l++;
	}
	*at = (src_pos){p, l};
	while (p < end && (*p == ' ' || *p == '\t'))
		p++;
	const char *e = p;
	while (e < end && *e != '\n' && *e != '\r')
		e++;
	while (p < e) { /* the runs between tabs in one piece each */
		const char *q = p;
		while (q < e && *q != '\t')
			q++;
		pl_putn(b, p, (size_t)(q - p));
		if (q < e)
			pl_putc(b, ' ');
		p = q + (q < e);
	}
}

/* ---- verifier ---------------------------------------------------------------- */

/* The B register of the BSYNC stub at label l, -1: l is not a stub. */
static int stub_breg(const lw_fn *f, const char *l)
{
	for (int i = 0; i + 1 < f->ninsts; i++) {
		const lw_inst *a = &f->insts[i], *b = &f->insts[i + 1];
		if (!a->op[0] && a->label && !strcmp(a->label, l))
			return LW_OP_IS(b->op, "BSYNC") && b->n == 1 && b->o[0].kind == LO_BREG
				? (int)b->o[0].imm : -1;
	}
	return -1;
}

static bool same_guard(const lw_opd *a, const lw_opd *b)
{
	return a->kind == b->kind && (a->kind == LO_NONE || (a->v == b->v && a->neg == b->neg));
}

/* Seed 003's BREAK rule (sync.c): a guarded BRA into a BSYNC stub is
 * preceded by a BREAK of that stub's B register under the same guard. */
static void verify_breaks(lw_fn *f, const char *after)
{
	for (int i = 0; i < f->ninsts; i++) {
		const lw_inst *in = &f->insts[i];
		if (!LW_OP_IS(in->op, "BRA") || in->guard.kind == LO_NONE || in->n != 1 ||
		    in->o[0].kind != LO_LABEL)
			continue;
		int k = stub_breg(f, in->o[0].text);
		if (k < 0)
			continue;
		const lw_inst *p = i > 0 ? &f->insts[i - 1] : NULL;
		if (!p || !LW_OP_IS(p->op, "BREAK") || p->n != 1 || p->o[0].imm != k ||
		    !same_guard(&p->guard, &in->guard))
			lw_err(f, f->fn->pos,
			       "verify after %s: record %d: guarded BRA into the BSYNC B%d stub %s "
			       "without a BREAK B%d of its lanes before it", after, i, k, in->o[0].text, k);
	}
}

/* The same rule for jump tables (isel_call.c, brx_breaks): a BRX that is
 * guarded or has its own BSSY (a divergent index) names no BSYNC stub in
 * its table; such entries go through a `BREAK Bk` trampoline. */
static void verify_brx_breaks(lw_fn *f, const char *after)
{
	for (int i = 0; i < f->ninsts; i++) {
		const lw_inst *in = &f->insts[i];
		if (!LW_OP_IS(in->op, "BRX") || in->jtab <= 0 || in->jtab > f->njtabs)
			continue;
		bool bssy = false;
		for (int j = i - 1; j >= 0 && j >= i - 3; j--)
			bssy |= lw_op_is(f->insts[j].op, "BSSY");
		if (!bssy && in->guard.kind == LO_NONE)
			continue;
		const lw_jtab *jt = &f->jtabs[in->jtab - 1];
		for (int k = 0; k < jt->n; k++) {
			int b = stub_breg(f, jt->targets[k]);
			if (b >= 0)
				lw_err(f, f->fn->pos,
				       "verify after %s: record %d: divergent BRX entry %d into the "
				       "BSYNC B%d stub %s without a BREAK trampoline", after, i, k, b,
				       jt->targets[k]);
		}
	}
}

bool lw_verify(lw_fn *f, const char *after)
{
	int before = f->errors;
	for (int b = 0; b < f->nblk; b++) {
		lw_blk *x = &f->blk[b];
		for (int i = 0; i < x->nsucc; i++)
			if (x->succ[i] < 0 || x->succ[i] >= f->nblk)
				lw_err(f, f->fn->pos, "verify after %s: block %d: bad successor", after, b);
		if (x->idom >= f->nblk || x->ipdom >= f->nblk)
			lw_err(f, f->fn->pos, "verify after %s: block %d: bad (post)dominator", after, b);
		if (x->breg >= 0 && (x->join < 0 || !x->region || x->region[x->join]))
			lw_err(f, f->fn->pos, "verify after %s: block %d: barrier without a join outside its region", after, b);
	}
	verify_breaks(f, after);
	verify_brx_breaks(f, after);
	for (int i = 0; i < f->ninsts; i++) {
		const lw_inst *in = &f->insts[i];
		for (int k = 0; k < in->n; k++) {
			const lw_opd *o = &in->o[k];
			bool reg = o->kind == LO_VREG || o->kind == LO_PRED ||
				   ((o->kind == LO_MEM || o->kind == LO_CMEM) && o->v >= 0);
			if (reg && (o->v < 0 || o->v >= f->nvregs))
				lw_err(f, f->fn->pos, "verify after %s: record %d: bad register", after, i);
			else if (o->kind == LO_VREG && o->sub >= (f->vregs[o->v].width ? f->vregs[o->v].width : 1))
				lw_err(f, f->fn->pos, "verify after %s: record %d (%s): word %d of a %d-word register",
				       after, i, in->op, o->sub, f->vregs[o->v].width);
			else if (o->kind == LO_PRED && f->vregs[o->v].width != 0)
				lw_err(f, f->fn->pos, "verify after %s: record %d (%s): predicate operand is a value register",
				       after, i, in->op);
			else if (reg && f->allocated && f->vregs[o->v].phys < 0)
				lw_err(f, f->fn->pos, "verify after %s: record %d: unallocated register", after, i);
		}
	}
	return f->errors == before;
}

void lw_dump(lw_fn *f, const char *after, util_buf *b)
{
	util_buf_printf(b, "// after %s: kernel %s\n", after, f->fn->name);
	for (int i = 0; i < f->nblk; i++) {
		lw_blk *x = &f->blk[i];
		util_buf_printf(b, "// block %d (stmts %d..%d)%s succ", i, x->first, x->last,
				x->label >= 0 ? "" : "");
		for (int k = 0; k < x->nsucc; k++)
			util_buf_printf(b, " %d", x->succ[k]);
		util_buf_printf(b, " idom %d ipdom %d", x->idom, x->ipdom);
		if (x->cond)
			util_buf_printf(b, " %s", x->divergent ? "divergent" : "uniform");
		if (x->breg >= 0)
			util_buf_printf(b, " B%d join %d", x->breg, x->join);
		util_buf_putc(b, '\n');
	}
	for (int i = 0; i < f->ninsts; i++) {
		lw_print_inst(f, &f->insts[i], b);
		util_buf_putc(b, '\n');
	}
}

/* ---- module ------------------------------------------------------------------- */

static unsigned var_size(const ptx_var *v)
{
	unsigned sz = (unsigned)ptx_types[v->type].bits / 8;
	if (!sz)
		sz = 1;
	if (v->vec)
		sz *= (unsigned)v->vec;
	for (int i = 0; i < v->ndims; i++)
		sz *= (unsigned)(v->dims[i] ? v->dims[i] : 0);
	return sz;
}

static void layout_shared(lw_fn *f)
{
	uint32_t off = 0;
	ptx_module *m = f->m;
	/* module-scope .shared variables, then the body's */
	for (int pass = 0; pass < 2; pass++) {
		int n = pass ? f->fn->nstmts : m->nitems;
		for (int i = 0; i < n; i++) {
			ptx_var *v = NULL;
			if (!pass && m->items[i]->kind == PTX_ITEM_VAR)
				v = m->items[i]->var;
			if (pass && f->fn->stmts[i].kind == PTX_ST_VAR)
				v = f->fn->stmts[i].u.var;
			if (!v || (v->space != PTX_SP_SHARED && v->space != PTX_SP_LOCAL))
				continue;
			bool ext = v->linkage == PTX_LINK_EXTERN;
			uint32_t al = v->align ? (uint32_t)v->align : (uint32_t)ptx_types[v->type].bits / 8;
			if (!al)
				al = 1;
			if (v->space == PTX_SP_LOCAL && !f->fn->is_entry)
				continue; /* in the frame (isel_call.c) */
			if (v->space == PTX_SP_LOCAL) {
				uint32_t lo = (f->local_bytes + al - 1) / al * al;
				ptx_map_put(&m->arena, &f->lcmap, v->name, (int)strlen(v->name),
					    (void *)(uintptr_t)(lo + 1));
				f->local_bytes = lo + var_size(v);
				continue;
			}
			if (ext)
				continue; /* dynamic: placed after the static part below */
			off = (off + al - 1) / al * al;
			ptx_map_put(&m->arena, &f->shmap, v->name, (int)strlen(v->name),
				    (void *)(uintptr_t)(off + 1));
			off += var_size(v);
		}
	}
	f->shared_bytes = off;
	/* extern (dynamic) shared arrays start after the static part, 16-aligned */
	uint32_t dyn = (off + 15) / 16 * 16;
	for (int pass = 0; pass < 2; pass++) {
		int n = pass ? f->fn->nstmts : m->nitems;
		for (int i = 0; i < n; i++) {
			ptx_var *v = NULL;
			if (!pass && m->items[i]->kind == PTX_ITEM_VAR)
				v = m->items[i]->var;
			if (pass && f->fn->stmts[i].kind == PTX_ST_VAR)
				v = f->fn->stmts[i].u.var;
			if (v && v->space == PTX_SP_SHARED && v->linkage == PTX_LINK_EXTERN)
				ptx_map_put(&m->arena, &f->shmap, v->name, (int)strlen(v->name),
					    (void *)(uintptr_t)(dyn + 1));
		}
	}
	if (dyn != off)
		f->shared_bytes = dyn;
}

static void fn_free(lw_fn *f)
{
	for (int b = 0; b < f->nblk; b++) {
		free(f->blk[b].succ);
		free(f->blk[b].pred);
		free(f->blk[b].region);
	}
	free(f->blk);
	free(f->blk_of_stmt);
	free(f->vuniform);
	free(f->rslots);
	free(f->insts);
	free(f->vregs);
	free(f->jtabs);
}

typedef struct pass_def {
	const char *name;
	void (*run)(lw_fn *);
} pass_def;

static const pass_def passes[] = {
	{"cfg", lw_cfg},
	{"uniform", lw_uniform},
	{"sync", lw_sync},
	{"isel", lw_isel},
	{"peephole", lw_peephole},
	{"dead", lw_dead},
	{"ifconv", lw_ifconv},
	{"regalloc", lw_regalloc},
	{"frame", lw_frame},
};

bool ptx_lower_pass_known(const char *name)
{
	for (size_t i = 0; i < UTIL_ARRAY_LEN(passes); i++)
		if (!strcmp(passes[i].name, name))
			return true;
	return false;
}

const char *ptx_lower_pass_name(unsigned i)
{
	return i < UTIL_ARRAY_LEN(passes) ? passes[i].name : NULL;
}

static const char *param_type(const ptx_var *p)
{
	switch (ptx_types[p->type].bits) {
	case 8: return "u8";
	case 16: return "u16";
	case 32: return "u32";
	default: return "u64";
	}
}

/* The CUDA line each instruction stands for: the .loc in force, followed
 * through its `inlined_at` chain to the outermost call site (the line the
 * user wrote; a .loc names the location of an inlined header function
 * otherwise).  Each location that a .loc with inlined_at named is
 * remembered with its caller, most recent first.  One ptx_loc per
 * statement (zero for non-instructions); caller frees.  A .loc of line 0
 * (no source line, DWARF's convention) leaves the location as it was. */
ptx_loc *lw_origin_locs(const ptx_fn *fn)
{
	ptx_loc *out = calloc((size_t)fn->nstmts + 1, sizeof *out);
	typedef struct { ptx_loc at, caller; } link;
	link *chain = NULL;
	int nchain = 0, cap = 0;
	ptx_loc cur = {0, 0, 0};
	if (!out)
		return NULL;
	for (int i = 0; i < fn->nstmts; i++) {
		const ptx_stmt *st = &fn->stmts[i];
		if (st->kind == PTX_ST_LOC) {
			ptx_loc l = st->u.loc, caller;
			const char *x = st->loc_extra ? strstr(st->loc_extra, "inlined_at") : NULL;
			if (x && sscanf(x + 10, "%d %d %d", &caller.file, &caller.line, &caller.col) == 3) {
				if (nchain == cap) {
					cap = cap ? 2 * cap : 64;
					chain = lw_realloc(chain, (size_t)cap * sizeof *chain);
				}
				chain[nchain++] = (link){l, caller};
				/* up the chain: at most nchain steps (no cycles) */
				for (int step = 0; step < nchain; step++) {
					int k = nchain - 1;
					while (k >= 0 && (chain[k].at.file != caller.file ||
							  chain[k].at.line != caller.line ||
							  chain[k].at.col != caller.col))
						k--;
					if (k < 0)
						break;
					caller = chain[k].caller;
				}
				l = caller;
			}
			if (l.line) /* line 0: no source line, keep the last one */
				cur = l;
		} else if (st->kind == PTX_ST_INSN) {
			out[i] = cur;
		}
	}
	free(chain);
	return out;
}

/* The origin of every line of text appended since the last call. */
static void map_lines(const util_buf *text, size_t *seen, util_buf *lines, ptx_text_line tl)
{
	if (!lines)
		return;
	const char *p = text->data + *seen, *end = text->data + text->len;
	while (p < end && (p = memchr(p, '\n', (size_t)(end - p))) != NULL) {
		util_buf_putn(lines, (const char *)&tl, sizeof tl);
		p++;
	}
	*seen = text->len;
}

/* ---- functions reached by calls -------------------------------------------- */

/* The definition of the function named like fn (a call may name an earlier
 * declaration), NULL when the module has none. */
static ptx_fn *fn_def(ptx_module *m, const ptx_fn *fn, int *item)
{
	for (int i = 0; i < m->nitems; i++) {
		ptx_fn *g = m->items[i]->kind == PTX_ITEM_FN ? m->items[i]->fn : NULL;
		if (g && g->has_body && !strcmp(g->name, fn->name)) {
			if (item)
				*item = i;
			return g;
		}
	}
	return NULL;
}

const char *lw_fn_label(ptx_module *m, int kidx, const ptx_fn *fn)
{
	int item = -1;
	fn_def(m, fn, &item);
	char buf[64];
	snprintf(buf, sizeof buf, ".L_k%d_f%d", kidx, item);
	return ptx_strndup(&m->arena, buf, strlen(buf));
}

/* The defined functions fn calls directly, appended to *out (no repeats). */
static void callees(ptx_module *m, const ptx_fn *fn, ptx_fn ***out, int *n)
{
	for (int s = 0; s < fn->nstmts; s++) {
		if (fn->stmts[s].kind != PTX_ST_INSN || fn->stmts[s].u.insn->op != PTX_OP_CALL)
			continue;
		ptx_insn *in = fn->stmts[s].u.insn;
		for (int k = 0; k < in->nopd; k++) {
			if (in->opd[k]->kind != PTX_OPD_SYM || !in->opd[k]->fn)
				continue;
			ptx_fn *g = fn_def(m, in->opd[k]->fn, NULL);
			bool seen = !g;
			for (int j = 0; j < *n && !seen; j++)
				seen = (*out)[j] == g;
			if (!seen) {
				*out = lw_realloc(*out, (size_t)(*n + 1) * sizeof **out);
				(*out)[(*n)++] = g;
			}
			break;
		}
	}
}

/* Bytes of stack a call of function i needs (its frame and its deepest
 * callee chain); a call back into a function on the chain sets *rec. */
static uint32_t stack_need(ptx_module *m, lw_fn *fs, int nf, int i, uint8_t *on, bool *rec)
{
	if (on[i]) {
		*rec = true;
		return 0;
	}
	on[i] = 1;
	ptx_fn **cs = NULL;
	int nc = 0;
	callees(m, fs[i].fn, &cs, &nc);
	uint32_t deepest = 0;
	for (int c = 0; c < nc; c++)
		for (int j = 0; j < nf; j++)
			if (fs[j].fn == cs[c]) {
				uint32_t x = stack_need(m, fs, nf, j, on, rec);
				if (x > deepest)
					deepest = x;
			}
	free(cs);
	on[i] = 0;
	return fs[i].frame_bytes + deepest;
}

/* The index of the function lowered into fs that defines g, -1. */
static int peer_of(lw_fn *fs, int nf, const ptx_fn *g)
{
	for (int j = 0; j < nf; j++)
		if (fs[j].fn == g)
			return j;
	return -1;
}

/* fs indices reachable from i, callees first (a call back into a function
 * on the current chain is skipped: that callee's set is not known at the
 * call, which then counts as clobbering everything). */
static void post_order(ptx_module *m, lw_fn *fs, int nf, int i, uint8_t *state, int *order,
		       int *n)
{
	state[i] = 1;
	ptx_fn **cs = NULL;
	int nc = 0;
	callees(m, fs[i].fn, &cs, &nc);
	for (int c = 0; c < nc; c++) {
		int j = peer_of(fs, nf, cs[c]);
		if (j >= 0 && !state[j])
			post_order(m, fs, nf, j, state, order, n);
	}
	free(cs);
	state[i] = 2;
	order[(*n)++] = i;
}

static void set_bits(uint64_t r[4], int first, int width)
{
	for (int j = 0; j < width; j++)
		if (first + j >= 0 && first + j < 256)
			r[(first + j) / 64] |= 1ull << ((first + j) % 64);
}

static uint8_t pbit(const lw_fn *f, int v)
{
	int k = f->vregs[v].phys;
	return k >= 0 && k < 7 ? (uint8_t)(1u << k) : 0;
}

/*
 * Function f's clobber set, after its passes: every R and P register any
 * of its records names, joined with its callees' sets.  Naming is enough:
 * a .func reads no register of its caller but R1 and R2:R3 (parameters
 * and results go through the stack), and those are reserved in every
 * function that calls.  A callee not lowered yet (recursion) clobbers
 * everything.  docs/ptx.md "Calls and the stack".
 */
static void clobber_set(lw_fn *f)
{
	memset(f->clob, 0, sizeof f->clob);
	f->pclob = 0;
	for (int i = 0; i < f->ninsts; i++) {
		const lw_inst *in = &f->insts[i];
		if (in->guard.kind == LO_PRED)
			f->pclob |= pbit(f, in->guard.v);
		for (int k = 0; k < in->n; k++) {
			const lw_opd *o = &in->o[k];
			if (o->kind == LO_PRED)
				f->pclob |= pbit(f, o->v);
			else if (o->kind == LO_VREG ||
				 ((o->kind == LO_MEM || o->kind == LO_CMEM) && o->v >= 0))
				set_bits(f->clob, f->vregs[o->v].phys,
					 f->vregs[o->v].width ? f->vregs[o->v].width : 1);
		}
	}
	ptx_fn **cs = NULL;
	int nc = 0;
	callees(f->m, f->fn, &cs, &nc);
	for (int c = 0; c < nc; c++) {
		int j = peer_of(f->peers, f->npeers, cs[c]);
		const lw_fn *g = j >= 0 ? &f->peers[j] : NULL;
		for (int w = 0; w < 4; w++)
			f->clob[w] |= g && g->clob_done ? g->clob[w] : ~0ull;
		f->pclob |= g && g->clob_done ? g->pclob : 0x7f;
	}
	free(cs);
	f->clob_done = true;
}

void lw_call_clobber(const lw_fn *f, const lw_inst *call, uint64_t r[4], uint8_t *p)
{
	for (int w = 0; w < 4; w++)
		r[w] = ~0ull;
	*p = 0x7f;
	if (call->n < 1 || call->o[0].kind != LO_LABEL || !call->o[0].text)
		return;
	for (int j = 0; j < f->npeers; j++) {
		const lw_fn *g = &f->peers[j];
		if (!g->clob_done || g->fn->is_entry)
			continue;
		if (!strcmp(lw_fn_label(f->m, f->kidx, g->fn), call->o[0].text)) {
			memcpy(r, g->clob, sizeof g->clob);
			*p = g->pclob;
			return;
		}
	}
}

static bool run_passes(lw_fn *f, const ptx_lower_opts *o, util_buf *dump)
{
	layout_shared(f);
	for (size_t p = 0; p < UTIL_ARRAY_LEN(passes); p++) {
		passes[p].run(f);
		if (f->errors)
			return false;
		if (o->verify_each && !lw_verify(f, passes[p].name))
			return false;
		if (o->dump_after && !strcmp(o->dump_after, passes[p].name))
			lw_dump(f, passes[p].name, dump);
	}
	return true;
}

static void print_records(ptx_module *m, lw_fn *f, util_buf *text, size_t *seen,
			  util_buf *lines)
{
	int last_line = -1;
	src_pos from = {NULL, 1};
	pline l;
	l.b = text;
	for (int i = 0; i < f->ninsts; i++) {
		const lw_inst *in = &f->insts[i];
		l.n = l.tot = 0;
		print_inst(f, in, &l);
		if (in->op[0] && in->line && in->line != last_line) {
			static const char spaces[48] = "                                                ";
			if (l.tot < 48)
				pl_putn(&l, spaces, 48 - l.tot);
			pl_putn(&l, " // ", 4);
			pl_putd(&l, in->line);
			pl_putn(&l, ": ", 2);
			src_line(m, &from, in->line, &l);
			last_line = in->line;
		}
		pl_putc(&l, '\n');
		pl_flush(&l);
		map_lines(text, seen, lines,
			  (ptx_text_line){in->line, in->cuda_line ? in->cuda_file : 0, in->cuda_line});
	}
}

/* The -v report of one kernel fs[0] and the functions lowered into it. */
static void print_report(ptx_module *m, lw_fn *fs, int nf, int nregs, int npregs, int nbregs,
			 int nbar, int ninsts, int nsync, util_buf *report)
{
	const ptx_fn *fn = fs[0].fn;
	const lw_fn *k = &fs[0];
	uint8_t *on = calloc((size_t)nf, 1);
	bool rec = false;
	uint32_t stack = stack_need(m, fs, nf, 0, on, &rec);
	free(on);
	util_buf_printf(report,
			"ptx: kernel %s (%s): %d registers, %d predicates, %d convergence "
			"barriers, %d CTA barriers, %u bytes shared, %u bytes local, %u bytes "
			"stack%s, %d instructions, %d WARPSYNC inserted\n",
			fn->name, m->target ? m->target : "?", nregs, npregs, nbregs, nbar,
			k->shared_bytes, k->local_bytes, stack, rec ? " (recursion: per level)" : "",
			ninsts, nsync);
	for (int i = 1; i < nf; i++)
		util_buf_printf(report,
				"ptx:   function %s: %d registers, %u bytes stack frame "
				"(%u parameter and return bytes), %d calls, %d instructions\n",
				fs[i].fn->name, fs[i].nregs, fs[i].frame_bytes, fs[i].in_bytes,
				fs[i].ncalls, fs[i].ninsts);
}

/* Three strings appended to b. */
static void put3(util_buf *b, const char *x, const char *y, const char *z)
{
	util_buf_puts(b, x);
	util_buf_puts(b, y);
	util_buf_puts(b, z);
}

int ptx_lower_module(ptx_module *m, const ptx_lower_opts *o, util_buf *text,
		     util_buf *report, util_buf *dump, util_buf *lines, simt_diags *d)
{
	size_t seen = text->len;
	ptx_text_line outside = {-1, 0, 0};
	int errors = 0, kidx = 0;
	for (int it = 0; it < m->nitems; it++) {
		if (m->items[it]->kind != PTX_ITEM_FN)
			continue;
		ptx_fn *fn = m->items[it]->fn;
		if (!fn->has_body || !fn->is_entry)
			continue; /* a .func is lowered into each kernel that reaches it */
		/* the kernel (fs[0]) and every .func its calls reach */
		ptx_fn **reach = NULL;
		int nreach = 0;
		callees(m, fn, &reach, &nreach);
		for (int i = 0; i < nreach; i++)
			callees(m, reach[i], &reach, &nreach);
		int nf = 1 + nreach;
		lw_fn *fs = calloc((size_t)nf, sizeof *fs);
		bool ok = true;
		for (int i = 0; i < nf; i++)
			fs[i] = (lw_fn){.m = m, .fn = i ? reach[i - 1] : fn, .d = d, .kidx = kidx,
					.lbl_counter = i ? 1000 * (kidx + 1) + i : kidx, .peers = fs,
					.npeers = nf};
		/* callees before their callers, so that a call site knows what
		 * the callee clobbers */
		uint8_t *state = calloc((size_t)nf, 1);
		int *order = malloc((size_t)nf * sizeof(int)), norder = 0;
		post_order(m, fs, nf, 0, state, order, &norder);
		for (int x = 0; x < norder; x++) {
			lw_fn *f = &fs[order[x]];
			if (!run_passes(f, o, dump)) {
				errors += f->errors ? f->errors : 1;
				ok = false;
				continue;
			}
			clobber_set(f);
		}
		free(state);
		free(order);
		free(reach);
		uint32_t cdims[3] = {0, 0, 0};
		if (ok && fn->nreqnctapercluster > 0) {
			/* __cluster_dims__: the shape every launch of the kernel
			 * gets (.cluster_dims, docs/semantics.md "Clusters") */
			for (int x = 0; x < 3; x++)
				cdims[x] = x < fn->nreqnctapercluster ? (uint32_t)fn->reqnctapercluster[x] : 1;
			uint64_t n = (uint64_t)cdims[0] * cdims[1] * cdims[2];
			if (!cdims[0] || !cdims[1] || !cdims[2] || n > SIMT_MAX_CLUSTER) {
				lw_err(&fs[0], fn->pos,
				       "%s: .reqnctapercluster %u, %u, %u: a cluster has 1 to %u CTAs "
				       "(docs/limits.md)", fn->name, cdims[0], cdims[1], cdims[2],
				       SIMT_MAX_CLUSTER);
				errors++;
				ok = false;
			}
		}
		if (ok) {
			/* assembly: the kernel, then its functions */
			/* (util_buf_printf's text, by pieces: the header of every kernel) */
			put3(text, "// kernel ", fn->name, " (from ");
			put3(text, m->path, ", ", m->target ? m->target : "?");
			put3(text, ")\n\t.section .text.", fn->name, "\n\t.global ");
			put3(text, fn->name, "\n", "");
			for (int i = 0; i < fn->params.n; i++) {
				put3(text, "\t.param ", param_type(fn->params.items[i]), ":0\t// ");
				put3(text, fn->params.items[i]->name, "\n", "");
			}
			if (cdims[0])
				util_buf_printf(text, "\t.cluster_dims %u, %u, %u\n", cdims[0], cdims[1],
						cdims[2]);
			put3(text, fn->name, ":\n", "");
			map_lines(text, &seen, lines, outside);
			int nregs = 0, npregs = 0, nbregs = 0, ninsts = 0, nsync = 0, nbar = 0;
			for (int i = 0; i < nf; i++) {
				lw_fn *f = &fs[i];
				if (i) {
					put3(text, "// .func ", f->fn->name, "\n");
					put3(text, lw_fn_label(m, kidx, f->fn), ":\n", "");
				}
				map_lines(text, &seen, lines, outside);
				print_records(m, f, text, &seen, lines);
				nregs = f->nregs > nregs ? f->nregs : nregs;
				npregs = f->npregs > npregs ? f->npregs : npregs;
				nbregs = f->nbregs > nbregs ? f->nbregs : nbregs;
				ninsts += f->ninsts;
				nsync += f->nsync;
				for (int k = 0; k < f->ninsts; k++)
					if (lw_op_pfx(f->insts[k].op, "BAR", 3))
						nbar = 1;
			}
			/* jump tables: constant bank 2 */
			bool any_jt = false;
			for (int i = 0; i < nf; i++)
				for (int t = 0; t < fs[i].njtabs; t++) {
					const lw_jtab *jt = &fs[i].jtabs[t];
					if (!any_jt)
						put3(text, "\t.section .nv.constant2.", fn->name, "\n");
					any_jt = true;
					put3(text, jt->label, ":\n", "");
					for (int k = 0; k < jt->n; k++) {
						put3(text, "\t.word (", jt->targets[k], " - ");
						put3(text, jt->base, ")\n", "");
					}
				}
			lw_module_consts(m, fn->name, text);
			lw_fn *k = &fs[0];
			if (k->shared_bytes) {
				put3(text, "\t.section .nv.shared.", fn->name,
				     ",\"aw\",@nobits\n\t.zero ");
				util_buf_putd(text, k->shared_bytes);
				util_buf_putc(text, '\n');
			}
			if (report)
				print_report(m, fs, nf, nregs, npregs, nbregs, nbar, ninsts, nsync,
					     report);
			map_lines(text, &seen, lines, outside);
		}
		for (int i = 0; i < nf; i++)
			fn_free(&fs[i]);
		free(fs);
		kidx++;
	}
	if (!errors)
		lw_module_consts(m, NULL, text);
	map_lines(text, &seen, lines, outside);
	return errors;
}
