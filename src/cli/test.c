/*
 * test.c - `simt test [OPTIONS] FILES...`: run self-checking test files
 * (tests/sim/README.md).
 *
 * "-" is one test file read from standard input (assembly, or PTX when a
 * line starts with .version; cli_program_kind), named <stdin> in the output.
 *
 * Output: one line per file on stdout in the order given, `ok FILE` or
 * `FAIL FILE: reason` (the program's diagnostics follow on stderr), then
 * `N passed, N failed`; with --tap the same results as TAP version 13.
 * Exit 1 when any file failed, 2 on usage errors.
 *
 *   -j N            run N files at once (threads; each file has its own
 *                   simulator, the ISA is shared read-only).  The output is
 *                   the same as with -j 1: results are printed in file order.
 *   --shard K/N     run only the files whose position p (0-based, in the
 *                   order given) has p % N == K - 1: shards 1..N together
 *                   run every file exactly once.
 *   --junit FILE    also write a JUnit XML report (one testcase per file).
 *   --check-report FILE.json
 *                   also write the reports of the checks (--check=race,init
 *                   or the files' own check=) of every file as one JSON
 *                   object (docs/checks.md, "Report file").
 *   --tap           TAP instead of the plain lines.
 *   --resident-ctas N, --check=LIST (or --check LIST), --memory=MODEL
 *                   apply `.launch resident=N` / `.launch check=LIST` /
 *                   `.launch memory=MODEL` after each file's own directives
 *                   (the command line wins).
 */
#include <errno.h>
#include <pthread.h>
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

/* The outcome of one file, filled by a worker, printed by the main thread. */
typedef struct result {
	const char *path;  /* as given; "-" is standard input */
	const char *stdin_text; /* its text, read before the workers start */
	size_t stdin_len;
	bool done, ok;
	char *reason;  /* FAIL text after "FILE: " (malloc'ed) */
	char *diags;   /* the program's diagnostics, formatted (malloc'ed) */
	char *check;   /* --check-report: simt_sim_check_json of its run */
	double seconds;
} result;

typedef struct runner {
	simt_isa *isa;
	const char *extra;  /* directive applied after each file's own */
	bool report;        /* --check-report: keep each run's check JSON */
	result *res;
	int n, next;        /* files; next one to take */
	pthread_mutex_t lock;
	pthread_cond_t done;
} runner;

static double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* --check-report: run, then keep the reports of the checks as JSON. */
static simt_status run_keeping_checks(void *user, struct simt_sim *s,
				      const simt_launch *l, simt_diags *d)
{
	char **json = user;
	simt_status st = simt_sim_run(s, l, d);
	simt_free(*json);
	*json = simt_sim_check_json(s);
	return st;
}

/* Run one file into *out (no printing: workers share stdout). */
static void test_one(simt_isa *isa, const char *extra, bool report,
		     result *out)
{
	const char *path = cli_input_name(out->path);
	simt_diags d;
	simt_diags_init(&d);
	simt_testfile tf;
	simt_test_result r = {0};
	size_t len;
	double t0 = now();
	/* standard input was read once, up front; a file is read here */
	char *text = out->stdin_text ? NULL : util_read_file(path, &len);
	const char *src = out->stdin_text ? out->stdin_text : text;
	if (out->stdin_text)
		len = out->stdin_len;
	if (!src) {
		out->reason = util_format("cannot read the file: %s", strerror(errno));
	} else if (simt_testfile_parse(path, src, len, &tf, &d) != SIMT_OK ||
		   (extra && simt_testfile_directive_from(&tf, "command line", extra,
							  &d) != SIMT_OK)) {
		/* the place: FILE:LINE:COL, or the option the directive came from */
		const simt_diag *g = d.count ? &d.items[0] : NULL;
		out->reason = g && g->line ? util_format("%s:%d:%d: %s", g->file, g->line,
							 g->col, g->message)
			      : g ? util_format("%s: %s", g->file, g->message)
				  : util_format("bad test directives");
		simt_testfile_free(&tf);
	} else {
		simt_object *obj = NULL;
		simt_test_opts opts = {0};
		if (report) {
			opts.run = run_keeping_checks;
			opts.run_user = &out->check;
		}
		bool lowered = true;
		if (cli_program_kind(out->path, src, len) == CLI_PROG_PTX) {
			/* PTX: lowered by the front end (docs/ptx.md); a failure
			 * to lower fails the test with the front end's
			 * diagnostics */
			if (simt_ptx_compile(isa, path, src, len, NULL, &obj, NULL, NULL,
					     &d) != SIMT_OK || !obj) {
				out->reason = util_strdup("the PTX front end could not lower it");
				lowered = false;
			}
			opts.object = obj;
		}
		if (lowered) {
			simt_testfile_run(isa, &tf, obj || report ? &opts : NULL,
					  &r, &d);
			out->ok = r.passed;
			if (!out->ok)
				out->reason = util_strdup(r.reason ? r.reason : "failed");
		}
		simt_object_free(obj);
		simt_test_result_free(&r);
		simt_testfile_free(&tf);
	}
	if (!out->ok) {
		util_buf b = {0};
		cli_format_diags(&d, &b);
		out->diags = util_buf_take(&b);
	}
	out->seconds = now() - t0;
	simt_diags_free(&d);
	free(text);
}

static void *worker(void *arg)
{
	runner *u = arg;
	for (;;) {
		pthread_mutex_lock(&u->lock);
		int k = u->next < u->n ? u->next++ : -1;
		pthread_mutex_unlock(&u->lock);
		if (k < 0)
			return NULL;
		test_one(u->isa, u->extra, u->report, &u->res[k]);
		pthread_mutex_lock(&u->lock);
		u->res[k].done = true;
		pthread_cond_broadcast(&u->done);
		pthread_mutex_unlock(&u->lock);
	}
}

static void print_result(const result *r, int k, bool tap)
{
	cli_out *o = cli_stdout();
	if (tap && r->ok)
		cli_out_printf(o, "ok %d - %s\n", k + 1, cli_input_name(r->path));
	else if (tap)
		cli_out_printf(o, "not ok %d - %s\n  ---\n  message: \"%s\"\n  ...\n",
			       k + 1, cli_input_name(r->path), r->reason);
	else if (r->ok)
		cli_out_printf(o, "ok %s\n", cli_input_name(r->path));
	else
		cli_out_printf(o, "FAIL %s: %s\n", cli_input_name(r->path), r->reason);
	cli_out_flush(o); /* the line before the program's diagnostics */
	if (!r->ok && r->diags)
		fputs(r->diags, stderr);
}

/* XML text with the five predefined entities; control characters but
 * tab and newline become spaces (XML 1.0 cannot carry them). */
static void xml_text(cli_out *f, const char *s)
{
	for (; s && *s; s++) {
		unsigned char c = (unsigned char)*s;
		switch (c) {
		case '&': cli_out_puts(f, "&amp;"); break;
		case '<': cli_out_puts(f, "&lt;"); break;
		case '>': cli_out_puts(f, "&gt;"); break;
		case '"': cli_out_puts(f, "&quot;"); break;
		case '\'': cli_out_puts(f, "&apos;"); break;
		default: {
			char ch = c < 0x20 && c != '\n' && c != '\t' ? ' ' : (char)c;
			cli_out_write(f, &ch, 1);
		}
		}
	}
}

/* The JUnit report: an atomic output (common.c) that may not name a test
 * file; 0, or 1 after the message. */
static int write_junit(const char *path, const result *res, int n, int fail,
		       double seconds, const char *const *inputs, int ninputs)
{
	cli_out out, *f = &out;
	if (!cli_out_open(f, "test", path, inputs, ninputs))
		return 1;
	cli_out_printf(f, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
		   "<testsuites tests=\"%d\" failures=\"%d\" time=\"%.3f\">\n"
		   "  <testsuite name=\"simt test\" tests=\"%d\" failures=\"%d\" "
		   "errors=\"0\" skipped=\"0\" time=\"%.3f\">\n",
		n, fail, seconds, n, fail, seconds);
	for (int k = 0; k < n; k++) {
		const result *r = &res[k];
		cli_out_puts(f, "    <testcase classname=\"simt.test\" name=\"");
		xml_text(f, cli_input_name(r->path));
		cli_out_printf(f, "\" time=\"%.3f\"", r->seconds);
		if (r->ok) {
			cli_out_puts(f, "/>\n");
			continue;
		}
		cli_out_puts(f, ">\n      <failure message=\"");
		xml_text(f, r->reason);
		cli_out_puts(f, "\">");
		xml_text(f, r->diags);
		cli_out_puts(f, "</failure>\n    </testcase>\n");
	}
	cli_out_puts(f, "  </testsuite>\n</testsuites>\n");
	return cli_out_commit(f);
}

/* A JSON string. */
static void json_str(cli_out *f, const char *s)
{
	util_buf b = {0};
	util_buf_putc(&b, '"');
	util_buf_json(&b, s);
	util_buf_putc(&b, '"');
	cli_out_write(f, b.data, b.len);
	util_buf_free(&b);
}

/* The count after "KEY": in a check report (hb.c writes them as plain
 * integers), 0 when absent. */
static unsigned long long json_count(const char *json, const char *key)
{
	const char *p = json ? strstr(json, key) : NULL;
	return p ? strtoull(p + strlen(key), NULL, 10) : 0;
}

/* --check-report: one JSON object for the suite, the totals and one entry
 * per file with its run's report (null when it did not run); 0, or 1
 * after the message. */
static int write_check_report(const char *path, const result *res, int n,
			      const char *const *inputs, int ninputs)
{
	cli_out out, *f = &out;
	if (!cli_out_open(f, "test", path, inputs, ninputs))
		return 1;
	unsigned long long races = 0, uninit = 0;
	int with = 0;
	for (int k = 0; k < n; k++) {
		unsigned long long r = json_count(res[k].check, "\"races\":");
		unsigned long long u = json_count(res[k].check, "\"uninitialised\":");
		races += r;
		uninit += u;
		with += r + u > 0;
	}
	cli_out_printf(f, "{\"files\":%d,\"files_with_reports\":%d,"
		       "\"races\":%llu,\"uninitialised\":%llu,\"results\":[",
		       n, with, races, uninit);
	for (int k = 0; k < n; k++) {
		cli_out_puts(f, k ? ",\n{\"file\":" : "\n{\"file\":");
		json_str(f, cli_input_name(res[k].path));
		cli_out_printf(f, ",\"ok\":%s,\"check\":", res[k].ok ? "true" : "false");
		cli_out_puts(f, res[k].check ? res[k].check : "null");
		cli_out_puts(f, "}");
	}
	cli_out_puts(f, "]}\n");
	return cli_out_commit(f);
}

static const char usage_text[] =
	"usage: simt test [--isa DIR] [--resident-ctas N] [--threads N]\n"
	"                 [--cta-group N] [-j N] "
	"[--shard K/N]\n                 [--junit FILE] [--tap] "
	"[--check=LIST]\n                 [--check-report FILE.json] "
	"[--memory=sc|relaxed] "
	"FILE.s|FILE.ptx|-...\n"
	"  run self-checking test files; one line per file, then "
	"'N passed, N failed'.\n"
	"  -j N, -jN    run N files at once (output order unchanged)\n"
	"  --shard K/N  run the K-th of N deterministic slices "
	"(file positions p with p % N == K-1)\n"
	"  --junit FILE write a JUnit XML report too\n"
	"  --tap        report in TAP version 13\n"
	"  --check=LIST opt-in checks (below): report what they find\n"
	"  --check-report FILE.json  every file's check reports as one JSON\n"
	"  --memory=sc|relaxed  every file's memory model (docs/memory-model.md)\n";

/* A positive integer no larger than max, or 0. */
static unsigned parse_count(const char *s, unsigned max)
{
	char *end;
	errno = 0;
	unsigned long v = strtoul(s, &end, 10);
	if (errno || end == s || *end || *s == '-' || v == 0 || v > max)
		return 0;
	return (unsigned)v;
}

/* Append " KEY=VALUE" to the .launch line that options make. */
static void launch_key(char **extra, const char *key, const char *value)
{
	char *line = util_format("%s %s=%s", *extra ? *extra : ".launch", key,
				 value);
	free(*extra);
	*extra = line;
}

int cli_test(int argc, char **argv)
{
	const char *isa_dir = NULL, *junit = NULL, *report = NULL;
	char *extra = NULL;
	unsigned jobs = 1, shard = 1, nshards = 1;
	bool tap = false;
	int first = 1;
	for (; first < argc && argv[first][0] == '-' && argv[first][1]; first++) {
		const char *o = argv[first];
		if (!strcmp(o, "--")) { /* the end of the options */
			first++;
			break;
		}
		const char *v = first + 1 < argc ? argv[first + 1] : NULL;
		if (!strcmp(o, "--help") || !strcmp(o, "-h")) {
			free(extra);
			int rc = cli_usage(usage_text, true);
			cli_print_checks(cli_stdout());
			return rc;
		} else if (!strcmp(o, "--tap")) {
			tap = true;
			continue;
		} else if (o[1] == 'j' && o[2]) { /* -jN, as make takes it */
			if (!(jobs = parse_count(o + 2, 256))) {
				fprintf(stderr, "simt test: -j wants 1 to 256, "
						"not '%s'\n", o + 2);
				free(extra);
				return 2;
			}
			continue;
		} else if (!strncmp(o, "--check-report=", 15)) {
			report = o + 15;
			continue;
		} else if (!strncmp(o, "--check=", 8)) {
			launch_key(&extra, "check", o + 8);
			continue;
		} else if (!strncmp(o, "--memory=", 9)) {
			launch_key(&extra, "memory", o + 9);
			continue;
		} else if (!v) {
			fprintf(stderr, "simt test: %s needs a value\n", o);
			free(extra);
			return cli_usage(usage_text, false);
		} else if (!strcmp(o, "--isa")) {
			isa_dir = v;
		} else if (!strcmp(o, "--junit")) {
			junit = v;
		} else if (!strcmp(o, "--check-report")) {
			report = v;
		} else if (!strcmp(o, "--resident-ctas")) {
			launch_key(&extra, "resident", v);
		} else if (!strcmp(o, "--threads")) {
			launch_key(&extra, "threads", v);
		} else if (!strcmp(o, "--cta-group")) {
			launch_key(&extra, "cta-group", v);
		} else if (!strcmp(o, "--check")) {
			launch_key(&extra, "check", v);
		} else if (!strcmp(o, "-j")) {
			if (!(jobs = parse_count(v, 256))) {
				fprintf(stderr, "simt test: -j wants 1 to 256, "
						"not '%s'\n", v);
				free(extra);
				return 2;
			}
		} else if (!strcmp(o, "--shard")) {
			const char *slash = strchr(v, '/');
			char k[32];
			if (slash && (size_t)(slash - v) < sizeof k) {
				memcpy(k, v, (size_t)(slash - v));
				k[slash - v] = 0;
				shard = parse_count(k, 1u << 20);
				nshards = parse_count(slash + 1, 1u << 20);
			}
			if (!slash || !shard || !nshards || shard > nshards) {
				fprintf(stderr, "simt test: --shard wants K/N with "
						"1 <= K <= N, not '%s'\n", v);
				free(extra);
				return 2;
			}
		} else {
			fprintf(stderr, "simt test: unknown option '%s'\n", o);
			free(extra);
			return cli_usage(usage_text, false);
		}
		first++;
	}
	if (first >= argc) {
		free(extra);
		return cli_usage(usage_text, false);
	}
	simt_isa *isa = cli_load_isa(isa_dir);
	if (!isa) {
		free(extra);
		return 1;
	}
	runner u = {.isa = isa, .extra = extra, .report = report != NULL};
	u.res = calloc((size_t)(argc - first), sizeof *u.res);
	char *stdin_text = NULL;
	size_t stdin_len = 0;
	for (int k = first; u.res && k < argc; k++) {
		if ((unsigned)(k - first) % nshards != shard - 1)
			continue;
		result *r = &u.res[u.n++];
		r->path = argv[k];
		if (strcmp(argv[k], "-"))
			continue;
		if (stdin_text) {
			fprintf(stderr, "simt test: standard input ('-') given twice\n");
			free(stdin_text);
			free(u.res);
			free(extra);
			simt_isa_free(isa);
			return 2;
		}
		/* read here, once, so that no worker touches stdin */
		if (!(stdin_text = util_read_stream(stdin, &stdin_len)))
			stdin_text = util_strdup(""), stdin_len = 0;
		r->stdin_text = stdin_text;
		r->stdin_len = stdin_len;
	}
	pthread_mutex_init(&u.lock, NULL);
	pthread_cond_init(&u.done, NULL);
	pthread_t th[256];
	unsigned nth = 0;
	double t0 = now();
	if (jobs > 1)
		for (; nth < jobs && (int)nth < u.n; nth++)
			if (pthread_create(&th[nth], NULL, worker, &u))
				break;
	if (tap)
		cli_out_printf(cli_stdout(), "TAP version 13\n1..%d\n", u.n);
	int pass = 0, fail = 0;
	for (int k = 0; k < u.n; k++) {
		if (nth == 0) {
			test_one(isa, extra, u.report, &u.res[k]);
		} else {
			pthread_mutex_lock(&u.lock);
			while (!u.res[k].done)
				pthread_cond_wait(&u.done, &u.lock);
			pthread_mutex_unlock(&u.lock);
		}
		print_result(&u.res[k], k, tap);
		u.res[k].ok ? pass++ : fail++;
	}
	for (unsigned t = 0; t < nth; t++)
		pthread_join(th[t], NULL);
	double seconds = now() - t0;
	cli_out_printf(cli_stdout(), tap ? "# %d passed, %d failed\n"
					: "%d passed, %d failed\n", pass, fail);
	int rc = fail ? 1 : 0;
	if (junit && write_junit(junit, u.res, u.n, fail, seconds,
				 (const char *const *)argv + first, argc - first))
		rc = 1;
	if (report && write_check_report(report, u.res, u.n,
					 (const char *const *)argv + first,
					 argc - first))
		rc = 1;
	for (int k = 0; k < u.n; k++) {
		free(u.res[k].reason);
		free(u.res[k].diags);
		simt_free(u.res[k].check);
	}
	free(u.res);
	free(stdin_text);
	pthread_mutex_destroy(&u.lock);
	pthread_cond_destroy(&u.done);
	free(extra);
	simt_isa_free(isa);
	return rc;
}
