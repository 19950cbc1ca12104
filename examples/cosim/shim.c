/*
 * shim.c - the DPI-C side of the co-simulation testbench (tb.sv): loads a
 * simulator test file into libsimt, starts its launch and hands the
 * retired-instruction records to SystemVerilog one at a time.
 *
 * The SystemVerilog side calls (see the import lines of tb.sv):
 *   cosim_open(path)        assemble the file, set up its buffers and
 *                           parameters from its directives, start the launch
 *   cosim_next(...)         step one warp instruction; 1 and the record
 *                           (cycle, CTA x, warp, PC, ActiveMask, executing
 *                           lanes, low encoding word) when one issued, 0 at
 *                           the end of the launch, -1 on an error
 *   cosim_buffer_u32(b, i)  element i of buffer b after the run
 *   cosim_close()
 * One testbench, one simulator: the shim keeps its handle in a static.
 * Diagnostics are printed here (a tool, not the library).
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "simt/sim.h"
#include "simt/simt.h"
#include "simt/testfile.h"

/* Verilator compiles this file as C++: the DPI names stay C. */
#ifdef __cplusplus
extern "C" {
#endif

typedef struct cosim {
	simt_isa *isa;
	simt_object *obj;
	simt_sim *sim;
	simt_testfile tf;
	bool have_tf;
	uint64_t addr[16];
	simt_retire last;     /* the record of the last step */
	int got;              /* a record arrived during the step */
	simt_diags d;
} cosim;

static cosim *cs;

static void on_retire(void *user, const simt_retire *r)
{
	cosim *c = (cosim *)user;
	c->last = *r;
	c->last.writes = NULL; /* valid during the callback only */
	c->last.accesses = NULL;
	c->got = 1;
}

static int fail(const char *what)
{
	fprintf(stderr, "cosim shim: %s\n", what);
	for (int k = 0; cs && k < cs->d.count; k++)
		fprintf(stderr, "  %s\n", cs->d.items[k].message);
	return -1;
}

static char *read_all(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	if (!f)
		return NULL;
	char *buf = NULL;
	size_t cap = 0, n = 0, k;
	do {
		if (n + 4096 > cap) {
			char *p = (char *)realloc(buf, cap = 2 * cap + 4096);
			if (!p) {
				free(buf);
				fclose(f);
				return NULL;
			}
			buf = p;
		}
		k = fread(buf + n, 1, cap - n - 1, f);
		n += k;
	} while (k > 0);
	fclose(f);
	buf[n] = 0;
	*len = n;
	return buf;
}

/* Buffers (zeroed or listed values) and buffer-address parameters of the
 * test file; enough for the example kernels. */
static int setup(cosim *c, simt_launch *l)
{
	simt_testfile *tf = &c->tf;
	if (tf->nbuffers > 16)
		return fail("more than 16 buffers");
	for (int b = 0; b < tf->nbuffers; b++) {
		uint64_t size = (uint64_t)tf->buffers[b].count *
				(uint64_t)simt_elem_size(tf->buffers[b].type);
		uint8_t *init = (uint8_t *)calloc(1, size ? size : 1);
		if (!init || simt_sim_alloc(c->sim, size, &c->addr[b], &c->d) != SIMT_OK ||
		    simt_values_fill(&tf->buffers[b].init, tf->buffers[b].type,
				     tf->buffers[b].count, init, tf->name, &c->d) != SIMT_OK ||
		    simt_sim_write(c->sim, c->addr[b], init, size, &c->d) != SIMT_OK) {
			free(init);
			return fail("cannot set up a buffer");
		}
		free(init);
	}
	uint8_t params[256];
	size_t np = 0;
	for (int p = 0; p < tf->nparams && np + 8 <= sizeof params; p++) {
		const simt_tparam *t = &tf->params[p];
		uint64_t v = t->bits;
		int size = 8;
		if (t->buffer) {
			int b = simt_testfile_buffer(tf, t->buffer, strlen(t->buffer));
			if (b < 0)
				return fail("a parameter names no buffer");
			v = c->addr[b];
		} else {
			size = simt_elem_size(t->type);
		}
		np = (np + (size_t)size - 1) / (size_t)size * (size_t)size;
		memcpy(params + np, &v, (size_t)size);
		np += (size_t)size;
	}
	if (np && simt_sim_set_params(c->sim, params, np, &c->d) != SIMT_OK)
		return fail("cannot set the parameters");
	simt_launch_init(l);
	if (tf->has_grid)
		memcpy(l->grid, tf->grid, sizeof l->grid);
	if (tf->has_block)
		memcpy(l->block, tf->block, sizeof l->block);
	if (tf->has_shared)
		l->dyn_shared = tf->shared;
	if (tf->has_policy && simt_launch_policy(l, tf->policy, &c->d) != SIMT_OK)
		return fail("bad policy");
	return 0;
}

int cosim_open(const char *path)
{
	size_t len = 0;
	char *text = read_all(path, &len);
	if (!text) {
		fprintf(stderr, "cosim shim: cannot read %s\n", path);
		return -1;
	}
	cs = (cosim *)calloc(1, sizeof *cs);
	if (!cs) {
		free(text);
		return -1;
	}
	simt_diags_init(&cs->d);
	simt_launch l;
	int rc = -1;
	if (simt_isa_load_builtin(&cs->isa, &cs->d) != SIMT_OK)
		rc = fail("cannot load the ISA");
	else if (simt_testfile_parse(path, text, len, &cs->tf, &cs->d) != SIMT_OK)
		rc = fail("cannot parse the test file");
	else if ((cs->have_tf = true,
		  simt_assemble(cs->isa, path, cs->tf.asm_text,
				strlen(cs->tf.asm_text), &cs->obj, &cs->d)) != SIMT_OK)
		rc = fail("assembly failed");
	else if (simt_sim_new(cs->isa, cs->obj, simt_object_kernel_name(cs->obj, 0),
			      &cs->sim, &cs->d) != SIMT_OK)
		rc = fail("cannot create the simulator");
	else if (setup(cs, &l) == 0 &&
		 simt_sim_on_retire(cs->sim, on_retire, cs) == SIMT_OK &&
		 simt_sim_start(cs->sim, &l, &cs->d) == SIMT_OK)
		rc = 0;
	else
		rc = fail("cannot start the launch");
	free(text);
	return rc;
}

int cosim_next(long long *cycle, int *cta_x, int *warp, long long *pc,
	       int *active, int *exec, long long *word0)
{
	if (!cs || !cs->sim)
		return -1;
	simt_stop stop;
	cs->got = 0;
	simt_status st = simt_sim_step(cs->sim, 1, &stop, &cs->d);
	if (!cs->got) {
		if (st != SIMT_OK || stop != SIMT_STOP_DONE)
			return fail(simt_stop_name(stop));
		return 0;
	}
	*cycle = (long long)cs->last.cycle;
	*cta_x = (int)cs->last.cta[0];
	*warp = cs->last.warp;
	*pc = (long long)cs->last.pc;
	*active = (int)cs->last.active;
	*exec = (int)cs->last.exec;
	*word0 = (long long)cs->last.word[0];
	if (st != SIMT_OK)
		fail(simt_stop_name(stop)); /* the record still counts */
	return 1;
}

int cosim_buffer_u32(int b, int i)
{
	uint32_t v = 0;
	if (cs && cs->sim && b >= 0 && b < cs->tf.nbuffers)
		simt_sim_read(cs->sim, cs->addr[b] + 4u * (uint32_t)i, &v, 4, &cs->d);
	return (int)v;
}

void cosim_close(void)
{
	if (!cs)
		return;
	simt_sim_free(cs->sim);
	simt_object_free(cs->obj);
	if (cs->have_tf)
		simt_testfile_free(&cs->tf);
	simt_isa_free(cs->isa);
	simt_diags_free(&cs->d);
	free(cs);
	cs = NULL;
}

#ifdef __cplusplus
}
#endif
