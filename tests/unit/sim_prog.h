/*
 * sim_prog.h - build small kernels word by word through the codec, for the
 * simulator unit tests (independent of the assembler): an instruction is
 * an opcode name of the builtin ISA and "field=value" pairs, where a value
 * is a number or a value name of the field's enum type (P0, DIV, B3, ...).
 */
#ifndef SIMT_TEST_SIM_PROG_H
#define SIMT_TEST_SIM_PROG_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "obj/object.h"
#include "codec/codec.h"
#include "sim/mem.h"
#include "sim/sim.h"
#include "test.h"

typedef struct sp_prog {
	isa_model *isa;
	simt_object *obj;
	int k, text;
	simt_sim *sim;
	sim_reg_init inits[16];
	int ninits;
	simt_diags d;
	char trace_last[2048];
	int trace_lines;
	char inv_why[512]; /* first broken invariant (sim_check_invariants) */
	uint64_t inv_step;  /* at this issue (c->steps)                     */
} sp_prog;

static isa_model *sp_isa_cached;

static inline void sp_init(sp_prog *p)
{
	memset(p, 0, sizeof *p);
	if (!sp_isa_cached) {
		simt_diags d;
		simt_diags_init(&d);
		codec_isa_builtin(&sp_isa_cached, &d);
		simt_diags_free(&d);
	}
	p->isa = sp_isa_cached;
	p->obj = obj_new();
	p->k = obj_add_kernel(p->obj, "main");
	p->text = p->obj->kernels[p->k].text;
	simt_diags_init(&p->d);
}

static inline uint64_t sp_value(const isa_field *f, const char *v)
{
	if (f->type->cls == ISA_KIND_ENUM) {
		int e = isa_enum_find(f->type, v, strlen(v));
		if (e >= 0)
			return (uint64_t)e;
	}
	if (strcmp(v, "RZ") == 0 || strcmp(v, "URZ") == 0)
		return (1ull << f->width) - 1;
	if (v[0] == 'R' || v[0] == 'B' || v[0] == 'P')
		v++;
	else if (v[0] == 'U' && v[1] == 'R')
		v += 2;
	int64_t x = strtoll(v, NULL, 0);
	return (uint64_t)x & (f->width >= 64 ? ~0ull : (1ull << f->width) - 1);
}

/* Append one instruction; returns its byte address. */
static inline uint64_t sp_add(sp_prog *p, const char *opname, const char *assigns)
{
	const isa_opcode *op = isa_opcode_find(p->isa, opname);
	if (!op) {
		test_fail(__FILE__, __LINE__, "no opcode %s", opname);
		return 0;
	}
	uint64_t f[ISA_MAX_FIELDS];
	codec_defaults(op, f);
	char buf[256];
	snprintf(buf, sizeof buf, "%s", assigns ? assigns : "");
	for (char *tok = strtok(buf, " "); tok; tok = strtok(NULL, " ")) {
		char *eq = strchr(tok, '=');
		if (!eq)
			continue;
		*eq = 0;
		int fi = isa_field_find(op, tok);
		if (fi < 0) {
			test_fail(__FILE__, __LINE__, "%s has no field %s", opname, tok);
			continue;
		}
		f[fi] = sp_value(&op->fields[fi], eq + 1);
	}
	uint8_t word[16];
	codec_store(codec_encode(op, f), word);
	obj_section *s = &p->obj->sections[p->text];
	uint64_t pc = s->size;
	obj_section_append(s, word, 16);
	return pc;
}

static inline void sp_trace(void *user, const char *json)
{
	sp_prog *p = user;
	snprintf(p->trace_last, sizeof p->trace_last, "%s", json);
	p->trace_lines++;
}

static inline void sp_pred(sp_prog *p, int reg, uint32_t mask)
{
	p->inits[p->ninits++] = (sim_reg_init){SIM_INIT_P, reg, SIM_INIT_VALUE, mask};
}

static inline void sp_reg(sp_prog *p, int reg, sim_init_kind kind, uint64_t v)
{
	p->inits[p->ninits++] = (sim_reg_init){SIM_INIT_R, reg, kind, v};
}

/* Every program of the unit tests keeps the simulator's invariants after
 * every issue (PCs excepted: some tests jump out of the text on purpose);
 * sp_free fails the test otherwise. */
static inline void sp_hook(sim_ctx *c, sim_warp *w, void *user)
{
	sp_prog *p = user;
	if (!p->inv_why[0] &&
	    !sim_check_invariants(c, 0, p->inv_why, sizeof p->inv_why))
		p->inv_step = c->steps;
}

/* Run with block threads (one CTA); returns the status. */
static inline simt_status sp_run_launch(sp_prog *p, simt_launch *l)
{
	simt_status st = simt_sim_new((simt_isa *)p->isa, p->obj, "main",
				      &p->sim, &p->d);
	if (st != SIMT_OK)
		return st;
	sim_mem_set_inits(sim_ctx_of(p->sim)->mem, p->inits, p->ninits);
	sim_ctx_of(p->sim)->step_hook = sp_hook;
	sim_ctx_of(p->sim)->step_hook_user = p;
	l->trace = sp_trace;
	l->trace_user = p;
	return simt_sim_run(p->sim, l, &p->d);
}

static inline simt_status sp_run(sp_prog *p, uint32_t threads)
{
	simt_launch l;
	simt_launch_init(&l);
	l.block[0] = threads;
	l.max_cycles = 100000;
	return sp_run_launch(p, &l);
}

static inline sim_warp *sp_warp(sp_prog *p, int w)
{
	return &sim_ctx_of(p->sim)->ctas[0].warps[w];
}

/* True when some diagnostic message contains text. */
static inline bool sp_diag_has(const sp_prog *p, const char *text)
{
	for (int k = 0; k < p->d.count; k++)
		if (strstr(p->d.items[k].message, text))
			return true;
	return false;
}

static inline void sp_free(sp_prog *p)
{
	if (p->inv_why[0])
		test_fail(__FILE__, __LINE__, "invariant broken at issue %llu: %s",
			  (unsigned long long)p->inv_step, p->inv_why);
	simt_sim_free(p->sim);
	simt_object_free(p->obj);
	simt_diags_free(&p->d);
}

#endif
