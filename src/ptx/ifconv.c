/*
 * ifconv.c - if-conversion: short divergent if-thens become predicated code.
 *
 * Requires: lw_dead (records on virtual registers; sync.c's convergence
 * barriers as isel emitted them).
 * Produces: the same program without the BSSY/BREAK/BRA/BSYNC of the
 * if-thens described below, their bodies guarded.  Runs the verifier after
 * it with --verify-each; `--dump-after=ifconv`.
 *
 * Short divergent if-thens are predicated: the shape sync.c gives a
 * divergent `@p bra JOIN` over a one-block body,
 *
 *     BSSY Bk, `(after) ; @g BREAK Bk ; @g BRA `(stub) ;
 *   body: <1..16 ALU records> ; stub: BSYNC Bk ;
 *
 * becomes the body with guard !g on its records: the lanes that
 * skipped the body now issue it with a false guard, which writes
 * nothing, so no lane diverges and no convergence barrier is needed.
 * A record whose results only the body names (a temporary) stays
 * unguarded: computing it on every lane is harmless, and regalloc
 * keeps a value written under a guard live from the entry.
 * Only when every body record is an unguarded register-only ALU record
 * (lw_pure, ISETP, LOP3, IADD3, SEL, float arithmetic), none names
 * g's predicate, and nothing else branches to the body or the stub (the
 * labels stay).  ptxas predicates such bodies the same way
 * (cg_binary_partition: one per bit of a 32-bit mask, 4 records each).
 * docs/ptx.md "Peephole" 10.
 */
#include <stdlib.h>
#include <string.h>

#include "ptx/lower.h"

static bool predicable(const lw_inst *in)
{
	static const char *const ok[] = {
		"ISETP.", "LOP3.LUT", "IADD3", "SEL", "FSETP.", "FADD", "FMUL", "FFMA", "FMNMX",
	};
	if (!in->op[0] || in->guard.kind != LO_NONE)
		return false;
	if (lw_pure(in))
		return true;
	for (size_t i = 0; i < sizeof ok / sizeof ok[0]; i++) {
		size_t l = strlen(ok[i]);
		if (!strncmp(in->op, ok[i], l) && (in->op[l] == 0 || in->op[l] == '.' || ok[i][l - 1] == '.'))
			return true;
	}
	return false;
}

static bool label_is(const lw_inst *in, const char *l)
{
	return !in->op[0] && in->label && l && !strcmp(in->label, l);
}

/* The names of labels by records (LO_LABEL operands) and jump tables:
 * label text -> number of uses.  Built once, at the first candidate:
 * if-conversion changes guards and lines only, never a label operand. */
static void count_use(lw_fn *f, ptx_map *uses, const char *l)
{
	int len = (int)strlen(l);
	intptr_t n = (intptr_t)ptx_map_get(uses, l, len);
	ptx_map_put(&f->m->arena, uses, l, len, (void *)(n + 1));
}

static void count_uses(lw_fn *f, ptx_map *uses)
{
	for (int i = 0; i < f->ninsts; i++)
		for (int k = 0; k < f->insts[i].n; k++)
			if (f->insts[i].o[k].kind == LO_LABEL && f->insts[i].o[k].text)
				count_use(f, uses, f->insts[i].o[k].text);
	for (int t = 0; t < f->njtabs; t++) {
		if (f->jtabs[t].base)
			count_use(f, uses, f->jtabs[t].base);
		for (int k = 0; k < f->jtabs[t].n; k++)
			count_use(f, uses, f->jtabs[t].targets[k]);
	}
}

/* Whether a record other than skip, or a jump table, names label l. */
static bool label_used(const lw_fn *f, const ptx_map *uses, const char *l, int skip)
{
	intptr_t n = (intptr_t)ptx_map_get(uses, l, (int)strlen(l));
	for (int k = 0; skip >= 0 && k < f->insts[skip].n; k++)
		if (f->insts[skip].o[k].kind == LO_LABEL && f->insts[skip].o[k].text &&
		    !strcmp(f->insts[skip].o[k].text, l))
			n--;
	return n > 0;
}

/* Whether every register record in writes is named only by the records
 * [a, b): a temporary of the body, computed on every lane without harm (a
 * pure ALU record; LDC could index out of its bank, so not LDC). */
static bool body_local(const lw_fn *f, const int *mentions, const lw_inst *in, int a, int b)
{
	if (LW_OP_PFX(in->op, "LDC"))
		return false;
	int nd = lw_ndefs(in);
	for (int k = 0; k < nd && k < in->n; k++) {
		const lw_opd *o = &in->o[k];
		if (o->kind != LO_VREG && o->kind != LO_PRED)
			continue;
		int inside = 0;
		for (int x = a; x < b; x++) {
			const lw_inst *e = &f->insts[x];
			for (int t = 0; t < e->n; t++)
				inside += (e->o[t].kind == LO_VREG || e->o[t].kind == LO_PRED ||
					   e->o[t].kind == LO_MEM || e->o[t].kind == LO_CMEM) &&
					  e->o[t].v == o->v;
			inside += e->guard.kind == LO_PRED && e->guard.v == o->v;
		}
		if (inside != mentions[o->v])
			return false;
	}
	return true;
}

void lw_ifconv(lw_fn *f)
{
	bool *gone = calloc((size_t)f->ninsts + 1, 1);
	bool any = false, counted = false;
	ptx_map uses = {0};
	/* mentions of each register in the function */
	int *mentions = calloc((size_t)f->nvregs + 1, sizeof(int));
	for (int x = 0; x < f->ninsts; x++) {
		const lw_inst *e = &f->insts[x];
		for (int t = 0; t < e->n; t++)
			if ((e->o[t].kind == LO_VREG || e->o[t].kind == LO_PRED ||
			     e->o[t].kind == LO_MEM || e->o[t].kind == LO_CMEM) && e->o[t].v >= 0)
				mentions[e->o[t].v]++;
		if (e->guard.kind == LO_PRED)
			mentions[e->guard.v]++;
	}
	for (int i = 0; i + 5 < f->ninsts; i++) {
		lw_inst *bs = &f->insts[i], *br = &f->insts[i + 1], *bra = &f->insts[i + 2];
		if (!LW_OP_IS(bs->op, "BSSY") || bs->guard.kind != LO_NONE || bs->n != 2 ||
		    bs->o[0].kind != LO_BREG || !LW_OP_IS(br->op, "BREAK") || br->n != 1 ||
		    br->o[0].kind != LO_BREG || br->o[0].imm != bs->o[0].imm ||
		    br->guard.kind != LO_PRED || !LW_OP_IS(bra->op, "BRA") || bra->n != 1 ||
		    bra->o[0].kind != LO_LABEL || bra->guard.kind != LO_PRED ||
		    bra->guard.v != br->guard.v || bra->guard.neg != br->guard.neg ||
		    f->insts[i + 3].op[0] || !f->insts[i + 3].label)
			continue;
		const char *stub = bra->o[0].text;
		int j = i + 4, g = bra->guard.v;
		bool ok = true;
		for (; j < f->ninsts && j < i + 4 + 16 && f->insts[j].op[0] && ok; j++) {
			const lw_inst *b = &f->insts[j];
			ok = predicable(b);
			for (int k = 0; k < b->n && ok; k++)
				ok = !(b->o[k].kind == LO_PRED && b->o[k].v == g);
		}
		if (!ok || j == i + 4 || j + 1 >= f->ninsts || !label_is(&f->insts[j], stub) ||
		    !lw_op_is(f->insts[j + 1].op, "BSYNC") || f->insts[j + 1].n != 1 ||
		    f->insts[j + 1].o[0].kind != LO_BREG || f->insts[j + 1].o[0].imm != bs->o[0].imm)
			continue;
		if (!counted)
			count_uses(f, &uses);
		counted = true;
		if (label_used(f, &uses, stub, i + 2) ||
		    label_used(f, &uses, f->insts[i + 3].label, -1))
			continue;
		lw_opd gd = bra->guard;
		gd.neg = !gd.neg;
		for (int x = i + 4; x < j; x++)
			if (!body_local(f, mentions, &f->insts[x], i + 4, j))
				f->insts[x].guard = gd;
		/* the first body record takes the branch's PTX line */
		if (!f->insts[i + 4].line) {
			f->insts[i + 4].line = bra->line ? bra->line : bs->line;
			f->insts[i + 4].cuda_line = bra->line ? bra->cuda_line : bs->cuda_line;
			f->insts[i + 4].cuda_file = bra->line ? bra->cuda_file : bs->cuda_file;
		}
		gone[i] = gone[i + 1] = gone[i + 2] = gone[j + 1] = true;
		any = true;
		i = j + 1;
	}
	if (any) {
		int o = 0;
		for (int i = 0; i < f->ninsts; i++)
			if (!gone[i])
				f->insts[o++] = f->insts[i];
		f->ninsts = o;
	}
	free(gone);
	free(mentions);
}

