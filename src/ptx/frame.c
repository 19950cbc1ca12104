/*
 * frame.c - the stack frame: layout, prologue, call sequences, returns.
 *
 * Requires: lw_regalloc (physical registers, live intervals) over the
 * records of isel_call.c (CALL.REL `(callee), RET.ABS R2, LW_MEM_OUT
 * offsets).
 * Produces: for a function that uses the stack (f->stack) its frame layout
 * (docs/ptx.md "Calls"), f->frame_bytes, and the records rewritten:
 *
 *   kernel entry   MOV R1, <static .local bytes rounded up to 16>
 *   .func entry    STL.64 [R1+ra], R2        (only when it calls)
 *   each call      STL [R1+slot], Rk         every register live across it
 *                  SEL R2, RZ, 0x1, !Pk      every predicate live across it
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
 * moved by F into the callee's frame.  Live across a call = the live
 * interval (a hull, so conservative) contains the call.  The callee keeps
 * no register of its caller: caller-saved, every register but R1.
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

static bool is_call(const lw_inst *in) { return !strcmp(in->op, "CALL.REL"); }

static bool live_across(const lw_fn *f, int v, int pos)
{
	const lw_vreg *r = &f->vregs[v];
	return !r->fixed && r->phys >= 0 && r->end >= 0 && r->start < pos && r->end > pos;
}

static void layout(lw_fn *f, frame *fr)
{
	uint32_t off = f->in_bytes;
	int maxr = 0;
	bool preds = false;
	for (int i = 0; i < f->ninsts; i++) {
		if (!is_call(&f->insts[i]))
			continue;
		for (int v = 0; v < f->nvregs; v++) {
			if (!live_across(f, v, i))
				continue;
			const lw_vreg *r = &f->vregs[v];
			if (r->width == 0)
				preds = true;
			else if (r->phys + r->width > maxr)
				maxr = r->phys + r->width;
		}
	}
	if (f->ncalls && !f->fn->is_entry) {
		fr->ra = (off + 7) / 8 * 8;
		off = fr->ra + 8;
	}
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
	frame fr = {0};
	layout(f, &fr);
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
	int ncall = 0;
	for (int i = 0; i < f->ninsts; i++) {
		lw_inst in = f->insts[i];
		f->cur_line = in.line;
		f->cur_cuda = in.cuda_line;
		for (int k = 0; k < in.n; k++)
			if (in.o[k].kind == LO_MEM && in.o[k].sub == LW_MEM_OUT) {
				in.o[k].sub = 0;
				in.o[k].imm += fr.size;
			}
		if (!strncmp(in.op, "RET", 3) && saves_ra) {
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
		const char *ret = fmt(f, ".L_k%d_ret%d", f->lbl_counter, ncall++);
		for (int v = 0; v < f->nvregs; v++) {
			if (!live_across(f, v, i))
				continue;
			const lw_vreg *r = &f->vregs[v];
			if (r->width == 0) {
				PUT("SEL", VS(ra, 0), RZ(), I(1), P(v, true));
				PUT("STL", MEM(sp, fr.preds + 4 * (uint32_t)r->phys, false), VS(ra, 0));
			} else {
				PUT(fmt(f, "STL%s", wsfx(r->width)), MEM(sp, fr.regs + 4 * (uint32_t)r->phys, false),
				    V(v));
			}
		}
		if (fr.size)
			PUT("IADD3", V(sp), V(sp), I(fr.size), RZ());
		PUT("LEPC", V(ra), T(fmt(f, "`(%s - .)", ret)));
		lw_inst *c = put(f, &out, &n, &cap, "CALL.REL");
		c->guard = in.guard;
		c->o[c->n++] = T(fmt(f, "`(%s - %s)", in.o[0].text, ret));
		lw_inst *l = put(f, &out, &n, &cap, "");
		l->label = ret;
		if (fr.size)
			PUT("IADD3", V(sp), V(sp), I(-(int64_t)fr.size), RZ());
		for (int v = 0; v < f->nvregs; v++) {
			if (!live_across(f, v, i))
				continue;
			const lw_vreg *r = &f->vregs[v];
			if (r->width == 0) {
				PUT("LDL", VS(ra, 0), MEM(sp, fr.preds + 4 * (uint32_t)r->phys, false));
				PUT("ISETP.NE.U32.AND", P(v, false), PT(), VS(ra, 0), RZ(), PT());
			} else {
				PUT(fmt(f, "LDL%s", wsfx(r->width)), V(v),
				    MEM(sp, fr.regs + 4 * (uint32_t)r->phys, false));
			}
		}
	}
	f->cur_line = f->cur_cuda = 0;
	free(f->insts);
	f->insts = out;
	f->ninsts = n;
	f->capinsts = cap;
}
