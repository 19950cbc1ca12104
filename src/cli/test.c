/*
 * test.c - `simt test FILES...`: run self-checking test files
 * (tests/sim/README.md).  One line per file on stdout, `ok FILE` or
 * `FAIL FILE: reason` (the program's diagnostics follow on stderr), then
 * `N passed, N failed`.  Exit 1 when any file failed, 2 on usage errors.
 * `--resident-ctas N` applies `.launch resident=N` after each file's own
 * directives (the command line wins).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "simt/ptx.h"
#include "simt/simt.h"
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
		size_t nl = strlen(path);
		simt_object *obj = NULL;
		simt_test_opts opts = {0};
		if (nl > 4 && !strcmp(path + nl - 4, ".ptx")) {
			/* PTX: lowered by the front end; a failure to lower fails
			 * the test with the front end's diagnostics */
			if (simt_ptx_compile(isa, path, text, len, NULL, &obj, NULL, NULL,
					     &d) != SIMT_OK || !obj) {
				printf("FAIL %s: the PTX front end could not lower it\n", path);
				simt_testfile_free(&tf);
				fflush(stdout);
				cli_print_diags(&d);
				simt_diags_free(&d);
				free(text);
				return false;
			}
			opts.object = obj;
		}
		simt_testfile_run(isa, &tf, obj ? &opts : NULL, &r, &d);
		simt_object_free(obj);
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

int cli_test(int argc, char **argv)
{
	const char *isa_dir = NULL;
	char *extra = NULL;
	int first = 1;
	while (first + 1 < argc && (!strcmp(argv[first], "--isa") ||
				    !strcmp(argv[first], "--resident-ctas"))) {
		if (!strcmp(argv[first], "--isa")) {
			isa_dir = argv[first + 1];
		} else {
			free(extra);
			extra = util_format(".launch resident=%s", argv[first + 1]);
		}
		first += 2;
	}
	if (first >= argc || !strcmp(argv[first], "--help")) {
		fprintf(first >= argc ? stderr : stdout,
			"usage: simt test [--isa DIR] [--resident-ctas N] FILE.s|FILE.ptx...\n");
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
