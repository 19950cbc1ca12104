/*
 * test_sim_ctas.c - concurrent CTAs (sched.c): what the self-checking
 * files tests/sim/cta_*.s cannot see - the trace (interleaving, launch
 * order under a residency limit, identical traces for identical inputs)
 * and the notes of a deadlock report over several CTAs.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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
