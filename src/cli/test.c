/*
 * test.c - `simt test FILES...`: run self-checking test files
 * (tests/sim/README.md).  One line per file on stdout, `ok FILE` or
 * `FAIL FILE: reason` (the program's diagnostics follow on stderr), then
 * `N passed, N failed`.  Exit 1 when any file failed, 2 on usage errors.
 * `--resident-ctas N` applies `.launch resident=N` after each file's own
 * directives (the command line wins).
 */
#include <errno.h>
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
	cli_out *out = cli_stdout();
	if (!text) {
		cli_out_printf(out, "FAIL %s: cannot read the file: %s\n", path,
			       strerror(errno));
	} else if (simt_testfile_parse(path, text, len, &tf, &d) != SIMT_OK ||
		   (extra && simt_testfile_directive_from(&tf, "--resident-ctas", extra,
							  &d) != SIMT_OK)) {
		const simt_diag *g = d.count ? &d.items[0] : NULL;
		if (g && g->line)
			cli_out_printf(out, "FAIL %s: %s:%d:%d: %s\n", path, g->file,
				       g->line, g->col, g->message);
		else if (g)
			cli_out_printf(out, "FAIL %s: %s: %s\n", path, g->file, g->message);
		else
			cli_out_printf(out, "FAIL %s: bad test directives\n", path);
		simt_testfile_free(&tf);
	} else {
		simt_testfile_run(isa, &tf, NULL, &r, &d);
		ok = r.passed;
		if (ok)
			cli_out_printf(out, "ok %s\n", path);
		else
			cli_out_printf(out, "FAIL %s: %s\n", path, r.reason);
		simt_test_result_free(&r);
		simt_testfile_free(&tf);
	}
	cli_out_flush(out); /* the line before the program's diagnostics */
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
		free(extra);
		return cli_usage("usage: simt test [--isa DIR] [--resident-ctas N] FILE.s...\n",
				 first < argc);
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
	cli_out_printf(cli_stdout(), "%d passed, %d failed\n", pass, fail);
	simt_isa_free(isa);
	return fail ? 1 : 0;
}
