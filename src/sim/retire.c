/*
 * retire.c - the retired-instruction record (simt_sim_on_retire): what a
 * scoreboard compares for each issued warp instruction - where it ran, its
 * encoding, the masks before and after, the destination registers it wrote
 * and the memory it accessed.
 *
 * Requires: sim_step() calls sim_rec_begin before the handler and
 * sim_rec_end after it when c->rec is set; mem.c reports each completed
 * device access through sim_rec_access.  Produces: one callback per issue.
 * Copy completions of the async engine happen between issues and belong to
 * no record.
 */
#include <stdlib.h>
#include <string.h>

#include "sim/sim.h"

struct sim_rec {
	bool open; /* between begin and end */
	simt_retire r;
	simt_reg_write writes[SIMT_RETIRE_MAX_WRITES];
	simt_mem_access acc[SIMT_RETIRE_MAX_ACCESSES];
};

bool sim_rec_alloc(sim_ctx *c)
{
	if (!c->rec)
		c->rec = calloc(1, sizeof *c->rec);
	return c->rec != NULL;
}

void sim_rec_free(sim_ctx *c)
{
	free(c->rec);
	c->rec = NULL;
}

/* Index in i->op of the mbarrier address operand, or -1 (the prep hooks
 * of mbarrier.c and async.c put it in aux[0], UBLKCP's in aux[3]). */
static int mbar_operand(const sim_inst *i)
{
	switch (i->optype) {
	case SIM_OP_MBAR_INIT: case SIM_OP_MBAR_INVAL: case SIM_OP_MBAR_ARRIVE:
	case SIM_OP_MBAR_EXPECT_TX: case SIM_OP_MBAR_COMPLETE_TX:
	case SIM_OP_MBAR_TEST_WAIT: case SIM_OP_MBAR_TEST_WAIT_PARITY:
	case SIM_OP_MBAR_TRY_WAIT: case SIM_OP_MBAR_TRY_WAIT_PARITY:
	case SIM_OP_ARRIVES:
		return (int)i->aux[0];
	case SIM_OP_UBLKCP:
		return (int)i->aux[3];
	default:
		return -1;
	}
}

void sim_rec_begin(sim_warp *w, const sim_inst *i, uint32_t pmask)
{
	sim_ctx *c = w->ctx;
	simt_retire *r = &c->rec->r;
	memset(r, 0, sizeof *r);
	c->rec->open = true;
	r->step = c->steps - 1;
	r->cycle = c->cycle;
	memcpy(r->cta, w->cta->id, sizeof r->cta);
	r->warp = w->id;
	r->pc = i->pc;
	r->word[0] = i->word[0];
	r->word[1] = i->word[1];
	r->active = w->active;
	r->exec = pmask;
	r->writes = c->rec->writes;
	r->accesses = c->rec->acc;
	int k = mbar_operand(i);
	if (k >= 0 && k < i->nops && i->op[k].kind == SIM_O_ADDR && pmask) {
		const sim_opnd *a = &i->op[k];
		r->has_mbar = 1;
		r->mbar = w->r[a->reg][sim_ffs(pmask)] + (uint32_t)a->imm;
	}
}

static simt_space public_space(sim_space sp)
{
	switch (sp) {
	case SIM_SPACE_SHARED: return SIMT_SPACE_SHARED;
	case SIM_SPACE_LOCAL: return SIMT_SPACE_LOCAL;
	case SIM_SPACE_CONST: return SIMT_SPACE_CONST;
	case SIM_SPACE_GENERIC: return SIMT_SPACE_GENERIC;
	default: return SIMT_SPACE_GLOBAL;
	}
}

void sim_rec_access(sim_warp *w, sim_space sp, bool store, uint32_t lanes,
		    const uint64_t addr[SIM_LANES], unsigned size,
		    const uint8_t data[SIM_LANES][16])
{
	struct sim_rec *rc = w->ctx->rec;
	if (!rc->open)
		return;
	if (rc->r.naccesses == SIMT_RETIRE_MAX_ACCESSES) {
		rc->r.dropped++;
		return;
	}
	simt_mem_access *a = &rc->acc[rc->r.naccesses++];
	memset(a, 0, sizeof *a);
	a->store = store;
	a->space = public_space(sp);
	a->size = size;
	a->mask = lanes;
	for (uint32_t m = lanes; m; m &= m - 1) {
		int l = (int)sim_ffs(m);
		a->addr[l] = addr[l];
		memcpy(a->data[l], data[l], size <= 16 ? size : 16);
	}
}

static void add_write(struct sim_rec *rc, simt_regfile rf, unsigned index,
		      uint32_t mask, const uint32_t *lanes, uint32_t value)
{
	if (rc->r.nwrites == SIMT_RETIRE_MAX_WRITES)
		return;
	simt_reg_write *x = &rc->writes[rc->r.nwrites++];
	memset(x, 0, sizeof *x);
	x->rf = rf;
	x->index = index;
	x->mask = mask;
	if (lanes)
		for (uint32_t m = mask; m; m &= m - 1)
			x->value[sim_ffs(m)] = lanes[sim_ffs(m)];
	else
		x->value[0] = value;
}

/* The destination registers of i as they are after it (lanes of exec). */
static void collect_writes(struct sim_rec *rc, const sim_warp *w,
			   const sim_inst *i)
{
	uint32_t exec = rc->r.exec;
	for (int j = 0; j < i->nops && exec; j++) {
		const sim_opnd *o = &i->op[j];
		if (!sim_opnd_out(i, j))
			continue;
		switch (o->kind) {
		case SIM_O_REG:
			for (int k = 0; k < (o->width > 32 ? 2 : 1); k++)
				if (o->reg + k < SIM_RZ)
					add_write(rc, SIMT_REG_R, o->reg + (unsigned)k,
						  exec, w->r[o->reg + k], 0);
			break;
		case SIM_O_PRED:
			if (o->reg < SIM_PT)
				add_write(rc, SIMT_REG_P, o->reg, exec, NULL,
					  w->p[o->reg]);
			break;
		case SIM_O_UREG:
			for (int k = 0; k < (o->width > 32 ? 2 : 1); k++)
				if (o->reg + k < SIM_URZ)
					add_write(rc, SIMT_REG_UR, o->reg + (unsigned)k,
						  0, NULL, w->ur[o->reg + k]);
			break;
		case SIM_O_UPRED:
			if (o->reg < SIM_UPT)
				add_write(rc, SIMT_REG_UP, o->reg, 0, NULL,
					  w->up[o->reg] & 1);
			break;
		case SIM_O_BREG:
			if (o->reg < SIM_NBREGS)
				add_write(rc, SIMT_REG_B, o->reg, 0, NULL,
					  w->breg[o->reg]);
			break;
		default:
			break;
		}
	}
}

void sim_rec_end(sim_warp *w, const sim_inst *i)
{
	sim_ctx *c = w->ctx;
	struct sim_rec *rc = c->rec;
	simt_retire *r = &rc->r;
	r->next_pc = w->active_pc;
	r->active_after = w->active;
	r->valid_after = w->valid;
	r->blocked = w->state != SIM_W_READY && w->state != SIM_W_EXITED;
	collect_writes(rc, w, i);
	rc->open = false;
	if (c->retire_fn)
		c->retire_fn(c->retire_user, r);
}
