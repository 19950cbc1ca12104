/*
 * uniform.c - uniformity analysis.
 *
 * Requires: lw_cfg (blocks, ipdom).
 * Produces: f->vuniform[v] for every virtual register of a PTX register
 * (true: every thread of a warp that executes together holds the same
 * value) and lw_blk.divergent for blocks ending in a conditional branch on
 * a non-uniform predicate (or any brx.idx on a non-uniform index).
 *
 * Uniform sources: immediates, kernel parameters (ld.param), %ntid, %ctaid,
 * %nctaid, %nctaid, %dynamic_smem_size, addresses of variables, and loads
 * (not volatile, not local) from a uniform address; ld.param only of the
 * kernel's own parameters (a .func's parameters and call results are per
 * thread).  Divergent sources:
 * %tid, %laneid, %lanemask_*, %clock*, %warpid, atomics, shuffles, votes,
 * matches, redux, activemask, call results, local memory.  A value computed
 * from uniform operands is uniform, unless it is written under a divergent
 * guard or, with several definitions, one definition lies inside the region
 * of a divergent branch (the value then depends on which path a thread
 * took).  The three rules are iterated to a fixed point with the regions.
 */
#include <stdlib.h>
#include <string.h>

#include "ptx/lower.h"

static bool sreg_uniform(ptx_sreg_id s)
{
	switch (s) {
	case PTX_SREG_NTID:
	case PTX_SREG_CTAID:
	case PTX_SREG_NCTAID:
	case PTX_SREG_DYNAMIC_SMEM_SIZE:
	case PTX_SREG_WARPSZ:
	case PTX_SREG_CLUSTERID:
	case PTX_SREG_NCLUSTERID:
	case PTX_SREG_GRIDID:
		return true;
	default:
		return false;
	}
}

/* Is source operand o uniform under the current state? */
static bool opd_uniform(lw_fn *f, const ptx_opd *o)
{
	switch (o->kind) {
	case PTX_OPD_REG:
		return f->vuniform[lw_vreg_of(f, o)];
	case PTX_OPD_SREG:
		return sreg_uniform(o->sreg);
	case PTX_OPD_ADDR:
		return !o->base || opd_uniform(f, o->base);
	case PTX_OPD_VEC:
		for (int i = 0; i < o->nitems; i++)
			if (!opd_uniform(f, o->items[i]))
				return false;
		return true;
	default:
		return true;
	}
}

/* How many destination operands the instruction has (0, 1, or a VEC/PAIR) */
static int ndst(const ptx_insn *in)
{
	switch (in->op) {
	case PTX_OP_ST: case PTX_OP_RED: case PTX_OP_BRA: case PTX_OP_BRX_IDX:
	case PTX_OP_RET: case PTX_OP_EXIT: case PTX_OP_BAR_SYNC:
	case PTX_OP_BAR_ARRIVE: case PTX_OP_BARRIER_SYNC: case PTX_OP_BARRIER_ARRIVE:
	case PTX_OP_BAR_WARP_SYNC: case PTX_OP_MEMBAR: case PTX_OP_FENCE:
	case PTX_OP_CALL: case PTX_OP_TRAP: case PTX_OP_NANOSLEEP:
	case PTX_OP_CP_ASYNC: case PTX_OP_CP_ASYNC_COMMIT_GROUP:
	case PTX_OP_CP_ASYNC_WAIT_GROUP: case PTX_OP_CP_ASYNC_WAIT_ALL:
	case PTX_OP_MBAR_INIT: case PTX_OP_PREFETCH:
		return 0;
	default:
		return in->nopd ? 1 : 0;
	}
}

static bool op_divergent(const ptx_insn *in)
{
	switch (in->op) {
	case PTX_OP_ATOM: case PTX_OP_SHFL_SYNC: case PTX_OP_SHFL:
	case PTX_OP_VOTE: case PTX_OP_MATCH_SYNC: case PTX_OP_REDUX_SYNC:
	case PTX_OP_ACTIVEMASK: case PTX_OP_ELECT_SYNC: case PTX_OP_CALL:
	case PTX_OP_BAR_RED: case PTX_OP_BARRIER_RED: case PTX_OP_MBAR_ARRIVE:
	case PTX_OP_MBAR_TEST_WAIT: case PTX_OP_MBAR_TRY_WAIT:
		return true;
	case PTX_OP_LD:
		return in->space == PTX_SP_LOCAL || ptx_insn_has(in, PTX_MOD_VOLATILE) ||
		       in->sem != PTX_MOD_NONE;
	default:
		return false;
	}
}

/* ld.param of anything but a kernel's own parameter: a .func's parameters
 * and the return values of calls are per thread. */
static bool param_divergent(const ptx_fn *fn, const ptx_insn *in)
{
	if (in->op != PTX_OP_LD || in->space != PTX_SP_PARAM)
		return false;
	const ptx_opd *a = in->nopd > 1 ? in->opd[1] : NULL;
	if (!fn->is_entry || !a || a->kind != PTX_OPD_ADDR || !a->base || !a->base->var)
		return true;
	for (int i = 0; i < fn->params.n; i++)
		if (fn->params.items[i] == a->base->var)
			return false;
	return true;
}

static void mark_dst(lw_fn *f, const ptx_opd *o, bool *changed)
{
	if (!o)
		return;
	if (o->kind == PTX_OPD_REG) {
		int v = lw_vreg_of(f, o);
		if (f->vuniform[v]) {
			f->vuniform[v] = 0;
			*changed = true;
		}
	} else if (o->kind == PTX_OPD_VEC || o->kind == PTX_OPD_PAIR) {
		for (int i = 0; i < o->nitems; i++)
			mark_dst(f, o->items[i], changed);
	}
}

/* Regions of the divergent branches (blocks reachable from the branch
 * block's successors without passing its ipdom). */
static void regions(lw_fn *f)
{
	int n = f->nblk;
	int *stack = malloc((size_t)n * sizeof(int));
	for (int b = 0; b < n; b++) {
		lw_blk *x = &f->blk[b];
		if (!x->divergent) {
			free(x->region);
			x->region = NULL;
			continue;
		}
		if (!x->region)
			x->region = calloc((size_t)n, 1);
		memset(x->region, 0, (size_t)n);
		int sp = 0;
		for (int i = 0; i < x->nsucc; i++)
			if (x->succ[i] != x->ipdom && !x->region[x->succ[i]]) {
				x->region[x->succ[i]] = 1;
				stack[sp++] = x->succ[i];
			}
		while (sp) {
			lw_blk *y = &f->blk[stack[--sp]];
			for (int i = 0; i < y->nsucc; i++) {
				int s = y->succ[i];
				if (s != x->ipdom && !x->region[s]) {
					x->region[s] = 1;
					stack[sp++] = s;
				}
			}
		}
		x->region[b] = 1;
	}
	free(stack);
}

void lw_uniform(lw_fn *f)
{
	ptx_fn *fn = f->fn;
	/* create the vregs of every register first, all uniform */
	for (int s = 0; s < fn->nstmts; s++) {
		if (fn->stmts[s].kind != PTX_ST_INSN)
			continue;
		ptx_insn *in = fn->stmts[s].u.insn;
		for (int i = 0; i < in->nopd; i++) {
			ptx_opd *o = in->opd[i];
			if (o->kind == PTX_OPD_REG)
				lw_vreg_of(f, o);
			else if (o->kind == PTX_OPD_ADDR && o->base && o->base->kind == PTX_OPD_REG)
				lw_vreg_of(f, o->base);
			else if (o->kind == PTX_OPD_VEC || o->kind == PTX_OPD_PAIR)
				for (int k = 0; k < o->nitems; k++)
					if (o->items[k]->kind == PTX_OPD_REG)
						lw_vreg_of(f, o->items[k]);
		}
		if (in->guard && in->guard->kind == PTX_OPD_REG)
			lw_vreg_of(f, in->guard);
	}
	if (!f->vuniform)
		lw_vreg_new(f, 1); /* allocates vuniform; an unused scratch vreg */
	memset(f->vuniform, 1, (size_t)f->nvregs);
	/* definitions per vreg */
	int *ndefs = calloc((size_t)f->nvregs + 1, sizeof(int));
	for (int s = 0; s < fn->nstmts; s++) {
		if (fn->stmts[s].kind != PTX_ST_INSN)
			continue;
		ptx_insn *in = fn->stmts[s].u.insn;
		if (ndst(in) && in->opd[0]->kind == PTX_OPD_REG)
			ndefs[lw_vreg_of(f, in->opd[0])]++;
	}
	bool changed = true;
	while (changed) {
		changed = false;
		for (int s = 0; s < fn->nstmts; s++) {
			if (fn->stmts[s].kind != PTX_ST_INSN)
				continue;
			ptx_insn *in = fn->stmts[s].u.insn;
			if (!ndst(in))
				continue;
			bool u = !op_divergent(in) && !param_divergent(fn, in);
			for (int i = 1; u && i < in->nopd; i++)
				u = opd_uniform(f, in->opd[i]);
			if (u && in->guard)
				u = opd_uniform(f, in->guard);
			if (u && in->opd[0]->kind == PTX_OPD_REG &&
			    ndefs[lw_vreg_of(f, in->opd[0])] > 1) {
				int b = f->blk_of_stmt[s];
				for (int k = 0; u && k < f->nblk; k++)
					if (f->blk[k].divergent && f->blk[k].region &&
					    b >= 0 && f->blk[k].region[b] && k != b)
						u = false;
			}
			if (!u)
				mark_dst(f, in->opd[0], &changed);
			if (!u && in->opd[0]->kind == PTX_OPD_PAIR)
				mark_dst(f, in->opd[0], &changed);
		}
		for (int b = 0; b < f->nblk; b++) {
			lw_blk *x = &f->blk[b];
			if (x->term < 0 || !x->cond)
				continue;
			ptx_insn *in = fn->stmts[x->term].u.insn;
			bool div = in->guard && !opd_uniform(f, in->guard);
			if (in->op == PTX_OP_BRX_IDX)
				div = div || !opd_uniform(f, in->opd[0]);
			if (div && !x->divergent) {
				x->divergent = true;
				changed = true;
			}
		}
		regions(f);
	}
	free(ndefs);
}
