/*
 * regalloc.c - register allocation: linear scan over live intervals.
 *
 * Requires: lw_isel (records on virtual registers, labels, BRA targets).
 * Produces: vregs[v].phys for every virtual register: R registers for
 * values (a 64-bit value in an aligned pair R2n:R2n+1, a 128-bit vector
 * temp in an aligned quad), P0..P6 for predicates; f->nregs (highest R + 1)
 * and f->npregs.  Intervals are the hull of the positions where a value is
 * live (backward liveness over the record CFG: blocks split at labels and
 * after BRA/EXIT).  A write of part of a pair does not end the pair's
 * liveness, so a 64-bit value may be live from the entry: conservative.  A
 * register is reused only after the interval holding it has ended strictly
 * before the new one starts.  No spilling yet: running out of R or P
 * registers is an error naming the kernel.  Vregs marked fixed (the stack
 * pointer R1 and the return address R2:R3 of functions that use the stack,
 * docs/ptx.md "Calls") keep their register, reserved in the whole
 * function; a BRX block's successors are its jump table's targets; CALL
 * clobbers nothing here (lw_frame saves what lives across it).
 */
#include <stdlib.h>
#include <string.h>

#include "ptx/lower.h"

/* Whether op starts with the literal p (op is a record's op array, so
 * reading sizeof p - 1 bytes of it stays inside it). */
#define PFX(op, p) (!memcmp((op), (p), sizeof(p) - 1))

/* Number of leading operands that are written.  By the first letter of
 * the op: the liveness, coalescing and peephole passes ask this of every
 * record many times. */
static int ndefs(const lw_inst *in)
{
	const char *op = in->op;
	if (!op[0])
		return 0;
	/* an address first: a store-like record (MBAR.INIT, LDGSTS, UBLKCP,
	 * ARRIVES ...) writes no register */
	if (in->n > 0 && in->o[0].kind == LO_MEM)
		return 0;
	switch (op[0]) {
	case 'S':
		if (PFX(op, "ST"))
			return 0;
		if (PFX(op, "SHFL"))
			return 2;
		break;
	case 'R':
		if (PFX(op, "RED") || PFX(op, "RET"))
			return 0;
		break;
	case 'B':
		if (PFX(op, "BAR") || PFX(op, "BSSY") || PFX(op, "BSYNC") || PFX(op, "BRA") ||
		    PFX(op, "BRX"))
			return 0;
		break;
	case 'W':
		if (PFX(op, "WARPSYNC"))
			return 0;
		break;
	case 'N':
		if (PFX(op, "NANOSLEEP"))
			return 0;
		break;
	case 'E':
		if (PFX(op, "EXIT"))
			return 0;
		break;
	case 'M':
		if (PFX(op, "MEMBAR"))
			return 0;
		break;
	case 'C':
		if (PFX(op, "CALL"))
			return 0;
		break;
	case 'I':
		if (PFX(op, "ISETP"))
			return 2;
		if (LW_OP_IS(op, "IADD3"))
			return in->n - 3;
		if (LW_OP_IS(op, "IADD3.X")) /* carry outs, then a, b, c and two carry ins */
			return in->n - 5;
		break;
	case 'F':
		if (PFX(op, "FSETP"))
			return 2;
		break;
	case 'L':
		if (LW_OP_IS(op, "LOP3.LUT") && in->n == 7) /* Pu, Rd */
			return 2;
		break;
	case 'V':
		if (PFX(op, "VOTE"))
			return 2;
		break;
	default:
		break;
	}
	return 1;
}

int lw_ndefs(const lw_inst *in) { return ndefs(in); }

/*
 * Ops whose register operands are each one 32-bit word: the operand's sub
 * names the word it reads or writes, and no other word of its pair or quad
 * (SASS's 32-bit ALU forms; `SHF.*.U64*` names each word of the pair as its
 * own operand).  Any other op may read or write the whole register: LDC.64,
 * IMAD.WIDE (its c is a pair), 64-bit loads, stores and atomics, conversions,
 * DADD/DFMA, SHFL, calls.  One list: the peephole's dead-word pass and the
 * pair narrowing read it through lw_opd_words (docs/ptx.md "Peephole").
 */
static bool word_op(const char *op)
{
	static const lw_opname ok[] = {
		LW_OPNAME("MOV"),  LW_OPNAME("IADD3"), LW_OPNAME("LOP3.LUT"), LW_OPNAME("SHF."),
		LW_OPNAME("ISETP."), LW_OPNAME("SEL"), LW_OPNAME("IMNMX"),    LW_OPNAME("POPC"),
		LW_OPNAME("FLO"),  LW_OPNAME("BREV"),  LW_OPNAME("PRMT"),     LW_OPNAME("IABS"),
		LW_OPNAME("IMAD"),
	};
	if (PFX(op, "IMAD.WIDE"))
		return false;
	return lw_op_in(op, ok, UTIL_ARRAY_LEN(ok));
}

unsigned lw_opd_words(const lw_fn *f, const lw_inst *in, int k)
{
	const lw_opd *o = &in->o[k];
	int w = o->v >= 0 ? f->vregs[o->v].width : 1;
	unsigned all = w >= 2 && w <= 4 ? (1u << w) - 1 : 1u;
	switch (o->kind) {
	case LO_VREG:
		if (w <= 1)
			return 1;
		return word_op(in->op) && o->sub < w ? 1u << o->sub : all;
	case LO_CMEM: /* c[b][R+...]: a 32-bit index register */
		return 1;
	case LO_MEM: /* [R.64+imm] a pair, [R+imm] its first word (sub is a flag) */
		return o->wide ? all & 3u : 1;
	case LO_PRED:
		return 1;
	default:
		return 0;
	}
}

static bool full_write(const lw_fn *f, const lw_inst *in, const lw_opd *o)
{
	int w = f->vregs[o->v].width;
	if (w <= 1)
		return true;
	return o->sub == 0 && (strstr(in->op, ".64") || strstr(in->op, ".WIDE") ||
			       strstr(in->op, ".128"));
}

static bool is_reg(const lw_opd *o)
{
	return (o->kind == LO_VREG || o->kind == LO_PRED) ||
	       ((o->kind == LO_MEM || o->kind == LO_CMEM) && o->v >= 0);
}

static void touch(lw_vreg *r, int pos)
{
	if (pos < r->start)
		r->start = pos;
	if (pos > r->end)
		r->end = pos;
}

typedef struct mblk {
	int first, last; /* records [first, last) */
	int succ[2], nsucc;
	int *jsucc, njsucc; /* a BRX: the blocks of its jump table */
} mblk;

/* The label records of a function sorted by name, then position: the
 * block of a branch target is a binary search, not a scan of the records
 * per branch. */
typedef struct label_ix {
	const char *name;
	int rec;
} label_ix;

static int by_label(const void *a, const void *b)
{
	const label_ix *x = a, *y = b;
	int c = strcmp(x->name, y->name);
	return c ? c : (x->rec > y->rec) - (x->rec < y->rec);
}

static label_ix *labels_sorted(const lw_fn *f, int *n)
{
	label_ix *ix = lw_realloc(NULL, ((size_t)f->ninsts + 1) * sizeof *ix);
	int k = 0;
	for (int i = 0; i < f->ninsts; i++)
		if (!f->insts[i].op[0] && f->insts[i].label)
			ix[k++] = (label_ix){f->insts[i].label, i};
	qsort(ix, (size_t)k, sizeof *ix, by_label);
	*n = k;
	return ix;
}

/* The first label record named l (in record order), -1. */
static int label_rec(const label_ix *ix, int n, const char *l)
{
	int lo = 0, hi = n; /* leftmost entry >= l */
	while (lo < hi) {
		int mid = lo + (hi - lo) / 2;
		if (strcmp(ix[mid].name, l) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < n && !strcmp(ix[lo].name, l) ? ix[lo].rec : -1;
}

/* Block of the label record named l, -1. */
static int label_block(const label_ix *ix, int n, const int *blk_of, const char *l)
{
	int i = label_rec(ix, n, l);
	return i >= 0 ? blk_of[i] : -1;
}

/* Records after which control does not fall through unless guarded. */
static bool ends_block(const char *op)
{
	return lw_op_pfx(op, "BRA", 3) || lw_op_pfx(op, "BRX", 3) || lw_op_is(op, "EXIT") ||
	       lw_op_pfx(op, "RET", 3);
}

/* ---- copy coalescing ------------------------------------------------------ */

/*
 * Where each vreg is named while coalescing: the operand slots that name
 * it (value operands, addresses, predicate operands and guards), linked
 * per vreg.  A merge renames the slots of the vreg it removes and moves
 * them to the other's list, and the "is v written in [from, to]" and "is
 * word k of d named before i" questions walk the slots of v, so the pass
 * costs about the number of operands, not copies x records.  Slot
 * i * OCC_W + k is operand k of record i; k == LW_MAX_OPDS is its guard.
 * Kinds never change while coalescing, so a slot of a tracked kind is
 * always in the list of the vreg it names.
 */
#define OCC_W (LW_MAX_OPDS + 1)

typedef struct occ {
	int *head; /* per vreg: first slot, -1 */
	int *next; /* per slot */
} occ;

static lw_opd *occ_opd(lw_fn *f, int slot)
{
	lw_inst *in = &f->insts[slot / OCC_W];
	int k = slot % OCC_W;
	return k == LW_MAX_OPDS ? &in->guard : &in->o[k];
}

static void occ_build(lw_fn *f, int n, occ *oc)
{
	oc->head = lw_realloc(NULL, ((size_t)f->nvregs + 1) * sizeof(int));
	oc->next = lw_realloc(NULL, ((size_t)n * OCC_W + 1) * sizeof(int));
	for (int v = 0; v <= f->nvregs; v++)
		oc->head[v] = -1;
	for (int i = n - 1; i >= 0; i--) {
		const lw_inst *in = &f->insts[i];
		for (int k = LW_MAX_OPDS; k >= 0; k--) {
			const lw_opd *o = k == LW_MAX_OPDS ? &in->guard : &in->o[k];
			if (k < LW_MAX_OPDS && k >= in->n)
				continue;
			bool named = k == LW_MAX_OPDS ? o->kind == LO_PRED
				     : o->kind == LO_VREG || o->kind == LO_PRED ||
				       o->kind == LO_MEM || o->kind == LO_CMEM;
			if (!named || o->v < 0 || o->v >= f->nvregs)
				continue;
			int slot = i * OCC_W + k;
			oc->next[slot] = oc->head[o->v];
			oc->head[o->v] = slot;
		}
	}
}

/* Rename the slots of vreg d that `pred` selects (predicate operands and
 * guards) or else the value ones (LO_VREG, word + sub; LO_MEM, LO_CMEM:
 * same width and word 0, checked by the caller) to vreg s; the others
 * stay on d's list. */
static void occ_rename(lw_fn *f, occ *oc, int d, int s, int sub, bool pred)
{
	int keep = -1, *tail = &keep;
	for (int slot = oc->head[d], nx; slot >= 0; slot = nx) {
		nx = oc->next[slot];
		lw_opd *o = occ_opd(f, slot);
		bool guard = slot % OCC_W == LW_MAX_OPDS;
		bool sel = pred ? o->kind == LO_PRED
			   : !guard && (o->kind == LO_VREG || o->kind == LO_MEM || o->kind == LO_CMEM);
		if (!sel) {
			*tail = slot;
			tail = &oc->next[slot];
			continue;
		}
		o->v = s;
		if (o->kind == LO_VREG)
			o->sub += sub;
		oc->next[slot] = oc->head[s];
		oc->head[s] = slot;
	}
	*tail = -1;
	oc->head[d] = keep;
}

/* Rename every operand naming vreg d (any word) to vreg s, word sub+k. */
static void rename_vreg(lw_fn *f, occ *oc, int d, int s, int sub)
{
	occ_rename(f, oc, d, s, sub, false);
}

static bool plain_mov(const lw_fn *f, const lw_inst *in)
{
	return LW_OP_IS(in->op, "MOV") && in->n == 2 && in->guard.kind == LO_NONE &&
	       in->o[0].kind == LO_VREG && in->o[1].kind == LO_VREG &&
	       in->o[0].v != in->o[1].v && !f->vregs[in->o[0].v].fixed &&
	       !f->vregs[in->o[1].v].fixed;
}

/* Merge d into s (d -> s word `sub`) and the hulls. */
static void merge(lw_fn *f, occ *oc, int d, int s, int sub)
{
	rename_vreg(f, oc, d, s, sub);
	lw_vreg *rd = &f->vregs[d], *rs = &f->vregs[s];
	if (rd->start < rs->start)
		rs->start = rd->start;
	if (rd->end > rs->end)
		rs->end = rd->end;
	rd->end = -1; /* no longer named */
}

/* Whether record x writes (any word of) vreg v; a predicate counts as
 * written when it is one of the first two operands (conservative: the
 * results of B2R.RESULT, ELECT, SHFL, the setps). */
static bool writes(const lw_inst *x, int v)
{
	int nd = ndefs(x);
	for (int q = 0; q < x->n; q++) {
		const lw_opd *o = &x->o[q];
		if (o->v != v)
			continue;
		if ((o->kind == LO_VREG && q < nd) || (o->kind == LO_PRED && (q < nd || q < 2)))
			return true;
	}
	return false;
}

/* Whether any record in [from, to] writes vreg v, other than those in
 * [skip0, skip1] (writes() of the records whose operands name v). */
static bool written_in(const lw_fn *f, const occ *oc, int v, int from, int to, int skip0,
		       int skip1)
{
	for (int slot = oc->head[v]; slot >= 0; slot = oc->next[slot]) {
		int j = slot / OCC_W;
		if (slot % OCC_W == LW_MAX_OPDS || j < from || j > to || j >= f->ninsts ||
		    (j >= skip0 && j <= skip1))
			continue;
		if (writes(&f->insts[j], v))
			return true;
	}
	return false;
}

bool lw_pred_copy(const lw_inst *in)
{
	return LW_OP_IS(in->op, "ISETP.T.AND") && in->n == 5 && in->guard.kind == LO_NONE &&
	       in->o[0].kind == LO_PRED && !in->o[0].neg && in->o[1].kind == LO_PT &&
	       !in->o[1].neg && in->o[2].kind == LO_RZ && in->o[3].kind == LO_RZ &&
	       in->o[4].kind == LO_PRED && !in->o[4].neg;
}

/* Predicate copy propagation: `ISETP.T.AND q, PT, RZ, RZ, p` (q = p)
 * under the conditions of propagate(): q written only there, its hull
 * starting there, p not written in q's hull after it.  Every operand and
 * guard naming q then names p (keeping its own negation). */
static bool propagate_pred(lw_fn *f, occ *oc, int i)
{
	const lw_inst *in = &f->insts[i];
	if (!lw_pred_copy(in))
		return false;
	int d = in->o[0].v, s = in->o[4].v;
	lw_vreg *rd = &f->vregs[d], *rs = &f->vregs[s];
	if (d == s || rd->fixed || rs->fixed || rd->start != i || rs->start > i || rd->end < 0 ||
	    rs->end < 0)
		return false;
	if (written_in(f, oc, d, i, rd->end, i, i) || written_in(f, oc, s, i + 1, rd->end, -1, -1))
		return false;
	occ_rename(f, oc, d, s, 0, true);
	if (rd->start < rs->start)
		rs->start = rd->start;
	if (rd->end > rs->end)
		rs->end = rd->end;
	rd->end = -1;
	return true;
}


/* Whether an operand of op may name more than one word (a pair or quad
 * operand is named by its first word). */
static bool multiword(const char *op)
{
	return strstr(op, "64") || strstr(op, "128") || strstr(op, "WIDE") || op[0] == 'D' ||
	       lw_op_pfx(op, "CALL", 4) || lw_op_pfx(op, "RET", 3);
}

/*
 * Pack (docs/ptx.md "Registers"): `MOV d.k, s` of a one-word value into
 * a word of a pair or quad, at the end of s's hull (s dead after it),
 * when no record from the earlier of the two hulls' starts up to the copy
 * names word k of d (a record naming an earlier word of d counts when it
 * may be multi-word: `.64`, `.128`, `WIDE`, the D* float ops): s is
 * renamed to d word k, so its defining record writes that word directly
 * (`cvt.u64.u32`, `mov.b64 %rd, {a, b}`, the words of a vector store, the
 * two halves of a 64-bit result built word by word).  Word k is written
 * only at the copy, so nothing live sits in it during s's hull.  Neither
 * may be an address (an address operand names a whole register, not a
 * word).
 */
static bool pack(lw_fn *f, occ *oc, int i, const bool *addr)
{
	const lw_inst *in = &f->insts[i];
	int d = in->o[0].v, s = in->o[1].v, k = in->o[0].sub;
	lw_vreg *rd = &f->vregs[d], *rs = &f->vregs[s];
	if (rd->width < 2 || rs->width != 1 || in->o[1].sub != 0 || rs->end != i ||
	    addr[s] || addr[d] || rd->start > i || rs->start >= i)
		return false;
	int lo = rd->start < rs->start ? rd->start : rs->start;
	for (int slot = oc->head[d]; slot >= 0; slot = oc->next[slot]) {
		int j = slot / OCC_W;
		const lw_opd *o = occ_opd(f, slot);
		if (j >= lo && j < i && slot % OCC_W != LW_MAX_OPDS && o->kind == LO_VREG &&
		    (o->sub == k || (o->sub < k && multiword(f->insts[j].op))))
			return false;
	}
	merge(f, oc, s, d, k);
	return true;
}

/*
 * Propagation: `MOV d, s` (one word, or a pair by two consecutive MOVs)
 * whose destination is written nowhere else and whose hull starts at the
 * copy, when the source is not written anywhere in the destination's
 * hull after the copy: every read of d sees the value s still holds, so
 * d is renamed to s (`cvta.to.global` of a parameter that is used again,
 * `mov.u32 %r, %r` of a value that lives on).  The hull covers every
 * position where d is live, so no path from the copy to a read of d
 * writes s.
 */
static bool propagate(lw_fn *f, occ *oc, int i, bool *addr)
{
	const lw_inst *in = &f->insts[i];
	int d = in->o[0].v, s = in->o[1].v;
	lw_vreg *rd = &f->vregs[d], *rs = &f->vregs[s];
	int w = rd->width;
	if (w != rs->width || (w != 1 && w != 2) || in->o[0].sub || in->o[1].sub ||
	    rd->start != i || rs->start > i)
		return false;
	int last = i;
	if (w == 2) {
		if (i + 1 >= f->ninsts)
			return false;
		const lw_inst *nx = &f->insts[i + 1];
		if (!plain_mov(f, nx) || nx->o[0].v != d || nx->o[1].v != s || nx->o[0].sub != 1 ||
		    nx->o[1].sub != 1)
			return false;
		last = i + 1;
	}
	if (written_in(f, oc, d, i, rd->end, i, last) ||
	    written_in(f, oc, s, last + 1, rd->end, -1, -1))
		return false;
	addr[s] = addr[s] || addr[d];
	merge(f, oc, d, s, 0);
	return true;
}

/*
 * Copy coalescing (docs/ptx.md "Registers"): a MOV d <- s whose source is
 * dead after it (the end of its hull) and whose destination is not live
 * before it (the start of its hull) needs no copy: d becomes s.  Hulls
 * are conservative (a loop-carried value spans its loop), so two hulls
 * that only touch at the copy never hold different values at once.  Three
 * shapes: one word to one word; a pair copied word by word by two
 * consecutive MOVs; one word of a pair/quad (an unpacked vector load)
 * into a one-word value that is never an address, when no record after
 * the copy up to the end of the source's hull (straight-line code, no
 * label) reads that word again.  The copy becomes `MOV Rx, Rx`, which
 * the allocator drops.
 */
static void coalesce(lw_fn *f, int n)
{
	bool *addr = calloc((size_t)f->nvregs + 1, sizeof(bool));
	for (int i = 0; i < n; i++)
		for (int k = 0; k < f->insts[i].n; k++) {
			const lw_opd *o = &f->insts[i].o[k];
			if ((o->kind == LO_MEM || o->kind == LO_CMEM) && o->v >= 0)
				addr[o->v] = true;
		}
	occ oc;
	occ_build(f, n, &oc);
	for (int i = 0; i < n; i++) {
		lw_inst *in = &f->insts[i];
		if (propagate_pred(f, &oc, i))
			continue;
		if (!plain_mov(f, in))
			continue;
		int d = in->o[0].v, s = in->o[1].v;
		lw_vreg *rd = &f->vregs[d], *rs = &f->vregs[s];
		if (rd->end < 0 || rs->end < 0)
			continue;
		if (pack(f, &oc, i, addr))
			continue;
		if (rd->start != i)
			continue;
		int wd = rd->width, ws = rs->width;
		if (wd == 1 && ws == 1 && rs->end == i && in->o[0].sub == 0 && in->o[1].sub == 0) {
			addr[s] = addr[s] || addr[d];
			merge(f, &oc, d, s, 0);
			continue;
		}
		if (wd == 2 && ws == 2 && i + 1 < n && in->o[0].sub == 0 && in->o[1].sub == 0) {
			lw_inst *nx = &f->insts[i + 1];
			if (plain_mov(f, nx) && nx->o[0].v == d && nx->o[1].v == s &&
			    nx->o[0].sub == 1 && nx->o[1].sub == 1 && rs->end <= i + 1) {
				addr[s] = addr[s] || addr[d];
				merge(f, &oc, d, s, 0);
				continue;
			}
		}
		/* a pair out of words k, k+1 of a quad: two MOVs */
		bool two = wd == 2 && ws == 4 && in->o[0].sub == 0 && in->o[1].sub % 2 == 0 &&
			   i + 1 < n && plain_mov(f, &f->insts[i + 1]) &&
			   f->insts[i + 1].o[0].v == d && f->insts[i + 1].o[0].sub == 1 &&
			   f->insts[i + 1].o[1].v == s && f->insts[i + 1].o[1].sub == in->o[1].sub + 1;
		if ((two || (wd == 1 && ws >= 2)) && in->o[0].sub == 0 && !addr[d] && !addr[s]) {
			int k = in->o[1].sub;
			bool ok = rs->end < n;
			for (int j = i + 1 + two; ok && j <= rs->end; j++) {
				const lw_inst *x = &f->insts[j];
				if (!x->op[0]) {
					ok = false; /* a label: control may come back */
					break;
				}
				for (int q = 0; q < x->n; q++)
					if (x->o[q].kind == LO_VREG && x->o[q].v == s &&
					    (x->o[q].sub == k || (two && x->o[q].sub == k + 1) ||
					     (x->o[q].sub < k && multiword(x->op)) || q < ndefs(x)))
						ok = false;
			}
			/* the source's hull ends at a record that reads it (not
			 * live out of the block) */
			if (ok && rs->end > i) {
				const lw_inst *e = &f->insts[rs->end];
				bool reads = false;
				for (int q = ndefs(e); q < e->n; q++)
					reads |= e->o[q].kind == LO_VREG && e->o[q].v == s;
				ok = reads && !ends_block(e->op);
			}
			if (ok) {
				merge(f, &oc, d, s, k);
				continue;
			}
		}
		propagate(f, &oc, i, addr);
	}
	free(oc.head);
	free(oc.next);
	free(addr);
}

/* Drop the copies coalescing made into `MOV Rx, Rx` (after allocation). */
static void drop_self_moves(lw_fn *f)
{
	int o = 0;
	for (int i = 0; i < f->ninsts; i++) {
		const lw_inst *in = &f->insts[i];
		bool self = (LW_OP_IS(in->op, "MOV") && in->n == 2 && in->guard.kind == LO_NONE &&
			     in->o[0].kind == LO_VREG && in->o[1].kind == LO_VREG &&
			     in->o[0].v == in->o[1].v && in->o[0].sub == in->o[1].sub) ||
			    (lw_pred_copy(in) && in->o[0].v == in->o[4].v);
		if (self)
			lw_line_to_next(f, i);
		if (!in->op[0] && !in->label)
			continue; /* a record dead_pred_copies emptied */
		if (!self)
			f->insts[o++] = *in;
	}
	f->ninsts = o;
}

/* Predicate copies (lw_pred_copy) whose result is dead after them, by
 * the block liveness: made empty records (no op, no label), which
 * drop_self_moves removes after allocation (the peephole forwarded their
 * reads; what is left is the write of a PTX predicate nobody reads). */
static void dead_pred_copies(lw_fn *f, const mblk *mb, int nb, const uint64_t *out, int words)
{
	uint64_t *cur = malloc((size_t)words * 8);
	for (int b = 0; b < nb; b++) {
		memcpy(cur, &out[(size_t)b * (size_t)words], (size_t)words * 8);
		for (int i = mb[b].last - 1; i >= mb[b].first; i--) {
			lw_inst *in = &f->insts[i];
			if (lw_pred_copy(in) && !f->vregs[in->o[0].v].fixed &&
			    !((cur[in->o[0].v / 64] >> (in->o[0].v % 64)) & 1)) {
				in->op[0] = 0;
				in->label = NULL;
				in->n = 0;
				continue;
			}
			int nd = ndefs(in);
			for (int k = 0; k < nd && k < in->n; k++)
				if ((in->o[k].kind == LO_PRED || in->o[k].kind == LO_VREG) &&
				    in->guard.kind == LO_NONE && full_write(f, in, &in->o[k]) &&
				    !(in->o[k].kind == LO_VREG && f->vregs[in->o[k].v].width > 1))
					cur[in->o[k].v / 64] &= ~(1ull << (in->o[k].v % 64));
			for (int k = 0; k < in->n; k++)
				if (is_reg(&in->o[k]) && (k >= nd || in->o[k].kind == LO_PRED))
					cur[in->o[k].v / 64] |= 1ull << (in->o[k].v % 64);
			if (in->guard.kind == LO_PRED)
				cur[in->guard.v / 64] |= 1ull << (in->guard.v % 64);
		}
	}
	free(cur);
}

/* The registers that the callees of the calls strictly inside r's live
 * interval may change (docs/ptx.md "Calls and the stack"): a value there
 * in another register needs no save around the call. */
static void crossed_clobbers(const lw_fn *f, const lw_vreg *r, uint64_t avoid[4])
{
	memset(avoid, 0, 4 * sizeof *avoid);
	if (!f->ncalls)
		return;
	for (int i = r->start + 1; i < r->end && i < f->ninsts; i++) {
		const lw_inst *in = &f->insts[i];
		if (!LW_OP_IS(in->op, "CALL.REL"))
			continue;
		uint64_t c[4];
		uint8_t p;
		lw_call_clobber(f, in, c, &p);
		for (int w = 0; w < 4; w++)
			avoid[w] |= c[w];
	}
}

/* order[no] (vregs in increasing number) sorted by the start of their
 * interval, ties by vreg number: a counting sort over the starts, stable,
 * so what a sort by (start, vreg) gives. */
static void sort_by_start(const lw_fn *f, int *order, int no)
{
	if (no < 2)
		return;
	int lo = f->vregs[order[0]].start, hi = lo;
	for (int i = 1; i < no; i++) {
		int s = f->vregs[order[i]].start;
		lo = s < lo ? s : lo;
		hi = s > hi ? s : hi;
	}
	size_t span = (size_t)((int64_t)hi - lo) + 1;
	int *count = calloc(span + 1, sizeof(int));
	int *sorted = malloc((size_t)no * sizeof(int));
	for (int i = 0; i < no; i++)
		count[f->vregs[order[i]].start - lo + 1]++;
	for (size_t k = 1; k <= span; k++)
		count[k] += count[k - 1];
	for (int i = 0; i < no; i++)
		sorted[count[f->vregs[order[i]].start - lo]++] = order[i];
	memcpy(order, sorted, (size_t)no * sizeof(int));
	free(count);
	free(sorted);
}

#define SET(s, v) ((s)[(v) / 64] |= 1ull << ((v) % 64))
#define CLR(s, v) ((s)[(v) / 64] &= ~(1ull << ((v) % 64)))
#define HAS(s, v) (((s)[(v) / 64] >> ((v) % 64)) & 1)

/* Block b's live-in as a function of its live-out x: (x & keep) | gen,
 * since each record, walked backwards, clears its full writes and sets
 * its reads whatever x is.  keep and gen arrive all ones and all zeros.
 * wr (per vreg, the words of a pair or quad written unguarded after this
 * point with no read in between: both words written is a full def) is all
 * zeros before and after. */
static void block_live(const lw_fn *f, const mblk *b, uint8_t *wr, uint64_t *keep, uint64_t *gen)
{
	for (int i = b->last - 1; i >= b->first; i--) {
		const lw_inst *in = &f->insts[i];
		int nd = ndefs(in);
		for (int k = 0; k < nd && k < in->n; k++) {
			const lw_opd *o = &in->o[k];
			if (o->kind != LO_VREG && o->kind != LO_PRED)
				continue;
			if (in->guard.kind != LO_NONE)
				continue;
			int w = f->vregs[o->v].width;
			if (o->kind == LO_VREG && w >= 2 && w <= 4 && o->sub < w)
				wr[o->v] |= (uint8_t)(1u << o->sub);
			if (full_write(f, in, o) || (w >= 2 && wr[o->v] == (1u << w) - 1)) {
				CLR(keep, o->v);
				CLR(gen, o->v);
			}
		}
		for (int k = nd; k < in->n; k++)
			if (is_reg(&in->o[k])) {
				SET(keep, in->o[k].v);
				SET(gen, in->o[k].v);
				wr[in->o[k].v] = 0;
			}
		if (in->guard.kind == LO_PRED) {
			SET(keep, in->guard.v);
			SET(gen, in->guard.v);
		}
	}
	for (int i = b->first; i < b->last; i++)
		for (int k = 0; k < f->insts[i].n; k++)
			if (f->insts[i].o[k].kind == LO_VREG)
				wr[f->insts[i].o[k].v] = 0;
}

void lw_regalloc(lw_fn *f)
{
	int n = f->ninsts, nv = f->nvregs;
	/* blocks */
	mblk *mb = calloc((size_t)n + 1, sizeof *mb);
	int *blk_of = malloc(((size_t)n + 1) * sizeof(int));
	int nb = 0;
	for (int i = 0; i < n; i++) {
		const lw_inst *in = &f->insts[i];
		bool start = i == 0 || !in->op[0] || ends_block(f->insts[i - 1].op);
		if (start) {
			mb[nb].first = i;
			nb++;
		}
		mb[nb - 1].last = i + 1;
		blk_of[i] = nb - 1;
	}
	int nlab;
	label_ix *labs = labels_sorted(f, &nlab);
	for (int b = 0; b < nb; b++) {
		const lw_inst *last = &f->insts[mb[b].last - 1];
		bool falls = true;
		if (LW_OP_PFX(last->op, "BRA")) {
			int t = last->o[0].text ? label_block(labs, nlab, blk_of, last->o[0].text) : -1;
			if (t >= 0)
				mb[b].succ[mb[b].nsucc++] = t;
			falls = last->guard.kind != LO_NONE;
		} else if (last->jtab > 0 && last->jtab <= f->njtabs) {
			const lw_jtab *jt = &f->jtabs[last->jtab - 1];
			mb[b].jsucc = malloc(((size_t)jt->n + 1) * sizeof(int));
			for (int k = 0; k < jt->n; k++) {
				int t = label_block(labs, nlab, blk_of, jt->targets[k]);
				if (t >= 0)
					mb[b].jsucc[mb[b].njsucc++] = t;
			}
			falls = last->guard.kind != LO_NONE;
		} else if (ends_block(last->op)) {
			falls = last->guard.kind != LO_NONE;
		}
		if (falls && b + 1 < nb)
			mb[b].succ[mb[b].nsucc++] = b + 1;
	}
	free(labs);
	/* liveness: bit sets per block */
	int words = (nv + 63) / 64 + 1;
	uint64_t *in_ = calloc((size_t)nb * (size_t)words, 8);
	uint64_t *out = calloc((size_t)nb * (size_t)words, 8);
	uint64_t *cur = calloc((size_t)words, 8);
	uint8_t *wr = malloc((size_t)nv + 1);
	/* each block's live-in is (live-out & keep) | gen (block_live): the
	 * records are walked once, the fixed point below is bit operations */
	uint64_t *keep = malloc((size_t)nb * (size_t)words * 8);
	uint64_t *gen = calloc((size_t)nb * (size_t)words, 8);
	memset(keep, 0xff, (size_t)nb * (size_t)words * 8);
	memset(wr, 0, (size_t)nv + 1);
	for (int b = 0; b < nb; b++) {
		size_t at = (size_t)b * (size_t)words;
		block_live(f, &mb[b], wr, &keep[at], &gen[at]);
	}
	bool changed = true;
	while (changed) {
		changed = false;
		for (int b = nb - 1; b >= 0; b--) {
			memset(cur, 0, (size_t)words * 8);
			for (int k = 0; k < mb[b].nsucc + mb[b].njsucc; k++) {
				int sb = k < mb[b].nsucc ? mb[b].succ[k] : mb[b].jsucc[k - mb[b].nsucc];
				for (int w = 0; w < words; w++)
					cur[w] |= in_[(size_t)sb * (size_t)words + (size_t)w];
			}
			memcpy(&out[(size_t)b * (size_t)words], cur, (size_t)words * 8);
			size_t at = (size_t)b * (size_t)words;
			for (int w = 0; w < words; w++)
				cur[w] = (cur[w] & keep[at + (size_t)w]) | gen[at + (size_t)w];
			uint64_t *bi = &in_[at];
			if (memcmp(bi, cur, (size_t)words * 8)) {
				memcpy(bi, cur, (size_t)words * 8);
				changed = true;
			}
		}
	}
	free(keep);
	free(gen);
	dead_pred_copies(f, mb, nb, out, words);
	for (int v = 0; v < nv; v++) {
		f->vregs[v].start = 1 << 30;
		f->vregs[v].end = -1;
		if (!f->vregs[v].fixed)
			f->vregs[v].phys = -1;
	}
#define TOUCH(v, pos) touch(&f->vregs[v], pos)
	/* the set bits of each block's live-in and live-out sets */
	for (int b = 0; b < nb; b++)
		for (int w = 0; w < words; w++) {
			for (uint64_t m = in_[(size_t)b * (size_t)words + (size_t)w]; m; m &= m - 1) {
				int v = w * 64 + __builtin_ctzll(m);
				if (v < nv)
					TOUCH(v, mb[b].first);
			}
			for (uint64_t m = out[(size_t)b * (size_t)words + (size_t)w]; m; m &= m - 1) {
				int v = w * 64 + __builtin_ctzll(m);
				if (v < nv)
					TOUCH(v, mb[b].last - 1);
			}
		}
	for (int i = 0; i < n; i++) {
		const lw_inst *in = &f->insts[i];
		for (int k = 0; k < in->n; k++)
			if (is_reg(&in->o[k]))
				TOUCH(in->o[k].v, i);
		if (in->guard.kind == LO_PRED)
			TOUCH(in->guard.v, i);
	}
	coalesce(f, n);
	/* linear scan in order of start */
	int *order = malloc(((size_t)nv + 1) * sizeof(int));
	int no = 0;
	for (int v = 0; v < nv; v++)
		if (f->vregs[v].end >= 0 && !f->vregs[v].fixed)
			order[no++] = v;
	sort_by_start(f, order, no);
	int rbusy[255], pbusy[7]; /* vreg holding it, -1 free, -2 reserved */
	for (int i = 0; i < 255; i++)
		rbusy[i] = -1;
	for (int i = 0; i < 7; i++)
		pbusy[i] = -1;
	f->nregs = 0;
	f->npregs = 0;
	/* fixed registers (the stack pointer, the return address): reserved
	 * in the whole function */
	for (int v = 0; v < nv; v++) {
		lw_vreg *r = &f->vregs[v];
		if (!r->fixed || r->width == 0)
			continue;
		for (int j = 0; j < r->width && r->phys + j < 255; j++)
			rbusy[r->phys + j] = -2;
		if (r->phys + r->width > f->nregs)
			f->nregs = r->phys + r->width;
	}
	for (int i = 0; i < no; i++) {
		int v = order[i];
		lw_vreg *r = &f->vregs[v];
		for (int k = 0; k < f->nregs && k < 255; k++) /* none busy above nregs */
			if (rbusy[k] >= 0 && f->vregs[rbusy[k]].end < r->start)
				rbusy[k] = -1;
		for (int k = 0; k < 7; k++)
			if (pbusy[k] >= 0 && f->vregs[pbusy[k]].end < r->start)
				pbusy[k] = -1;
		if (r->width == 0) {
			int k = 0;
			while (k < 7 && pbusy[k] >= 0)
				k++;
			if (k == 7) {
				lw_err(f, f->fn->pos, "kernel %s: more than 7 predicates live at once "
				       "(predicate spilling is not implemented)", f->fn->name);
				break;
			}
			pbusy[k] = v;
			r->phys = k;
			if (k + 1 > f->npregs)
				f->npregs = k + 1;
			continue;
		}
		int w = r->width, k = 0;
		uint64_t avoid[4];
		crossed_clobbers(f, r, avoid);
		for (; k + w <= 255; k += w) {
			bool ok = true;
			for (int j = 0; j < w; j++)
				ok &= rbusy[k + j] == -1 && !((avoid[(k + j) / 64] >> ((k + j) % 64)) & 1);
			if (ok)
				break;
		}
		if (k + w > 255) /* every free register is clobbered: frame saves it */
			for (k = 0; k + w <= 255; k += w) {
				bool ok = true;
				for (int j = 0; j < w; j++)
					ok &= rbusy[k + j] == -1;
				if (ok)
					break;
			}
		if (k + w > 255) {
			lw_err(f, f->fn->pos, "kernel %s: more than 255 registers live at once "
			       "(spilling is not implemented)", f->fn->name);
			break;
		}
		for (int j = 0; j < w; j++)
			rbusy[k + j] = v;
		r->phys = k;
		if (k + w > f->nregs)
			f->nregs = k + w;
	}
	f->allocated = true;
	drop_self_moves(f);
	free(order);
	free(in_);
	free(out);
	free(cur);
	free(wr);
	for (int b = 0; b < nb; b++)
		free(mb[b].jsucc);
	free(mb);
	free(blk_of);
}
