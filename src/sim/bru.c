/*
 * bru.c - the branch unit of seed 001: BRA, BRX, CALL, RET, LEPC, EXIT,
 * BMOV, BSSY, BSYNC, YIELD, BREAK, WARPSYNC, NANOSLEEP, RTT, TRAP, SYSCALL.
 *
 * Requires: records from predecode.c; the prologue of warp.c has computed
 * pmask = ActiveMask & guard & Pp.  Produces: the warp's new ActivePC,
 * ActiveMask, RPC, BReg, Valid/Yield/Sleep/Switch masks, exactly as the
 * seed's pseudo-code; each body below follows its pseudo-code line by line,
 * and every place where the text is read one way out of several is listed
 * (with the reason and the pinning test) in docs/semantics.md.
 */
#include "sim/hb.h"
#include "sim/sim.h"

#define NEXT(w) ((w)->active_pc + SIM_INST_SIZE)

/* arrivemask: active lanes plus valid lanes parked at this very PC. */
static uint32_t arrive_mask(const sim_warp *w)
{
	return w->active | (w->valid & sim_rpc_eq(w, w->active_pc));
}

/*
 * The seed's sleep test on a candidate mask: when every candidate sleeps
 * (cmask != 0 and no candidate awake) the warp will sleep after switching
 * and the candidates are kept; otherwise sleeping lanes are dropped.
 */
static bool sleep_filter(const sim_warp *w, uint32_t *cmask)
{
	if (*cmask != 0 && (*cmask & ~w->sleep) == 0)
		return true;
	*cmask &= ~w->sleep;
	return false;
}

/* switchPCByMask: run the lanes of cmask that share the lowest lane's RPC. */
static bool switch_by_mask(sim_warp *w, const sim_inst *i, uint32_t cmask)
{
	if (cmask == 0 || (cmask & w->active) || (cmask & ~w->valid)) {
		sim_raise(w, i, w->active, SIM_STOP_EXCEPTION,
			  "no lane group to switch to (candidates 0x%08x)",
			  cmask);
		return false;
	}
	uint32_t lid = sim_ffs(cmask);
	if (w->ctx->chooser)
		lid = sim_choice_group(w, cmask, lid);
	uint64_t pc = sim_rpc(w, lid);
	sim_set_active(w, cmask & sim_rpc_eq(w, pc));
	w->active_pc = pc;
	sim_ll_event(w);
	return true;
}

/* Lanes with the guard true wait here; the others fall through. */
static void split_guard(sim_warp *w, uint32_t pmask)
{
	sim_rpc_set(w, w->active & pmask, w->active_pc);
	sim_set_active(w, w->active & ~pmask);
	w->active_pc = NEXT(w);
}

/*
 * RPC of each lane of `lanes` := target[lane], one group per distinct
 * target, except the lanes whose target is `keep` (when `go_on`): they
 * are returned instead (the lanes that go on as the active group).
 */
static uint32_t park_targets(sim_warp *w, uint32_t lanes,
			     const uint64_t *target, bool go_on, uint64_t keep)
{
	uint32_t kept = 0;
	while (lanes) {
		uint64_t t = target[sim_ffs(lanes)];
		uint32_t same = 0;
		for (uint32_t m = lanes; m; m &= m - 1)
			if (target[sim_ffs(m)] == t)
				same |= 1u << sim_ffs(m);
		lanes &= ~same;
		if (go_on && t == keep)
			kept = same;
		else
			sim_rpc_set(w, same, t);
	}
	return kept;
}

/*
 * The jump of BRX (and of BRA, CALL, RET, which share it): b_jump lanes go
 * to target[lane]; partial jumps run the fall-through lanes first.
 */
static void do_jump(sim_warp *w, uint32_t b_jump, const uint64_t *target)
{
	if (b_jump == 0) {
		w->active_pc = NEXT(w);
	} else if (b_jump == w->active) {
		uint64_t pc = target[sim_ffs(w->active)];
		uint32_t same = park_targets(w, w->active, target, true, pc);
		bool back = pc <= w->active_pc;
		sim_set_active(w, same);
		w->active_pc = pc;
		if (back)
			sim_ll_event(w);
	} else {
		park_targets(w, b_jump, target, false, 0);
		sim_set_active(w, w->active & ~b_jump);
		w->active_pc = NEXT(w);
	}
}

/* do_jump when every lane of b_jump goes to pc (one group, no parking of
 * the jumping lanes when they are the whole active group). */
static void jump_one(sim_warp *w, uint32_t b_jump, uint64_t pc)
{
	if (b_jump == 0) {
		w->active_pc = NEXT(w);
	} else if (b_jump == w->active) {
		bool back = pc <= w->active_pc;
		w->active_pc = pc;
		if (back)
			sim_ll_event(w);
	} else {
		sim_rpc_set(w, b_jump, pc);
		sim_set_active(w, w->active & ~b_jump);
		w->active_pc = NEXT(w);
	}
}

/* ---- BRA --------------------------------------------------------------- */

enum { COND_NONE, COND_U, COND_DIV, COND_CONV };

/* aux[0] = cond, aux[1] = ura operand index or -1, aux[2] = target. */
simt_status sim_prep_bra(sim_ctx *c, sim_inst *i, simt_diags *d)
{
	int off = sim_opnd_find(i, "offset");
	i->aux[0] = (int64_t)sim_field(i, "cond", COND_NONE);
	i->aux[1] = sim_opnd_find(i, "ura");
	i->aux[2] = (int64_t)(i->pc + SIM_INST_SIZE +
			      (off >= 0 ? (uint64_t)i->op[off].imm : 0));
	/* the plain step's own jump (sim.h, SIM_F_JUMP): a record of the
	   kernel's code (predecode.c) with one target for every lane */
	if (i->aux[0] == COND_NONE && i->aux[1] < 0 && c->code &&
	    i >= c->code && i < c->code + c->ncode) {
		i->aux[3] = (int64_t)(intptr_t)sim_ip(c, (uint64_t)i->aux[2]);
		i->flags |= SIM_F_JUMP;
	}
	return SIMT_OK;
}

/*
 * getGoldenBranchCondition of seed 001 on lane masks: pg is the guard
 * (Pg & Pp) of all 32 lanes, ur the UR mask (has_ur false: no UR operand).
 * Returns the jump mask; a modifier the seed rejects (the Python raises)
 * jumps no lane - the handler reports it before calling.
 */
uint32_t sim_bra_mask(uint32_t active, uint32_t valid, uint32_t pg, int cond,
		      bool has_ur, uint32_t ur)
{
	uint32_t pgv = pg & active;
	if (!has_ur) {
		bool is_div = (pgv ^ valid) != 0;
		switch (cond) {
		case COND_NONE: return pgv;
		case COND_U: return pgv == active ? active : 0;
		case COND_DIV: return is_div ? pgv : 0;
		case COND_CONV: return is_div ? 0 : pgv;
		default: return 0;
		}
	}
	bool is_div;
	if ((valid ^ active) & ur)
		is_div = true;
	else if (pgv != active && pgv != 0)
		is_div = (active & ~pg & ur) != 0;
	else
		is_div = false;
	bool any = pgv != 0;
	if (cond == COND_DIV)
		return any && is_div ? active : 0;
	if (cond == COND_CONV)
		return any && !is_div ? active : 0;
	return 0;
}

void sim_bru_bra(sim_warp *w, const sim_inst *i, uint32_t pmask)
{
	uint32_t b;
	if (i->aux[0] == COND_NONE && i->aux[1] < 0) {
		/* a plain BRA jumps the guarded active lanes (sim_bra_mask's
		   Pg & ActiveMask): the prologue's pmask */
		b = pmask;
	} else {
		uint32_t pg = sim_guard(w, i) & sim_pred(w, i->pp, i->pp_not);
		bool has_ur = i->aux[1] >= 0;
		uint32_t ur = has_ur ? sim_src32(w, i, (int)i->aux[1], 0) : 0;
		if (has_ur && i->aux[0] != COND_DIV && i->aux[0] != COND_CONV) {
			sim_raise(w, i, w->active, SIM_STOP_EXCEPTION,
				  "BRA with a UR mask needs .DIV or .CONV");
			return;
		}
		b = sim_bra_mask(w->active, w->valid, pg, (int)i->aux[0],
				 has_ur, ur);
	}
	jump_one(w, b, (uint64_t)i->aux[2]);
}

/* ---- BRX, CALL, RET ---------------------------------------------------- */

/* aux[0] = value operand index, aux[1] = byte offset, aux[2] = ABS. */
simt_status sim_prep_jump(sim_ctx *c, sim_inst *i, simt_diags *d)
{
	int off = sim_opnd_find(i, "offset");
	i->aux[0] = -1;
	for (int k = 0; k < i->nops; k++)
		if (k != off && (i->op[k].kind == SIM_O_REG ||
				 i->op[k].kind == SIM_O_UREG ||
				 i->op[k].kind == SIM_O_CMEM))
			i->aux[0] = k;
	i->aux[1] = off >= 0 ? i->op[off].imm : 0;
	i->aux[2] = (int64_t)sim_field(i, "mode", 0); /* BasePCMode: 1 = ABS */
	return SIMT_OK;
}

void sim_bru_brx(sim_warp *w, const sim_inst *i, uint32_t pmask)
{
	uint64_t t[SIM_LANES];
	int v = (int)i->aux[0];
	bool wide = v >= 0 && i->op[v].width == 64;
	uint64_t base = i->aux[2] ? 0 : NEXT(w);
	if (v >= 0 && i->op[v].kind == SIM_O_REG && !i->op[v].neg) {
		/* a register (RET's return address): its rows read directly,
		   as sim_src32/sim_src64 read them */
		unsigned r = i->op[v].reg;
		const uint32_t *lo = w->r[r];
		const uint32_t *hi = wide && r < SIM_RZ - 1 ? w->r[r + 1] : NULL;
		uint64_t add = base + (uint64_t)i->aux[1];
		if (pmask) { /* one target for every lane (a RET, mostly)?
				the lanes are few in divergent code: a loop
				over them that stops at the first difference */
			const uint32_t *h = hi ? hi : lo;
			uint32_t l0 = sim_ffs(pmask), x0 = lo[l0], h0 = h[l0];
			uint32_t m1;
			for (m1 = pmask & (pmask - 1); m1; m1 &= m1 - 1)
				if ((lo[sim_ffs(m1)] ^ x0) | (h[sim_ffs(m1)] ^ h0))
					break;
			if (!m1) {
				uint64_t vb = hi ? (uint64_t)h0 << 32 | x0
					      : wide ? x0
					      : (uint64_t)(int64_t)(int32_t)x0;
				jump_one(w, pmask, add + vb);
				return;
			}
		}
		for (uint32_t m = pmask; m; m &= m - 1) {
			uint32_t l = sim_ffs(m);
			uint64_t vb = hi ? (uint64_t)hi[l] << 32 | lo[l]
				      : wide ? lo[l]
				      : (uint64_t)(int64_t)(int32_t)lo[l];
			t[l] = add + vb;
		}
		do_jump(w, pmask, t);
		return;
	}
	for (uint32_t m = pmask; m; m &= m - 1) {
		uint32_t l = sim_ffs(m);
		uint64_t vb = 0;
		if (v >= 0)
			vb = wide ? sim_src64(w, i, v, (int)l)
				  : (uint64_t)(int64_t)(int32_t)sim_src32(w, i, v, (int)l);
		t[l] = base + vb + (uint64_t)i->aux[1];
	}
	do_jump(w, pmask, t);
}

/* aux[0] = byte offset. */
simt_status sim_prep_lepc(sim_ctx *c, sim_inst *i, simt_diags *d)
{
	int off = sim_opnd_find(i, "offset");
	i->aux[0] = off >= 0 ? i->op[off].imm : 0;
	return sim_prep_need(i, i->nops >= 1 && i->op[0].kind == SIM_O_REG,
			     "rd first");
}

void sim_bru_lepc(sim_warp *w, const sim_inst *i, uint32_t pmask)
{
	uint64_t v = w->active_pc + (uint64_t)i->aux[0];
	uint16_t rd = i->op[0].reg;
	for (uint32_t m = pmask; m; m &= m - 1) {
		uint32_t l = sim_ffs(m);
		w->r[rd][l] = (uint32_t)v;
		if (rd < SIM_RZ - 1)
			w->r[rd + 1][l] = (uint32_t)(v >> 32);
	}
}

/* ---- EXIT -------------------------------------------------------------- */

/* Pick the next lane group among cmask (non-yield lanes first). */
static uint32_t pick_lane(sim_warp *w, uint32_t cmask)
{
	uint32_t ny = cmask & ~w->yield;
	uint32_t lid = sim_ffs(ny ? ny : cmask);
	return w->ctx->chooser ? sim_choice_group(w, cmask, lid) : lid;
}

/*
 * ValidMask bounds the other masks (seed 001: the state of a lane outside
 * it "is ignored"): the lanes that exit leave YieldMask, SleepMask and
 * SwitchMask too, so no mask ever names an exited lane (docs/semantics.md,
 * "Masks after EXIT").  Every reader intersects these masks with ValidMask
 * already; only the trace and the reports saw the stale bits.
 */
static void exit_lanes(sim_warp *w, uint32_t lanes)
{
	w->valid &= ~lanes;
	w->yield &= w->valid;
	w->sleep &= w->valid;
	w->switch_mask &= w->valid;
}

void sim_bru_exit(sim_warp *w, const sim_inst *i, uint32_t pmask)
{
	uint32_t mask_np = w->active & ~pmask;
	if (mask_np) {
		exit_lanes(w, pmask);
		sim_set_active(w, mask_np);
		w->active_pc = NEXT(w);
		return;
	}
	exit_lanes(w, w->active);
	if (w->valid == 0) {
		sim_warp_exit(w);
		return;
	}
	uint32_t cmask = w->valid;
	bool do_sleep = sleep_filter(w, &cmask);
	uint32_t lid = pick_lane(w, cmask);
	w->active_pc = sim_rpc(w, lid);
	sim_set_active(w, sim_rpc_eq(w, w->active_pc) & w->valid);
	sim_ll_event(w);
	if (do_sleep)
		sim_warp_sleep(w);
}

/* ---- BMOV, BSSY, BREAK ------------------------------------------------- */

/* BSSY, BSYNC, BREAK: aux[0] = the B register. */
simt_status sim_prep_breg(sim_ctx *c, sim_inst *i, simt_diags *d)
{
	int b = sim_opnd_find(i, "breg");
	i->aux[0] = b >= 0 ? i->op[b].reg : 0;
	return sim_prep_need(i, sim_opnd_is(i, "breg", SIM_O_BREG), "breg");
}

/* aux[0] = B register, aux[1] = ra operand or -1, aux[2] = rd row,
 * aux[3] = .CLEAR. */
simt_status sim_prep_bmov(sim_ctx *c, sim_inst *i, simt_diags *d)
{
	sim_prep_breg(c, i, d);
	int rd = sim_opnd_find(i, "rd");
	i->aux[1] = sim_opnd_find(i, "ra");
	i->aux[2] = rd >= 0 ? i->op[rd].reg : SIM_RSINK;
	i->aux[3] = (int64_t)sim_field(i, "clear", 0);
	return sim_prep_need(i, sim_opnd_is(i, "breg", SIM_O_BREG) &&
				       (sim_opnd_is(i, "rd", SIM_O_REG) ||
					sim_opnd_is(i, "ra", SIM_O_REG)),
			     "breg and rd or ra");
}

void sim_bru_bmov(sim_warp *w, const sim_inst *i, uint32_t pmask)
{
	unsigned b = (unsigned)i->aux[0];
	if (i->aux[1] >= 0) {
		w->breg[b] = sim_src32(w, i, (int)i->aux[1], (int)sim_ffs(pmask));
		return;
	}
	uint16_t rd = (uint16_t)i->aux[2];
	for (uint32_t m = pmask; m; m &= m - 1)
		w->r[rd][sim_ffs(m)] = w->breg[b];
	if (i->aux[3])
		w->breg[b] = 0;
}

void sim_bru_bssy(sim_warp *w, const sim_inst *i, uint32_t pmask)
{
	w->breg[i->aux[0]] |= pmask;
}

void sim_bru_break(sim_warp *w, const sim_inst *i, uint32_t pmask)
{
	w->breg[i->aux[0]] &= ~pmask;
}

/* ---- BSYNC ------------------------------------------------------------- */

/* Release the lanes that have arrived at the BSYNC and go on. */
static void bsync_release(sim_warp *w, uint32_t arrive, uint32_t yclear)
{
	if (w->ctx->hb) /* convergence orders the converging lanes */
		hb_warp_join(w, arrive);
	sim_set_active(w, arrive);
	w->active_pc = NEXT(w);
	w->yield &= ~yclear;
}

void sim_bru_bsync(sim_warp *w, const sim_inst *i, uint32_t pmask)
{
	uint32_t *bmask = &w->breg[i->aux[0]];
	*bmask &= w->valid;
	if (w->active & ~pmask) {
		split_guard(w, pmask);
		return;
	}
	uint32_t arrive = arrive_mask(w);
	*bmask &= ~w->active;
	if (*bmask == 0) {
		bsync_release(w, arrive, arrive);
		return;
	}
	uint32_t cmask = w->valid & ~arrive & ~w->yield;
	if (sleep_filter(w, &cmask)) {
		bsync_release(w, arrive, pmask); /* all candidates sleep */
		return;
	}
	uint32_t ny_b = cmask & *bmask, ny_nb = cmask & ~*bmask;
	sim_rpc_set(w, w->active, w->active_pc);
	if (ny_b)
		switch_by_mask(w, i, ny_b);
	else if (ny_nb)
		switch_by_mask(w, i, ny_nb);
	else
		bsync_release(w, arrive, pmask); /* yield release */
}

/* ---- YIELD, NANOSLEEP -------------------------------------------------- */

static void switch_mask_update(sim_warp *w)
{
	w->switch_mask &= w->valid ^ w->active;
	if (w->switch_mask == 0)
		w->switch_mask = w->valid ^ w->active;
}

/*
 * The divergent part shared by YIELD and NANOSLEEP: yield to a lane group
 * of SwitchMask.  The yielding lanes resume at the next instruction
 * (docs/semantics.md, "YIELD resume point").
 */
static void yield_switch(sim_warp *w, const sim_inst *i)
{
	switch_mask_update(w);
	uint32_t cmask = w->switch_mask;
	bool do_sleep = sleep_filter(w, &cmask);
	if (cmask == 0) {
		sim_raise(w, i, w->active, SIM_STOP_EXCEPTION,
			  "YIELD found no lane group to switch to");
		return;
	}
	uint32_t lid = pick_lane(w, cmask);
	uint32_t others = w->valid ^ w->active;
	w->yield |= w->active;
	sim_rpc_set(w, w->active, NEXT(w));
	w->active_pc = sim_rpc(w, lid);
	sim_set_active(w, sim_rpc_eq(w, w->active_pc) & others);
	switch_mask_update(w);
	sim_ll_event(w);
	if (do_sleep)
		sim_warp_sleep(w);
}

void sim_bru_yield(sim_warp *w, const sim_inst *i, uint32_t pmask)
{
	if (w->active & ~pmask) {
		split_guard(w, pmask);
		return;
	}
	if ((w->valid ^ w->active) == 0) {
		w->active_pc = NEXT(w);
		return;
	}
	yield_switch(w, i);
}

/* One timer per warp: the shortest pending sleep wins. */
static void set_timer(sim_warp *w, uint64_t cycles)
{
	uint64_t t = w->ctx->cycle + cycles;
	if (!w->timer_armed || t < w->timer_cycle)
		w->timer_cycle = t;
	w->timer_armed = true;
}

void sim_bru_nanosleep(sim_warp *w, const sim_inst *i, uint32_t pmask)
{
	if (w->active & ~pmask) {
		split_guard(w, pmask);
		return;
	}
	/* every NANOSLEEP form has one operand besides Pg/Pp: the time */
	set_timer(w, sim_src32(w, i, 0, (int)sim_ffs(pmask)));
	w->sleep |= pmask;
	if ((w->valid ^ w->active) == 0) {
		w->active_pc = NEXT(w);
		sim_warp_sleep(w);
		return;
	}
	yield_switch(w, i);
}

/* ---- WARPSYNC ---------------------------------------------------------- */

/* aux[0] = the rb operand of WARPSYNC.R (per-lane masks), or -1. */
simt_status sim_prep_warpsync(sim_ctx *c, sim_inst *i, simt_diags *d)
{
	i->aux[0] = sim_opnd_find(i, "rb");
	return sim_prep_need(i, i->nops >= 1, "one operand");
}

simt_status sim_prep_nanosleep(sim_ctx *c, sim_inst *i, simt_diags *d)
{
	return sim_prep_need(i, i->nops >= 1, "one operand");
}

static void warpsync_uniform(sim_warp *w, const sim_inst *i, uint32_t mmask,
			     uint32_t arrive)
{
	if ((arrive & mmask) == mmask) {
		if (w->ctx->hb)
			hb_warp_join(w, mmask);
		sim_set_active(w, mmask);
		w->active_pc = NEXT(w);
		return;
	}
	uint32_t cmask = w->valid & ~arrive & mmask;
	bool do_sleep = sleep_filter(w, &cmask);
	uint32_t ny = cmask & ~w->yield, y = cmask & w->yield;
	sim_rpc_set(w, w->active, w->active_pc);
	if (switch_by_mask(w, i, ny ? ny : y) && do_sleep)
		sim_warp_sleep(w);
}

/* Checks of WARPSYNC.R: own lane in its mask, one mask per group. */
static bool warpsync_r_check(sim_warp *w, const sim_inst *i,
			     const uint32_t *mm, uint32_t arrive)
{
	uint32_t bad = 0;
	for (uint32_t m = w->active; m; m &= m - 1)
		if (!(mm[sim_ffs(m)] >> sim_ffs(m) & 1))
			bad |= 1u << sim_ffs(m);
	if (bad) {
		sim_raise(w, i, bad, SIM_STOP_EXCEPTION,
			  "WARPSYNC lane outside its own membermask");
		return false;
	}
	/* the common case first: one mask in every lane the pairs below
	   compare (active and arriving lanes) */
	uint32_t both = w->active | arrive, differ = 0;
	for (uint32_t m = both; m; m &= m - 1)
		differ |= mm[sim_ffs(m)] ^ mm[sim_ffs(both)];
	if (!differ)
		return true;
	for (uint32_t m = w->active; m; m &= m - 1) {
		uint32_t l = sim_ffs(m);
		for (uint32_t o = mm[l] & arrive; o; o &= o - 1)
			if (mm[sim_ffs(o)] != mm[l]) {
				sim_raise(w, i, (1u << l) | (1u << sim_ffs(o)),
					  SIM_STOP_EXCEPTION,
					  "WARPSYNC.R group members with different masks "
					  "(lane %u: 0x%08x, lane %u: 0x%08x)",
					  l, mm[l], sim_ffs(o), mm[sim_ffs(o)]);
				return false;
			}
	}
	return true;
}

static void warpsync_grouped(sim_warp *w, const sim_inst *i, uint32_t arrive)
{
	uint32_t mm[SIM_LANES];
	int rb = (int)i->aux[0];
	if (i->op[rb].kind == SIM_O_REG && !i->op[rb].neg) /* sim_src32's */
		for (int l = 0; l < SIM_LANES; l++)
			mm[l] = w->r[i->op[rb].reg][l] & w->valid;
	else
		for (int l = 0; l < SIM_LANES; l++)
			mm[l] = sim_src32(w, i, rb, l) & w->valid;
	if (!warpsync_r_check(w, i, mm, arrive))
		return;
	uint32_t synced = 0, all = 0;
	for (uint32_t m = arrive & w->valid; m; m &= m - 1) {
		uint32_t l = sim_ffs(m);
		all |= mm[l];
		if ((mm[l] & ~arrive) == 0)
			synced |= 1u << l;
	}
	if (synced) {
		uint32_t amask = mm[sim_ffs(synced)];
		if (w->ctx->hb)
			hb_warp_join(w, amask);
		sim_rpc_set(w, w->active & ~amask, w->active_pc);
		w->active_pc = NEXT(w);
		sim_set_active(w, amask);
		return;
	}
	uint32_t cmask = all & ~arrive;
	bool do_sleep = sleep_filter(w, &cmask);
	if (cmask == 0) {
		sim_raise(w, i, w->active, SIM_STOP_EXCEPTION,
			  "WARPSYNC found no lane group to switch to");
		return;
	}
	uint32_t lid = pick_lane(w, cmask);
	sim_rpc_set(w, w->active, w->active_pc);
	w->active_pc = sim_rpc(w, lid);
	sim_set_active(w, sim_rpc_eq(w, w->active_pc) & w->valid);
	sim_ll_event(w);
	if (do_sleep)
		sim_warp_sleep(w);
}

void sim_bru_warpsync(sim_warp *w, const sim_inst *i, uint32_t pmask)
{
	uint32_t arrive = arrive_mask(w);
	if (w->active & ~pmask) {
		split_guard(w, pmask);
		return;
	}
	if (i->aux[0] >= 0) {
		warpsync_grouped(w, i, arrive);
		return;
	}
	/* I, U, C forms: op[0] is the membermask (imm, UR or constant) */
	uint32_t mmask = sim_src32(w, i, 0, (int)sim_ffs(pmask)) & w->valid;
	if (w->active & ~mmask) {
		sim_raise(w, i, w->active & ~mmask, SIM_STOP_EXCEPTION,
			  "WARPSYNC lane outside its own membermask 0x%08x",
			  mmask);
		return;
	}
	warpsync_uniform(w, i, mmask, arrive);
}

/* ---- RTT, TRAP, SYSCALL: defined stops --------------------------------- */

static void stop_or_skip(sim_warp *w, const sim_inst *i, uint32_t pmask,
			 const char *what, bool has_code)
{
	if (pmask == 0) {
		w->active_pc = NEXT(w);
		return;
	}
	if (!has_code) {
		sim_raise(w, i, pmask, SIM_STOP_EXCEPTION, "%s", what);
		return;
	}
	uint32_t code = i->nops ? sim_src32(w, i, 0, (int)sim_ffs(pmask)) : 0;
	sim_raise(w, i, pmask, SIM_STOP_EXCEPTION, "%s (code 0x%x)", what, code);
}

void sim_bru_rtt(sim_warp *w, const sim_inst *i, uint32_t pmask)
{
	stop_or_skip(w, i, pmask,
		     "RTT: return from trap handler (no trap handler is modelled)",
		     false);
}

void sim_bru_trap(sim_warp *w, const sim_inst *i, uint32_t pmask)
{
	stop_or_skip(w, i, pmask, "TRAP", true);
}

void sim_bru_syscall(sim_warp *w, const sim_inst *i, uint32_t pmask)
{
	stop_or_skip(w, i, pmask, "SYSCALL: system calls are not modelled",
		     false);
}
