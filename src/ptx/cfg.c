/*
 * cfg.c - control-flow graph, dominators and post-dominators.
 *
 * Requires: a parsed, checked ptx_fn with a body (labels resolved).
 * Produces: f->blk[0..nblk): basic blocks over fn->stmts, split before
 * every LABEL and after every bra / brx.idx / ret / exit; succ/pred lists
 * (a guarded bra: taken target first, then the fall-through; an unguarded
 * bra: its target; brx.idx: every .branchtargets label; ret/exit: none);
 * f->blk_of_stmt; idom (Cooper-Harvey-Kennedy over reverse post-order) and
 * ipdom (the same on the reversed graph with a virtual exit = -1 joining
 * every block without successors).  Blocks keep source order: block i+1 is
 * the fall-through of block i.  A .func gets one more, empty block after
 * its body: the return block, successor of every ret (and of a body that
 * falls off its end), where isel places the RET; so branches whose paths
 * return by different rets reconverge there (docs/ptx.md "Calls").
 */
#include <stdlib.h>
#include <string.h>

#include "ptx/lower.h"

static bool is_term(const ptx_insn *in)
{
	return in->op == PTX_OP_BRA || in->op == PTX_OP_BRX_IDX ||
	       in->op == PTX_OP_RET || in->op == PTX_OP_EXIT;
}

static void add_edge(lw_fn *f, int a, int b)
{
	lw_blk *x = &f->blk[a], *y = &f->blk[b];
	for (int i = 0; i < x->nsucc; i++)
		if (x->succ[i] == b)
			return;
	x->succ = lw_realloc(x->succ, (size_t)(x->nsucc + 1) * sizeof(int));
	x->succ[x->nsucc++] = b;
	y->pred = lw_realloc(y->pred, (size_t)(y->npred + 1) * sizeof(int));
	y->pred[y->npred++] = a;
}

static int label_blk(lw_fn *f, int label)
{
	if (label < 0 || label >= f->fn->nlabels || f->fn->labels[label].stmt < 0)
		return -1;
	return f->blk_of_stmt[f->fn->labels[label].stmt];
}

/* Post-order DFS over succ (fwd) or pred (!fwd). */
static void dfs(lw_fn *f, int b, bool fwd, uint8_t *seen, int *order, int *n)
{
	seen[b] = 1;
	lw_blk *x = &f->blk[b];
	int ne = fwd ? x->nsucc : x->npred;
	for (int i = 0; i < ne; i++) {
		int s = fwd ? x->succ[i] : x->pred[i];
		if (!seen[s])
			dfs(f, s, fwd, seen, order, n);
	}
	order[(*n)++] = b;
}

/* Cooper-Harvey-Kennedy.  Node N = virtual root (entry for fwd; the exit
 * for !fwd, whose "successors" are the blocks without successors). */
static void doms(lw_fn *f, bool fwd)
{
	int n = f->nblk, root = n;
	int *order = calloc((size_t)n + 1, sizeof(int)), cnt = 0;
	int *rpo = calloc((size_t)n + 1, sizeof(int));
	int *dom = malloc(((size_t)n + 1) * sizeof(int));
	uint8_t *seen = calloc((size_t)n + 1, 1);
	if (fwd) {
		dfs(f, 0, true, seen, order, &cnt);
	} else {
		for (int b = n - 1; b >= 0; b--)
			if (f->blk[b].nsucc == 0 && !seen[b])
				dfs(f, b, false, seen, order, &cnt);
	}
	order[cnt++] = root;
	for (int i = 0; i < cnt; i++)
		rpo[order[i]] = i; /* post-order number */
	for (int i = 0; i <= n; i++)
		dom[i] = -1;
	dom[root] = root;
	bool changed = true;
	while (changed) {
		changed = false;
		for (int k = cnt - 2; k >= 0; k--) { /* reverse post-order */
			int b = order[k];
			lw_blk *x = &f->blk[b];
			int np = fwd ? x->npred : x->nsucc;
			int nd = -1;
			if (fwd && b == 0)
				nd = root;
			if (!fwd && x->nsucc == 0)
				nd = root;
			for (int i = 0; i < np; i++) {
				int p = fwd ? x->pred[i] : x->succ[i];
				if (dom[p] < 0 || !seen[p])
					continue;
				if (nd < 0) {
					nd = p;
					continue;
				}
				int a = p, c = nd;
				while (a != c) {
					while (rpo[a] < rpo[c])
						a = dom[a];
					while (rpo[c] < rpo[a])
						c = dom[c];
				}
				nd = a;
			}
			if (nd >= 0 && dom[b] != nd) {
				dom[b] = nd;
				changed = true;
			}
		}
	}
	for (int b = 0; b < n; b++) {
		int d = dom[b] == root ? -1 : dom[b];
		if (fwd)
			f->blk[b].idom = d;
		else
			f->blk[b].ipdom = d;
	}
	free(order);
	free(rpo);
	free(dom);
	free(seen);
}

void lw_cfg(lw_fn *f)
{
	ptx_fn *fn = f->fn;
	f->blk_of_stmt = malloc(((size_t)fn->nstmts + 1) * sizeof(int));
	int cap = 0;
	int cur = -1;
	bool after_term = false;
	for (int s = 0; s < fn->nstmts; s++) {
		ptx_stmt *st = &fn->stmts[s];
		f->blk_of_stmt[s] = -1;
		bool code = st->kind == PTX_ST_INSN || st->kind == PTX_ST_LABEL;
		if (!code) {
			f->blk_of_stmt[s] = cur;
			continue;
		}
		/* a label directly after another label of an empty block: new block
		 * anyway (keeps one label per block) */
		if (cur < 0 || st->kind == PTX_ST_LABEL || after_term) {
			if (f->nblk == cap) {
				cap = cap ? cap * 2 : 16;
				f->blk = lw_realloc(f->blk, (size_t)cap * sizeof *f->blk);
			}
			cur = f->nblk++;
			lw_blk *b = &f->blk[cur];
			memset(b, 0, sizeof *b);
			b->first = s;
			b->label = st->kind == PTX_ST_LABEL ? st->u.label : -1;
			b->term = -1;
			b->breg = -1;
			b->join = -1;
			after_term = false;
		}
		f->blk_of_stmt[s] = cur;
		f->blk[cur].last = s + 1;
		if (st->kind == PTX_ST_INSN && is_term(st->u.insn)) {
			f->blk[cur].term = s;
			after_term = true;
		}
	}
	if (f->nblk == 0) { /* empty body: one empty block */
		f->blk = calloc(1, sizeof *f->blk);
		f->blk[0].label = -1;
		f->blk[0].term = -1;
		f->blk[0].breg = -1;
		f->blk[0].join = -1;
		f->nblk = 1;
	}
	/* a .func returns through one empty block after the body, so that
	 * divergent paths to different rets reconverge before RET */
	int retblk = -1;
	if (!fn->is_entry) {
		f->blk = lw_realloc(f->blk, (size_t)(f->nblk + 1) * sizeof *f->blk);
		retblk = f->nblk++;
		f->blk[retblk] = (lw_blk){.first = fn->nstmts, .last = fn->nstmts, .label = -1,
					  .term = -1, .breg = -1, .join = -1, .brk = -1};
	}
	for (int b = 0; b < f->nblk; b++) {
		lw_blk *x = &f->blk[b];
		bool falls = b != retblk;
		if (x->term >= 0) {
			ptx_insn *in = fn->stmts[x->term].u.insn;
			if (in->op == PTX_OP_BRA) {
				int t = in->nopd ? label_blk(f, in->opd[0]->label) : -1;
				if (t >= 0)
					add_edge(f, b, t);
				else
					lw_err(f, in->pos, "bra: unknown target");
				x->cond = in->guard != NULL;
				falls = x->cond;
			} else if (in->op == PTX_OP_BRX_IDX) {
				x->cond = true;
				falls = in->guard != NULL;
				ptx_opd *tl = in->nopd > 1 ? in->opd[1] : NULL;
				int li = tl ? tl->label : -1;
				int bt = li >= 0 ? fn->labels[li].brtargets : -1;
				if (bt < 0) {
					lw_err(f, in->pos, "brx.idx: no .branchtargets list");
				} else {
					ptx_stmt *ts = &fn->stmts[bt];
					for (int i = 0; i < ts->u.brt.ntargets; i++) {
						int t = label_blk(f, ts->u.brt.targets[i]->label);
						if (t >= 0)
							add_edge(f, b, t);
					}
				}
			} else {
				falls = in->guard != NULL;
				if (in->op == PTX_OP_RET && retblk >= 0)
					add_edge(f, b, retblk);
			}
		}
		if (falls && b + 1 < f->nblk)
			add_edge(f, b, b + 1);
	}
	doms(f, true);
	doms(f, false);
}
