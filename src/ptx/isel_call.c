/*
 * isel_call.c - instruction selection: .func calls and returns, the stack in
 * local memory, brx.idx.
 *
 * Requires: lw_cfg, lw_uniform, lw_sync (isel.c calls in here).
 * Produces: for functions that use the stack (every .func, every kernel
 * with a call) the fixed vregs of the stack pointer R1 and the return
 * address R2:R3; LDL/STL for the .param accesses of the calling convention
 * (a .func's own parameters and return values at [R1 + off], the .param
 * variables of a call sequence at [R1 + frame + off] through LW_MEM_OUT);
 * one `CALL.REL `(callee)` record per call (lw_frame expands it into the
 * register saves, the stack-pointer bump, LEPC, CALL.REL and the restores);
 * `RET.ABS R2` for ret; brx.idx as a 32-bit jump table in constant bank 2
 * (LDC indexed by 4 * index) and `BRX Rt, 0x0`, entries relative to the
 * instruction after the BRX.  The convention and the frame layout are in
 * docs/ptx.md "Calls".
 *
 * Offered every instruction isel.c's core switch does not take (isel.h),
 * and before the switch every ld/st.param and ret.
 */
#include "ptx/isel.h"

/* ---- the incoming area: return values, then parameters ------------------ */

static uint32_t pvar_size(const ptx_var *v)
{
	uint32_t sz = (uint32_t)tbits(v->type) / 8;
	if (!sz)
		sz = 1;
	if (v->vec)
		sz *= (uint32_t)v->vec;
	for (int i = 0; i < v->ndims; i++)
		sz *= (uint32_t)(v->dims[i] ? v->dims[i] : 1);
	return sz;
}

static uint32_t pvar_align(const ptx_var *v)
{
	uint32_t al = v->align ? (uint32_t)v->align : (uint32_t)tbits(v->type) / 8 * (v->vec ? (uint32_t)v->vec : 1);
	if (!al)
		al = 1;
	return al > 16 ? 16 : al;
}

/* Offset of the k-th return value (ret) or parameter (!ret) of fn in its
 * incoming area; with k = -1 the area's size. */
static uint32_t in_off(const ptx_fn *fn, bool ret, int k)
{
	uint32_t off = 0;
	for (int pass = 0; pass < 2; pass++) {
		const ptx_params *ps = pass ? &fn->params : &fn->ret;
		for (int i = 0; i < ps->n; i++) {
			off = (off + pvar_align(ps->items[i]) - 1) / pvar_align(ps->items[i]) * pvar_align(ps->items[i]);
			if (k >= 0 && ret == !pass && i == k)
				return off;
			off += pvar_size(ps->items[i]);
		}
	}
	return (off + 7) / 8 * 8;
}

/* ---- .param variables of call sequences ----------------------------------- */

static void map_key(const ptx_var *v, char *buf, size_t n)
{
	snprintf(buf, n, "%p", (const void *)v);
}

static void callmap_put(lw_fn *f, const ptx_var *v, uint32_t off)
{
	char buf[32];
	map_key(v, buf, sizeof buf);
	int len = (int)strlen(buf);
	ptx_map_put(&f->m->arena, f->callmap, ptx_strndup(&f->m->arena, buf, (size_t)len), len,
		    (void *)(uintptr_t)(off + 1));
}

/* Offset in the outgoing area of call-sequence variable v, -1: not one. */
static int64_t callmap_get(lw_fn *f, const ptx_var *v)
{
	if (!f->callmap)
		return -1;
	char buf[32];
	map_key(v, buf, sizeof buf);
	void *p = ptx_map_get(f->callmap, buf, (int)strlen(buf));
	return p ? (int64_t)((uintptr_t)p - 1) : -1;
}

/* The parts of a call: return list, callee, argument list. */
static bool call_parts(const ptx_insn *in, const ptx_opd **rets, const ptx_fn **callee,
		       const ptx_opd **args)
{
	*rets = *args = NULL;
	*callee = NULL;
	for (int k = 0; k < in->nopd; k++) {
		const ptx_opd *o = in->opd[k];
		if (o->kind == PTX_OPD_LIST && !*callee)
			*rets = o;
		else if (o->kind == PTX_OPD_SYM && o->fn && !*callee)
			*callee = o->fn;
		else if (o->kind == PTX_OPD_LIST)
			*args = o;
	}
	return *callee != NULL;
}

/* The definition of a callee (a call may name a declaration). */
static const ptx_fn *callee_def(lw_fn *f, const ptx_fn *fn)
{
	for (int i = 0; i < f->m->nitems; i++) {
		ptx_fn *g = f->m->items[i]->kind == PTX_ITEM_FN ? f->m->items[i]->fn : NULL;
		if (g && g->has_body && !strcmp(g->name, fn->name))
			return g;
	}
	return NULL;
}

static void map_list(lw_fn *f, const ptx_opd *l, const ptx_fn *callee, bool ret)
{
	if (!l)
		return;
	for (int i = 0; i < l->nitems; i++) {
		const ptx_opd *o = l->items[i];
		if (o->kind == PTX_OPD_SYM && o->var && o->var->space == PTX_SP_PARAM)
			callmap_put(f, o->var, in_off(callee, ret, i));
	}
}

void isel_call_begin(isel *s)
{
	lw_fn *f = s->f;
	ptx_fn *fn = f->fn;
	f->sp = f->ra = -1;
	bool calls = false;
	bool locals = false;
	for (int st = 0; st < fn->nstmts; st++) {
		locals |= fn->stmts[st].kind == PTX_ST_VAR && fn->stmts[st].u.var->space == PTX_SP_LOCAL;
		if (fn->stmts[st].kind != PTX_ST_INSN || fn->stmts[st].u.insn->op != PTX_OP_CALL)
			continue;
		ptx_insn *in = fn->stmts[st].u.insn;
		const ptx_opd *rets, *args;
		const ptx_fn *callee;
		calls = true;
		if (!call_parts(in, &rets, &callee, &args))
			continue; /* indirect: rejected at the call */
		const ptx_fn *def = callee_def(f, callee);
		if (!def)
			continue;
		if (!f->callmap)
			f->callmap = ptx_alloc(&f->m->arena, sizeof(ptx_map));
		map_list(f, rets, def, true);
		map_list(f, args, def, false);
	}
	if (!calls && fn->is_entry)
		return;
	if (!f->callmap)
		f->callmap = ptx_alloc(&f->m->arena, sizeof(ptx_map));
	f->stack = true;
	f->sp = lw_vreg_new(f, 1);
	f->vregs[f->sp].fixed = true;
	f->vregs[f->sp].phys = 1;
	f->ra = lw_vreg_new(f, 2);
	f->vregs[f->ra].fixed = true;
	f->vregs[f->ra].phys = 2;
	if (fn->is_entry)
		return;
	/* the fixed part of the frame: incoming area, return address (if it
	 * calls), .local variables (lw_frame adds the save areas) */
	f->in_bytes = in_off(fn, false, -1);
	uint32_t off = f->in_bytes;
	if (calls)
		off = (off + 7) / 8 * 8 + 8;
	for (int st = 0; locals && st < fn->nstmts; st++) {
		const ptx_var *v = fn->stmts[st].kind == PTX_ST_VAR ? fn->stmts[st].u.var : NULL;
		if (!v || v->space != PTX_SP_LOCAL)
			continue;
		off = (off + pvar_align(v) - 1) / pvar_align(v) * pvar_align(v);
		char buf[40];
		snprintf(buf, sizeof buf, "L%p", (const void *)v);
		int len = (int)strlen(buf);
		ptx_map_put(&f->m->arena, f->callmap, ptx_strndup(&f->m->arena, buf, (size_t)len), len,
			    (void *)(uintptr_t)(off + 1));
		off += pvar_size(v);
	}
	f->fixed_bytes = off;
}

bool isel_frame_var(isel *s, const ptx_var *v, int64_t *off)
{
	lw_fn *f = s->f;
	if (f->fn->is_entry || v->space != PTX_SP_LOCAL || !f->callmap)
		return false;
	char buf[40];
	snprintf(buf, sizeof buf, "L%p", (const void *)v);
	void *p = ptx_map_get(f->callmap, buf, (int)strlen(buf));
	if (!p)
		return false;
	*off = (int64_t)((uintptr_t)p - 1);
	return true;
}

/* ---- ld/st.param ------------------------------------------------------------ */

static const char *lsize(ptx_type t, bool load)
{
	switch (tbits(t)) {
	case 8: return load ? (tsigned(t) ? ".S8" : ".U8") : ".U8";
	case 16: return load ? (tsigned(t) ? ".S16" : ".U16") : ".U16";
	case 64: return ".64";
	case 128: return ".128";
	default: return "";
	}
}

/* Offset of the ld/st.param address in the frame; *out: in the outgoing
 * area.  False when it is not a parameter of the calling convention. */
static bool param_addr(isel *s, const ptx_opd *ad, int64_t *off, bool *out)
{
	lw_fn *f = s->f;
	if (ad->kind != PTX_OPD_ADDR || !ad->base || ad->base->kind != PTX_OPD_SYM || !ad->base->var)
		return false;
	const ptx_var *v = ad->base->var;
	int64_t o = callmap_get(f, v);
	if (o >= 0) {
		*off = o + (int64_t)ad->ival;
		*out = true;
		return true;
	}
	if (f->fn->is_entry)
		return false;
	for (int pass = 0; pass < 2; pass++) {
		const ptx_params *ps = pass ? &f->fn->params : &f->fn->ret;
		for (int i = 0; i < ps->n; i++)
			if (ps->items[i] == v) {
				*off = in_off(f->fn, !pass, i) + (int64_t)ad->ival;
				*out = false;
				return true;
			}
	}
	return false;
}

static void sel_param(isel *s, bool load)
{
	ptx_insn *in = s->in;
	lw_fn *f = s->f;
	const ptx_opd *val = load ? in->opd[0] : in->opd[1];
	const ptx_opd *ad = load ? in->opd[1] : in->opd[0];
	int64_t off;
	bool out;
	param_addr(s, ad, &off, &out);
	ptx_type t = in->type[0];
	int n = in->vec ? in->vec : 1;
	int esz = tbits(t) / 8;
	if (esz == 0)
		esz = 1;
	for (int e = 0; e < n; e++) {
		const ptx_opd *x = in->vec ? (e < val->nitems ? val->items[e] : NULL) : val;
		if (!x || x->kind == PTX_OPD_SINK)
			continue;
		lw_opd a = MEM(f->sp, off + e * esz, false);
		a.sub = out ? LW_MEM_OUT : 0;
		if (load) {
			if (x->kind != PTX_OPD_REG) {
				unsupported(s, "parameter destination");
				return;
			}
			int d = lw_vreg_of(f, x);
			if (f->vregs[d].width == 2 && tbits(t) < 64) {
				/* a narrow value into a 64-bit register: zero-extended */
				E(s, lw_fmt(f, "LDL%s", lsize(t, true)), 2, VS(d, 0), a);
				E(s, "MOV", 2, VS(d, 1), RZ());
			} else {
				E(s, lw_fmt(f, "LDL%s", lsize(t, true)), 2, V(d), a);
			}
			continue;
		}
		int words = tbits(t) > 32 ? tbits(t) / 32 : 1;
		lw_opd src;
		if (x->kind == PTX_OPD_REG && f->vregs[lw_vreg_of(f, x)].width >= words) {
			src = V(lw_vreg_of(f, x));
		} else {
			int tv = lw_vreg_new(f, words);
			for (int w = 0; w < words; w++)
				E(s, "MOV", 2, VS(tv, w), isel_rsrc(s, x, w));
			src = V(tv);
		}
		E(s, lw_fmt(f, "STL%s", lsize(t, false)), 2, a, src);
	}
}

/* ---- calls, returns ----------------------------------------------------------- */

void isel_ret(isel *s)
{
	E(s, "RET.ABS", 2, V(s->f->ra), I(0));
}

static void sel_call(isel *s)
{
	lw_fn *f = s->f;
	const ptx_opd *rets, *args;
	const ptx_fn *callee;
	if (!call_parts(s->in, &rets, &callee, &args)) {
		unsupported(s, "indirect call");
		return;
	}
	const ptx_fn *def = callee_def(f, callee);
	if (!def) {
		unsupported(s, "call of a function without a body in this module");
		return;
	}
	for (int pass = 0; pass < 2; pass++) {
		const ptx_opd *l = pass ? args : rets;
		for (int i = 0; l && i < l->nitems; i++)
			if (l->items[i]->kind != PTX_OPD_SYM || !l->items[i]->var ||
			    l->items[i]->var->space != PTX_SP_PARAM) {
				unsupported(s, "call operand that is not a .param variable");
				return;
			}
	}
	f->ncalls++;
	E(s, "CALL.REL", 1, L(lw_fn_label(f->m, f->kidx, def)));
}

/* ---- brx.idx ------------------------------------------------------------------ */

static int label_block(lw_fn *f, int label)
{
	if (label < 0 || label >= f->fn->nlabels || f->fn->labels[label].stmt < 0)
		return -1;
	return f->blk_of_stmt[f->fn->labels[label].stmt];
}

/*
 * BREAK for jump-table entries into a BSYNC stub (docs/ptx.md
 * "Convergence", rule 5): an indexed branch has no guard per target, so a
 * divergent (or guarded) BRX whose entry enters the stub of Bk jumps to a
 * trampoline `BREAK Bk` + `BRA stub` laid out right after the BRX (which
 * never falls through) instead: the lanes taking that entry leave Bk in
 * code only they run, as `@P BREAK Bk` does for a guarded BRA.  A uniform,
 * unguarded BRX moves all active lanes, which then execute the BSYNC.
 * Entries naming the same stub share its trampoline; the table and the
 * BRANCH_TARGETS note name the trampolines.
 */
static void brx_breaks(isel *s, int blk, lw_jtab *jt, const ptx_stmt *ts)
{
	lw_fn *f = s->f;
	if (!f->blk[blk].divergent && s->guard.kind == LO_NONE)
		return;
	for (int i = 0; i < jt->n; i++) {
		int tb = label_block(f, ts->u.brt.targets[i]->label);
		int k = isel_edge_breg(f, blk, tb);
		if (k < 0)
			continue;
		const char *stub = jt->targets[i];
		int j = 0;
		while (j < i && strcmp(jt->targets[j], stub))
			j++;
		if (j < i)
			continue; /* an earlier entry made it: renamed below */
		const char *tramp = lw_fmt(f, ".L_k%d_brk%d", f->lbl_counter, f->nbrk++);
		lw_opd g = s->guard;
		s->guard = (lw_opd){0};
		lw_inst *l = lw_emit(f, "");
		l->label = tramp;
		E(s, "BREAK", 1, B(k));
		E(s, "BRA", 1, L(stub));
		s->guard = g;
		for (int q = i; q < jt->n; q++)
			if (!strcmp(jt->targets[q], stub))
				jt->targets[q] = tramp;
	}
}

static void sel_brx(isel *s, int blk)
{
	lw_fn *f = s->f;
	ptx_insn *in = s->in;
	int li = in->nopd > 1 ? in->opd[1]->label : -1;
	int bt = li >= 0 ? f->fn->labels[li].brtargets : -1;
	if (bt < 0) {
		unsupported(s, "brx.idx without a .branchtargets list");
		return;
	}
	const ptx_stmt *ts = &f->fn->stmts[bt];
	int n = ts->u.brt.ntargets;
	lw_jtab jt = {
		.label = lw_fmt(f, ".L_k%d_jt%d", f->lbl_counter, f->njtabs),
		.base = lw_fmt(f, ".L_k%d_jb%d", f->lbl_counter, f->njtabs),
		.targets = ptx_alloc(&f->m->arena, ((size_t)n + 1) * sizeof(char *)),
		.n = n,
	};
	for (int i = 0; i < n; i++) {
		int tb = label_block(f, ts->u.brt.targets[i]->label);
		if (tb < 0) {
			unsupported(s, "branch target");
			return;
		}
		jt.targets[i] = isel_edge_target(f, blk, tb);
	}
	f->jtabs = lw_realloc(f->jtabs, (size_t)(f->njtabs + 1) * sizeof *f->jtabs);
	f->jtabs[f->njtabs++] = jt;
	/* entry = target - (BRX + 16); BRX jumps to PC + 16 + entry */
	int idx4 = lw_vreg_new(f, 1), ent = lw_vreg_new(f, 1);
	E(s, "SHF.L.U32", 4, V(idx4), isel_rsrc(s, in->opd[0], 0), I(2), RZ());
	E(s, "LDC", 2, V(ent), (lw_opd){.kind = LO_CMEM, .v = idx4, .imm = 2, .text = jt.label});
	int ri = f->ninsts;
	E(s, "BRX", 2, V(ent), I(0));
	f->insts[ri].jtab = f->njtabs;
	lw_inst *l = lw_emit(f, "");
	l->label = jt.base;
	lw_jtab *t = &f->jtabs[f->njtabs - 1];
	brx_breaks(s, blk, t, ts);
	util_buf note = {0};
	util_buf_puts(&note, "(*\"BRANCH_TARGETS ");
	for (int i = 0; i < n; i++)
		util_buf_printf(&note, "%s%s", i ? "," : "", t->targets[i]);
	util_buf_puts(&note, "\"*)");
	char *nt = util_buf_take(&note);
	f->insts[ri].note = ptx_strndup(&f->m->arena, nt, strlen(nt));
	free(nt);
}

/* ret: a jump to the return block (or its BSYNC stub), left out when that
 * label comes right after this block */
static void sel_ret_jump(isel *s, int blk)
{
	lw_fn *f = s->f;
	const char *t = isel_edge_target(f, blk, f->nblk - 1);
	const char *next = isel_next_label(f, blk);
	if (s->guard.kind == LO_NONE && next && !strcmp(t, next))
		return;
	E(s, "BRA", 1, L(t));
}

bool isel_call(isel *s, int blk)
{
	ptx_insn *in = s->in;
	switch (in->op) {
	case PTX_OP_LD:
	case PTX_OP_ST: {
		if (in->space != PTX_SP_PARAM)
			return false;
		int64_t off;
		bool out;
		if (!param_addr(s, in->op == PTX_OP_LD ? in->opd[1] : in->opd[0], &off, &out))
			return false;
		sel_param(s, in->op == PTX_OP_LD);
		return true;
	}
	case PTX_OP_RET:
		/* to the return block (lw_cfg), where the RET is */
		if (s->f->fn->is_entry)
			return false;
		sel_ret_jump(s, blk);
		return true;
	case PTX_OP_CALL:
		sel_call(s);
		return true;
	case PTX_OP_BRX_IDX:
		sel_brx(s, blk);
		return true;
	default:
		return false;
	}
}
