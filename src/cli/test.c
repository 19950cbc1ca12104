/*
 * test.c - `simt test FILES...`: run self-checking test files
 * (tests/sim/README.md).  One line per file on stdout, `ok FILE` or
 * `FAIL FILE: reason` (the program's diagnostics follow on stderr), then
 * `N passed, N failed`.  Exit 1 when any file failed, 2 on usage errors.
 * `--resident-ctas N` and `--check=LIST` apply `.launch resident=N` /
 * `.launch check=LIST` after each file's own directives (the command line
 * wins).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "simt/testfile.h"
#include "util/util.h"

/* Run one file; returns true when it passed.  extra: a directive line
 * applied after the file's own, or NULL. */
static bool test_one(simt_isa *isa, const char *path, const char *extra)
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
		   (extra && simt_testfile_directive(&tf, extra, &d) != SIMT_OK)) {
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
	const char *isa_dir = NULL;
	char *extra = NULL;
	int first = 1;
	for (;;) {
		const char *a = first < argc ? argv[first] : "";
		bool valued = first + 1 < argc;
		if (!strncmp(a, "--check=", 8)) {
			launch_key(&extra, "check", a + 8);
			first++;
		} else if (valued && !strcmp(a, "--isa")) {
			isa_dir = argv[first + 1];
			first += 2;
		} else if (valued && (!strcmp(a, "--resident-ctas") ||
				      !strcmp(a, "--check"))) {
			launch_key(&extra, a[2] == 'r' ? "resident" : "check",
				   argv[first + 1]);
			first += 2;
		} else {
			break;
		}
	}
	if (first >= argc || !strcmp(argv[first], "--help")) {
		fprintf(first >= argc ? stderr : stdout,
			"usage: simt test [--isa DIR] [--resident-ctas N] "
			"[--check=LIST] FILE.s...\n");
		free(extra);
		return first >= argc ? 2 : 0;
	}
	simt_isa *isa = cli_load_isa(isa_dir);
	if (!isa) {
		free(extra);
		return 1;
	}
	int pass = 0, fail = 0;
	for (int k = first; k < argc; k++)
		test_one(isa, argv[k], extra) ? pass++ : fail++;
	free(extra);
	printf("%d passed, %d failed\n", pass, fail);
	simt_isa_free(isa);
	return fail ? 1 : 0;
}
