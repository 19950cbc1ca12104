/*
 * frame.c - the stack frame: layout, prologue, call sequences, returns.
 *
 * Requires: lw_regalloc (physical registers, live intervals) over the
 * records of isel_call.c (CALL.REL `(callee), RET.ABS R2, LW_MEM_OUT
 * offsets).
 * Produces: for a function that uses the stack (f->stack) its frame layout
 * (docs/ptx.md "Calls": incoming area, return-address slot and .local
 * variables placed by isel_call_begin up to f->fixed_bytes, then the save
 * areas placed here), f->frame_bytes, and the records rewritten:
 *
 *   kernel entry   MOV R1, <static .local bytes rounded up to 16>
 *   .func entry    STL.64 [R1+ra], R2        (only when it calls)
 *   each call      STL [R1+slot], Rk         every register live across it
 *                                            that the callee may change
 *                  SEL R2, RZ, 0x1, !Pk      every such predicate
 *                  STL [R1+pslot], R2
 *                  IADD3 R1, R1, F, RZ       the callee's frame follows ours
 *                  LEPC R2, `(.Lret - .)
 *                  CALL.REL `(callee - .Lret)
 *           .Lret: IADD3 R1, R1, -F, RZ
 *                  LDL Rk, [R1+slot] ...     the restores
 *                  LDL R2, [R1+pslot]
 *                  ISETP.NE.U32.AND Pk, PT, R2, RZ, PT
 *   each return    LDL.64 R2, [R1+ra]        (only when it calls)
 *                  RET.ABS R2, 0x0
 *
 * and every LW_MEM_OUT offset (the .param variables of call sequences) is
 * moved by F into the callee's frame.  Live across a call: live after it,
 * by a liveness over 32-bit words (below).  Caller-saved, but only what the
 * callee's clobber set names (lw_call_clobber: every register the callee
 * and its callees name; all of them for a recursive call); regalloc keeps
 * values that live across a call out of that set when it can.
 */
#include <stdlib.h>
#include <string.h>

#include "ptx/isel.h"

typedef struct frame {
	uint32_t ra;        /* return-address slot */
	uint32_t regs;      /* Rk is saved at regs + 4k */
	uint32_t preds;     /* Pk at preds + 4k */
	uint32_t size;      /* F */
} frame;

static bool is_call(const lw_inst *in) { return LW_OP_IS(in->op, "CALL.REL"); }

/* ---- liveness by 32-bit word ------------------------------------------------
 * regalloc's liveness keeps a pair alive through a write of one of its words;
 * here every word is its own unit, so a 64-bit value built word by word is
 * dead before it is built.  A read of a register reads all its words
 * (conservative).  Result: per call record, the vregs live after it. */

typedef struct call_clob {
	uint64_t r[4];   /* R registers the callee may change */
	uint8_t p;       /* predicates */
} call_clob;

typedef struct live {
	int *unit;       /* first unit of each vreg */
	int nunits, words;
	uint64_t *after; /* per call record (indexed by ordinal): live units */
	call_clob *clob; /* per call record: what its callee clobbers */
} live;

#define BIT(s, u) (((s)[(u) / 64] >> ((u) % 64)) & 1)

static bool ends_flow(const char *op)
{
	return lw_op_pfx(op, "BRA", 3) || lw_op_pfx(op, "BRX", 3) || lw_op_is(op, "EXIT") ||
	       lw_op_pfx(op, "RET", 3);
}

static int label_rec(const lw_fn *f, const char *l)
{
	for (int i = 0; i < f->ninsts; i++)
		if (!f->insts[i].op[0] && f->insts[i].label && !strcmp(f->insts[i].label, l))
			return i;
	return -1;
}

/* The transfer of record in over set s (backward). */
static void transfer(const lw_fn *f, const live *lv, const lw_inst *in, uint64_t *s)
{
	int nd = lw_ndefs(in);
	bool full = strstr(in->op, ".64") || strstr(in->op, ".WIDE") || strstr(in->op, ".128");
	if (in->guard.kind == LO_NONE)
		for (int k = 0; k < nd && k < in->n; k++) {
			const lw_opd *o = &in->o[k];
			if (o->kind != LO_VREG && o->kind != LO_PRED)
				continue;
			int w = f->vregs[o->v].width, u = lv->unit[o->v];
			if (w <= 1 || (full && o->sub == 0))
				for (int j = 0; j < (w ? w : 1); j++)
					s[(u + j) / 64] &= ~(1ull << ((u + j) % 64));
			else
				s[(u + o->sub) / 64] &= ~(1ull << ((u + o->sub) % 64));
		}
	for (int k = nd; k < in->n; k++) {
		const lw_opd *o = &in->o[k];
		bool reg = o->kind == LO_VREG || o->kind == LO_PRED ||
			   ((o->kind == LO_MEM || o->kind == LO_CMEM) && o->v >= 0);
		if (!reg)
			continue;
		int w = f->vregs[o->v].width, u = lv->unit[o->v];
		for (int j = 0; j < (w ? w : 1); j++)
			s[(u + j) / 64] |= 1ull << ((u + j) % 64);
	}
	if (in->guard.kind == LO_PRED)
		s[lv->unit[in->guard.v] / 64] |= 1ull << (lv->unit[in->guard.v] % 64);
}

static void liveness(const lw_fn *f, live *lv, int ncall)
{
	int n = f->ninsts;
	lv->unit = malloc(((size_t)f->nvregs + 1) * sizeof(int));
	lv->nunits = 0;
	for (int v = 0; v < f->nvregs; v++) {
		lv->unit[v] = lv->nunits;
		lv->nunits += f->vregs[v].width ? f->vregs[v].width : 1;
	}
	int W = lv->words = lv->nunits / 64 + 1;
	lv->after = calloc((size_t)ncall * (size_t)W + 1, 8);
	/* live-in per record start of each block: blocks start at labels and
	 * after control transfers; in[] is kept per record index */
	uint64_t *in_ = calloc((size_t)(n + 1) * (size_t)W, 8);
	uint64_t *cur = malloc((size_t)W * 8);
	int *bra = malloc(((size_t)n + 1) * sizeof(int)); /* BRA: target record */
	for (int i = 0; i < n; i++)
		bra[i] = lw_op_pfx(f->insts[i].op, "BRA", 3) && f->insts[i].o[0].kind == LO_LABEL ?
				 label_rec(f, f->insts[i].o[0].text) : -1;
	bool changed = true;
	while (changed) {
		changed = false;
		int call = ncall;
		memset(cur, 0, (size_t)W * 8);
		for (int i = n - 1; i >= 0; i--) {
			const lw_inst *in = &f->insts[i];
			/* live after record i: its successors' live-in */
			memset(cur, 0, (size_t)W * 8);
			bool falls = true;
			if (in->op[0] && (LW_OP_PFX(in->op, "BRA") || LW_OP_PFX(in->op, "BRX"))) {
				int nt = in->jtab > 0 && in->jtab <= f->njtabs ? f->jtabs[in->jtab - 1].n : 1;
				for (int t = 0; t < nt; t++) {
					int r = in->jtab > 0 ? label_rec(f, f->jtabs[in->jtab - 1].targets[t]) : bra[i];
					if (r >= 0)
						for (int w = 0; w < W; w++)
							cur[w] |= in_[(size_t)r * (size_t)W + (size_t)w];
				}
			}
			if (in->op[0] && ends_flow(in->op))
				falls = in->guard.kind != LO_NONE;
			if (falls && i + 1 < n)
				for (int w = 0; w < W; w++)
					cur[w] |= in_[(size_t)(i + 1) * (size_t)W + (size_t)w];
			if (in->op[0] && is_call(in))
				memcpy(&lv->after[(size_t)--call * (size_t)W], cur, (size_t)W * 8);
			if (in->op[0])
				transfer(f, lv, in, cur);
			uint64_t *ri = &in_[(size_t)i * (size_t)W];
			if (memcmp(ri, cur, (size_t)W * 8)) {
				memcpy(ri, cur, (size_t)W * 8);
				changed = true;
			}
		}
	}
	free(in_);
	free(cur);
	free(bra);
}

/* Whether vreg v lives across call number c and the callee may change
 * its register (clobber set r/p of that call). */
static bool live_across(const lw_fn *f, const live *lv, int v, int c)
{
	const lw_vreg *r = &f->vregs[v];
	if (r->fixed || r->phys < 0)
		return false;
	const uint64_t *s = &lv->after[(size_t)c * (size_t)lv->words];
	bool live_ = false;
	for (int j = 0; j < (r->width ? r->width : 1); j++)
		live_ |= BIT(s, lv->unit[v] + j);
	if (!live_)
		return false;
	const call_clob *cc = &lv->clob[c];
	if (r->width == 0)
		return r->phys < 7 && ((cc->p >> r->phys) & 1);
	for (int j = 0; j < r->width; j++)
		if (r->phys + j < 256 && BIT(cc->r, r->phys + j))
			return true;
	return false;
}

static void layout(lw_fn *f, const live *lv, int ncall, frame *fr)
{
	uint32_t off = f->fixed_bytes;
	int maxr = 0;
	bool preds = false;
	for (int c = 0; c < ncall; c++) {
		for (int v = 0; v < f->nvregs; v++) {
			if (!live_across(f, lv, v, c))
				continue;
			const lw_vreg *r = &f->vregs[v];
			if (r->width == 0)
				preds = true;
			else if (r->phys + r->width > maxr)
				maxr = r->phys + r->width;
		}
	}
	if (f->ncalls && !f->fn->is_entry)
		fr->ra = (f->in_bytes + 7) / 8 * 8; /* as isel_call_begin placed it */
	fr->regs = (off + 15) / 16 * 16;
	off = fr->regs + 4 * (uint32_t)maxr;
	fr->preds = off;
	if (preds)
		off += 4 * 7;
	fr->size = (off + 15) / 16 * 16;
}

static lw_inst *put(lw_fn *f, lw_inst **out, int *n, int *cap, const char *op)
{
	if (*n == *cap) {
		*cap = *cap ? *cap * 2 : 64;
		*out = lw_realloc(*out, (size_t)*cap * sizeof **out);
	}
	lw_inst *r = &(*out)[(*n)++];
	memset(r, 0, sizeof *r);
	snprintf(r->op, sizeof r->op, "%s", op);
	r->line = f->cur_line;
	r->cuda_line = f->cur_cuda;
	return r;
}

#define PUT(op, ...)                                                               \
	do {                                                                       \
		lw_inst *r_ = put(f, &out, &n, &cap, op);                          \
		lw_opd o_[] = {__VA_ARGS__};                                       \
		for (size_t k_ = 0; k_ < sizeof o_ / sizeof o_[0]; k_++)          \
			r_->o[r_->n++] = o_[k_];                                   \
	} while (0)

static const char *wsfx(int width)
{
	return width == 2 ? ".64" : width == 4 ? ".128" : "";
}

void lw_frame(lw_fn *f)
{
	if (!f->stack)
		return;
	int ncall = 0;
	for (int i = 0; i < f->ninsts; i++)
		ncall += f->insts[i].op[0] && is_call(&f->insts[i]);
	live lv = {0};
	liveness(f, &lv, ncall);
	lv.clob = calloc((size_t)ncall + 1, sizeof *lv.clob);
	for (int i = 0, c = 0; i < f->ninsts; i++)
		if (f->insts[i].op[0] && is_call(&f->insts[i])) {
			lw_call_clobber(f, &f->insts[i], lv.clob[c].r, &lv.clob[c].p);
			c++;
		}
	frame fr = {0};
	layout(f, &lv, ncall, &fr);
	f->frame_bytes = fr.size;
	int sp = f->sp, ra = f->ra;
	lw_inst *out = NULL;
	int n = 0, cap = 0;
	bool saves_ra = f->ncalls && !f->fn->is_entry;
	f->cur_line = f->cur_cuda = 0;
	if (f->fn->is_entry)
		PUT("MOV", V(sp), I((int64_t)((f->local_bytes + 15) / 16 * 16)));
	else if (saves_ra)
		PUT("STL.64", MEM(sp, fr.ra, false), V(ra));
	int c = 0;
	for (int i = 0; i < f->ninsts; i++) {
		lw_inst in = f->insts[i];
		f->cur_line = in.line;
		f->cur_cuda = in.cuda_line;
		for (int k = 0; k < in.n; k++)
			if (in.o[k].kind == LO_MEM && in.o[k].sub == LW_MEM_OUT) {
				in.o[k].sub = 0;
				in.o[k].imm += fr.size;
			}
		if (LW_OP_PFX(in.op, "RET") && saves_ra) {
			lw_inst *r = put(f, &out, &n, &cap, "LDL.64");
			r->guard = in.guard;
			r->o[r->n++] = V(ra);
			r->o[r->n++] = MEM(sp, fr.ra, false);
		}
		if (!is_call(&in)) {
			*put(f, &out, &n, &cap, "") = in;
			continue;
		}
		/* the call sequence */
		const char *ret = lw_fmt(f, ".L_k%d_ret%d", f->lbl_counter, c);
		for (int v = 0; v < f->nvregs; v++) {
			if (!live_across(f, &lv, v, c))
				continue;
			const lw_vreg *r = &f->vregs[v];
			if (r->width == 0) {
				PUT("SEL", VS(ra, 0), RZ(), I(1), P(v, true));
				PUT("STL", MEM(sp, fr.preds + 4 * (uint32_t)r->phys, false), VS(ra, 0));
			} else {
				PUT(lw_fmt(f, "STL%s", wsfx(r->width)), MEM(sp, fr.regs + 4 * (uint32_t)r->phys, false),
				    V(v));
			}
		}
		if (fr.size)
			PUT("IADD3", V(sp), V(sp), I(fr.size), RZ());
		PUT("LEPC", V(ra), T(lw_fmt(f, "`(%s - .)", ret)));
		lw_inst *cr = put(f, &out, &n, &cap, "CALL.REL");
		cr->guard = in.guard;
		cr->o[cr->n++] = T(lw_fmt(f, "`(%s - %s)", in.o[0].text, ret));
		lw_inst *l = put(f, &out, &n, &cap, "");
		l->label = ret;
		if (fr.size)
			PUT("IADD3", V(sp), V(sp), I(-(int64_t)fr.size), RZ());
		for (int v = 0; v < f->nvregs; v++) {
			if (!live_across(f, &lv, v, c))
				continue;
			const lw_vreg *r = &f->vregs[v];
			if (r->width == 0) {
				PUT("LDL", VS(ra, 0), MEM(sp, fr.preds + 4 * (uint32_t)r->phys, false));
				PUT("ISETP.NE.U32.AND", P(v, false), PT(), VS(ra, 0), RZ(), PT());
			} else {
				PUT(lw_fmt(f, "LDL%s", wsfx(r->width)), V(v),
				    MEM(sp, fr.regs + 4 * (uint32_t)r->phys, false));
			}
		}
		c++;
	}
	f->cur_line = f->cur_cuda = 0;
	free(lv.unit);
	free(lv.after);
	free(lv.clob);
	free(f->insts);
	f->insts = out;
	f->ninsts = n;
	f->capinsts = cap;
}
