/*
 * test_sim_step.c - the stepping API (simt_sim_start, _step, _step_cycles,
 * _run_until, the retire callback, inspection) against simt_sim_run.
 *
 * The equivalence test runs EVERY file of tests/sim/NAME.s once through
 * simt_sim_run and once per stepping mode (one instruction at a time;
 * mixed pieces: steps, cycles, sync pauses; a breakpoint on every PC of
 * the first 64 words), and requires the same verdict, reason, counters,
 * final buffers, diagnostics, stop kind and the same trace, byte for byte.
 * One more mode runs simt_sim_run without a trace callback: nothing then
 * observes an issue, so the scheduler takes its plain issue path
 * (sched.c), which must give the same results (all but the trace).
 * SIMT_TEST_VERBOSE=1 prints how many files were compared.
 */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "simt/sim.h"
#include "simt/testfile.h"
#include "test.h"
#include "util/util.h"

enum { M_RUN, M_PLAIN, M_STEP1, M_MIXED, M_BREAK, M_COUNT };

/* Everything a run produced that another mode must reproduce. */
typedef struct outcome {
	util_buf trace, diags;
	simt_stop stop;
	simt_status status;
	uint64_t retired, retire_errors;
	simt_test_result r;
	size_t *sizes;    /* bytes of each final buffer */
} outcome;

typedef struct mode {
	int kind;
	outcome *out;
} mode;

static void on_trace(void *user, const char *json)
{
	outcome *o = user;
	util_buf_puts(&o->trace, json);
	util_buf_putc(&o->trace, '\n');
}

/* Records come in issue order, one per issue. */
static void on_retire(void *user, const simt_retire *r)
{
	outcome *o = user;
	if (r->step != o->retired)
		o->retire_errors++;
	o->retired++;
}

static simt_status drive(void *user, simt_sim *s, const simt_launch *l,
			 simt_diags *d)
{
	mode *m = user;
	outcome *o = m->out;
	if (m->kind == M_RUN || m->kind == M_PLAIN) {
		simt_status st = simt_sim_run(s, l, d);
		o->stop = simt_sim_status(s);
		return o->status = st;
	}
	simt_status st = simt_sim_start(s, l, d);
	o->stop = simt_sim_status(s);
	if (st != SIMT_OK)
		return o->status = st;
	if (m->kind == M_STEP1)
		simt_sim_on_retire(s, on_retire, o);
	uint64_t pcs[64];
	for (int k = 0; k < 64; k++)
		pcs[k] = 16u * (unsigned)k;
	simt_stop stop = SIMT_STOP_RUNNING;
	for (uint64_t n = 0; !SIMT_STOP_ENDED(stop); n++) {
		simt_until u = {0};
		if (m->kind == M_STEP1) {
			st = simt_sim_step(s, 1, &stop, d);
			continue;
		}
		if (m->kind == M_BREAK) {
			u.pcs = pcs;
			u.npcs = 64;
		} else if (n % 3 == 0) {
			u.steps = 1 + n % 7;
		} else if (n % 3 == 1) {
			u.cycles = 1 + n % 11;
		} else {
			u.sync = 1;
			u.steps = 50;
		}
		st = simt_sim_run_until(s, &u, &stop, d);
		if (!SIMT_STOP_ENDED(stop) && stop == SIMT_STOP_RUNNING)
			return SIMT_ERR_ARG; /* a pause must say why */
	}
	o->stop = stop;
	if (simt_sim_status(s) != stop)
		o->retire_errors++;
	return o->status = st;
}

static void run_mode(const simt_isa *isa, const char *path, const char *text,
		     size_t len, int kind, outcome *o)
{
	simt_testfile tf;
	simt_diags d;
	simt_diags_init(&d);
	mode m = {kind, o};
	simt_test_opts opts = {.trace = kind == M_PLAIN ? NULL : on_trace,
			       .trace_user = o,
			       .run = drive, .run_user = &m};
	if (simt_testfile_parse(path, text, len, &tf, &d) == SIMT_OK) {
		simt_testfile_run(isa, &tf, &opts, &o->r, &d);
		o->sizes = calloc((size_t)tf.nbuffers + 1, sizeof *o->sizes);
		for (int k = 0; o->sizes && k < tf.nbuffers; k++)
			o->sizes[k] = (size_t)tf.buffers[k].count *
				      (size_t)simt_elem_size(tf.buffers[k].type);
		simt_testfile_free(&tf);
	}
	for (int k = 0; k < d.count; k++)
		util_buf_printf(&o->diags, "%d %s\n", (int)d.items[k].severity,
				d.items[k].message);
	simt_diags_free(&d);
}

static void outcome_free(outcome *o)
{
	util_buf_free(&o->trace);
	util_buf_free(&o->diags);
	simt_test_result_free(&o->r);
	free(o->sizes);
}

static const char *mode_name(int k)
{
	static const char *const n[] = {"run", "plain", "step", "mixed",
					"break"};
	return n[k];
}

static bool same_str(const util_buf *a, const util_buf *b)
{
	if (a->len != b->len)
		return false;
	return a->len == 0 || memcmp(a->data, b->data, a->len) == 0;
}

/* Compare mode k's outcome with simt_sim_run's; report what differs. */
static bool compare(const char *file, int k, const outcome *a,
		    const outcome *b)
{
	const char *what = NULL;
	if (a->r.passed != b->r.passed || a->r.program_failed != b->r.program_failed)
		what = "verdict";
	else if ((a->r.reason == NULL) != (b->r.reason == NULL) ||
		 (a->r.reason && strcmp(a->r.reason, b->r.reason)))
		what = "reason";
	else if (a->r.cycles != b->r.cycles || a->r.steps != b->r.steps ||
		 a->r.thread_insts != b->r.thread_insts)
		what = "counters";
	else if (a->stop != b->stop || a->status != b->status)
		what = "stop kind / status";
	else if (!same_str(&a->diags, &b->diags))
		what = "diagnostics";
	else if (k != M_PLAIN && !same_str(&a->trace, &b->trace))
		what = "trace";
	else if (b->retire_errors)
		what = "retire records / status";
	else if (k == M_STEP1 && b->retired != b->r.steps)
		what = "retire record count";
	if (!what && a->r.nbuffers != b->r.nbuffers)
		what = "final buffers";
	for (int j = 0; !what && j < a->r.nbuffers; j++)
		if (!a->r.final[j] != !b->r.final[j] ||
		    (a->r.final[j] && a->sizes &&
		     memcmp(a->r.final[j], b->r.final[j], a->sizes[j])))
			what = "final buffers";
	if (what)
		test_fail(__FILE__, __LINE__, "%s: mode %s differs from "
			  "simt_sim_run in its %s", file, mode_name(k), what);
	return what == NULL;
}

static int by_name(const void *x, const void *y)
{
	return strcmp(*(char *const *)x, *(char *const *)y);
}

TEST(sim_step_equals_run_on_every_sim_file)
{
	char dir[512];
	snprintf(dir, sizeof dir, "%s/sim", test_dir());
	DIR *dp = opendir(dir);
	CHECK(dp != NULL);
	if (!dp)
		return;
	char *names[1024];
	int n = 0;
	for (struct dirent *e; (e = readdir(dp)) && n < 1024;) {
		size_t l = strlen(e->d_name);
		if (l > 2 && !strcmp(e->d_name + l - 2, ".s"))
			names[n++] = util_strdup(e->d_name);
	}
	closedir(dp);
	qsort(names, (size_t)n, sizeof *names, by_name);
	simt_isa *isa = NULL;
	simt_diags d;
	simt_diags_init(&d);
	CHECK_EQ(simt_isa_load_builtin(&isa, &d), SIMT_OK);
	int same = 0, traced = 0;
	for (int f = 0; f < n; f++) {
		char path[1024];
		snprintf(path, sizeof path, "%s/%s", dir, names[f]);
		size_t len;
		char *text = util_read_file(path, &len);
		CHECK(text != NULL);
		outcome o[M_COUNT];
		memset(o, 0, sizeof o);
		bool ok = text != NULL;
		for (int k = 0; k < M_COUNT && ok; k++) {
			run_mode(isa, path, text, len, k, &o[k]);
			if (k > M_RUN)
				ok = compare(names[f], k, &o[M_RUN], &o[k]);
		}
		same += ok;
		traced += o[M_RUN].trace.len > 0;
		for (int k = 0; k < M_COUNT; k++)
			outcome_free(&o[k]);
		free(text);
		free(names[f]);
	}
	CHECK(n >= 100);
	CHECK_EQ(same, n);
	if (getenv("SIMT_TEST_VERBOSE"))
		printf("stepping == simt_sim_run on %d of %d tests/sim files "
		       "(%d with a trace), modes step, mixed, break\n",
		       same, n, traced);
	simt_isa_free(isa);
	simt_diags_free(&d);
}
