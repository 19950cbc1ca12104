/*
 * test_sim_ctas.c - concurrent CTAs (sched.c): what the self-checking
 * files tests/sim/cta_*.s cannot see - the trace (interleaving, launch
 * order under a residency limit, identical traces for identical inputs)
 * and the notes of a deadlock report over several CTAs.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "simt/sim.h"
#include "simt/simt.h"
#include "simt/testfile.h"
#include "test.h"
#include "util/util.h"

/* The CTA x of each trace line, the step of each EXIT, a running hash. */
typedef struct tr {
	int n;
	int cta[4096];
	bool exit[4096];
	uint64_t hash;
} tr;

static void on_trace(void *user, const char *json)
{
	tr *t = user;
	for (const char *p = json; *p; p++)
		t->hash = (t->hash ^ (unsigned char)*p) * 0x100000001b3ull;
	const char *c = strstr(json, "\"cta\":[");
	if (t->n < 4096 && c) {
		t->cta[t->n] = atoi(c + 7);
		t->exit[t->n++] = strstr(json, "\"asm\":\"EXIT") != NULL;
	}
}

/* Run a test text (extra: one more directive line or NULL). */
static bool run_text(const char *name, const char *text, const char *extra,
		     tr *t, simt_diags *d)
{
	static simt_isa *isa;
	if (!isa)
		simt_isa_load_builtin(&isa, d);
	simt_testfile tf;
	simt_test_result r = {0};
	simt_test_opts o = {.trace = on_trace, .trace_user = t};
	bool ok = false;
	if (simt_testfile_parse(name, text, strlen(text), &tf, d) == SIMT_OK &&
	    (!extra || simt_testfile_directive(&tf, extra, d) == SIMT_OK) &&
	    simt_testfile_run(isa, &tf, &o, &r, d) == SIMT_OK) {
		ok = r.passed;
		simt_test_result_free(&r);
	}
	simt_testfile_free(&tf);
	return ok;
}

static bool run_file(const char *file, const char *extra, tr *t, simt_diags *d)
{
	char path[512];
	snprintf(path, sizeof path, "%s/sim/%s", test_dir(), file);
	size_t len;
	char *text = util_read_file(path, &len);
	if (!text)
		return false;
	bool ok = run_text(path, text, extra, t, d);
	free(text);
	return ok;
}

static bool diag_has(const simt_diags *d, const char *s)
{
	for (int k = 0; k < d->count; k++)
		if (strstr(d->items[k].message, s))
			return true;
	return false;
}

TEST(sim_ctas_interleave_in_trace)
{
	tr *t = calloc(1, sizeof *t);
	simt_diags d;
	simt_diags_init(&d);
	CHECK(run_file("cta_interleave.s", NULL, t, &d));
	/* one warp per CTA: round-robin alternates them until the exits */
	int first_exit = 0, switches = 0;
	while (first_exit < t->n && !t->exit[first_exit])
		first_exit++;
	for (int k = 1; k < first_exit; k++)
		switches += t->cta[k] != t->cta[k - 1];
	CHECK(first_exit > 40);
	CHECK_EQ(switches, first_exit - 1);
	CHECK_EQ(t->cta[0], 0);
	/* one CTA at a time: CTA 1 starts after CTA 0's EXIT */
	memset(t, 0, sizeof *t);
	CHECK(!run_file("cta_interleave.s", ".launch resident=1", t, &d));
	int k = 0;
	while (k < t->n && t->cta[k] == 0)
		k++;
	CHECK(k > 0 && k < t->n && t->exit[k - 1]);
	simt_diags_free(&d);
	free(t);
}

/*
 * Run a counting loop (every warp exits after a few iterations) with the
 * given .launch line; check that CTAs start in linear order, that CTA k
 * starts only after k - limit CTAs ended, and return the most CTAs live at
 * once.
 */
static int max_live(const char *launch, int nctas, int wpc)
{
	char text[512];
	snprintf(text, sizeof text,
		 "%s\nmain:\n  MOV R6, RZ ;\n.L:\n  IADD3 R6, R6, 0x1, RZ ;\n"
		 "  ISETP.LT.U32.AND P1, PT, R6, 0x4, PT ;\n  @P1 BRA `(.L) ;\n"
		 "  EXIT ;\n", launch);
	tr *t = calloc(1, sizeof *t);
	simt_diags d;
	simt_diags_init(&d);
	CHECK(run_text("order.s", text, NULL, t, &d));
	int seen = 0, live = 0, most = 0, ended = 0, exits[64] = {0};
	for (int k = 0; k < t->n; k++) {
		int c = t->cta[k];
		if (c == seen) {
			seen++;
			live++;
			most = live > most ? live : most;
		}
		CHECK(c < seen && c < 64);
		if (t->exit[k] && ++exits[c] == wpc) {
			ended++;
			live--;
		}
	}
	CHECK_EQ(seen, nctas);
	CHECK_EQ(ended, nctas);
	simt_diags_free(&d);
	free(t);
	return most;
}

TEST(sim_ctas_residency_limit_and_default)
{
	CHECK_EQ(max_live(".launch grid=5 block=32 resident=2", 5, 1), 2);
	CHECK_EQ(max_live(".launch grid=5 block=32 resident=9", 5, 1), 5);
	/* default: the grid up to 64 CTAs and 16 warps, at least 2 CTAs */
	CHECK_EQ(max_live(".launch grid=20 block=32", 20, 1), 16);
	CHECK_EQ(max_live(".launch grid=6 block=128", 6, 4), 4);
	CHECK_EQ(max_live(".launch grid=3 block=1024", 3, 32), 2);
	CHECK_EQ(max_live(".launch grid=1 block=32", 1, 1), 1);
}

TEST(sim_ctas_random_policy_reproducible)
{
	tr *a = calloc(1, sizeof *a), *b = calloc(1, sizeof *b);
	simt_diags d;
	simt_diags_init(&d);
	CHECK(run_file("cta_random_race.s", NULL, a, &d));
	CHECK(run_file("cta_random_race.s", NULL, b, &d));
	CHECK(a->n > 100 && a->n == b->n);
	CHECK(a->hash == b->hash);
	/* CTAs interleave under random too */
	int switches = 0;
	for (int k = 1; k < a->n; k++)
		switches += a->cta[k] != a->cta[k - 1];
	CHECK(switches > 20);
	memset(b, 0, sizeof *b);
	run_file("cta_random_race.s", ".launch policy=random:6", b, &d);
	CHECK(a->hash != b->hash);
	simt_diags_free(&d);
	free(a);
	free(b);
}

TEST(sim_ctas_deadlock_notes_every_cta)
{
	tr *t = calloc(1, sizeof *t);
	simt_diags d;
	simt_diags_init(&d);
	CHECK(run_file("cta_deadlock.s", NULL, t, &d));
	CHECK(diag_has(&d, "CTAs (0,0,0), (1,0,0): deadlock"));
	/* each PC is followed by its source line (the path as assembled) */
	char *want = util_format("CTA (0,0,0) warp 0 blocked after PC 0x0060 "
				 "(%s/sim/cta_deadlock.s:17) `BAR.SYNC 0x1, "
				 "0x60`", test_dir());
	CHECK(diag_has(&d, want));
	free(want);
	CHECK(diag_has(&d, "CTA (0,0,0) warp 1 blocked"));
	want = util_format("CTA (1,0,0) warp 1 blocked after PC 0x00a0 "
			   "(%s/sim/cta_deadlock.s:22) `BAR.SYNC 0x2, 0x40`",
			   test_dir());
	CHECK(diag_has(&d, want));
	free(want);
	CHECK(diag_has(&d, "waits on barrier 2: 32 of expected 64 arrivals"));
	CHECK(!diag_has(&d, "CTA (1,0,0) warp 0 blocked"));
	CHECK(!diag_has(&d, "CTA (0,0,0) warp 2 blocked"));
	simt_diags_free(&d);
	free(t);
}

/*
 * simt_sim_prepare's CTA slots (sched.c: sim_sched_prepare): a run takes
 * them and computes what it computes without them; .init registers set
 * after the slots were made (rows_dirty grows: the warps' files lie
 * farther apart), a launch of another shape, and a prepare whose launch
 * never runs are all handled; the prepared slots are no finished CTAs.
 * Every thread stores tid + R40 (R40 only read by the code) at out[tid].
 */
static const char tid_plus_r40[] =
	"main:\n"
	"    LDC.64 R2, c[0x0][0x100] ;\n"
	"    S2R R0, SR_TID.X ;\n"
	"    IMAD.WIDE.U32 R2, R0, 0x4, R2 ;\n"
	"    IADD3 R4, R0, R40, RZ ;\n"
	"    STG.E [R2.64], R4 ;\n"
	"    EXIT ;\n";

static bool out_is(simt_sim *s, uint64_t out, uint32_t n, uint32_t add)
{
	uint32_t v[128];
	if (simt_sim_read(s, out, v, 4 * n, NULL) != SIMT_OK)
		return false;
	for (uint32_t t = 0; t < n; t++)
		if (v[t] != t + add)
			return false;
	return true;
}

TEST(sim_ctas_prepared_slots)
{
	simt_isa *isa = NULL;
	simt_object *o = NULL;
	simt_sim *s = NULL;
	CHECK_EQ(simt_isa_load_builtin(&isa, NULL), SIMT_OK);
	if (isa)
		CHECK_EQ(simt_assemble(isa, "p.s", tid_plus_r40,
				       strlen(tid_plus_r40), &o, NULL), SIMT_OK);
	if (o)
		CHECK_EQ(simt_sim_new(isa, o, NULL, &s, NULL), SIMT_OK);
	if (s) {
		uint64_t out = 0;
		uint32_t zero[128] = {0}, cta[3] = {0, 0, 0}, tid[3] = {5, 0, 0};
		uint64_t v = 0;
		CHECK_EQ(simt_sim_alloc(s, sizeof zero, &out, NULL), SIMT_OK);
		CHECK_EQ(simt_sim_set_params(s, &out, 8, NULL), SIMT_OK);
		simt_launch l, l64;
		simt_launch_init(&l);
		l.grid[0] = 1;
		l.block[0] = 96; /* 3 warps: their files' stride matters */
		l.threads = 1;
		l64 = l;
		l64.block[0] = 64;
		/* slots made before the .init that moves the files apart */
		simt_sim_prepare(s, &l);
		simt_reg_init r40 = {SIMT_REG_R, 40, SIMT_RINIT_VALUE, 1000};
		CHECK_EQ(simt_sim_set_inits(s, &r40, 1, NULL), SIMT_OK);
		CHECK_EQ(simt_sim_run(s, &l, NULL), SIMT_OK);
		CHECK(out_is(s, out, 96, 1000));
		simt_sim_stats a, b;
		simt_sim_get_stats(s, &a);
		/* the slots of the next launch are no finished CTAs */
		simt_sim_prepare(s, &l);
		CHECK(simt_sim_reg(s, cta, tid, SIMT_REG_R, 4, &v, NULL) != SIMT_OK);
		CHECK_EQ(simt_sim_write(s, out, zero, sizeof zero, NULL), SIMT_OK);
		CHECK_EQ(simt_sim_run(s, &l, NULL), SIMT_OK);
		CHECK(out_is(s, out, 96, 1000));
		CHECK_EQ(simt_sim_reg(s, cta, tid, SIMT_REG_R, 4, &v, NULL), SIMT_OK);
		CHECK_EQ(v, 1005u);
		simt_sim_get_stats(s, &b);
		CHECK_EQ(a.cycles, b.cycles);
		CHECK_EQ(a.steps, b.steps);
		/* prepared for 2 warps, run with 3; then without a prepare */
		CHECK_EQ(simt_sim_write(s, out, zero, sizeof zero, NULL), SIMT_OK);
		simt_sim_prepare(s, &l64);
		CHECK_EQ(simt_sim_run(s, &l, NULL), SIMT_OK);
		CHECK(out_is(s, out, 96, 1000));
		CHECK_EQ(simt_sim_write(s, out, zero, sizeof zero, NULL), SIMT_OK);
		CHECK_EQ(simt_sim_run(s, &l64, NULL), SIMT_OK);
		CHECK(out_is(s, out, 64, 1000));
		simt_sim_get_stats(s, &b);
		CHECK_EQ(b.steps, 2 * 6u);
		simt_sim_prepare(s, &l); /* never run: freed with the handle */
	}
	simt_sim_free(s);
	simt_object_free(o);
	simt_isa_free(isa);
}
