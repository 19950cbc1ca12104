/*
 * explore.c - `simt explore`: run a test file under every schedule within a
 * bound and compare the outcomes (docs/explore.md); and the schedule files
 * `-o` writes and `simt run --schedule` replays.
 *
 * Stateless depth-first search (CHESS-style): each run replays a prefix of
 * choices (src/sim/choice.c calls back at every choice point) and takes the
 * default after it, recording the choice points it meets; then the deepest
 * choice with an untried option within the bound is changed and the
 * program runs again from the start.  The bound counts the choices that
 * differ from the default (delay bounding: the default is round-robin, so
 * spin loops stay fair).  Partial-order reduction is the simulator's:
 * warp-local instructions are not choice points (--no-por makes every issue
 * one).  The first run (the default schedule) is the reference; a run that
 * stops differently or ends with other buffer contents is a finding, and so
 * is one that fails the test file (its .expect lines or .expect-error).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cli/cli.h"
#include "simt/ptx.h"
#include "simt/sim.h"
#include "simt/simt.h"
#include "simt/testfile.h"
#include "util/util.h"

static const char usage_text[] =
	"usage: simt explore PROGRAM.s|KERNEL.ptx [OPTIONS]\n"
	"\n"
	"Runs the test file under every schedule that departs from round-robin\n"
	"at most K times and compares the outcomes (docs/explore.md).\n"
	"\n"
	"  --bound K               departures from the default schedule (default 2)\n"
	"  --budget N|TIMEs|TIMEm  stop after N schedules or that much CPU time\n"
	"                          (default 100000 schedules)\n"
	"  -o FILE                 write the first differing schedule to FILE\n"
	"                          (replay: simt run --schedule FILE PROGRAM)\n"
	"  --no-por                a choice before every issue (no partial-order\n"
	"                          reduction; for measuring it)\n"
	"  --outcomes              do not stop at a difference: list every\n"
	"                          distinct outcome with its count\n"
	"  --observe NAME[,NAME]   buffers the outcome consists of (default: all)\n"
	"  --memory=sc|relaxed     memory model (docs/memory-model.md)\n"
	"  --check=LIST            opt-in checks: a report is a finding\n"
	"  --grid, --block, --max-cycles, --kernel, --isa DIR   as for simt run\n";

/* ---- schedule files -------------------------------------------------------- */

typedef struct ex_choice {
	uint8_t kind, n, def, taken;
	uint8_t next;  /* next alternative to try (1 .. n-1)       */
	uint32_t cost; /* departures before this choice            */
	uint64_t step;
} ex_choice;

/* The k-th alternative (k >= 1) of a choice: the options other than def in
 * ascending order. */
static uint8_t alternative(const ex_choice *x, int k)
{
	return (uint8_t)(k - 1 < x->def ? k - 1 : k);
}

typedef struct ex_sched {
	ex_choice *v;
	int len, cap;
	bool relaxed, por;
	/* the footprint of address-aware reduction (NULL: none) and how many
	   of its words were shared when the current run began */
	simt_footprint *fp;
	uint64_t fp_start;
} ex_sched;

static bool sched_push(ex_sched *s, ex_choice x)
{
	if (!util_grow((void **)&s->v, &s->cap, s->len + 1, sizeof *s->v))
		return false;
	s->v[s->len++] = x;
	return true;
}

static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
	return x < y ? -1 : x > y;
}

/* `footprint N` and `shared ADDR COUNT` lines: the words shared when the
 * run began, in ascending runs of consecutive words. */
static void write_footprint(cli_out *o, const ex_sched *s)
{
	uint64_t n = s->fp_start;
	uint64_t *v = n ? malloc(n * sizeof *v) : NULL;
	if (n && !v)
		n = 0; /* out of memory: the replay may not match */
	for (uint64_t k = 0; k < n; k++)
		v[k] = simt_footprint_word(s->fp, k);
	qsort(v, n, sizeof *v, cmp_u64);
	cli_out_printf(o, "footprint %llu   # words two warps touched\n",
		       (unsigned long long)n);
	for (uint64_t k = 0; k < n;) {
		uint64_t j = k + 1;
		while (j < n && v[j] == v[j - 1] + 4)
			j++;
		cli_out_printf(o, "shared 0x%llx %llu\n", (unsigned long long)v[k],
			       (unsigned long long)(j - k));
		k = j;
	}
	free(v);
}

/* The file format (docs/explore.md): '#' comments, then `memory M`, `por
 * on|off`, the footprint and one `KIND N TAKEN` line per choice point in
 * run order. */
static int sched_write(const ex_sched *s, int upto, const char *program,
		       const char *path)
{
	cli_out o;
	const char *inputs[1] = {program};
	if (!cli_out_open(&o, "explore", path, inputs, 1))
		return 1;
	cli_out_printf(&o, "# simt schedule 1: replay with `simt run --schedule %s %s`\n",
		       path, program);
	cli_out_printf(&o, "memory %s\npor %s\n", s->relaxed ? "relaxed" : "sc",
		       s->por ? "on" : "off");
	if (s->fp)
		write_footprint(&o, s);
	cli_out_puts(&o, "# KIND OPTIONS TAKEN   (default, issues before it)\n");
	for (int k = 0; k < upto; k++) {
		const ex_choice *x = &s->v[k];
		cli_out_printf(&o, "%s %u %u   # default %u, step %llu\n",
			       simt_choice_kind_name((simt_choice_kind)x->kind),
			       x->n, x->taken, x->def, (unsigned long long)x->step);
	}
	return cli_out_commit(&o);
}

static int cli_schedule_read(const char *path, ex_sched **out)
{
	size_t len;
	bool mapped = false;
	char *data = cli_read_input(path, &len, &mapped);
	if (!data) {
		fprintf(stderr, "simt run: cannot read schedule '%s': %s\n", path,
			strerror(errno));
		return 1;
	}
	ex_sched *s = calloc(1, sizeof *s);
	int ln = 0, rc = s ? 0 : 1;
	if (s)
		s->por = true;
	for (size_t at = 0; !rc && at < len;) {
		size_t e = at;
		while (e < len && data[e] != '\n')
			e++;
		char line[256];
		size_t n = e - at < sizeof line - 1 ? e - at : sizeof line - 1;
		memcpy(line, data + at, n);
		line[n] = 0;
		at = e + 1;
		ln++;
		char *h = strchr(line, '#');
		if (h)
			*h = 0;
		char w1[32], w2[32];
		unsigned k, t;
		unsigned long long a, c;
		int got = sscanf(line, "%31s %31s", w1, w2);
		if (got <= 0)
			continue;
		int kind = simt_choice_kind_parse(w1);
		if (!strcmp(w1, "memory") && got == 2 &&
		    (!strcmp(w2, "sc") || !strcmp(w2, "relaxed"))) {
			s->relaxed = !strcmp(w2, "relaxed");
		} else if (!strcmp(w1, "por") && got == 2 &&
			   (!strcmp(w2, "on") || !strcmp(w2, "off"))) {
			s->por = !strcmp(w2, "on");
		} else if (!strcmp(w1, "footprint") && got == 2) {
			if (!s->fp && !(s->fp = simt_footprint_new()))
				rc = 1;
		} else if (!strcmp(w1, "shared") && s->fp &&
			   sscanf(line, "%*s %llx %llu", &a, &c) == 2 && c <= (1u << 26)) {
			for (unsigned long long j = 0; j < c && !rc; j++)
				rc = simt_footprint_add(s->fp, a + 4 * j) != SIMT_OK;
		} else if (kind >= 0 && sscanf(line, "%*s %u %u", &k, &t) == 2 &&
			   k >= 2 && k <= SIMT_CHOICE_MAX && t < k) {
			ex_choice x = {(uint8_t)kind, (uint8_t)k, 0, (uint8_t)t, 0, 0, 0};
			if (!sched_push(s, x))
				rc = 1;
		} else {
			fprintf(stderr, "%s:%d: error: not a schedule line (KIND N "
				"TAKEN with KIND warp|group|copy|read|write|reorder "
				"and TAKEN < N <= %d, `memory sc|relaxed`, `por "
				"on|off`, `footprint N`, `shared ADDR COUNT`)\n",
				path, ln, SIMT_CHOICE_MAX);
			rc = 1;
		}
	}
	cli_release_input(data, len, mapped);
	if (rc) {
		if (s) {
			free(s->v);
			simt_footprint_free(s->fp);
		}
		free(s);
		return 1;
	}
	*out = s;
	return 0;
}

/* ---- the chooser ------------------------------------------------------------ */

#define EX_MAX_DEPTH (1 << 20) /* choice points recorded per run */

typedef struct explorer {
	ex_sched s;
	int depth;      /* choice points met in this run                */
	uint32_t cost;  /* departures so far in this run                */
	bool replay;    /* simt run --schedule: never record            */
	bool mismatch;  /* the program met other choices than recorded   */
	int mismatch_at;
	simt_choice_kind got_kind;
	int got_n;
	bool truncated; /* more than EX_MAX_DEPTH choice points          */
} explorer;

static int choose(void *user, const simt_choice *ch)
{
	explorer *e = user;
	if (e->depth < e->s.len) {
		ex_choice *x = &e->s.v[e->depth++];
		if (x->kind != ch->kind || x->n != ch->n) {
			if (!e->mismatch) {
				e->mismatch = true;
				e->mismatch_at = e->depth;
				e->got_kind = ch->kind;
				e->got_n = ch->n;
			}
			return ch->def;
		}
		x->def = (uint8_t)ch->def;
		x->step = ch->step;
		e->cost += x->taken != x->def;
		return x->taken;
	}
	if (e->replay)
		return ch->def;
	if (e->s.len >= EX_MAX_DEPTH) {
		e->truncated = true;
		return ch->def;
	}
	ex_choice x = {(uint8_t)ch->kind, (uint8_t)ch->n, (uint8_t)ch->def,
		       (uint8_t)ch->def, 1, e->cost, ch->step};
	if (sched_push(&e->s, x))
		e->depth++;
	return ch->def;
}

typedef struct run_hook {
	explorer *e;
	simt_test_run_fn *inner;
	void *inner_user;
} run_hook;

/* The simt_test_opts.run hook: install the chooser, run. */
static simt_status hooked_run(void *user, struct simt_sim *sim,
			      const struct simt_launch *l, simt_diags *d)
{
	run_hook *h = user;
	simt_sim_set_chooser(sim, choose, h->e,
			     h->e->s.por ? 0 : SIMT_CHOOSE_EVERY_ISSUE);
	simt_sim_set_footprint(sim, h->e->s.por ? h->e->s.fp : NULL);
	h->e->depth = 0;
	h->e->cost = 0;
	simt_status st = h->inner ? h->inner(h->inner_user, sim, l, d)
				  : simt_sim_run(sim, l, d);
	simt_sim_set_chooser(sim, NULL, NULL, 0);
	simt_sim_set_footprint(sim, NULL);
	return st;
}

/* ---- simt run --schedule ------------------------------------------------------- */

struct cli_replay {
	explorer e;
	run_hook h;
	char *memory_line;
};

cli_replay *cli_replay_new(const char *path)
{
	ex_sched *s;
	if (cli_schedule_read(path, &s))
		return NULL;
	cli_replay *r = calloc(1, sizeof *r);
	if (!r) {
		free(s->v);
		free(s);
		return NULL;
	}
	r->e.s = *s;
	free(s);
	r->e.replay = true;
	r->h.e = &r->e;
	return r;
}

bool cli_replay_relaxed(const cli_replay *r)
{
	return r->e.s.relaxed;
}

void cli_replay_hook(cli_replay *r, simt_test_opts *opts)
{
	r->h.inner = opts->run;
	r->h.inner_user = opts->run_user;
	opts->run = hooked_run;
	opts->run_user = &r->h;
}

int cli_replay_finish(cli_replay *r, const char *path)
{
	int rc = 0;
	if (r->e.mismatch) {
		fprintf(stderr, "simt run: schedule %s does not match the program: "
			"choice %d of the file is %s of %u options, the run met %s "
			"of %d\n", path, r->e.mismatch_at,
			simt_choice_kind_name((simt_choice_kind)r->e.s.v[r->e.mismatch_at - 1].kind),
			r->e.s.v[r->e.mismatch_at - 1].n,
			simt_choice_kind_name(r->e.got_kind), r->e.got_n);
		rc = 1;
	} else if (r->e.depth < r->e.s.len) {
		fprintf(stderr, "simt run: schedule %s has %d choices, the run met "
			"only %d\n", path, r->e.s.len, r->e.depth);
		rc = 1;
	} else {
		fprintf(stderr, "simt run: replayed the %d choices of %s\n",
			r->e.s.len, path);
	}
	free(r->e.s.v);
	simt_footprint_free(r->e.s.fp);
	free(r);
	return rc;
}

/* ---- exploration ------------------------------------------------------------- */

typedef struct ex_opts {
	const char *input, *kernel, *isa_dir, *out, *observe;
	int bound;
	uint64_t budget_runs;
	double budget_secs;
	bool no_por, outcomes, relaxed;
	int nlines;
	char *lines[32];
	const char *origin[32];
} ex_opts;

static int add_line(ex_opts *o, const char *opt, char *line)
{
	if (!line || o->nlines == (int)UTIL_ARRAY_LEN(o->lines)) {
		free(line);
		fprintf(stderr, "simt explore: too many options\n");
		return 2;
	}
	o->origin[o->nlines] = opt;
	o->lines[o->nlines++] = line;
	return 0;
}

static int parse_budget(ex_opts *o, const char *v)
{
	char *end = NULL;
	errno = 0;
	double x = strtod(v, &end);
	if (end == v || errno || x <= 0) {
		fprintf(stderr, "simt explore: --budget wants N schedules or a time "
			"(30s, 2m), got '%s'\n", v);
		return 2;
	}
	if (!*end) {
		o->budget_runs = (uint64_t)x;
		o->budget_secs = 0;
	} else if (!strcmp(end, "s") || !strcmp(end, "m")) {
		o->budget_secs = *end == 'm' ? 60 * x : x;
		o->budget_runs = UINT64_MAX;
	} else {
		fprintf(stderr, "simt explore: --budget: unknown unit '%s' (s, m)\n", end);
		return 2;
	}
	return 0;
}

static int parse_args(int argc, char **argv, ex_opts *o)
{
	o->bound = 2;
	o->budget_runs = 100000;
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i];
		if (!strcmp(a, "--help") || !strcmp(a, "-h"))
			return -1;
		if (!strcmp(a, "--no-por")) {
			o->no_por = true;
			continue;
		}
		if (!strcmp(a, "--outcomes")) {
			o->outcomes = true;
			continue;
		}
		if (!strncmp(a, "--memory=", 9) || !strncmp(a, "--check=", 8)) {
			bool mem = a[2] == 'm';
			const char *v = strchr(a, '=') + 1;
			int rc = add_line(o, mem ? "--memory" : "--check",
					  util_format(".launch %s=%s", mem ? "memory" : "check", v));
			if (rc)
				return rc;
			continue;
		}
		if (a[0] != '-' || !a[1]) {
			if (o->input) {
				fprintf(stderr, "simt explore: one program at a time\n");
				return 2;
			}
			o->input = a;
			continue;
		}
		if (i + 1 >= argc) {
			fprintf(stderr, "simt explore: %s needs a value\n", a);
			return 2;
		}
		const char *v = argv[++i];
		static const char *const keys[][2] = {
			{"--grid", "grid"}, {"--block", "block"},
			{"--max-cycles", "max-cycles"}, {"--memory", "memory"},
			{"--check", "check"},
		};
		bool done = false;
		for (size_t k = 0; k < UTIL_ARRAY_LEN(keys) && !done; k++)
			if (!strcmp(a, keys[k][0])) {
				int rc = add_line(o, keys[k][0],
						  util_format(".launch %s=%s", keys[k][1], v));
				if (rc)
					return rc;
				done = true;
			}
		if (done)
			continue;
		if (!strcmp(a, "--bound")) {
			uint64_t b;
			if (!cli_number("explore", a, v, 64, &b))
				return 2;
			o->bound = (int)b;
		} else if (!strcmp(a, "--budget")) {
			int rc = parse_budget(o, v);
			if (rc)
				return rc;
		} else if (!strcmp(a, "-o")) {
			o->out = v;
		} else if (!strcmp(a, "--observe")) {
			o->observe = v;
		} else if (!strcmp(a, "--kernel")) {
			o->kernel = v;
		} else if (!strcmp(a, "--isa")) {
			o->isa_dir = v;
		} else {
			fprintf(stderr, "simt explore: unknown option '%s'\n%s", a, usage_text);
			return 2;
		}
	}
	if (!o->input)
		return cli_usage(usage_text, false);
	return 0;
}

/* The program, assembled or compiled once. */
static int load(ex_opts *o, simt_isa *isa, simt_testfile *tf, simt_object **obj,
		simt_diags *d)
{
	if (cli_load_program("explore", o->input, isa, true, tf, obj, d))
		return 1;
	for (int k = 0; k < o->nlines; k++)
		if (simt_testfile_directive_from(tf, o->origin[k], o->lines[k], d) != SIMT_OK)
			return 1;
	return 0;
}

static bool observed(const ex_opts *o, const char *name)
{
	if (!o->observe)
		return true;
	size_t n = strlen(name);
	for (const char *p = o->observe; *p;) {
		const char *e = strchr(p, ',');
		size_t k = e ? (size_t)(e - p) : strlen(p);
		if (k == n && !strncmp(p, name, n))
			return true;
		p += k + (e != NULL);
	}
	return false;
}

/* The outcome of a run as text: how it ended and the observed buffers. */
static char *outcome(const ex_opts *o, const simt_testfile *tf,
		     const simt_test_result *r, const simt_diags *d)
{
	util_buf b = {0};
	if (r->program_failed) {
		const char *m = "stopped";
		for (int k = 0; k < d->count; k++)
			if (d->items[k].severity == SIMT_SEV_ERROR) {
				m = d->items[k].message;
				break;
			}
		util_buf_printf(&b, "error: %s", m);
	} else {
		for (int k = 0; k < tf->nbuffers && r->final; k++) {
			const simt_tbuffer *t = &tf->buffers[k];
			if (!observed(o, t->name))
				continue;
			int size = simt_elem_size(t->type);
			util_buf_printf(&b, "%s%s={", b.len ? " " : "", t->name);
			for (uint32_t e = 0; e < t->count; e++) {
				char v[48];
				simt_elem_format(t->type, r->final[k] + (size_t)e * size, v, sizeof v);
				util_buf_printf(&b, "%s%s", e ? ", " : "", v);
			}
			util_buf_puts(&b, "}");
		}
		if (!r->passed && r->reason)
			util_buf_printf(&b, "%sexpectation failed: %s", b.len ? "; " : "",
					r->reason);
	}
	char *s = util_buf_take(&b);
	return s ? s : util_format("%s", "");
}

typedef struct ex_outcome {
	char *text;
	uint64_t count;
	uint64_t first; /* schedule number that first produced it */
} ex_outcome;

static double cpu_now(void)
{
	struct timespec t;
	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
	return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

/* Move the schedule to the next one within the bound; false when done.
 * *pruned counts the alternatives the bound leaves out. */
static bool backtrack(explorer *e, int bound, uint64_t *pruned)
{
	while (e->s.len > 0) {
		ex_choice *x = &e->s.v[e->s.len - 1];
		if (x->next < x->n && (int)x->cost + 1 <= bound) {
			x->taken = alternative(x, x->next++);
			return true;
		}
		if (x->next < x->n)
			*pruned += (uint64_t)(x->n - x->next);
		e->s.len--;
	}
	return false;
}

static int explore(ex_opts *o, simt_isa *isa, simt_diags *d)
{
	simt_testfile tf;
	simt_object *obj = NULL;
	int rc = load(o, isa, &tf, &obj, d);
	if (rc) {
		cli_print_diags(d);
		simt_testfile_free(&tf);
		simt_object_free(obj);
		return rc;
	}
	explorer e = {0};
	e.s.por = !o->no_por;
	e.s.relaxed = tf.memory && !strcmp(tf.memory, "relaxed");
	if (e.s.por && !(e.s.fp = simt_footprint_new())) {
		simt_testfile_free(&tf);
		simt_object_free(obj);
		fprintf(stderr, "simt explore: out of memory\n");
		return 1;
	}
	uint64_t restarts = 0;
	run_hook h = {&e, NULL, NULL};
	simt_test_opts opts = {.kernel = o->kernel, .object = obj,
			       .run = hooked_run, .run_user = &h};
	ex_outcome *outs = NULL;
	int nouts = 0, capouts = 0;
	uint64_t runs = 0, pruned = 0, choices = 0;
	double t0 = cpu_now();
	bool found = false, complete = false, budget = false;
	char *ref = NULL;
	cli_out *out = cli_stdout();
	for (;;) {
		simt_test_result r;
		simt_diags rd;
		simt_diags_init(&rd);
		e.s.fp_start = simt_footprint_count(e.s.fp);
		simt_testfile_run(isa, &tf, &opts, &r, &rd);
		runs++;
		choices += (uint64_t)e.depth;
		char *text = outcome(o, &tf, &r, &rd);
		if (e.mismatch) {
			cli_out_printf(out, "simt explore: %s: the program is not "
				       "deterministic: schedule %llu met other choices "
				       "than its prefix recorded\n", o->input,
				       (unsigned long long)runs);
			free(text);
			simt_test_result_free(&r);
			simt_diags_free(&rd);
			rc = 1;
			break;
		}
		if (!ref) {
			ref = util_format("%s", text);
			cli_out_printf(out, "default schedule: %s\n", ref);
		}
		int k = 0;
		while (k < nouts && strcmp(outs[k].text, text))
			k++;
		if (k == nouts && util_grow((void **)&outs, &capouts, nouts + 1, sizeof *outs))
			outs[nouts++] = (ex_outcome){util_format("%s", text), 0, runs};
		if (k < nouts)
			outs[k].count++;
		/* a finding: another outcome than the default schedule's, or a
		   run that fails the test file (its .expect lines, an error) */
		if (!o->outcomes && (strcmp(text, ref) || !r.passed)) {
			found = true;
			int upto = e.s.len; /* the whole trail: it shows the order */
			cli_out_printf(out, "schedule %llu %s (%d departures from the "
				       "default in %d choice points):\n  this schedule: %s\n",
				       (unsigned long long)runs,
				       strcmp(text, ref) ? "differs" : "fails the test file",
				       (int)e.cost, e.depth, text);
			if (r.program_failed)
				cli_print_diags(&rd);
			if (o->out) {
				if (sched_write(&e.s, upto, o->input, o->out))
					rc = 1;
				else
					cli_out_printf(out, "schedule written to %s (replay: "
						       "simt run --schedule %s %s)\n",
						       o->out, o->out, o->input);
			}
		}
		free(text);
		simt_test_result_free(&r);
		simt_diags_free(&rd);
		if (found)
			break;
		if (simt_footprint_count(e.s.fp) > e.s.fp_start) {
			/* new shared words: the choice points change; start over
			   (the reduction is sound once a whole pass adds none) */
			e.s.len = 0;
			restarts++;
		} else if (!backtrack(&e, o->bound, &pruned)) {
			complete = true;
			break;
		}
		if (runs >= o->budget_runs ||
		    (o->budget_secs > 0 && cpu_now() - t0 >= o->budget_secs)) {
			budget = true;
			break;
		}
	}
	double secs = cpu_now() - t0;
	if (!rc || found) {
		cli_out_printf(out, "%llu schedules explored (bound %d, partial-order "
			       "reduction %s, memory %s), %llu alternatives pruned by "
			       "the bound, %llu choice points, %.3f s, %.0f schedules/s\n",
			       (unsigned long long)runs, o->bound, o->no_por ? "off" : "on",
			       e.s.relaxed ? "relaxed" : "sc", (unsigned long long)pruned,
			       (unsigned long long)choices, secs,
			       secs > 0 ? (double)runs / secs : 0.0);
		if (e.s.fp)
			cli_out_printf(out, "footprint: %llu words shared between "
				       "warps, %llu restarts\n",
				       (unsigned long long)simt_footprint_count(e.s.fp),
				       (unsigned long long)restarts);
		if (o->outcomes)
			for (int k = 0; k < nouts; k++)
				cli_out_printf(out, "outcome %s  (%llu schedules, first #%llu)\n",
					       outs[k].text, (unsigned long long)outs[k].count,
					       (unsigned long long)outs[k].first);
		if (e.truncated)
			cli_out_printf(out, "note: runs met more than %d choice points; "
				       "the later ones took the default\n", EX_MAX_DEPTH);
		if (found)
			rc = 1;
		else if (budget)
			cli_out_printf(out, "budget reached before the schedules within "
				       "bound %d were covered%s\n", o->bound,
				       o->outcomes ? "" : ": no difference so far");
		else if (complete && !o->outcomes)
			cli_out_printf(out, "every schedule within bound %d exits with the "
				       "same outputs\n", o->bound);
	}
	for (int k = 0; k < nouts; k++)
		free(outs[k].text);
	free(outs);
	free(ref);
	free(e.s.v);
	simt_footprint_free(e.s.fp);
	simt_testfile_free(&tf);
	simt_object_free(obj);
	return rc;
}

int cli_explore(int argc, char **argv)
{
	ex_opts o = {0};
	int rc = parse_args(argc, argv, &o);
	if (rc < 0) {
		rc = cli_usage(usage_text, true);
	} else if (!rc) {
		simt_isa *isa = cli_load_isa(o.isa_dir);
		if (!isa) {
			rc = 1;
		} else {
			simt_diags d;
			simt_diags_init(&d);
			rc = explore(&o, isa, &d);
			simt_diags_free(&d);
			simt_isa_free(isa);
		}
	}
	for (int k = 0; k < o.nlines; k++)
		free(o.lines[k]);
	return rc;
}
