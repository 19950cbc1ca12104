/*
 * sync.c - convergence barriers for divergent branches (seed 003,
 * "LateExpandSyncInstructions").
 *
 * Requires: lw_cfg, lw_uniform (divergent flags, regions).
 * Produces: for every block ending in a divergent branch whose immediate
 * post-dominator J is a real block: blk.join = J and blk.breg = a B register
 * (BSSY Bk before the branch, BSYNC Bk on every edge from the region into
 * J; isel places the BSYNC stubs right before J, innermost region first).
 * A divergent branch inside the region of an earlier barrier with the same
 * join gets none: the outer BSYNC reconverges both its sides.
 * Branches whose ipdom is the virtual exit (every path leaves the kernel)
 * get no barrier: exited threads leave every barrier.  Uniform branches get
 * no barrier.  B registers are coloured greedily: two barriers whose
 * regions overlap get different registers; at most 16 (B0..B15), an error
 * beyond.
 * BREAK (seed 003's LateExpandSyncInstructions): a guarded bra whose taken
 * edge enters a BSYNC stub (an early exit from a loop or a branch to a
 * join) gets blk.brk = that barrier's register, and isel emits
 * `@P BREAK Bk` before `@P BRA`.  The lanes that jump wait at the stub's
 * PC without executing its BSYNC (the fall-through lanes run first, seed
 * 001), so they would stay recorded in Bk after the release; the next BSSY
 * of Bk (the following loop iteration) would then wait for lanes that have
 * left the loop (docs/ptx.md "Convergence", rule 5).  The stub is the one
 * isel chooses for the edge: the barrier with that join whose region holds
 * the block, the smallest such region.
 */
#include <stdlib.h>
#include <string.h>

#include "ptx/lower.h"

static bool overlap(const lw_fn *f, const lw_blk *a, const lw_blk *b)
{
	for (int i = 0; i < f->nblk; i++)
		if (a->region[i] && b->region[i])
			return true;
	return false;
}

static int region_size(const lw_fn *f, const lw_blk *x)
{
	int n = 0;
	for (int i = 0; i < f->nblk; i++)
		n += x->region[i];
	return n;
}

/* The barrier whose BSYNC stub the edge from -> to enters (isel.c's
 * edge_target), -1: the edge jumps to the block itself. */
static int stub_of_edge(const lw_fn *f, int from, int to)
{
	int best = -1, size = 0;
	for (int c = 0; c < f->nblk; c++) {
		const lw_blk *y = &f->blk[c];
		if (y->breg < 0 || y->join != to || !y->region[from])
			continue;
		int n = region_size(f, y);
		if (best < 0 || n < size)
			best = c, size = n;
	}
	return best;
}

void lw_sync(lw_fn *f)
{
	for (int b = 0; b < f->nblk; b++) {
		lw_blk *x = &f->blk[b];
		x->breg = -1;
		x->join = -1;
		x->brk = -1;
		if (!x->divergent || x->ipdom < 0 || !x->region)
			continue;
		/* nested in an earlier barrier with the same join: that barrier
		 * already reconverges these threads there (seed 003: one
		 * BSSY/BSYNC per join, early exits inside it) */
		bool nested = false;
		for (int c = 0; c < b && !nested; c++)
			nested = f->blk[c].breg >= 0 && f->blk[c].join == x->ipdom &&
				 f->blk[c].region[b];
		if (nested)
			continue;
		unsigned used = 0;
		for (int c = 0; c < b; c++) {
			lw_blk *y = &f->blk[c];
			if (y->breg >= 0 && overlap(f, x, y))
				used |= 1u << y->breg;
		}
		int k = 0;
		while (k < 15 && (used >> k & 1))
			k++;
		if (k == 15) {
			ptx_insn *in = f->fn->stmts[x->term].u.insn;
			lw_err(f, in->pos, "more than 15 nested convergence barriers");
			continue;
		}
		x->breg = k;
		x->join = x->ipdom;
		if (k + 1 > f->nbregs)
			f->nbregs = k + 1;
	}
	for (int b = 0; b < f->nblk; b++) {
		lw_blk *x = &f->blk[b];
		if (!x->cond || x->nsucc < 1 || x->term < 0 ||
		    f->fn->stmts[x->term].u.insn->op != PTX_OP_BRA)
			continue;
		int c = stub_of_edge(f, b, x->succ[0]);
		if (c >= 0)
			x->brk = f->blk[c].breg;
	}
}
