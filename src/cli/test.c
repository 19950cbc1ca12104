/*
 * test.c - `simt test FILES...`: run self-checking test files
 * (tests/sim/README.md).  One line per file on stdout, `ok FILE` or
 * `FAIL FILE: reason` (the program's diagnostics follow on stderr), then
 * `N passed, N failed`.  Exit 1 when any file failed, 2 on usage errors.
 * `--resident-ctas N` applies `.launch resident=N` and `--check LIST`
 * (or `--check=LIST`) `.launch check=LIST` after each file's own
 * directives (the command line wins).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "simt/testfile.h"
#include "util/util.h"

static bool apply_extra(simt_testfile *tf, char *const *extra, int nextra,
			simt_diags *d)
{
	for (int k = 0; k < nextra; k++)
		if (simt_testfile_directive(tf, extra[k], d) != SIMT_OK)
			return false;
	return true;
}

/* Run one file; returns true when it passed.  extra: nextra directive
 * lines applied after the file's own. */
static bool test_one(simt_isa *isa, const char *path, char *const *extra,
		     int nextra)
{
	simt_diags d;
	simt_diags_init(&d);
	simt_testfile tf;
	simt_test_result r = {0};
	size_t len;
	char *text = util_read_file(path, &len);
	bool ok = false;
	if (!text) {
		printf("FAIL %s: cannot read the file\n", path);
	} else if (simt_testfile_parse(path, text, len, &tf, &d) != SIMT_OK ||
		   !apply_extra(&tf, extra, nextra, &d)) {
		const simt_diag *g = d.count ? &d.items[0] : NULL;
		if (g)
			printf("FAIL %s: %s:%d:%d: %s\n", path, path, g->line, g->col,
			       g->message);
		else
			printf("FAIL %s: bad test directives\n", path);
		simt_testfile_free(&tf);
	} else {
		simt_testfile_run(isa, &tf, NULL, &r, &d);
		ok = r.passed;
		if (ok)
			printf("ok %s\n", path);
		else
			printf("FAIL %s: %s\n", path, r.reason);
		simt_test_result_free(&r);
		simt_testfile_free(&tf);
	}
	fflush(stdout);
	if (!ok)
		cli_print_diags(&d);
	simt_diags_free(&d);
	free(text);
	return ok;
}

/* Options that become .launch keys applied after each file's directives. */
static const char *const launch_opts[][2] = {
	{"--resident-ctas", "resident"}, {"--check", "check"},
};

/* argv[*k] is a launch option (with its value in argv[*k + 1], or after
 * '=' in the same word): the directive line, and *k past it; else NULL. */
static char *launch_opt(int argc, char **argv, int *k)
{
	for (size_t j = 0; j < sizeof launch_opts / sizeof launch_opts[0]; j++) {
		size_t n = strlen(launch_opts[j][0]);
		const char *a = argv[*k];
		if (strncmp(a, launch_opts[j][0], n))
			continue;
		if (a[n] == '=') {
			*k += 1;
			return util_format(".launch %s=%s", launch_opts[j][1], a + n + 1);
		}
		if (a[n] == '\0' && *k + 1 < argc) {
			*k += 2;
			return util_format(".launch %s=%s", launch_opts[j][1], argv[*k - 1]);
		}
	}
	return NULL;
}

int cli_test(int argc, char **argv)
{
	const char *isa_dir = NULL;
	char *extra[8];
	int nextra = 0, rc = 0;
	int first = 1;
	while (first < argc) {
		char *line = NULL;
		if (first + 1 < argc && !strcmp(argv[first], "--isa")) {
			isa_dir = argv[first + 1];
			first += 2;
		} else if (nextra < 8 && (line = launch_opt(argc, argv, &first))) {
			extra[nextra++] = line;
		} else {
			break;
		}
	}
	if (first >= argc || !strcmp(argv[first], "--help")) {
		fprintf(first >= argc ? stderr : stdout,
			"usage: simt test [--isa DIR] [--resident-ctas N] "
			"[--check LIST] FILE.s...\n");
		cli_print_checks(first >= argc ? stderr : stdout);
		rc = first >= argc ? 2 : 0;
	} else {
		simt_isa *isa = cli_load_isa(isa_dir);
		if (!isa) {
			rc = 1;
		} else {
			int pass = 0, fail = 0;
			for (int k = first; k < argc; k++)
				test_one(isa, argv[k], extra, nextra) ? pass++ : fail++;
			printf("%d passed, %d failed\n", pass, fail);
			simt_isa_free(isa);
			rc = fail ? 1 : 0;
		}
	}
	for (int k = 0; k < nextra; k++)
		free(extra[k]);
	return rc;
}
