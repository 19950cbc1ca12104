/*
 * dead.c - dead records by the word, and pairs narrowed (docs/ptx.md
 * "Peephole" 3).
 *
 * Requires: lw_peephole (records on virtual registers; its copies and
 * forwarded words leave records whose results nobody reads).
 * Produces: the same program without the candidate records none of whose
 * result words is read, an IADD3 whose carry out nobody reads without it,
 * and pairs and quads that are only ever named by their first word (half)
 * made one word (a pair).  Runs the verifier after it with --verify-each.
 */
#include <stdlib.h>
#include <string.h>

#include "ptx/lower.h"

/*
 * 3. Dead records, by the word, marked from what the program does: every
 *    word that a record other than a candidate reads is live (stores,
 *    memory, control, calls, records with a guard or several results read
 *    their sources), and so are the sources of a candidate one of whose
 *    result words is live; candidates none of whose result words is live
 *    are dropped (their PTX line moves to the next record).  Candidates are
 *    unguarded pure records (as in 1) with one result, IADD3.X, and IADD3
 *    with a carry out (its carry predicate is a second result; live
 *    without it, it loses the carry out).  A read counts the words its op
 *    reads (lw_opd_words, one table): a 32-bit op, or the index of
 *    `LDC c[0x3][R]`, the word it names; a 64-bit address, IMAD.WIDE's c,
 *    64-bit data, conversions and calls both words.  So the high word of a
 *    64-bit address that only `ld.const` reads dies with the IADD3.X, the
 *    AND and the zero MOV that computed it (const_table), and a value that
 *    only feeds itself dies too: the quotient of a `rem` sequence, the
 *    remainder of a `div` (`x = SEL x, ...` read nowhere else).  Then pairs
 *    and quads whose records name their first word (half) only are
 *    narrowed (narrow_vregs).
 */
static bool carry_add(const lw_inst *in)
{
	return LW_OP_IS(in->op, "IADD3") && in->n == 5 && in->guard.kind == LO_NONE &&
	       in->o[0].kind == LO_VREG && in->o[1].kind == LO_PRED;
}

static bool dead_candidate(const lw_fn *f, const lw_inst *in)
{
	if (!in->op[0] || in->guard.kind != LO_NONE || in->n < 1 || in->o[0].kind != LO_VREG ||
	    f->vregs[in->o[0].v].fixed)
		return false;
	if (carry_add(in))
		return !f->vregs[in->o[1].v].fixed;
	return (lw_pure(in) || (LW_OP_IS(in->op, "IADD3.X") && in->n == 6)) && lw_ndefs(in) == 1;
}

typedef struct marks {
	uint8_t *live;   /* per word v * 4 + w (a predicate: its word 0) */
	int *work, nwork;
} marks;

static void mark(marks *m, int v, unsigned words)
{
	for (int w = 0; w < 4; w++)
		if (words >> w & 1 && !m->live[v * 4 + w]) {
			m->live[v * 4 + w] = 1;
			m->work[m->nwork++] = v * 4 + w;
		}
}

/* Mark the words record in reads: as a candidate (sources after its
 * results) or as any other record (every predicate it names, too). */
static void mark_reads(const lw_fn *f, marks *m, const lw_inst *in, bool cand)
{
	int nd = cand && carry_add(in) ? 2 : lw_ndefs(in);
	bool elect = LW_OP_IS(in->op, "ELECT"); /* its register operand is an output too */
	for (int k = 0; k < in->n; k++) {
		const lw_opd *o = &in->o[k];
		bool src = (o->kind == LO_PRED && (!cand || k >= nd)) ||
			   (o->kind == LO_VREG && (k >= nd || elect)) ||
			   ((o->kind == LO_MEM || o->kind == LO_CMEM) && o->v >= 0);
		if (src)
			mark(m, o->v, lw_opd_words(f, in, k));
	}
	if (in->guard.kind == LO_PRED)
		mark(m, in->guard.v, 1);
}

static void dead_records(lw_fn *f)
{
	size_t nw = ((size_t)f->nvregs + 1) * 4;
	marks m = {calloc(nw, 1), malloc(nw * sizeof(int)), 0};
	bool *cand = malloc(((size_t)f->ninsts + 1) * sizeof(bool));
	/* the candidates that write each word: head[word], then next[record] */
	int *head = malloc(nw * sizeof(int)), *next = malloc(((size_t)f->ninsts + 1) * 2 * sizeof(int));
	for (size_t u = 0; u < nw; u++)
		head[u] = -1;
	for (int i = 0; i < f->ninsts; i++) {
		const lw_inst *in = &f->insts[i];
		cand[i] = dead_candidate(f, in);
		if (!cand[i]) {
			mark_reads(f, &m, in, false);
			continue;
		}
		/* link i under each word it writes (at most two lists: a
		 * carry's predicate, or a result's words; a record with a pair
		 * result is found through word 0 or 1, slot 2i and 2i+1) */
		unsigned ws = lw_opd_words(f, in, 0);
		int slot = 0;
		for (int w = 0; w < 4 && slot < 2; w++)
			if (ws >> w & 1) {
				int u = in->o[0].v * 4 + w;
				next[2 * i + slot] = head[u];
				head[u] = 2 * i + slot++;
			}
		if (carry_add(in) && slot < 2) {
			int u = in->o[1].v * 4;
			next[2 * i + slot] = head[u];
			head[u] = 2 * i + slot++;
		}
		for (; slot < 2; slot++)
			next[2 * i + slot] = -2; /* unused */
	}
	bool *on = calloc((size_t)f->ninsts + 1, sizeof(bool)); /* candidates kept */
	while (m.nwork) {
		int u = m.work[--m.nwork];
		for (int e = head[u]; e >= 0; e = next[e]) {
			int i = e / 2;
			if (!on[i]) {
				on[i] = true;
				mark_reads(f, &m, &f->insts[i], true);
			}
		}
	}
	int o = 0;
	for (int i = 0; i < f->ninsts; i++) {
		lw_inst *in = &f->insts[i];
		if (cand[i] && !on[i]) {
			lw_line_to_next(f, i);
			continue;
		}
		if (cand[i] && carry_add(in) && !m.live[(size_t)in->o[1].v * 4]) {
			memmove(&in->o[1], &in->o[2], 3 * sizeof in->o[0]);
			in->n = 4;
			lw_add_to_copy(in);
		}
		f->insts[o++] = *in;
	}
	f->ninsts = o;
	free(m.live);
	free(m.work);
	free(cand);
	free(head);
	free(next);
	free(on);
}

/* Pairs and quads whose every mention (lw_opd_words) is of their first
 * word (half) become one word (a pair): the allocator then gives them a
 * single register, and no partly written pair stays live from the entry
 * (regalloc.c).  Fixed registers keep their width. */
static void narrow_vregs(lw_fn *f)
{
	unsigned *used = calloc((size_t)f->nvregs + 1, sizeof(unsigned));
	for (int i = 0; i < f->ninsts; i++) {
		const lw_inst *in = &f->insts[i];
		for (int k = 0; k < in->n; k++) {
			const lw_opd *o = &in->o[k];
			if ((o->kind == LO_VREG || o->kind == LO_MEM || o->kind == LO_CMEM) && o->v >= 0)
				used[o->v] |= lw_opd_words(f, in, k);
		}
	}
	for (int v = 0; v < f->nvregs; v++) {
		lw_vreg *r = &f->vregs[v];
		if (r->fixed || r->width < 2 || !used[v])
			continue;
		while (r->width > 1 && !(used[v] >> (r->width / 2)))
			r->width /= 2;
	}
	free(used);
}

void lw_dead(lw_fn *f)
{
	dead_records(f);
	narrow_vregs(f);
}
