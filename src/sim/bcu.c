/*
 * bcu.c - the CTA barrier unit of seed 000: BAR.SYNC, BAR.ARV, BAR.RED,
 * B2R, B2R.RESULT, R2B.
 *
 * Requires: records from predecode.c (op[0] = barrier id source, op[1] =
 * count source for the 3-operand forms, the BAR.RED predicate left in op[]
 * (no SIM_F_PPGUARD)).  Produces: barrier arrivals, blocking and release of
 * warps, reductions with their per-warp copies, and the runtime exceptions
 * the seed names.  A warp counts 32 arrivals whatever its active lanes.
 *
 * The 32-bit barrier state word (B2R, R2B, the per-warp BAR.RED copy):
 *
 *   31  30   29          19  18  17 16  15 14  13       7  6        0
 *  +---+---+---------------+---+------+------+-----------+-----------+
 *  | 0 | 0 | popc (11)     |acc| redop| kind | expected/32| count/32  |
 *  +---+---+---------------+---+------+------+-----------+-----------+
 *  kind: 0 idle, 1 SYNC/ARV phase, 2 RED phase.  acc: running AND/OR.
 *  popc: running POPC (and, after completion, the POPC result); acc holds
 *  the AND/OR result.  R2B of a value B2R read restores the barrier.
 */
#include <string.h>

#include "sim/hb.h"
#include "sim/sim.h"

#define ST_COUNT(s) ((s) & 0x7fu)
#define ST_EXP(s) (((s) >> 7) & 0x7fu)
#define ST_KIND(s) (((s) >> 14) & 3u)
#define ST_OP(s) (((s) >> 16) & 3u)
#define ST_ACC(s) (((s) >> 18) & 1u)
#define ST_POPC(s) (((s) >> 19) & 0x7ffu)

enum { RED_AND, RED_OR, RED_POPC };

uint32_t sim_bar_state(const sim_barrier *b)
{
	return (b->count / 32 & 0x7fu) | (b->expected / 32 & 0x7fu) << 7 |
	       (uint32_t)(b->kind & 3) << 14 | (uint32_t)(b->redop & 3) << 16 |
	       (uint32_t)b->red_acc_pred << 18 | (b->red_popc & 0x7ffu) << 19;
}

void sim_bar_set_state(sim_barrier *b, uint32_t s)
{
	b->count = ST_COUNT(s) * 32;
	b->expected = ST_EXP(s) * 32;
	b->kind = (uint8_t)ST_KIND(s);
	b->redop = (uint8_t)ST_OP(s);
	b->red_acc_pred = ST_ACC(s);
	b->red_popc = ST_POPC(s);
}

/*
 * aux[0] = the mode / redop field (BAR: 1 = ARV; BAR.RED: AND, OR, POPC;
 * B2R/R2B: 1 = .BAR, the default), aux[1] = ra operand, aux[2] = barid
 * operand (R2B); then the operand shape the handler reads.
 */
static simt_status prep(sim_inst *i, const char *field, uint64_t def,
			bool ok, const char *need)
{
	i->aux[0] = (int64_t)sim_field(i, field, def);
	i->aux[1] = sim_opnd_find(i, "ra");
	i->aux[2] = sim_opnd_find(i, "barid");
	return sim_prep_need(i, ok, need);
}

simt_status sim_prep_bar(sim_ctx *c, sim_inst *i, simt_diags *d)
{
	return prep(i, "mode", 0, i->nops >= 1, "one operand");
}

simt_status sim_prep_bar_red(sim_ctx *c, sim_inst *i, simt_diags *d)
{
	return prep(i, "redop", 0,
		    i->nops >= 2 && i->op[i->nops - 1].kind == SIM_O_PRED,
		    "a barrier operand and the predicate pp last");
}

simt_status sim_prep_b2r(sim_ctx *c, sim_inst *i, simt_diags *d)
{
	return prep(i, "mode", 1, i->nops >= 2 && i->op[0].kind == SIM_O_REG,
		    "rd, barid");
}

simt_status sim_prep_r2b(sim_ctx *c, sim_inst *i, simt_diags *d)
{
	return prep(i, "mode", 1,
		    sim_opnd_find(i, "ra") >= 0 && sim_opnd_find(i, "barid") >= 0,
		    "barid, ra");
}

simt_status sim_prep_b2r_result(sim_ctx *c, sim_inst *i, simt_diags *d)
{
	return sim_prep_need(i, i->nops >= 2 && i->op[0].kind == SIM_O_REG &&
				     i->op[1].kind == SIM_O_PRED,
			     "rd, pu");
}

/* Barrier id and count of a BAR / BAR.RED from the lanes' first guard lane. */
static void bar_operands(sim_warp *w, const sim_inst *i, uint32_t pmask,
			 bool red, unsigned *id, uint32_t *cnt)
{
	int lane = (int)sim_ffs(pmask);
	int nval = i->nops - (red ? 1 : 0); /* operands before pp */
	if (nval == 1) { /* BAR.RED Rb, pp: Rb[3:0] id, Rb[15:4] count */
		uint32_t v = sim_src32(w, i, 0, lane);
		*id = v & 15u;
		*cnt = (v >> 4) & 0xfffu;
		return;
	}
	*id = sim_src32(w, i, 0, lane) & 15u;
	*cnt = nval > 1 ? sim_src32(w, i, 1, lane) & 0xfffu : 0;
}

/* Whole warps of the CTA (a partial last warp counts as one). */
static bool bar_complete(const sim_cta *cta, const sim_barrier *b)
{
	if (b->expected == 0)
		return b->count + 32u * (uint32_t)cta->exited_warps ==
		       32u * (uint32_t)cta->nwarps;
	return b->count == b->expected;
}

/* Completion: deliver BAR.RED copies, wake the waiters, reset the phase. */
static void bar_release(sim_ctx *c, sim_cta *cta, sim_barrier *b)
{
	uint32_t state = sim_bar_state(b);
	if (c->hb)
		hb_bar_release(c, cta, (unsigned)(b - cta->bar));
	for (uint32_t m = b->arrived; m; m &= m - 1) {
		sim_warp *o = &cta->warps[sim_ffs(m)];
		if (b->kind == SIM_BAR_RED) {
			o->red.valid = true;
			o->red.state = state;
		}
	}
	for (uint32_t m = b->waiting; m; m &= m - 1) {
		sim_warp *o = &cta->warps[sim_ffs(m)];
		if (c->rx) /* relaxed.c: the barrier orders memory */
			sim_rx_acquire(o);
		sim_warp_set_state(o, SIM_W_READY);
		if (o->clock < c->cycle + 1)
			o->clock = c->cycle + 1;
	}
	b->count = 0;
	b->expected = 0;
	b->kind = SIM_BAR_IDLE;
	b->waiting = 0;
	b->arrived = 0;
	b->red_acc_pred = false;
	b->red_popc = 0;
}

/* After a warp exited: count-0 barriers may now be complete. */
void sim_bcu_warp_exited(sim_ctx *c, sim_cta *cta)
{
	for (int k = 0; k < SIM_NBARRIERS; k++) {
		sim_barrier *b = &cta->bar[k];
		if (b->kind != SIM_BAR_IDLE && b->expected == 0 &&
		    bar_complete(cta, b))
			bar_release(c, cta, b);
	}
}

/* The runtime exceptions of an arrival; true when the arrival is legal. */
static bool bar_check(sim_warp *w, const sim_inst *i, uint32_t pmask,
		      const sim_barrier *b, unsigned id, uint32_t cnt,
		      int kind, bool arv)
{
	const char *err = NULL;
	if (cnt % 32)
		err = "barrier count is not a multiple of 32";
	else if (arv && cnt == 0)
		err = "BAR.ARV with count 0";
	else if (cnt > 32u * (uint32_t)w->cta->nwarps)
		err = "barrier count exceeds the CTA's warps (it could never "
		      "complete)";
	else if (b->kind != SIM_BAR_IDLE && b->kind != kind)
		err = kind == SIM_BAR_RED
			      ? "BAR.RED shares the barrier with BAR.SYNC/BAR.ARV"
			      : "BAR.SYNC/BAR.ARV shares the barrier with BAR.RED";
	else if (b->kind != SIM_BAR_IDLE && b->expected != cnt)
		err = "count differs from the count of the barrier's other arrivals";
	else if (cnt && b->count + 32 > cnt)
		err = "more arrivals than the expected count";
	if (!err)
		return true;
	sim_raise(w, i, pmask, SIM_STOP_EXCEPTION,
		  "%s (barrier %u, count %u, expected %u, arrivals %u)", err,
		  id, cnt, b->expected, b->count);
	return false;
}

/*
 * --check=sync: a CTA barrier reached by part of the warp's live lanes
 * (divergent code, or a guard false on some lanes).  The seed counts the
 * whole warp; PTX requires every thread of the warp to execute it.
 */
static void bar_divergent(sim_warp *w, const sim_inst *i, uint32_t pmask,
			  unsigned id)
{
	uint32_t live = w->valid & w->nlanes_mask;
	if ((pmask & live) == live)
		return;
	sim_check_report(w, i, live & ~pmask, SIMT_CHECK_SYNC,
			 "barrier %u reached by lanes 0x%08x of the warp's live "
			 "lanes 0x%08x: a CTA barrier in divergent code (the "
			 "lanes 0x%08x that did not arrive are not ordered by "
			 "it; PTX requires all threads of the warp)", id, pmask,
			 live, live & ~pmask);
}

/* Arrive at barrier b; block (SYNC/RED) until it completes. */
static void bar_arrive(sim_warp *w, const sim_inst *i, uint32_t pmask,
		       sim_barrier *b, uint32_t cnt, bool block)
{
	sim_cta *cta = w->cta;
	if (w->ctx->rx)
		sim_rx_arrive(w);
	if (w->ctx->launch.checks & SIMT_CHECK_SYNC)
		bar_divergent(w, i, pmask, (unsigned)(b - cta->bar));
	if (w->ctx->hb)
		hb_bar_arrive(w, i, pmask, (unsigned)(b - cta->bar), block);
	b->count += 32;
	b->expected = cnt;
	b->arrived |= 1u << w->id;
	w->active_pc += SIM_INST_SIZE;
	if (bar_complete(cta, b)) {
		bar_release(w->ctx, cta, b);
		return;
	}
	if (block) {
		sim_warp_set_state(w, SIM_W_BAR);
		w->bar_id = (int)(b - cta->bar);
		b->waiting |= 1u << w->id;
	}
}

void sim_bcu_bar(sim_warp *w, const sim_inst *i, uint32_t pmask)
{
	if (pmask == 0) {
		w->active_pc += SIM_INST_SIZE;
		return;
	}
	unsigned id;
	uint32_t cnt;
	bar_operands(w, i, pmask, false, &id, &cnt);
	bool arv = i->aux[0] == 1; /* BARMode: SYNC, ARV */
	sim_barrier *b = &w->cta->bar[id];
	if (!bar_check(w, i, pmask, b, id, cnt, SIM_BAR_SYNC, arv))
		return;
	b->kind = SIM_BAR_SYNC;
	bar_arrive(w, i, pmask, b, cnt, !arv);
}

void sim_bcu_bar_red(sim_warp *w, const sim_inst *i, uint32_t pmask)
{
	if (pmask == 0) {
		w->active_pc += SIM_INST_SIZE;
		return;
	}
	unsigned id;
	uint32_t cnt;
	bar_operands(w, i, pmask, true, &id, &cnt);
	sim_barrier *b = &w->cta->bar[id];
	if (!bar_check(w, i, pmask, b, id, cnt, SIM_BAR_RED, false))
		return;
	uint8_t op = (uint8_t)i->aux[0];
	if (b->kind == SIM_BAR_RED && b->redop != op) {
		sim_raise(w, i, pmask, SIM_STOP_EXCEPTION,
			  "BAR.RED operation differs from the barrier's other "
			  "arrivals (barrier %u)", id);
		return;
	}
	const sim_opnd *pp = &i->op[i->nops - 1];
	uint32_t v = sim_pred(w, pp->reg, pp->neg) & pmask;
	if (b->kind == SIM_BAR_IDLE) {
		b->redop = op;
		b->red_acc_pred = op == RED_AND;
		b->red_popc = 0;
	}
	b->kind = SIM_BAR_RED;
	if (op == RED_AND)
		b->red_acc_pred = b->red_acc_pred && v == pmask;
	else if (op == RED_OR)
		b->red_acc_pred = b->red_acc_pred || v != 0;
	b->red_popc += sim_popc(v);
	bar_arrive(w, i, pmask, b, cnt, true);
}

static void write_rows(sim_warp *w, uint16_t rd, uint32_t pmask, uint32_t v)
{
	for (uint32_t m = pmask; m; m &= m - 1)
		w->r[rd][sim_ffs(m)] = v;
}

void sim_bcu_b2r(sim_warp *w, const sim_inst *i, uint32_t pmask)
{
	bool bar_mode = i->aux[0] == 1; /* B2RMode: WARP, BAR */
	uint32_t v;
	if (bar_mode)
		v = sim_bar_state(&w->cta->bar[sim_src32(w, i, 1, 0) & 15u]);
	else
		v = w->red.valid ? w->red.state : 0; /* undefined: 0 */
	write_rows(w, i->op[0].reg, pmask, v);
}

void sim_bcu_b2r_result(sim_warp *w, const sim_inst *i, uint32_t pmask)
{
	uint32_t s = w->red.valid ? w->red.state : 0;
	write_rows(w, i->op[0].reg, pmask, ST_POPC(s));
	bool pred = ST_OP(s) == RED_POPC ? ST_POPC(s) != 0 : ST_ACC(s);
	uint16_t pu = i->op[1].reg;
	w->p[pu] = pred ? (w->p[pu] | pmask) : (w->p[pu] & ~pmask);
	w->p[SIM_PT] = ~0u;
}

/*
 * Why the state word s cannot be restored into barrier b of cta, or NULL.
 * R2B may restore any state a barrier of this CTA can be in between two
 * instructions (what B2R reads): a word no barrier can hold would leave a
 * phase that never completes, or warps waiting on an idle barrier
 * (docs/semantics.md, "Barrier state word").
 */
static const char *r2b_refusal(const sim_cta *cta, const sim_barrier *b,
			       uint32_t s)
{
	uint32_t count = ST_COUNT(s) * 32, exp = ST_EXP(s) * 32;
	uint32_t all = 32u * (uint32_t)cta->nwarps;
	if (s >> 30)
		return "bits 31:30 are not 0";
	if (ST_KIND(s) == 3)
		return "kind 3 does not exist";
	if (ST_KIND(s) == SIM_BAR_IDLE)
		return count || exp || ST_ACC(s) || ST_POPC(s)
			       ? "an idle barrier has no count, expected count "
				 "or running result"
		       : b->waiting ? "warps wait on the barrier"
				    : NULL;
	if (exp > all || count > all)
		return "the counts exceed the CTA's warps";
	if (exp ? count >= exp
		: count + 32u * (uint32_t)cta->exited_warps >= all)
		return "the phase would be complete";
	return NULL;
}

void sim_bcu_r2b(sim_warp *w, const sim_inst *i, uint32_t pmask)
{
	bool bar_mode = i->aux[0] == 1;
	uint32_t v = sim_src32(w, i, (int)i->aux[1], (int)sim_ffs(pmask));
	if (bar_mode) {
		int bo = (int)i->aux[2];
		unsigned id = sim_src32(w, i, bo, 0) & 15u;
		sim_barrier *b = &w->cta->bar[id];
		const char *bad = r2b_refusal(w->cta, b, v);
		if (bad) {
			sim_raise(w, i, pmask, SIM_STOP_EXCEPTION,
				  "R2B state word 0x%08x is not a state of barrier "
				  "%u: %s", v, id, bad);
			return;
		}
		sim_bar_set_state(b, v);
	} else {
		w->red.valid = true;
		w->red.state = v;
	}
}
