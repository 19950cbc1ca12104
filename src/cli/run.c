/*
 * run.c - `simt run`: run a kernel of a .s source or a .o object.
 *
 * Options become test-file directive lines applied after the file's own
 * (simt_testfile_directive), so the command line overrides the file:
 *   --grid 4,1,1         -> .launch grid=4,1,1
 *   --resident-ctas 2    -> .launch resident=2
 *   --threads 2          -> .launch threads=2
 *   --check=sync         -> .launch check=sync
 *   --buffer out=u32[64]:iota -> .buffer out u32[64] = iota
 *   --param out          -> .param out   (any --param replaces the file's)
 * A test file's .expect lines are checked too.  Exit 0 on success, 1 on a
 * fault, failed expectation or error (diagnostics on stderr), 2 on usage.
 */
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
	"usage: simt run PROGRAM.s|PROGRAM.o|KERNEL.ptx|- [OPTIONS]\n"
	"\n"
	"  --kernel K              kernel to run (default: the first)\n"
	"  --grid X[,Y,Z]          CTAs (default 1)\n"
	"  --block X[,Y,Z]         threads per CTA (default 32)\n"
	"  --shared N              dynamic shared memory bytes\n"
	"  --local N               local memory bytes per thread (default 1024)\n"
	"  --buffer NAME=TYPE[N]:INIT   global buffer; TYPE u8 u16 u32 u64 s8 s16\n"
	"                          s32 s64 f32 f64; INIT zero | iota | random(SEED)\n"
	"                          | file(PATH) | {v0,v1,...}\n"
	"  --param NAME|TYPE:VALUE kernel parameter (buffer address or value)\n"
	"  --print NAME            print a buffer after the run\n"
	"  --trace FILE.jsonl      one JSON line per issued warp instruction\n"
	"  --timeline FILE.json    Chrome/Perfetto trace events: warps, waits,\n"
	"                          barriers, mbarriers (docs/timeline.md)\n"
	"  --vcd FILE.vcd          per-warp PC, masks, status and barrier\n"
	"                          arrivals as VCD signals (GTKWave)\n"
	"  --policy rr|greedy|random:SEED   warp scheduling policy\n"
	"  --max-cycles N          stop after N cycles\n"
	"  --resident-ctas N       CTAs running interleaved at once (default: the\n"
	"                          grid up to 64 CTAs and 16 warps, at least 2)\n"
	"  --threads N             worker threads running CTA groups (default:\n"
	"                          the CPUs it may run on); never changes a\n"
	"                          result\n"
	"  --cta-group N           CTAs per group, each on its own scheduler\n"
	"                          from cycle 0 (default 256, at least the\n"
	"                          resident CTAs)\n"
	"  --copy-latency N        cycles of an asynchronous copy (default 64)\n"
	"  --cluster X[,Y,Z]       thread-block cluster shape in CTAs (sm_90; at\n"
	"                          most 8 CTAs, dividing the grid)\n"
	"  --memory=sc|relaxed     memory model: sequentially consistent (default)\n"
	"                          or PTX's relaxed one (docs/memory-model.md)\n"
	"  --schedule FILE         replay a schedule `simt explore -o` wrote\n"
	"  --check=LIST            opt-in checks, comma-separated (below): report\n"
	"                          what they find and run on\n"
	"  --check-report FILE.json  the race and init reports as one JSON\n"
	"                          object (docs/checks.md)\n"
	"  --stats                 print cycles and instruction counts\n"
	"  --isa DIR               use the ISA description files of DIR\n";

typedef struct run_opts {
	const char *input, *kernel, *isa_dir, *trace, *timeline, *vcd, *schedule;
	const char *check_report;
	int nlines, nprints;
	char *lines[256];
	const char *origin[256]; /* the option each line comes from */
	const char *prints[64];
	bool params_given, stats;
} run_opts;

static int add_line(run_opts *o, const char *opt, char *line)
{
	if (!line || o->nlines == (int)UTIL_ARRAY_LEN(o->lines)) {
		free(line);
		fprintf(stderr, "simt run: too many options\n");
		return 2;
	}
	o->origin[o->nlines] = opt;
	o->lines[o->nlines++] = line;
	return 0;
}

/* --buffer NAME=TYPE[N]:INIT -> ".buffer NAME TYPE[N] = INIT" */
static char *buffer_line(const char *v)
{
	const char *eq = strchr(v, '='), *colon = eq ? strchr(eq, ':') : NULL;
	if (!eq || !colon)
		return NULL;
	return util_format(".buffer %.*s %.*s = %s", (int)(eq - v), v,
			   (int)(colon - eq - 1), eq + 1, colon + 1);
}

static int option(run_opts *o, const char *a, const char *v)
{
	/* values are checked where the directive reads them (testfile.c) */
	static const char *const launch_keys[][2] = {
		{"--grid", "grid"}, {"--block", "block"}, {"--shared", "shared"},
		{"--policy", "policy"}, {"--max-cycles", "max-cycles"},
		{"--local", "local"}, {"--resident-ctas", "resident"},
		{"--copy-latency", "copy-latency"}, {"--check", "check"},
		{"--cluster", "cluster"}, {"--memory", "memory"},
		{"--threads", "threads"}, {"--cta-group", "cta-group"},
	};
	for (size_t k = 0; k < UTIL_ARRAY_LEN(launch_keys); k++)
		if (!strcmp(a, launch_keys[k][0]))
			return add_line(o, launch_keys[k][0],
					util_format(".launch %s=%s", launch_keys[k][1], v));
	if (!strcmp(a, "--buffer")) {
		char *line = buffer_line(v);
		if (!line) {
			fprintf(stderr, "simt run: --buffer wants NAME=TYPE[N]:INIT, got '%s'\n", v);
			return 2;
		}
		return add_line(o, "--buffer", line);
	}
	if (!strcmp(a, "--param")) {
		o->params_given = true;
		return add_line(o, "--param", util_format(".param %s", v));
	}
	if (!strcmp(a, "--print")) {
		if (o->nprints == (int)UTIL_ARRAY_LEN(o->prints)) {
			fprintf(stderr, "simt run: more than %d --print options\n",
				(int)UTIL_ARRAY_LEN(o->prints));
			return 2;
		}
		o->prints[o->nprints++] = v;
		return 0;
	}
	if (!strcmp(a, "--kernel"))
		o->kernel = v;
	else if (!strcmp(a, "--trace"))
		o->trace = v;
	else if (!strcmp(a, "--timeline"))
		o->timeline = v;
	else if (!strcmp(a, "--vcd"))
		o->vcd = v;
	else if (!strcmp(a, "--check-report"))
		o->check_report = v;
	else if (!strcmp(a, "--isa"))
		o->isa_dir = v;
	else if (!strcmp(a, "--schedule"))
		o->schedule = v;
	else {
		fprintf(stderr, "simt run: unknown option '%s'\n%s", a, usage_text);
		return 2;
	}
	return 0;
}

static int parse_args(int argc, char **argv, run_opts *o)
{
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i];
		if (!strcmp(a, "--help") || !strcmp(a, "-h"))
			return -1;
		if (!strcmp(a, "--stats")) {
			o->stats = true;
			continue;
		}
		if (!strncmp(a, "--check-report=", 15)) {
			o->check_report = a + 15;
			continue;
		}
		if (!strncmp(a, "--check=", 8) || !strncmp(a, "--memory=", 9)) {
			/* also --check LIST, --memory MODEL */
			int rc = a[3] == 'h' ? option(o, "--check", a + 8)
					     : option(o, "--memory", a + 9);
			if (rc)
				return rc;
			continue;
		}
		if (a[0] != '-' || !a[1]) { /* "-": standard input */
			if (o->input) {
				fprintf(stderr, "simt run: one program at a time\n");
				return 2;
			}
			o->input = a;
			continue;
		}
		if (i + 1 >= argc) {
			fprintf(stderr, "simt run: %s needs a value\n", a);
			return 2;
		}
		int rc = option(o, a, argv[++i]);
		if (rc)
			return rc;
	}
	if (!o->input)
		return cli_usage(usage_text, false);
	return 0;
}

static void trace_line(void *user, const char *json)
{
	cli_out_puts(user, json);
	cli_out_write(user, "\n", 1);
}

/* Parse the file (or an empty test for objects) and apply the options. */
static int load_test(run_opts *o, simt_isa *isa, simt_testfile *tf,
		     simt_object **obj, simt_diags *d)
{
	if (cli_load_program("run", o->input, isa, false, tf, obj, d))
		return 1;
	if (o->params_given) { /* the command line's parameters replace the file's */
		for (int k = 0; k < tf->nparams; k++)
			free(tf->params[k].buffer);
		tf->nparams = 0;
	}
	for (int k = 0; k < o->nlines; k++)
		if (simt_testfile_directive_from(tf, o->origin[k], o->lines[k], d) != SIMT_OK)
			return 1;
	return 0;
}

/* Every --print names a buffer of the test (checked before the run:
 * exit 2, docs/cli.md). */
static int check_prints(const run_opts *o, const simt_testfile *tf)
{
	for (int k = 0; k < o->nprints; k++) {
		if (simt_testfile_buffer(tf, o->prints[k], strlen(o->prints[k])) >= 0)
			continue;
		fprintf(stderr, "simt run: --print: no buffer '%s'", o->prints[k]);
		for (int b = 0; b < tf->nbuffers; b++)
			fprintf(stderr, "%s'%s'", b ? ", " : " (buffers: ", tf->buffers[b].name);
		fprintf(stderr, "%s\n", tf->nbuffers ? ")" : " (the program has no buffers)");
		return 2;
	}
	return 0;
}

static void print_buffer(const simt_testfile *tf, const simt_test_result *r,
			 const char *name)
{
	cli_out *out = cli_stdout();
	int k = simt_testfile_buffer(tf, name, strlen(name));
	const simt_tbuffer *b = &tf->buffers[k];
	int size = simt_elem_size(b->type);
	cli_out_printf(out, "%s = {", name);
	for (uint32_t e = 0; e < b->count; e++) {
		char v[48];
		simt_elem_format(b->type, r->final[k] + (size_t)e * size, v, sizeof v);
		cli_out_printf(out, "%s%s", e ? ", " : "", v);
	}
	cli_out_puts(out, "}\n");
}

/* An output (--trace, --timeline, --vcd) may not name the program or a
 * file() input of a buffer. */
static bool open_output(const run_opts *o, const simt_testfile *tf,
			const char *path, cli_out *t)
{
	const char *inputs[1 + 64];
	int n = 0;
	inputs[n++] = o->input;
	for (int b = 0; b < tf->nbuffers && n < (int)UTIL_ARRAY_LEN(inputs); b++)
		if (tf->buffers[b].init.kind == SIMT_INIT_FILE)
			inputs[n++] = tf->buffers[b].init.path;
	return cli_out_open(t, "run", path, inputs, n);
}

/* --check-report: the run (with the waveform writer's when there is one),
 * then the reports of the checks as JSON. */
typedef struct report_run {
	simt_test_run_fn *inner;
	void *inner_user;
	char *json;
} report_run;

static simt_status run_and_report(void *user, struct simt_sim *s,
				  const simt_launch *l, simt_diags *d)
{
	report_run *r = user;
	simt_status st = r->inner ? r->inner(r->inner_user, s, l, d)
				  : simt_sim_run(s, l, d);
	simt_free(r->json);
	r->json = simt_sim_check_json(s);
	return st;
}

static int execute(run_opts *o, simt_isa *isa, simt_diags *d)
{
	simt_testfile tf;
	simt_object *obj = NULL;
	simt_test_result r = {0};
	int rc = load_test(o, isa, &tf, &obj, d);
	if (!rc)
		rc = check_prints(o, &tf);
	cli_out trace_out, *trace = NULL, tl_out, *tl = NULL, vcd_out, *vcd = NULL;
	cli_out rep_out, *rep = NULL;
	report_run rr = {0};
	if (!rc && o->check_report) {
		rep = &rep_out;
		if (!open_output(o, &tf, o->check_report, rep)) {
			rep = NULL;
			rc = 1;
		}
	}
	cli_wave *wave = NULL;
	if (!rc && o->trace) {
		trace = &trace_out;
		if (!open_output(o, &tf, o->trace, trace)) {
			trace = NULL;
			rc = 1;
		}
	}
	if (!rc && o->timeline) {
		tl = &tl_out;
		if (!open_output(o, &tf, o->timeline, tl)) {
			tl = NULL;
			rc = 1;
		}
	}
	if (!rc && o->vcd) {
		vcd = &vcd_out;
		if (!open_output(o, &tf, o->vcd, vcd)) {
			vcd = NULL;
			rc = 1;
		}
	}
	if (!rc && (tl || vcd)) {
		wave = cli_wave_new(tl, vcd, trace ? trace_line : NULL, trace);
		if (!wave) {
			fprintf(stderr, "simt run: out of memory\n");
			rc = 1;
		}
	}
	cli_replay *replay = NULL;
	if (!rc && o->schedule) {
		replay = cli_replay_new(o->schedule);
		if (!replay)
			rc = 1;
		/* the file's memory model unless the command line names one */
		else if (cli_replay_relaxed(replay) && !tf.memory &&
			 simt_testfile_directive_from(&tf, "--schedule",
						      ".launch memory=relaxed", d) != SIMT_OK)
			rc = 1;
	}
	bool ran = !rc; /* outputs are kept only when the program ran */
	if (!rc) {
		simt_test_opts opts = {.kernel = o->kernel, .object = obj,
				       .trace = trace ? trace_line : NULL,
				       .trace_user = trace,
				       .run = wave ? cli_wave_run : NULL,
				       .run_user = wave};
		if (rep) {
			rr.inner = opts.run;
			rr.inner_user = opts.run_user;
			opts.run = run_and_report;
			opts.run_user = &rr;
		}
		if (replay)
			cli_replay_hook(replay, &opts);
		struct timespec t0, t1;
		clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t0);
		simt_testfile_run(isa, &tf, &opts, &r, d);
		clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t1);
		double secs = (double)(t1.tv_sec - t0.tv_sec) + 1e-9 * (double)(t1.tv_nsec - t0.tv_nsec);
		cli_print_diags(d);
		if (replay && cli_replay_finish(replay, o->schedule))
			rc = 1;
		replay = NULL;
		if (r.passed && r.program_failed) {
			rc = 1; /* an expected error is still an error for `run` */
		} else if (r.passed) {
			for (int k = 0; k < o->nprints; k++)
				print_buffer(&tf, &r, o->prints[k]);
		} else {
			fprintf(stderr, "simt run: %s: %s\n", o->input, r.reason);
			rc = 1;
		}
		if (o->stats)
			fprintf(stderr, "cycles %llu, warp instructions %llu, thread instructions %llu, "
				"run cpu seconds %.6f, run wall seconds %.6f, total cpu seconds %.4f "
				"(with assembly and set-up), %.3g thread instructions/s, "
				"workers %u, worker cpu seconds max %.4f sum %.4f span %.4f\n",
				(unsigned long long)r.cycles, (unsigned long long)r.steps,
				(unsigned long long)r.thread_insts, r.run_seconds, r.run_wall, secs,
				r.run_seconds > 0 ? (double)r.thread_insts / r.run_seconds : 0.0,
				(unsigned)r.workers, r.worker_cpu_max, r.worker_cpu_sum,
				r.worker_cpu_span);
	} else {
		cli_print_diags(d);
	}
	/* the trace of a run that stopped with an error is kept: that is when
	 * it is wanted (docs/cli.md, "Outputs") */
	cli_wave_finish(wave); /* the pictures of a stopped run are kept too */
	if (rep && rr.json)
		cli_out_puts(rep, rr.json);
	simt_free(rr.json);
	cli_out *outs[4] = {trace, tl, vcd, rep};
	for (int k = 0; k < 4; k++) {
		if (outs[k] && !ran)
			cli_out_discard(outs[k]); /* another output failed to open */
		else if (outs[k] && cli_out_commit(outs[k]))
			rc = 1;
	}
	if (replay)
		cli_replay_finish(replay, o->schedule);
	simt_test_result_free(&r);
	simt_testfile_free(&tf);
	simt_object_free(obj);
	return rc;
}

int cli_run(int argc, char **argv)
{
	run_opts o = {0};
	int rc = parse_args(argc, argv, &o);
	if (rc < 0) {
		rc = cli_usage(usage_text, true);
		cli_print_checks(cli_stdout());
	} else if (!rc) {
		/* the heap on 2 MiB pages, as `simt ptx`'s and `simt as`'s
		 * (main.c): the lowering, the assembler and the simulator's set-up
		 * fault it in 2 MiB at a time, and what the run allocates (local
		 * memory, copy queues, CTA state) lands in pages they faulted in
		 * already, not in fresh ones inside the run window
		 * (docs/architecture.md) */
		void *heap = cli_heap_huge();
		simt_isa *isa = cli_load_isa(o.isa_dir);
		if (!isa) {
			rc = 1;
		} else {
			simt_diags d;
			simt_diags_init(&d);
			rc = execute(&o, isa, &d);
			simt_diags_free(&d);
			simt_isa_free(isa);
		}
		free(heap);
	}
	for (int k = 0; k < o.nlines; k++)
		free(o.lines[k]);
	return rc;
}
