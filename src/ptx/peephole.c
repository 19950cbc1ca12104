/*
 * peephole.c - local redundancy elimination on the instruction records.
 *
 * Requires: lw_isel (records on virtual registers, labels, BRA/BRX/EXIT
 * ending straight-line runs).
 * Produces: the same program with fewer records to allocate and emit:
 *
 *  1. Local value numbering.  Within a straight-line run (from a label or
 *     the record after a branch to the next one), an unguarded record of
 *     a pure operation (`pure` below: no memory write, no side effect, a
 *     result that depends only on its operands) with one result, whose
 *     operation and sources equal those of an earlier record in the run,
 *     becomes a copy of that record's result: `MOV d, p` (two MOVs for a
 *     pair).  Sources compare through the copies of the run (a register
 *     that holds a copy of p counts as p).  A record's entry is dropped as
 *     soon as its result or one of its sources is written again.  The
 *     copies are left to regalloc's coalescing, which removes them when
 *     p still holds the value wherever d is read (docs/ptx.md
 *     "Registers").  Why: nvcc's PTX re-reads `%laneid` and recomputes
 *     the same mask before every shuffle of a cooperative-groups tile
 *     (`cg_reduce_tile`), reloads parameters and special registers per
 *     use, and recomputes the same address for each access.
 *
 * Records with a guard, several results, or a predicate result are left
 * alone; so are reads of clocks, timers and `%warpid` (each read may
 * differ).  The other rules, each described where it is written:
 * 2 predicate round trips, 2b predicate copies forward, 4 known zero bits and constants, 4b
 * constants into operands, 5 word copies forward, 5b constant offsets into
 * addresses, 5c 64-bit adds into IMAD.WIDE, 6 vector copies forward, 7 zero
 * tests into the LOP3 (docs/ptx.md "Peephole").  Runs the verifier after it
 * with --verify-each.
 */
#include <stdlib.h>
#include <string.h>

#include "ptx/lower.h"

/* Special registers whose value never changes during a thread's life. */
static bool stable_sreg(const char *t)
{
	static const lw_opname ok[] = {
		LW_OPNAME("SR_LANEID"), LW_OPNAME("SR_TID."), LW_OPNAME("SR_CTAID."),
		LW_OPNAME("SR_LANEMASK"), LW_OPNAME("SR_NWARPID"), LW_OPNAME("SR_SMID"),
		LW_OPNAME("SR_NSMID"), LW_OPNAME("SR_CLUSTER"), LW_OPNAME("SR_CTARANK"),
	};
	return t && lw_op_starts(t, ok, UTIL_ARRAY_LEN(ok));
}

/* Operations whose single result depends on their operands only (also
 * ifconv.c's test of what a predicated body may hold). */
bool lw_pure(const lw_inst *in)
{
	const char *op = in->op;
	if (LW_OP_IS(op, "S2R"))
		return in->n == 2 && in->o[1].kind == LO_TEXT && stable_sreg(in->o[1].text);
	if (LW_OP_IS(op, "IADD3"))
		return in->n == 4; /* no carry out */
	static const lw_opname ok[] = {
		LW_OPNAME("MOV"),  LW_OPNAME("LOP3.LUT"), LW_OPNAME("SHF."), LW_OPNAME("IMAD"),
		LW_OPNAME("LDC"),  LW_OPNAME("SEL"),      LW_OPNAME("FLO"),  LW_OPNAME("POPC"),
		LW_OPNAME("BREV"), LW_OPNAME("PRMT"),     LW_OPNAME("IMNMX"), LW_OPNAME("IABS"),
		LW_OPNAME("I2F"),  LW_OPNAME("F2I"),      LW_OPNAME("MUFU"),
	};
	return lw_op_in(op, ok, UTIL_ARRAY_LEN(ok));
}

/* Whether record in writes exactly one register, fully: a one-word value,
 * or a pair written by a 64-bit/wide operation. */
static bool one_result(const lw_fn *f, const lw_inst *in)
{
	if (lw_ndefs(in) != 1 || in->n < 1 || in->o[0].kind != LO_VREG || in->o[0].sub)
		return false;
	int w = f->vregs[in->o[0].v].width;
	if (f->vregs[in->o[0].v].fixed)
		return false;
	if (w == 1)
		return true;
	return w == 2 && (strstr(in->op, ".64") || strstr(in->op, "WIDE"));
}

typedef struct vn {
	int rec;    /* the record whose result is reused */
	int result; /* its vreg */
} vn;

typedef struct run {
	vn *tab;
	int n, cap;
	int *rep; /* per vreg: the vreg it is a copy of (itself when none) */
	/* the vregs whose rep may differ from themselves, each once (inlist):
	 * clobber and reset visit these, not every vreg of the function */
	int *alias, nalias;
	bool *inlist;
	/* per vreg: how often the entries of tab name it (result and
	 * sources); clobber scans tab only for a vreg named there.  Exact
	 * because a record in tab is never rewritten: the rules change the
	 * record being visited and the one after it, which are not in tab */
	int *named;
} run;

static void set_rep(run *r, int u, int rep)
{
	r->rep[u] = rep;
	if (!r->inlist[u]) {
		r->inlist[u] = true;
		r->alias[r->nalias++] = u;
	}
}

static int rep_of(const run *r, const lw_opd *o)
{
	return o->v >= 0 ? r->rep[o->v] : -1;
}

static bool same_opd(const run *r, const lw_opd *a, const lw_opd *b)
{
	if (a->kind != b->kind || a->sub != b->sub || a->neg != b->neg || a->wide != b->wide ||
	    a->imm != b->imm)
		return false;
	if ((a->text == NULL) != (b->text == NULL) || (a->text && strcmp(a->text, b->text)))
		return false;
	switch (a->kind) {
	case LO_VREG:
	case LO_PRED:
	case LO_MEM:
	case LO_CMEM:
		return rep_of(r, a) == rep_of(r, b);
	default:
		return true;
	}
}

static bool same_sources(const run *r, const lw_inst *a, const lw_inst *b)
{
	if (a->op[0] != b->op[0] || strcmp(a->op, b->op) || a->n != b->n)
		return false;
	for (int k = 1; k < a->n; k++)
		if (!same_opd(r, &a->o[k], &b->o[k]))
			return false;
	return true;
}

static bool names(const lw_opd *o, int v)
{
	return o->v == v && (o->kind == LO_VREG || o->kind == LO_PRED || o->kind == LO_MEM ||
			     o->kind == LO_CMEM);
}

/* Entry e of the table counted in r->named (delta 1) or no more (-1). */
static void count_named(const lw_fn *f, run *r, const vn *e, int delta)
{
	const lw_inst *in = &f->insts[e->rec];
	r->named[e->result] += delta;
	for (int k = 1; k < in->n; k++)
		if (in->o[k].v >= 0 && names(&in->o[k], in->o[k].v))
			r->named[in->o[k].v] += delta;
}

/* Vreg v is written: forget every entry and copy that mentions it. */
static void clobber(lw_fn *f, run *r, int v)
{
	if (r->named[v]) {
		int o = 0;
		for (int i = 0; i < r->n; i++) {
			const lw_inst *in = &f->insts[r->tab[i].rec];
			bool dead = r->tab[i].result == v;
			for (int k = 1; k < in->n && !dead; k++)
				dead = names(&in->o[k], v);
			if (!dead)
				r->tab[o++] = r->tab[i];
			else
				count_named(f, r, &r->tab[i], -1);
		}
		r->n = o;
	}
	/* what is not in the list is its own rep: only list members change */
	int o = 0;
	for (int i = 0; i < r->nalias; i++) {
		int u = r->alias[i];
		if (r->rep[u] == v || u == v)
			r->rep[u] = u;
		if (r->rep[u] != u)
			r->alias[o++] = u;
		else
			r->inlist[u] = false;
	}
	r->nalias = o;
}

static void reset(lw_fn *f, run *r)
{
	for (int i = 0; i < r->n; i++)
		count_named(f, r, &r->tab[i], -1);
	r->n = 0;
	for (int i = 0; i < r->nalias; i++) {
		r->rep[r->alias[i]] = r->alias[i];
		r->inlist[r->alias[i]] = false;
	}
	r->nalias = 0;
}

static bool ends_run(const lw_inst *in)
{
	return !in->op[0] || LW_OP_PFX(in->op, "BRA") || LW_OP_PFX(in->op, "BRX") ||
	       LW_OP_IS(in->op, "EXIT") || LW_OP_PFX(in->op, "RET") || LW_OP_PFX(in->op, "CALL");
}

/* Turn record i into a copy of vreg p (width w) into its result. */
static void make_copy(lw_fn *f, int i, int p, int w)
{
	lw_inst *in = &f->insts[i];
	int d = in->o[0].v;
	lw_inst c = *in;
	strcpy(c.op, "MOV");
	c.n = 2;
	c.o[0] = (lw_opd){.kind = LO_VREG, .v = d};
	c.o[1] = (lw_opd){.kind = LO_VREG, .v = p};
	*in = c;
	if (w == 2) {
		/* the second word: a new record right after */
		lw_emit(f, "MOV"); /* grow */
		memmove(&f->insts[i + 2], &f->insts[i + 1],
			(size_t)(f->ninsts - i - 2) * sizeof *f->insts);
		lw_inst c2 = c;
		c2.line = 0;
		c2.o[0].sub = 1;
		c2.o[1].sub = 1;
		f->insts[i + 1] = c2;
	}
}

/*
 * 2. Predicate round trips: `ISETP.NE[.U32].AND Q, PT, r, 0, PT` where r
 *    holds `SEL r, RZ, 0x1, !P` of the run (P still unchanged: the entry
 *    is live) is Q = P: the record becomes the predicate copy
 *    `ISETP.T.AND Q, PT, RZ, RZ, P`, which regalloc's coalescing removes
 *    like a MOV (nvcc's `selp.u32 %r, 1, 0, %p; setp.ne.u32 %q, %r, 0`
 *    around `bar.red`, `vote` and bool values).
 */
static void pred_round_trip(lw_fn *f, const run *r, lw_inst *in)
{
	if (in->guard.kind != LO_NONE || in->n != 5 || in->o[0].kind != LO_PRED ||
	    in->o[0].neg || in->o[1].kind != LO_PT || in->o[1].neg || in->o[2].kind != LO_VREG ||
	    in->o[4].kind != LO_PT || in->o[4].neg ||
	    !(in->o[3].kind == LO_RZ || (in->o[3].kind == LO_IMM && in->o[3].imm == 0)) ||
	    (!LW_OP_IS(in->op, "ISETP.NE.AND") && !LW_OP_IS(in->op, "ISETP.NE.U32.AND")))
		return;
	int v = rep_of(r, &in->o[2]);
	for (int k = r->n - 1; k >= 0; k--) {
		if (r->tab[k].result != v)
			continue;
		const lw_inst *e = &f->insts[r->tab[k].rec];
		if (!LW_OP_IS(e->op, "SEL") || e->n != 4 || e->o[1].kind != LO_RZ ||
		    e->o[2].kind != LO_IMM || e->o[2].imm != 1 || e->o[3].kind != LO_PRED ||
		    !e->o[3].neg)
			return;
		lw_opd q = in->o[0], p = e->o[3];
		p.neg = false;
		strcpy(in->op, "ISETP.T.AND");
		in->o[2] = (lw_opd){.kind = LO_RZ};
		in->o[3] = (lw_opd){.kind = LO_RZ};
		in->o[4] = p;
		in->o[0] = q;
		return;
	}
}

/*
 * 2b. Predicate copies forward: after a predicate copy q = p of the run
 *     (while neither is written again), a read of q (a guard, or a
 *     predicate source: an operand after the record's results) reads p
 *     instead; the copy itself is left to regalloc, which drops it when q
 *     is dead after it.  B2R's predicate is a result, not a source.
 */
static void subst_preds(const lw_fn *f, const run *r, lw_inst *in)
{
	(void)f;
	if (in->guard.kind == LO_PRED && r->rep[in->guard.v] != in->guard.v)
		in->guard.v = r->rep[in->guard.v];
	if (LW_OP_PFX(in->op, "B2R") || !in->op[0])
		return;
	int nd = lw_ndefs(in);
	if (nd < 2 && (LW_OP_PFX(in->op, "ELECT") || LW_OP_PFX(in->op, "SHFL") ||
		       strstr(in->op, "SETP") || LW_OP_PFX(in->op, "VOTE") ||
		       LW_OP_PFX(in->op, "MATCH")))
		nd = 2;
	for (int k = nd; k < in->n; k++)
		if (in->o[k].kind == LO_PRED && r->rep[in->o[k].v] != in->o[k].v)
			in->o[k].v = r->rep[in->o[k].v];
}

/* `IADD3 d, a, b, c` (no carry out, unguarded) with two sources RZ:
 * `MOV d, x` of the third. */
void lw_add_to_copy(lw_inst *in)
{
	if (!LW_OP_IS(in->op, "IADD3") || in->n != 4 || in->guard.kind != LO_NONE)
		return;
	int x = -1, nrz = 0;
	for (int k = 1; k < 4; k++) {
		if (in->o[k].kind == LO_RZ)
			nrz++;
		else if (in->o[k].kind == LO_VREG && !in->o[k].neg)
			x = k;
	}
	if (nrz != 2 || x < 0)
		return;
	lw_opd d = in->o[0], a = in->o[x];
	strcpy(in->op, "MOV");
	in->n = 2;
	in->o[0] = d;
	in->o[1] = a;
}

/*
 * 4. Known zero bits: within a run, the bits a word is known to have clear
 *    (an AND with a constant, a logical right shift by a constant, a
 *    constant, a zero-extending narrow load, copies), per word of a pair
 *    too (`cvt.u64.u32`'s `MOV d.1, RZ`, a 64-bit AND's high word).  An AND
 *    with a constant that clears only bits already known clear is a copy:
 *    `LOP3.LUT d, a, 0xffff, RZ, 0xc0, !PT` after `a = x & 0xff` (nvcc's
 *    `cvt.u32.u16` of an unpacked byte) becomes `MOV d, a`.  A source of an
 *    IADD3 or IADD3.X known to be zero reads RZ, and an IADD3 without
 *    carry out that adds one register to RZ is a copy (the base 0 of the
 *    first `.const` variable: `mov.u64 %rd, ctab; add.s64`).  Facts are
 *    per word (v * 4 + sub) and carry the number of their run (`at`), so a
 *    new run forgets them at no cost.
 */
typedef struct kzero {
	uint32_t *z;
	int *at;
	int run;
	uint32_t *c; /* the word's value, when isc (same stamp as z) */
	bool *isc;
	uint32_t *gv; /* the word's value in the whole function, when gc */
	bool *gc;
} kzero;

static bool is_vreg1(const lw_fn *f, const lw_opd *o)
{
	return o->kind == LO_VREG && !o->sub && f->vregs[o->v].width == 1;
}

/* A word operand of a 32-bit op (lw_opd_words): its fact's index, else -1. */
static int word_key(const lw_fn *f, const lw_opd *o)
{
	if (o->kind != LO_VREG || o->sub >= (f->vregs[o->v].width > 1 ? f->vregs[o->v].width : 1))
		return -1;
	return o->v * 4 + o->sub;
}

static uint32_t zeros_of(const lw_fn *f, const kzero *kz, const lw_opd *o)
{
	if (o->kind == LO_RZ)
		return 0xffffffffu;
	if (o->kind == LO_IMM)
		return ~(uint32_t)o->imm;
	int key = word_key(f, o);
	if (key >= 0 && kz->gc[key])
		return ~kz->gv[key];
	return key >= 0 && kz->at[key] == kz->run ? kz->z[key] : 0;
}

static bool and_imm(const lw_fn *f, const lw_inst *in)
{
	return LW_OP_IS(in->op, "LOP3.LUT") && in->n == 6 && in->guard.kind == LO_NONE &&
	       word_key(f, &in->o[0]) >= 0 && in->o[2].kind == LO_IMM && in->o[3].kind == LO_RZ &&
	       in->o[4].kind == LO_IMM && in->o[4].imm == 0xc0;
}

/* Whether o is a word whose value the run knows: *v. */
static bool known_const(const lw_fn *f, const kzero *kz, const lw_opd *o, uint32_t *v)
{
	if (o->kind == LO_RZ) {
		*v = 0;
		return true;
	}
	int key = word_key(f, o);
	if (key >= 0 && kz->gc[key]) {
		*v = o->neg ? -kz->gv[key] : kz->gv[key];
		return true;
	}
	if (key < 0 || kz->at[key] != kz->run || !kz->isc[key])
		return false;
	*v = o->neg ? -kz->c[key] : kz->c[key];
	return true;
}

/* Words written by exactly one record in the function, an unguarded
 * `MOV r, imm` (or RZ): the value holds wherever the word is read (a read
 * the write does not reach would read an undefined register), so 4 and 4b
 * use it outside the MOV's run too: the zero base of a `.shared` variable
 * set in the entry block and read in a loop. */
static void global_consts(const lw_fn *f, kzero *kz)
{
	size_t nk = ((size_t)f->nvregs + 1) * 4;
	int *ndef = calloc(nk, sizeof(int)), *rec = malloc(nk * sizeof(int));
	for (int i = 0; i < f->ninsts; i++) {
		const lw_inst *in = &f->insts[i];
		int nd = lw_ndefs(in);
		for (int k = 0; k < in->n; k++) {
			if (in->o[k].kind != LO_VREG || !(k < nd || LW_OP_IS(in->op, "ELECT")))
				continue;
			unsigned m = lw_opd_words(f, in, k);
			for (int w = 0; w < 4; w++)
				if (m >> w & 1) {
					ndef[in->o[k].v * 4 + w]++;
					rec[in->o[k].v * 4 + w] = i;
				}
		}
	}
	for (size_t u = 0; u < nk; u++) {
		if (ndef[u] != 1)
			continue;
		const lw_inst *in = &f->insts[rec[u]];
		if (!LW_OP_IS(in->op, "MOV") || in->n != 2 || in->guard.kind != LO_NONE ||
		    f->vregs[in->o[0].v].fixed || (size_t)word_key(f, &in->o[0]) != u ||
		    (in->o[1].kind != LO_IMM && in->o[1].kind != LO_RZ))
			continue;
		kz->gc[u] = true;
		kz->gv[u] = in->o[1].kind == LO_IMM ? (uint32_t)in->o[1].imm : 0;
	}
	free(ndef);
	free(rec);
}

static bool plain_reg(const lw_opd *o) { return o->kind == LO_RZ || o->kind == LO_VREG; }

/* Operand k becomes the immediate its known value is, when form allows it:
 * 's' any (printed signed), 'u' any (unsigned), '5' 0..31, 'c' SHFL's
 * clamp/segment (bits 0-4 and 8-12), 'b' a barrier id 0..15, 'n' a barrier
 * thread count (a multiple of 32 below 4096, not 0).  A zero becomes RZ
 * (a barrier id 0x0). */
static bool to_imm(const lw_fn *f, const kzero *kz, lw_inst *in, int k, char form)
{
	uint32_t v;
	if (k >= in->n || in->o[k].kind != LO_VREG || !known_const(f, kz, &in->o[k], &v))
		return false;
	if ((form == '5' && v > 31) || (form == 'c' && (v & ~0x1f1fu)) ||
	    (form == 'b' && v > 15) || (form == 'n' && (!v || v % 32 || v >= 4096)))
		return false;
	if (!v && form != 'b')
		in->o[k] = (lw_opd){.kind = LO_RZ};
	else
		in->o[k] = (lw_opd){.kind = LO_IMM, .imm = form == 's' ? (int64_t)(int32_t)v : (int64_t)v};
	return true;
}

static void swap_opd(lw_inst *in, int a, int b)
{
	lw_opd t = in->o[a];
	in->o[a] = in->o[b];
	in->o[b] = t;
}

/*
 * 4b. Constants into operands: a source register whose value the run knows
 *     (`MOV r, imm` earlier in the run, r unchanged; RZ) becomes the
 *     immediate in an operand that can hold one (the ISA's immediate forms:
 *     b of IADD3, IMAD, LOP3, SEL, IMNMX, ISETP, SHF; IMAD's c when b is a
 *     register; SHFL's lane, clamp and membermask; the membermask of VOTE,
 *     WARPSYNC; BAR.SYNC/ARV's id and count); IADD3's sources and IMAD's
 *     factors commute into b.  The
 *     MOV is then often dead (3).  Why: nvcc's PTX moves constants into
 *     registers (`mov.u32 %r6, 31; shfl.sync.bfly.b32 ..., %r7, %r6, %r8`,
 *     `sad`, `dp4a` addends, `WARPSYNC` masks); ptxas encodes them.
 */
static void const_operands(const lw_fn *f, const kzero *kz, lw_inst *in)
{
	const char *op = in->op;
	int nd = lw_ndefs(in);
	uint32_t v;
	if (LW_OP_IS(op, "IADD3") && in->n == nd + 3) {
		int b = nd + 1;
		if (!plain_reg(&in->o[b]))
			return;
		bool b_const = in->o[b].kind == LO_VREG && known_const(f, kz, &in->o[b], &v);
		for (int k = nd; k < nd + 3 && !b_const && !in->o[b].neg; k += 2)
			if (in->o[k].kind == LO_VREG && known_const(f, kz, &in->o[k], &v)) {
				swap_opd(in, k, b);
				break;
			}
		to_imm(f, kz, in, b, 's');
	} else if (LW_OP_IS(op, "IMAD") && in->n == 4) {
		bool c_reg = plain_reg(&in->o[3]);
		if (c_reg && plain_reg(&in->o[2]) && !to_imm(f, kz, in, 2, 's') &&
		    in->o[1].kind == LO_VREG && !in->o[1].neg && known_const(f, kz, &in->o[1], &v)) {
			swap_opd(in, 1, 2);
			to_imm(f, kz, in, 2, 's');
		}
		if (plain_reg(&in->o[2]) && in->o[2].kind == LO_VREG)
			to_imm(f, kz, in, 3, 's');
	} else if (LW_OP_PFX(op, "ISETP.") && in->n == 5) {
		to_imm(f, kz, in, 3, 's');
	} else if ((LW_OP_IS(op, "SEL") && in->n == 4) || (LW_OP_PFX(op, "IMNMX") && in->n == 4)) {
		to_imm(f, kz, in, 2, 's');
	} else if (LW_OP_IS(op, "LOP3.LUT") && in->n == nd + 5) {
		to_imm(f, kz, in, nd + 1, 'u');
	} else if (LW_OP_PFX(op, "SHF.") && in->n == 4) {
		to_imm(f, kz, in, 2, 'u');
	} else if (LW_OP_PFX(op, "SHFL.") && in->n == 6) {
		to_imm(f, kz, in, 3, '5');
		to_imm(f, kz, in, 4, 'c');
		to_imm(f, kz, in, 5, 'u');
	} else if (LW_OP_PFX(op, "VOTE.") && in->n == 4) {
		to_imm(f, kz, in, 3, 'u');
	} else if (LW_OP_IS(op, "WARPSYNC") && in->n == 1) {
		to_imm(f, kz, in, 0, 'u');
	} else if ((LW_OP_IS(op, "BAR.SYNC") || LW_OP_IS(op, "BAR.ARV")) && in->n == 2) {
		to_imm(f, kz, in, 0, 'b');
		to_imm(f, kz, in, 1, 'n');
	}
}

static void known_zeros(lw_fn *f, kzero *kz, lw_inst *in)
{
	if (and_imm(f, in) && word_key(f, &in->o[1]) >= 0 &&
	    !(~(uint32_t)in->o[2].imm & ~zeros_of(f, kz, &in->o[1]))) {
		lw_opd d = in->o[0], a = in->o[1];
		strcpy(in->op, "MOV");
		in->n = 2;
		in->o[0] = d;
		in->o[1] = a;
	}
	const_operands(f, kz, in);
	int nd = lw_ndefs(in);
	const char *op = in->op;
	if (LW_OP_IS(op, "IADD3") || LW_OP_IS(op, "IADD3.X")) {
		for (int k = nd; k < nd + 3 && k < in->n; k++)
			if (in->o[k].kind == LO_VREG && zeros_of(f, kz, &in->o[k]) == 0xffffffffu)
				in->o[k] = (lw_opd){.kind = LO_RZ};
		lw_add_to_copy(in);
	}
	uint32_t z = 0, cv = 0;
	bool isc = false;
	int key = nd == 1 && in->n >= 1 ? word_key(f, &in->o[0]) : -1;
	if (in->guard.kind == LO_NONE && key >= 0 && LW_OP_IS(op, "MOV") && in->n == 2) {
		if (in->o[1].kind == LO_IMM) {
			isc = true;
			cv = (uint32_t)in->o[1].imm;
		} else {
			isc = known_const(f, kz, &in->o[1], &cv);
		}
	}
	if (in->guard.kind == LO_NONE && key >= 0) {
		if (and_imm(f, in))
			z = ~(uint32_t)in->o[2].imm | zeros_of(f, kz, &in->o[1]);
		else if (LW_OP_IS(op, "MOV") && in->n == 2)
			z = zeros_of(f, kz, &in->o[1]);
		else if (LW_OP_IS(op, "SHF.R.U32.HI") && in->n == 4 && in->o[1].kind == LO_RZ &&
			 in->o[2].kind == LO_IMM && in->o[2].imm > 0 && in->o[2].imm < 32)
			z = ~(0xffffffffu >> in->o[2].imm);
		else if (LW_OP_PFX(op, "LD") && strstr(op, ".U8") && is_vreg1(f, &in->o[0]))
			z = 0xffffff00u;
		else if (LW_OP_PFX(op, "LD") && strstr(op, ".U16") && is_vreg1(f, &in->o[0]))
			z = 0xffff0000u;
		else if (LW_OP_IS(op, "SEL") && in->n == 4)
			z = zeros_of(f, kz, &in->o[1]) & zeros_of(f, kz, &in->o[2]);
	}
	for (int k = 0; k < in->n; k++)
		if (in->o[k].kind == LO_VREG && (k < nd || LW_OP_IS(op, "ELECT"))) {
			unsigned words = lw_opd_words(f, in, k);
			for (int w = 0; w < 4; w++)
				if (words >> w & 1)
					kz->at[in->o[k].v * 4 + w] = -1;
		}
	if (isc)
		z = ~cv;
	if (z || isc) {
		kz->z[key] = z;
		kz->c[key] = cv;
		kz->isc[key] = isc;
		kz->at[key] = kz->run;
	}
}

/*
 * 5. Word copies forward: after `MOV d, p.k` (d one word, p a pair or quad
 *    or one word; unguarded) and while neither d nor p is written again in
 *    the run, a plain source read of d in a MOV, an ALU or float record or
 *    a store's data reads p.k instead.  The copy is then often dead (3
 *    drops it) and a vector built from the words of a vector load is a
 *    copy of that load (regalloc coalesces the two): nvcc's
 *    `ld.v4 {%r1..%r4}` then `st.v4 {%r1..%r4}`, and `cvt.u32.u64`.
 *    Stamps: wr[v] the record that last wrote v, from[d] the copy.
 */
typedef struct wcopy {
	int *wr, *at, *src, *sub;
	int start; /* first record of the run */
} wcopy;

static bool fwd_consumer(const char *op)
{
	static const lw_opname ok[] = {
		LW_OPNAME("MOV"),  LW_OPNAME("IADD3"),  LW_OPNAME("IMAD"),   LW_OPNAME("LOP3.LUT"),
		LW_OPNAME("SHF."), LW_OPNAME("I2F"),    LW_OPNAME("ISETP."), LW_OPNAME("SEL"),
		LW_OPNAME("FADD"), LW_OPNAME("FMUL"),   LW_OPNAME("FFMA"),   LW_OPNAME("FSETP."),
		LW_OPNAME("POPC"), LW_OPNAME("BREV"),   LW_OPNAME("FLO"),    LW_OPNAME("IMNMX"),
		LW_OPNAME("PRMT"), LW_OPNAME("STG"),    LW_OPNAME("STS"),    LW_OPNAME("STL"),
		LW_OPNAME("ST."),  LW_OPNAME("F2F"),    LW_OPNAME("MUFU"),
	};
	return lw_op_in(op, ok, UTIL_ARRAY_LEN(ok));
}

static void word_forward(const lw_fn *f, wcopy *w, lw_inst *in, int i)
{
	int nd = lw_ndefs(in);
	if (fwd_consumer(in->op) && !LW_OP_IS(in->op, "IADD3.X"))
		for (int k = nd; k < in->n; k++) {
			lw_opd *o = &in->o[k];
			if (!is_vreg1(f, o))
				continue;
			int u = o->v, i0 = w->at[u];
			if (i0 < w->start || w->wr[u] != i0 || w->wr[w->src[u]] >= i0)
				continue;
			o->v = w->src[u];
			o->sub = w->sub[u];
		}
	for (int k = 0; k < in->n; k++)
		if (in->o[k].kind == LO_VREG && (k < nd || LW_OP_IS(in->op, "ELECT")))
			w->wr[in->o[k].v] = i;
	if (LW_OP_IS(in->op, "MOV") && in->n == 2 && in->guard.kind == LO_NONE &&
	    is_vreg1(f, &in->o[0]) && in->o[1].kind == LO_VREG && in->o[1].v != in->o[0].v) {
		int d = in->o[0].v;
		w->at[d] = i;
		w->src[d] = in->o[1].v;
		w->sub[d] = in->o[1].sub;
	}
}

/*
 * 5b. Constant offsets into addresses: a 32-bit address register (shared
 *     memory, `LDC c[0x3][R]`) that the run last wrote with
 *     `IADD3 v, x, imm, RZ` (x a register's first word unchanged since;
 *     the IADD3 may have a carry out, which 3 drops when unread)
 *     addresses `[x+imm]` instead, the offsets added (the result within
 *     -0x8000..0x7fff, what LDC's and LDS/STS's offset fields hold); the
 *     IADD3 is then often dead (3).  Why: the address of a `.shared` or
 *     `.const` variable at a non-zero offset plus an index (`mov.u32 %r,
 *     smem2; add.s32 %r2, %r, %r1; ld.shared [%r2]`; const_table's cscale).
 */
/* Whether record e writes a word of v among words. */
static bool writes_words(const lw_fn *f, const lw_inst *e, int v, unsigned words)
{
	int nd = lw_ndefs(e);
	for (int t = 0; t < e->n; t++)
		if (e->o[t].kind == LO_VREG && e->o[t].v == v && (t < nd || LW_OP_IS(e->op, "ELECT")) &&
		    (lw_opd_words(f, e, t) & words))
			return true;
	return false;
}

static void fold_offsets(const lw_fn *f, const wcopy *w, lw_inst *in, int i)
{
	if (!LW_OP_PFX(in->op, "LDS") && !LW_OP_PFX(in->op, "STS") && !LW_OP_PFX(in->op, "LDC") &&
	    !LW_OP_PFX(in->op, "ATOMS"))
		return;
	for (int k = 0; k < in->n; k++) {
		lw_opd *o = &in->o[k];
		if (o->kind != LO_MEM || o->v < 0 || o->wide || o->sub)
			continue;
		/* the record of the run that last wrote the address's first word */
		int j = i - 1;
		while (j >= w->start && j >= i - 32 && !writes_words(f, &f->insts[j], o->v, 1))
			j--;
		if (j < w->start || j < i - 32)
			continue;
		const lw_inst *e = &f->insts[j];
		int a = lw_ndefs(e); /* after a carry out, if any */
		if (!LW_OP_IS(e->op, "IADD3") || e->n != a + 3 || e->guard.kind != LO_NONE ||
		    e->o[0].kind != LO_VREG || e->o[0].v != o->v || e->o[0].sub ||
		    e->o[a].kind != LO_VREG || e->o[a].sub || e->o[a].neg ||
		    e->o[a + 1].kind != LO_IMM || e->o[a + 2].kind != LO_RZ ||
		    w->wr[e->o[a].v] >= j)
			continue;
		int64_t off = o->imm + e->o[a + 1].imm;
		if (off < -0x8000 || off > 0x7fff)
			continue;
		o->v = e->o[a].v;
		o->imm = off;
	}
}

/*
 * 5c. A 64-bit add of a wide product into the multiply: `IADD3 d, P, x,
 *     t, RZ ; IADD3.X d.1, x.1, t.1, RZ, P, !PT` (either order of x and t)
 *     where the run last wrote t with `IMAD.WIDE[.U32] t, a, b, RZ` (a, b
 *     unchanged since) and nothing else names P becomes `IMAD.WIDE[.U32]
 *     d, a, b, x`: IMAD.WIDE adds a 64-bit c.  The product is then often
 *     dead (3).  Why: nvcc's address arithmetic `mul.wide.u32 %rd5, %r4, 4;
 *     add.s64 %rd6, %rd1, %rd5` (three records per address before, one
 *     after, as ptxas).  The IADD3.X is emptied (the caller drops it).
 *     Looks back at most 256 records.
 */
static bool same_word(const lw_opd *a, int v, int sub)
{
	return a->kind == LO_VREG && a->v == v && a->sub == sub && !a->neg;
}

static void wide_madd(const lw_fn *f, const wcopy *w, const int *pmention, lw_inst *in, int i)
{
	if (!LW_OP_IS(in->op, "IADD3") || in->n != 5 || in->guard.kind != LO_NONE ||
	    in->o[0].kind != LO_VREG || in->o[0].sub || in->o[1].kind != LO_PRED ||
	    in->o[1].neg || in->o[4].kind != LO_RZ || i + 1 >= f->ninsts)
		return;
	lw_inst *hx = &f->insts[i + 1];
	int d = in->o[0].v, p = in->o[1].v;
	if (!LW_OP_IS(hx->op, "IADD3.X") || hx->n != 6 || hx->guard.kind != LO_NONE ||
	    !same_word(&hx->o[0], d, 1) || hx->o[3].kind != LO_RZ || hx->o[4].kind != LO_PRED ||
	    hx->o[4].v != p || hx->o[4].neg || hx->o[5].kind != LO_PT || !hx->o[5].neg ||
	    pmention[p] != 2 || f->vregs[d].width != 2)
		return;
	for (int ti = 2; ti <= 3; ti++) {
		const lw_opd *t = &in->o[ti], *x = &in->o[5 - ti];
		if (t->kind != LO_VREG || t->sub || x->kind != LO_VREG || x->sub || t->neg || x->neg ||
		    f->vregs[t->v].width != 2 || f->vregs[x->v].width != 2 || t->v == x->v ||
		    !same_word(&hx->o[ti - 1], t->v, 1) || !same_word(&hx->o[4 - ti], x->v, 1))
			continue;
		int j = i - 1;
		while (j >= w->start && j >= i - 256 && !writes_words(f, &f->insts[j], t->v, 3))
			j--;
		if (j < w->start || j < i - 256)
			continue;
		const lw_inst *e = &f->insts[j];
		if (!LW_OP_PFX(e->op, "IMAD.WIDE") || e->n != 4 || e->guard.kind != LO_NONE ||
		    e->o[0].kind != LO_VREG || e->o[0].v != t->v || e->o[0].sub ||
		    e->o[3].kind != LO_RZ)
			continue;
		bool moved = false;
		for (int k = 1; k <= 2; k++)
			for (int q = j + 1; q < i && e->o[k].kind == LO_VREG; q++)
				moved |= writes_words(f, &f->insts[q], e->o[k].v, 15);
		if (moved)
			continue;
		lw_opd xs = *x;
		strcpy(in->op, e->op);
		in->o[1] = e->o[1];
		in->o[2] = e->o[2];
		in->o[3] = xs;
		in->n = 4;
		hx->op[0] = 0;
		hx->label = NULL;
		hx->n = 0;
		return;
	}
}

/*
 * 6. Vector copies forward: a store's data operand q (a pair or quad) whose
 *    words the run wrote last with `MOV q.k, p.k` from one vreg p of the
 *    same width, p not written since the first of them, stores p instead;
 *    the copies are then dead (3).  nvcc's `ld.v4 {%r1..%r4}` then
 *    `st.v4 {%r1..%r4}` (cuda_pipeline, cuda_barrier_memcpy).  Looks back
 *    at most 32 records.
 */
static void vector_forward(const lw_fn *f, const wcopy *w, lw_inst *in, int i)
{
	if (!LW_OP_PFX(in->op, "ST") || in->guard.kind != LO_NONE)
		return;
	for (int k = 0; k < in->n; k++) {
		lw_opd *o = &in->o[k];
		if (o->kind != LO_VREG || o->sub || f->vregs[o->v].width < 2)
			continue;
		int q = o->v, wd = f->vregs[q].width, p = -1, first = i;
		unsigned seen = 0, full = (1u << wd) - 1;
		bool bad = false;
		for (int j = i - 1; j >= w->start && j >= i - 32 && seen != full && !bad; j--) {
			const lw_inst *e = &f->insts[j];
			int nd = lw_ndefs(e);
			bool wq = false;
			for (int t = 0; t < e->n; t++)
				wq |= e->o[t].kind == LO_VREG && e->o[t].v == q &&
				      (t < nd || LW_OP_IS(e->op, "ELECT"));
			if (!wq)
				continue;
			if (!LW_OP_IS(e->op, "MOV") || e->n != 2 || e->guard.kind != LO_NONE ||
			    e->o[1].kind != LO_VREG || e->o[1].sub != e->o[0].sub ||
			    f->vregs[e->o[1].v].width != wd || (p >= 0 && e->o[1].v != p)) {
				bad = true;
				break;
			}
			p = e->o[1].v;
			seen |= 1u << e->o[0].sub;
			first = j;
		}
		if (bad || seen != full || p < 0 || p == q || w->wr[p] >= first)
			continue;
		o->v = p;
	}
}

/*
 * 7. A zero test into the LOP3 before it: `ISETP.NE|EQ[.U32].AND q, PT, r,
 *    0, PT` where r is the result of an unguarded `LOP3.LUT r, ...` of the
 *    run (r not written since, q not read in between) and q is written by
 *    nothing else in the function: the LOP3 gets the predicate output
 *    (`LOP3.LUT Pu, r, ...`, Pu = r != 0) and the ISETP goes.  For EQ, Pu
 *    is a new predicate and every read of q reads !Pu.  nvcc tests bits
 *    with `and.b32` + `setp.eq.s32 ..., 0` (cg_binary_partition: two per
 *    bit of a 32-bit mask).
 */
static bool zero_test(const lw_inst *in)
{
	return in->guard.kind == LO_NONE && in->n == 5 && in->o[0].kind == LO_PRED &&
	       !in->o[0].neg && in->o[1].kind == LO_PT && !in->o[1].neg &&
	       in->o[2].kind == LO_VREG && !in->o[2].sub && in->o[4].kind == LO_PT &&
	       !in->o[4].neg &&
	       (in->o[3].kind == LO_RZ || (in->o[3].kind == LO_IMM && in->o[3].imm == 0)) &&
	       (LW_OP_IS(in->op, "ISETP.NE.AND") || LW_OP_IS(in->op, "ISETP.NE.U32.AND") ||
		LW_OP_IS(in->op, "ISETP.EQ.AND") || LW_OP_IS(in->op, "ISETP.EQ.U32.AND"));
}

/* Reads of predicate q in record in: the guard and predicate operands after
 * its outputs (as subst_preds counts them). */
static bool reads_pred(const lw_inst *in, int q)
{
	if (in->guard.kind == LO_PRED && in->guard.v == q)
		return true;
	int nd = lw_ndefs(in);
	if (nd < 2 && (LW_OP_PFX(in->op, "ELECT") || LW_OP_PFX(in->op, "SHFL") ||
		       strstr(in->op, "SETP") || LW_OP_PFX(in->op, "VOTE") ||
		       LW_OP_PFX(in->op, "MATCH")))
		nd = 2;
	if (LW_OP_PFX(in->op, "B2R"))
		return false;
	for (int k = nd; k < in->n; k++)
		if (in->o[k].kind == LO_PRED && in->o[k].v == q)
			return true;
	return false;
}

static void fuse_zero_tests(lw_fn *f)
{
	int nv = f->nvregs;
	int *pw = calloc((size_t)nv + 1, sizeof(int)); /* appearances as a possible output */
	for (int i = 0; i < f->ninsts; i++) {
		const lw_inst *in = &f->insts[i];
		int nd = lw_ndefs(in);
		for (int k = 0; k < in->n; k++)
			if (in->o[k].kind == LO_PRED && (k < nd || k < 2 || LW_OP_PFX(in->op, "B2R")))
				pw[in->o[k].v]++;
	}
	bool *gone = calloc((size_t)f->ninsts + 1, 1);
	/* EQ tests: q renamed to the LOP3's new predicate pu = ren[q] */
	int *ren = malloc(((size_t)nv + 1) * sizeof(int));
	int *ren_keep = malloc(((size_t)nv + 1) * sizeof(int));
	for (int v = 0; v <= nv; v++)
		ren[v] = -1;
	bool any_ren = false;
	int start = 0;
	for (int i = 0; i < f->ninsts; i++) {
		lw_inst *in = &f->insts[i];
		if (!in->op[0] || ends_run(in)) {
			start = i + 1;
			continue;
		}
		if (!zero_test(in) || pw[in->o[0].v] != 1 || f->vregs[in->o[2].v].width != 1)
			continue;
		int q = in->o[0].v, r = in->o[2].v, j = i - 1;
		bool ok = true;
		for (; j >= start; j--) {
			const lw_inst *e = &f->insts[j];
			if (gone[j])
				continue;
			if (reads_pred(e, q)) {
				ok = false;
				break;
			}
			int nd = lw_ndefs(e);
			bool wr = false;
			for (int k = 0; k < e->n; k++)
				wr |= e->o[k].kind == LO_VREG && e->o[k].v == r &&
				      (k < nd || LW_OP_IS(e->op, "ELECT"));
			if (wr)
				break;
		}
		if (!ok || j < start)
			continue;
		lw_inst *e = &f->insts[j];
		if (!LW_OP_IS(e->op, "LOP3.LUT") || e->n != 6 || e->guard.kind != LO_NONE ||
		    e->o[0].kind != LO_VREG || e->o[0].v != r || e->o[0].sub)
			continue;
		bool eq = strstr(in->op, ".EQ.") != NULL;
		int pu = eq ? lw_vreg_new(f, 0) : q;
		memmove(&e->o[1], &e->o[0], 6 * sizeof e->o[0]);
		e->o[0] = (lw_opd){.kind = LO_PRED, .v = pu};
		e->n = 7;
		gone[i] = true;
		if (eq) {
			ren[q] = pu;
			ren_keep[q] = j;
			any_ren = true;
		}
	}
	/* every read of a renamed q reads !pu: its guards, and its operands
	 * but in the LOP3 (every other mention of q reads it, pw[q] == 1).
	 * At the end, in one pass: the tests above look at no predicate
	 * operand that a rename changes (q's ISETP is gone, pu is new). */
	for (int x = 0; any_ren && x < f->ninsts; x++) {
		lw_inst *u = &f->insts[x];
		if (u->guard.kind == LO_PRED && u->guard.v < nv && ren[u->guard.v] >= 0) {
			u->guard.v = ren[u->guard.v];
			u->guard.neg = !u->guard.neg;
		}
		for (int k = 0; k < u->n; k++) {
			int q = u->o[k].v;
			if (u->o[k].kind == LO_PRED && q >= 0 && q < nv && ren[q] >= 0 &&
			    x != ren_keep[q]) {
				u->o[k].v = ren[q];
				u->o[k].neg = !u->o[k].neg;
			}
		}
	}
	int o = 0;
	for (int i = 0; i < f->ninsts; i++) {
		if (gone[i]) {
			lw_line_to_next(f, i);
			continue;
		}
		f->insts[o++] = f->insts[i];
	}
	f->ninsts = o;
	free(gone);
	free(pw);
	free(ren);
	free(ren_keep);
}

void lw_peephole(lw_fn *f)
{
	run r = {0};
	r.rep = malloc(((size_t)f->nvregs + 1) * sizeof(int));
	r.alias = lw_realloc(NULL, ((size_t)f->nvregs + 1) * sizeof(int));
	r.inlist = lw_realloc(NULL, ((size_t)f->nvregs + 1) * sizeof(bool));
	memset(r.inlist, 0, ((size_t)f->nvregs + 1) * sizeof(bool));
	r.named = calloc((size_t)f->nvregs + 1, sizeof(int));
	for (int u = 0; u < f->nvregs; u++)
		r.rep[u] = u;
	size_t nk = ((size_t)f->nvregs + 1) * 4; /* one fact per word */
	kzero kz = {calloc(nk, sizeof(uint32_t)), malloc(nk * sizeof(int)), 0,
		    calloc(nk, sizeof(uint32_t)), calloc(nk, sizeof(bool)),
		    calloc(nk, sizeof(uint32_t)), calloc(nk, sizeof(bool))};
	global_consts(f, &kz);
	for (size_t u = 0; u < nk; u++)
		kz.at[u] = -1;
	size_t nb = ((size_t)f->nvregs + 1) * sizeof(int);
	wcopy wc = {malloc(nb), malloc(nb), malloc(nb), malloc(nb), 0};
	for (int u = 0; u <= f->nvregs; u++)
		wc.wr[u] = wc.at[u] = -1;
	/* mentions of each predicate (5c: a carry that only its pair names) */
	int *pmention = calloc((size_t)f->nvregs + 1, sizeof(int));
	for (int i = 0; i < f->ninsts; i++) {
		const lw_inst *in = &f->insts[i];
		for (int k = 0; k < in->n; k++)
			if (in->o[k].kind == LO_PRED)
				pmention[in->o[k].v]++;
		if (in->guard.kind == LO_PRED)
			pmention[in->guard.v]++;
	}
	for (int i = 0; i < f->ninsts; i++) {
		lw_inst *in = &f->insts[i];
		if (!in->op[0] && !in->label)
			continue; /* emptied by 5c */
		if (!in->op[0]) {
			reset(f, &r);
			kz.run++;
			wc.start = i + 1;
			continue;
		}
		known_zeros(f, &kz, in);
		wide_madd(f, &wc, pmention, in, i);
		fold_offsets(f, &wc, in, i);
		vector_forward(f, &wc, in, i);
		word_forward(f, &wc, in, i);
		subst_preds(f, &r, in);
		pred_round_trip(f, &r, in);
		bool cand = in->guard.kind == LO_NONE && lw_pure(in) && one_result(f, in);
		int hit = -1;
		if (cand)
			for (int k = r.n - 1; k >= 0 && hit < 0; k--) {
				const lw_inst *e = &f->insts[r.tab[k].rec];
				if (f->vregs[r.tab[k].result].width == f->vregs[in->o[0].v].width &&
				    same_sources(&r, e, in))
					hit = k;
			}
		if (hit >= 0 && r.tab[hit].result != in->o[0].v) {
			int d = in->o[0].v, p = r.tab[hit].result, w = f->vregs[d].width;
			clobber(f, &r, d);
			make_copy(f, i, p, w);
			set_rep(&r, d, r.rep[p]);
			i += w - 1;
			continue;
		}
		/* the record's results are written: forget what mentions them
		 * (every predicate it names counts as written, and ELECT's
		 * second operand: outputs that lw_ndefs does not count) */
		int nd = lw_ndefs(in);
		for (int k = 0; k < in->n; k++)
			if ((in->o[k].kind == LO_VREG && (k < nd || LW_OP_IS(in->op, "ELECT"))) ||
			    in->o[k].kind == LO_PRED)
				clobber(f, &r, in->o[k].v);
		if (ends_run(in)) {
			reset(f, &r);
			kz.run++;
			wc.start = i + 1;
			continue;
		}
		/* a plain copy: its result stands for the source's value */
		if (LW_OP_IS(in->op, "MOV") && in->n == 2 && in->guard.kind == LO_NONE &&
		    in->o[0].kind == LO_VREG && in->o[1].kind == LO_VREG && !in->o[0].sub &&
		    !in->o[1].sub && f->vregs[in->o[0].v].width == 1 &&
		    f->vregs[in->o[1].v].width == 1) {
			set_rep(&r, in->o[0].v, r.rep[in->o[1].v]);
			continue;
		}
		if (lw_pred_copy(in)) {
			set_rep(&r, in->o[0].v, r.rep[in->o[4].v]);
			continue;
		}
		if (cand) {
			if (r.n == r.cap) {
				r.cap = r.cap ? 2 * r.cap : 64;
				r.tab = lw_realloc(r.tab, (size_t)r.cap * sizeof *r.tab);
			}
			/* an entry whose result is also a source (x = x + 1) is
			 * stale at once */
			bool self = false;
			for (int k = 1; k < in->n; k++)
				self |= names(&in->o[k], in->o[0].v);
			if (!self) {
				r.tab[r.n] = (vn){i, in->o[0].v};
				count_named(f, &r, &r.tab[r.n++], 1);
			}
		}
	}
	free(r.tab);
	free(r.rep);
	free(kz.z);
	free(kz.at);
	free(kz.c);
	free(kz.isc);
	free(kz.gv);
	free(kz.gc);
	free(wc.wr);
	free(wc.at);
	free(wc.src);
	free(wc.sub);
	free(r.alias);
	free(r.inlist);
	free(r.named);
	free(pmention);
	int o = 0; /* drop the records 5c emptied */
	for (int i = 0; i < f->ninsts; i++)
		if (f->insts[i].op[0] || f->insts[i].label)
			f->insts[o++] = f->insts[i];
	f->ninsts = o;
	fuse_zero_tests(f);
}
