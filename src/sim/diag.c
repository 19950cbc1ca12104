/*
 * diag.c - how a run stops: runtime exceptions and faults (sim_raise), the
 * deadlock report, the text of an instruction for both.
 *
 * Requires: the warp/CTA/ctx state.  Produces: diagnostics appended to
 * c->diags (the library never prints), c->stop and c->stop_text.  Every
 * message names the kernel, the CTA, the warp, the lanes, the PC and the
 * disassembled instruction.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sim/sim.h"

size_t sim_inst_text(const sim_ctx *c, const sim_inst *i, char *buf,
		     size_t size)
{
	if (!i || !i->opc)
		return (size_t)snprintf(buf, size, "<no instruction>");
	simt_inst si;
	si.opcode = i->opc->index;
	si.pc = i->pc;
	memcpy(si.fields, i->fields, sizeof si.fields);
	return simt_inst_print(c->isa, &si, buf, size);
}

void sim_loc_rows(const sim_ctx *c, uint64_t pc, const obj_line **site,
		  const obj_line **orig)
{
	*site = *orig = NULL;
	if (pc < c->code_base || pc % SIM_INST_SIZE ||
	    (pc - c->code_base) / SIM_INST_SIZE >= c->ncode)
		return;
	*site = obj_lines_find(&c->lines, OBJ_LINES_SITE, pc - c->code_base);
	*orig = obj_lines_find(&c->lines, OBJ_LINES_ORIGIN, pc - c->code_base);
}

const char *sim_loc(const sim_ctx *c, uint64_t pc, char *buf, size_t size)
{
	const obj_line *s, *o;
	sim_loc_rows(c, pc, &s, &o);
	const char *const *f = (const char *const *)c->lines.files;
	buf[0] = '\0';
	if (s && o)
		snprintf(buf, size, " (%s:%u, %s:%u)", f[s->file], s->line,
			 f[o->file], o->line);
	else if (s || o)
		snprintf(buf, size, " (%s:%u)", f[(s ? s : o)->file],
			 (s ? s : o)->line);
	return buf;
}

static const sim_inst *inst_at(const sim_ctx *c, uint64_t pc)
{
	uint64_t k = (pc - c->code_base) / SIM_INST_SIZE;
	if (pc % SIM_INST_SIZE || pc < c->code_base || k >= c->ncode)
		return NULL;
	return &c->code[k];
}

void sim_raise(sim_warp *w, const sim_inst *i, uint32_t lanes, sim_stop kind,
	       const char *fmt, ...)
{
	sim_ctx *c = w->ctx;
	if (c->stop != SIM_STOP_NONE)
		return;
	c->stop = kind;
	c->event_next = 0; /* sched.c's burst loop: its one bound (sim.h) */
	if (!i)
		i = inst_at(c, w->active_pc);
	char text[256], msg[2048], loc[512];
	sim_inst_text(c, i, text, sizeof text);
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	const sim_cta *t = w->cta;
	uint64_t pc = i ? i->pc : w->active_pc;
	free(c->stop_text);
	c->stop_text = util_format(
		"kernel '%s', CTA (%u,%u,%u), warp %d, lanes 0x%08x, PC 0x%04llx%s: "
		"`%s`: %s",
		c->kernel, t->id[0], t->id[1], t->id[2], w->id, lanes,
		(unsigned long long)pc, sim_loc(c, pc, loc, sizeof loc), text, msg);
	util_diag(c->diags, SIMT_SEV_ERROR, NULL, NULL, 0, 0, "%s",
		  c->stop_text ? c->stop_text : msg);
}

void sim_check_report(sim_warp *w, const sim_inst *i, uint32_t lanes,
		      uint32_t check, const char *fmt, ...)
{
	static const struct {
		uint32_t bit;
		const char *name;
	} names[] = {
#define SIMT_X_CHECK(e, bit, name, what) {bit, name},
		SIMT_CHECK_LIST(SIMT_X_CHECK)
#undef SIMT_X_CHECK
	};
	sim_ctx *c = w->ctx;
	int n = c->nchecked < (int)UTIL_ARRAY_LEN(c->checked)
			? c->nchecked : (int)UTIL_ARRAY_LEN(c->checked);
	for (int k = 0; k < n; k++)
		if (c->checked[k].check == check && c->checked[k].pc == i->pc)
			return;
	c->nchecked++;
	if (n == (int)UTIL_ARRAY_LEN(c->checked))
		return; /* 64 sites reported: the run still fails, quietly */
	c->checked[n].check = check;
	c->checked[n].pc = i->pc;
	const char *name = "?";
	for (size_t k = 0; k < UTIL_ARRAY_LEN(names); k++)
		if (names[k].bit == check)
			name = names[k].name;
	char text[256], msg[1024], loc[512];
	sim_inst_text(c, i, text, sizeof text);
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	const sim_cta *t = w->cta;
	util_diag(c->diags, SIMT_SEV_ERROR, NULL, NULL, 0, 0,
		  "kernel '%s', CTA (%u,%u,%u), warp %d, lanes 0x%08x, PC "
		  "0x%04llx%s: `%s`: --check=%s: %s", c->kernel, t->id[0],
		  t->id[1], t->id[2], w->id, lanes, (unsigned long long)i->pc,
		  sim_loc(c, i->pc, loc, sizeof loc), text, name, msg);
}

/* What a blocked warp waits for: its barrier's arrivals. */
static void describe_bar(util_buf *b, const sim_cta *cta, const sim_warp *w)
{
	const sim_barrier *bar = &cta->bar[w->bar_id];
	util_buf_printf(b, "; waits on barrier %d: %u of ", w->bar_id,
			bar->count);
	if (bar->expected)
		util_buf_printf(b, "expected %u arrivals", bar->expected);
	else
		util_buf_printf(b, "%u (all %d warps, %d exited)",
				32u * (uint32_t)(cta->nwarps - cta->exited_warps),
				cta->nwarps, cta->exited_warps);
	util_buf_printf(b, " (arrived warps 0x%08x)", bar->arrived);
}

/* Lanes parked away from ActivePC, grouped by their RPC. */
static void describe_parked(util_buf *b, const sim_ctx *c, const sim_warp *w)
{
	uint32_t rest = w->valid & ~w->active;
	while (rest) {
		uint64_t pc = sim_rpc(w, sim_ffs(rest));
		uint32_t grp = rest & sim_rpc_eq(w, pc);
		rest &= ~grp;
		char text[256], loc[512];
		const sim_inst *i = inst_at(c, pc);
		sim_inst_text(c, i, text, sizeof text);
		util_buf_printf(b, "; lanes 0x%08x parked at PC 0x%04llx%s `%s`",
				grp, (unsigned long long)pc,
				sim_loc(c, pc, loc, sizeof loc), text);
		if (i && i->exec == sim_bru_bsync) { /* aux[0]: B register */
			uint32_t bm = w->breg[i->aux[0]] & w->valid;
			uint32_t missing = bm & ~grp & ~(w->valid & sim_rpc_eq(w, pc));
			util_buf_printf(b, " (lanes 0x%08x of B%u not arrived)",
					missing, (unsigned)i->aux[0]);
		} else if (i && i->exec == sim_bru_warpsync && i->nops &&
			   i->op[0].kind == SIM_O_IMM) {
			uint32_t mm = (uint32_t)i->op[0].imm & w->valid;
			uint32_t missing = mm & ~(w->valid & sim_rpc_eq(w, pc));
			util_buf_printf(b, " (lanes 0x%08x of the membermask not "
					"arrived)", missing);
		}
	}
}

/* ---- why a livelock cannot end ------------------------------------------- */

/* Lanes of w at pc: the active lanes when pc is ActivePC, and the lanes
 * parked there. */
static uint32_t lanes_at(const sim_warp *w, uint64_t pc)
{
	uint32_t m = w->valid & ~w->active & sim_rpc_eq(w, pc);
	return pc == w->active_pc ? m | w->active : m;
}

/* What the lanes `grp` standing at pc wait for (a BSYNC's B register, a
 * WARPSYNC's member mask) that are not there; *what names the wait. */
static uint32_t waits_for(sim_warp *w, uint64_t pc, uint32_t grp, const char **what,
			  uint32_t *mask)
{
	const sim_inst *i = inst_at(w->ctx, pc);
	uint32_t here = lanes_at(w, pc);
	*mask = 0;
	if (!i || !grp)
		return 0;
	if (i->exec == sim_bru_bsync) { /* aux[0]: the B register */
		*what = "convergence barrier";
		*mask = w->breg[i->aux[0]] & w->valid;
		return *mask & ~here;
	}
	if (i->exec == sim_bru_warpsync && i->nops) {
		*what = "member mask";
		*mask = sim_src32(w, i, 0, (int)sim_ffs(grp)) & w->valid;
		return *mask & ~here;
	}
	return 0;
}

static void where(util_buf *b, const sim_ctx *c, uint64_t pc)
{
	char text[256], loc[512];
	sim_inst_text(c, inst_at(c, pc), text, sizeof text);
	util_buf_printf(b, "PC 0x%04llx%s `%s`", (unsigned long long)pc,
			sim_loc(c, pc, loc, sizeof loc), text);
}

/* Two lane groups of one warp that wait for each other at WARPSYNC/BSYNC:
 * the collective whose member mask names lanes that never reach it, or two
 * convergence barriers crossing.  Returns whether it wrote a cause. */
static bool crossed_waits(util_buf *b, sim_warp *w)
{
	const sim_ctx *c = w->ctx;
	uint64_t pcs[SIM_LANES];
	uint32_t grps[SIM_LANES];
	int n = 0;
	uint32_t rest = w->valid;
	while (rest && n < SIM_LANES) {
		uint32_t l = sim_ffs(rest);
		uint64_t pc = w->active >> l & 1 ? w->active_pc : sim_rpc(w, l);
		uint32_t g = lanes_at(w, pc);
		if (!g)
			g = 1u << l;
		pcs[n] = pc;
		grps[n++] = g;
		rest &= ~g;
	}
	for (int a = 0; a < n; a++) {
		const char *wa = NULL, *wb = NULL;
		uint32_t ma, mb;
		uint32_t need = waits_for(w, pcs[a], grps[a], &wa, &ma);
		if (!need)
			continue;
		for (int k = 0; k < n; k++) {
			if (k == a || !(grps[k] & need))
				continue;
			uint32_t back = waits_for(w, pcs[k], grps[k], &wb, &mb);
			if (!(back & grps[a]))
				continue;
			bool sync = inst_at(c, pcs[a])->exec == sim_bru_warpsync;
			bool sync_k = inst_at(c, pcs[k])->exec == sim_bru_warpsync;
			if (!sync && sync_k) { /* the collective first */
				int t = a; a = k; k = t;
				need = back;
				uint32_t tm = ma; ma = mb; mb = tm;
				sync = true;
			}
			if (sync) {
				util_buf_printf(b, "the member mask 0x%08x of the collective at ", ma);
				where(b, c, pcs[a]);
				util_buf_printf(b, " names lanes 0x%08x that never reach it: "
						"they wait at ", need & grps[k]);
			} else {
				util_buf_printf(b, "two convergence barriers wait for each "
						"other: lanes 0x%08x wait at ", grps[a]);
				where(b, c, pcs[a]);
				util_buf_printf(b, " for lanes 0x%08x, which wait at ",
						need & grps[k]);
			}
			where(b, c, pcs[k]);
			util_buf_printf(b, " for lanes 0x%08x of their %s%s; ", back & grps[a],
					inst_at(c, pcs[k])->exec == sim_bru_warpsync
						? "member mask" : "convergence barrier",
					sync ? " (they returned or took another branch)" : "");
			return true;
		}
	}
	return false;
}

/* Another warp of w's CTA blocked at a CTA barrier it reached diverged:
 * its parked lanes cannot run until the barrier completes. */
static bool diverged_barrier(util_buf *b, const sim_warp *w)
{
	const sim_cta *cta = w->cta;
	const sim_ctx *c = w->ctx;
	for (int j = 0; j < cta->nwarps; j++) {
		const sim_warp *o = &cta->warps[j];
		if (o == w || o->state != SIM_W_BAR ||
		    cta->bar[o->bar_id].arrived >> w->id & 1)
			continue;
		uint32_t parked = o->valid & ~o->active;
		if (!parked)
			continue;
		uint64_t pc = sim_rpc(o, sim_ffs(parked));
		util_buf_printf(b, "warp %d reached a CTA barrier diverged "
				"(`__syncthreads()` or `bar.sync` in divergent code): lanes "
				"0x%08x wait at ", o->id, o->active);
		where(b, c, o->active_pc - SIM_INST_SIZE);
		util_buf_printf(b, " while its lanes 0x%08x stay parked at ", parked);
		where(b, c, pc);
		util_buf_printf(b, " until the barrier completes, which needs this "
				"warp; ");
		return true;
	}
	return false;
}

char *sim_livelock_cause(sim_warp *w)
{
	util_buf b = {0};
	if (!crossed_waits(&b, w))
		diverged_barrier(&b, w);
	return util_buf_take(&b);
}

/* One note per blocked warp of cta (but `skip`). */
static void report_cta(sim_ctx *c, const sim_cta *cta, const sim_warp *skip)
{
	for (int j = 0; j < cta->nwarps; j++) {
		const sim_warp *w = &cta->warps[j];
		if (w->state == SIM_W_EXITED || w == skip)
			continue;
		if (skip && w->state != SIM_W_BAR && w->state != SIM_W_MBAR)
			continue;
		util_buf b = {0};
		char text[256], loc[512];
		/* an mbarrier wait stays on its PC; the others have passed it */
		bool at = w->state == SIM_W_MBAR || w->state == SIM_W_CLUSTER;
		uint64_t pc = at ? w->active_pc : w->active_pc - SIM_INST_SIZE;
		sim_inst_text(c, inst_at(c, pc), text, sizeof text);
		util_buf_printf(&b, "CTA (%u,%u,%u) warp %d blocked %s PC "
				"0x%04llx%s `%s`: active 0x%08x valid 0x%08x yield "
				"0x%08x sleep 0x%08x", cta->id[0], cta->id[1],
				cta->id[2], w->id, at ? "at" : "after",
				(unsigned long long)pc, sim_loc(c, pc, loc, sizeof loc),
				text, w->active, w->valid, w->yield, w->sleep);
		if (w->state == SIM_W_BAR)
			describe_bar(&b, cta, w);
		if (w->state == SIM_W_MBAR)
			sim_mbar_describe(&b, c, w); /* mbarrier.c */
		if (w->state == SIM_W_CLUSTER)
			sim_cluster_describe(&b, c, w); /* cluster.c */
		describe_parked(&b, c, w);
		char *s = util_buf_take(&b);
		util_diag(c->diags, SIMT_SEV_NOTE, NULL, NULL, 0, 0, "%s",
			  s ? s : "warp blocked");
		free(s);
	}
}

void sim_report_deadlock(sim_ctx *c, sim_cta *const *ctas, int n,
			 uint64_t pending)
{
	util_buf b = {0};
	for (int k = 0; k < n; k++)
		util_buf_printf(&b, "%s(%u,%u,%u)", k ? ", " : "", ctas[k]->id[0],
				ctas[k]->id[1], ctas[k]->id[2]);
	char *ids = util_buf_take(&b);
	util_diag(c->diags, SIMT_SEV_ERROR, NULL, NULL, 0, 0,
		  "kernel '%s', CTA%s %s: deadlock: no warp can issue and none "
		  "is asleep%s", c->kernel, n > 1 ? "s" : "", ids ? ids : "?",
		  pending ? " (CTAs still to launch wait for a free slot)" : "");
	free(c->stop_text);
	c->stop_text = util_format("deadlock in CTA%s %s", n > 1 ? "s" : "",
				   ids ? ids : "?");
	free(ids);
	for (int k = 0; k < n; k++)
		report_cta(c, ctas[k], NULL);
}

void sim_report_blocked_others(sim_ctx *c, const sim_warp *w)
{
	report_cta(c, w->cta, w);
}
