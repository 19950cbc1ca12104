/*
 * fuzz_sim.h - what the simulator fuzz targets share (fuzz_sim.c,
 * fuzz_words.c, fuzz_policy.c, fuzz_run_obj.c): the builtin ISA loaded
 * once, a launch with one global buffer and register inits, the
 * invariant hook called after every issue, and the end-of-run oracle.
 *
 * Oracle (any failure aborts, so libFuzzer and the replay runner report
 * it): after every issue sim_check_invariants() holds; a run ends with
 * SIMT_OK and every warp exited, or SIMT_ERR_RUNTIME with at least one
 * diagnostic and a stop kind that has one (fault, exception, deadlock,
 * livelock, cycle limit); no sanitizer report, no leak, no hang.
 */
#ifndef SIMT_FUZZ_SIM_H
#define SIMT_FUZZ_SIM_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "obj/object.h"
#include "sim/sim.h"
#include "simt/simt.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define FZ_MAX_CYCLES 20000u
/* fz_run flag besides SIM_INV_*: the object came from the ELF reader */
#define FZ_LOADED_OBJECT 0x100u
#define FZ_BUF_BYTES 16384u /* the global buffer: c[0][0x100], R8:R9 */

static inline simt_isa *fz_isa(void)
{
	static simt_isa *isa;
	if (!isa && simt_isa_load_builtin(&isa, NULL) != SIMT_OK)
		abort();
	return isa;
}

static inline void fz_die(const char *what, const char *why, const simt_diags *d)
{
	fprintf(stderr, "fuzz oracle: %s: %s\n", what, why ? why : "");
	for (int k = 0; d && k < d->count; k++)
		fprintf(stderr, "  diag: %s\n", d->items[k].message);
	abort();
}

/* After every issue the issuing warp's CTA (all that an issue changes),
 * every 64th issue every CTA (copy completions of the others), and the
 * whole state at the end of the run (fz_run). */
static inline void fz_hook(sim_ctx *c, sim_warp *w, void *user)
{
	char why[512];
	unsigned flags = (unsigned)(uintptr_t)user;
	bool ok = c->steps % 64 ? sim_check_cta_invariants(c, w->cta, flags, why,
							   sizeof why)
				: sim_check_invariants(c, flags, why, sizeof why);
	if (!ok)
		fz_die("invariant after an issue", why, c->diags);
}

/* A launch read from the first bytes of an input. */
typedef struct fz_cfg {
	simt_launch l;
	uint32_t shared;    /* dynamic shared bytes                  */
	uint32_t p0;        /* P0 lane mask                          */
	uint32_t r4;        /* R4 of every thread                    */
} fz_cfg;

#define FZ_CFG_BYTES 8

/* Geometry from up to 8 bytes: <= 4 CTAs, <= 128 threads per CTA. */
static inline void fz_cfg_read(fz_cfg *g, const uint8_t *p, size_t n)
{
	uint8_t b[FZ_CFG_BYTES] = {0};
	memcpy(b, p, n < sizeof b ? n : sizeof b);
	simt_launch_init(&g->l);
	g->l.grid[0] = 1u + (b[0] & 3u);
	g->l.block[0] = 1u + (b[1] & 127u);
	if (b[0] & 4u) { /* a 2-D block of the same size or smaller */
		g->l.block[1] = 2;
		g->l.block[0] = (g->l.block[0] + 1) / 2;
	}
	g->l.policy = (simt_policy)(b[2] % 3u);
	g->l.seed = b[3];
	g->l.max_cycles = FZ_MAX_CYCLES;
	g->l.copy_latency = 1u + (b[2] >> 2);
	g->l.resident = b[0] & 8u ? 1u : 0u;
	g->shared = (uint32_t)(b[4] & 7u) * 64u;
	g->p0 = (uint32_t)b[5] * 0x01010101u ^ (uint32_t)b[6] << 8;
	g->r4 = b[7];
}

typedef struct fz_result {
	simt_status st;
	sim_stop stop;
	int errors;
	uint8_t out[FZ_BUF_BYTES]; /* the global buffer after the run */
} fz_result;

/*
 * Run kernel 0 of obj under g with the invariant hook (flags: SIM_INV_*).
 * R1 = flat thread index, R2 = lane, R4 = g->r4, R8:R9 = the buffer,
 * P0 = g->p0; the buffer's address is also parameter 0.  Returns false
 * when the kernel could not be loaded (a rejected object is no bug).
 */
static inline bool fz_run(const simt_object *obj, const fz_cfg *g, unsigned flags,
		   fz_result *r)
{
	simt_diags d;
	simt_diags_init(&d);
	simt_sim *s = NULL;
	memset(r, 0, sizeof *r);
	if (simt_sim_new(fz_isa(), obj, NULL, &s, &d) != SIMT_OK) {
		if (d.errors == 0)
			fz_die("simt_sim_new", "refused without a diagnostic", &d);
		simt_diags_free(&d);
		return false;
	}
	uint64_t buf = 0;
	uint8_t init[FZ_BUF_BYTES];
	for (unsigned k = 0; k < sizeof init; k++)
		init[k] = (uint8_t)(k * 7u);
	if (simt_sim_alloc(s, FZ_BUF_BYTES, &buf, &d) != SIMT_OK ||
	    simt_sim_write(s, buf, init, sizeof init, &d) != SIMT_OK ||
	    simt_sim_set_params(s, &buf, sizeof buf, &d) != SIMT_OK)
		fz_die("set-up", "buffer", &d);
	simt_reg_init in[] = {
		{SIMT_REG_R, 1, SIMT_RINIT_TID, 0},
		{SIMT_REG_R, 2, SIMT_RINIT_LANE, 0},
		{SIMT_REG_R, 4, SIMT_RINIT_VALUE, g->r4},
		{SIMT_REG_R, 8, SIMT_RINIT_VALUE, (uint32_t)buf},
		{SIMT_REG_R, 9, SIMT_RINIT_VALUE, buf >> 32},
		{SIMT_REG_P, 0, SIMT_RINIT_VALUE, g->p0},
	};
	if (simt_sim_set_inits(s, in, (int)(sizeof in / sizeof in[0]), &d) !=
		    SIMT_OK ||
	    simt_sim_set_local_size(s, 256, &d) != SIMT_OK)
		fz_die("set-up", "inits", &d);
	sim_ctx *c = sim_ctx_of(s);
	c->step_hook = fz_hook;
	c->step_hook_user = (void *)(uintptr_t)(flags & 0xffu);
	simt_launch l = g->l;
	l.dyn_shared = g->shared;
	r->st = simt_sim_run(s, &l, &d);
	r->stop = c->stop;
	r->errors = d.errors;
	char why[512];
	c->diags = &d;
	if (!sim_check_invariants(c, r->st == SIMT_OK ? flags & 0xffu : 0, why,
				  sizeof why))
		fz_die("invariant after the run", why, &d);
	if (r->st == SIMT_OK) {
		if (c->stop != SIM_STOP_DONE || d.errors)
			fz_die("run", "SIMT_OK without a clean stop", &d);
		for (uint64_t k = 0; k < c->nctas; k++)
			for (int j = 0; c->ctas[k].warps && j < c->ctas[k].nwarps; j++)
				if (c->ctas[k].warps[j].state != SIM_W_EXITED)
					fz_die("run", "SIMT_OK with a live warp", &d);
	} else if (r->st == SIMT_ERR_RUNTIME) {
		if (!d.errors || c->stop == SIM_STOP_NONE || c->stop == SIM_STOP_DONE)
			fz_die("run", "runtime error without a located stop", &d);
	} else if (!(flags & FZ_LOADED_OBJECT) || !d.errors) {
		/* a generated program always launches; a loaded object may
		   ask for what cannot be given (shared memory), with a reason */
		fz_die("run", "unexpected status", &d);
	}
	if (getenv("FZ_PRINT")) {
		fprintf(stderr, "fz_run: status %d, stop %d, %llu steps\n",
			(int)r->st, (int)c->stop, (unsigned long long)c->steps);
		for (int k = 0; k < d.count && k < 3; k++)
			fprintf(stderr, "  %s\n", d.items[k].message);
	}
	c->diags = NULL;
	if (simt_sim_read(s, buf, r->out, sizeof r->out, &d) != SIMT_OK)
		fz_die("read-back", "buffer", &d);
	simt_sim_free(s);
	simt_diags_free(&d);
	return true;
}

#endif
