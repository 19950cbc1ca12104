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

void lw_sync(lw_fn *f)
{
	for (int b = 0; b < f->nblk; b++) {
		lw_blk *x = &f->blk[b];
		x->breg = -1;
		x->join = -1;
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
}
