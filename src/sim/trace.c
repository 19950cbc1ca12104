/*
 * trace.c - one JSON object per issued warp instruction (docs/trace-format.md),
 * handed to launch.trace; the library never prints.
 *
 * Requires: called by sim_step() right after the handler, so the masks and
 * PCs it reports are the state AFTER the instruction; pc/asm name the
 * instruction issued.
 */
#include <stdio.h>

#include "sim/sim.h"

void sim_trace_step(sim_warp *w, const sim_inst *i)
{
	sim_ctx *c = w->ctx;
	char text[256];
	sim_inst_text(c, i->opc ? i : NULL, text, sizeof text);
	util_buf b = {0};
	const sim_cta *t = w->cta;
	util_buf_printf(&b,
			"{\"step\":%llu,\"cycle\":%llu,\"cta\":[%u,%u,%u],"
			"\"warp\":%d,\"pc\":\"0x%04llx\",\"asm\":\"",
			(unsigned long long)(c->steps - 1 - c->step_base),
			(unsigned long long)c->cycle, t->id[0], t->id[1],
			t->id[2], w->id, (unsigned long long)i->pc);
	util_buf_json(&b, text);
	const obj_line *site, *orig;
	sim_loc_rows(c, i->pc, &site, &orig);
	if (site) {
		util_buf_puts(&b, "\",\"src\":\"");
		util_buf_json(&b, c->lines.files[site->file]);
		util_buf_printf(&b, ":%u", site->line);
	}
	if (orig) {
		util_buf_puts(&b, "\",\"orig\":\"");
		util_buf_json(&b, c->lines.files[orig->file]);
		util_buf_printf(&b, ":%u", orig->line);
	}
	util_buf_printf(&b,
			"\",\"next_pc\":\"0x%04llx\",\"active\":\"0x%08x\","
			"\"valid\":\"0x%08x\",\"yield\":\"0x%08x\","
			"\"sleep\":\"0x%08x\",\"breg\":[",
			(unsigned long long)w->active_pc, w->active, w->valid,
			w->yield, w->sleep);
	for (int k = 0; k < SIM_NBREGS; k++)
		util_buf_printf(&b, "%s\"0x%08x\"", k ? "," : "", w->breg[k]);
	util_buf_puts(&b, "]}");
	if (!b.failed)
		c->launch.trace(c->launch.trace_user, b.data);
	util_buf_free(&b);
}
