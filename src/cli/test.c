/*
 * test.c - `simt test [OPTIONS] FILES...`: run self-checking test files
 * (tests/sim/README.md).
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
 *   --tap           TAP instead of the plain lines.
 *   --resident-ctas N  applies `.launch resident=N` after each file's own
 *                   directives (the command line wins).
 */
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cli/cli.h"
#include "simt/testfile.h"
#include "util/util.h"

/* The outcome of one file, filled by a worker, printed by the main thread. */
typedef struct result {
	const char *path;
	bool done, ok;
	char *reason;  /* FAIL text after "FILE: " (malloc'ed) */
	char *diags;   /* the program's diagnostics, formatted (malloc'ed) */
	double seconds;
} result;

typedef struct runner {
	simt_isa *isa;
	const char *extra;  /* directive applied after each file's own */
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

/* Run one file into *out (no printing: workers share stdout). */
static void test_one(simt_isa *isa, const char *extra, result *out)
{
	const char *path = out->path;
	simt_diags d;
	simt_diags_init(&d);
	simt_testfile tf;
	simt_test_result r = {0};
	size_t len;
	double t0 = now();
	char *text = util_read_file(path, &len);
	if (!text) {
		out->reason = util_format("cannot read the file: %s", strerror(errno));
	} else if (simt_testfile_parse(path, text, len, &tf, &d) != SIMT_OK ||
		   (extra && simt_testfile_directive(&tf, extra, &d) != SIMT_OK)) {
		const simt_diag *g = d.count ? &d.items[0] : NULL;
		out->reason = g ? util_format("%s:%d:%d: %s", path, g->line,
					      g->col, g->message)
				: util_format("bad test directives");
		simt_testfile_free(&tf);
	} else {
		simt_testfile_run(isa, &tf, NULL, &r, &d);
		out->ok = r.passed;
		if (!out->ok)
			out->reason = util_strdup(r.reason ? r.reason : "failed");
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
		test_one(u->isa, u->extra, &u->res[k]);
		pthread_mutex_lock(&u->lock);
		u->res[k].done = true;
		pthread_cond_broadcast(&u->done);
		pthread_mutex_unlock(&u->lock);
	}
}

static void print_result(const result *r, int k, bool tap)
{
	if (tap && r->ok)
		printf("ok %d - %s\n", k + 1, r->path);
	else if (tap)
		printf("not ok %d - %s\n  ---\n  message: \"%s\"\n  ...\n",
		       k + 1, r->path, r->reason);
	else if (r->ok)
		printf("ok %s\n", r->path);
	else
		printf("FAIL %s: %s\n", r->path, r->reason);
	fflush(stdout);
	if (!r->ok && r->diags)
		fputs(r->diags, stderr);
}

/* XML text with the five predefined entities; control characters but
 * tab and newline become spaces (XML 1.0 cannot carry them). */
static void xml_text(FILE *f, const char *s)
{
	for (; s && *s; s++) {
		unsigned char c = (unsigned char)*s;
		switch (c) {
		case '&': fputs("&amp;", f); break;
		case '<': fputs("&lt;", f); break;
		case '>': fputs("&gt;", f); break;
		case '"': fputs("&quot;", f); break;
		case '\'': fputs("&apos;", f); break;
		default: fputc(c < 0x20 && c != '\n' && c != '\t' ? ' ' : c, f);
		}
	}
}

static bool write_junit(const char *path, const result *res, int n, int fail,
			double seconds)
{
	FILE *f = fopen(path, "w");
	if (!f)
		return false;
	fprintf(f, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
		   "<testsuites tests=\"%d\" failures=\"%d\" time=\"%.3f\">\n"
		   "  <testsuite name=\"simt test\" tests=\"%d\" failures=\"%d\" "
		   "errors=\"0\" skipped=\"0\" time=\"%.3f\">\n",
		n, fail, seconds, n, fail, seconds);
	for (int k = 0; k < n; k++) {
		const result *r = &res[k];
		fputs("    <testcase classname=\"simt.test\" name=\"", f);
		xml_text(f, r->path);
		fprintf(f, "\" time=\"%.3f\"", r->seconds);
		if (r->ok) {
			fputs("/>\n", f);
			continue;
		}
		fputs(">\n      <failure message=\"", f);
		xml_text(f, r->reason);
		fputs("\">", f);
		xml_text(f, r->diags);
		fputs("</failure>\n    </testcase>\n", f);
	}
	fputs("  </testsuite>\n</testsuites>\n", f);
	bool ok = !ferror(f);
	return (fclose(f) == 0) && ok;
}

static int usage(FILE *f, int code)
{
	fprintf(f, "usage: simt test [--isa DIR] [--resident-ctas N] [-j N] "
		   "[--shard K/N]\n                 [--junit FILE] [--tap] "
		   "FILE.s...\n"
		   "  run self-checking test files; one line per file, then "
		   "'N passed, N failed'.\n"
		   "  -j N         run N files at once (output order unchanged)\n"
		   "  --shard K/N  run the K-th of N deterministic slices "
		   "(file positions p with p %% N == K-1)\n"
		   "  --junit FILE write a JUnit XML report too\n"
		   "  --tap        report in TAP version 13\n");
	return code;
}

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

int cli_test(int argc, char **argv)
{
	const char *isa_dir = NULL, *junit = NULL;
	char *extra = NULL;
	unsigned jobs = 1, shard = 1, nshards = 1;
	bool tap = false;
	int first = 1;
	for (; first < argc && argv[first][0] == '-'; first++) {
		const char *o = argv[first];
		const char *v = first + 1 < argc ? argv[first + 1] : NULL;
		if (!strcmp(o, "--help") || !strcmp(o, "-h")) {
			free(extra);
			return usage(stdout, 0);
		} else if (!strcmp(o, "--tap")) {
			tap = true;
			continue;
		} else if (!v) {
			fprintf(stderr, "simt test: %s needs a value\n", o);
			free(extra);
			return usage(stderr, 2);
		} else if (!strcmp(o, "--isa")) {
			isa_dir = v;
		} else if (!strcmp(o, "--junit")) {
			junit = v;
		} else if (!strcmp(o, "--resident-ctas")) {
			free(extra);
			extra = util_format(".launch resident=%s", v);
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
			return usage(stderr, 2);
		}
		first++;
	}
	if (first >= argc) {
		free(extra);
		return usage(stderr, 2);
	}
	simt_isa *isa = cli_load_isa(isa_dir);
	if (!isa) {
		free(extra);
		return 1;
	}
	runner u = {.isa = isa, .extra = extra};
	u.res = calloc((size_t)(argc - first), sizeof *u.res);
	for (int k = first; u.res && k < argc; k++)
		if ((unsigned)(k - first) % nshards == shard - 1)
			u.res[u.n++].path = argv[k];
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
		printf("TAP version 13\n1..%d\n", u.n);
	int pass = 0, fail = 0;
	for (int k = 0; k < u.n; k++) {
		if (nth == 0) {
			test_one(isa, extra, &u.res[k]);
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
	printf(tap ? "# %d passed, %d failed\n" : "%d passed, %d failed\n",
	       pass, fail);
	int rc = fail ? 1 : 0;
	if (junit && !write_junit(junit, u.res, u.n, fail, seconds)) {
		fprintf(stderr, "simt test: cannot write %s: %s\n", junit,
			strerror(errno));
		rc = 1;
	}
	for (int k = 0; k < u.n; k++) {
		free(u.res[k].reason);
		free(u.res[k].diags);
	}
	free(u.res);
	pthread_mutex_destroy(&u.lock);
	pthread_cond_destroy(&u.done);
	free(extra);
	simt_isa_free(isa);
	return rc;
}
