/*
 * ptx.c - `simt ptx`: the PTX front end.
 *   simt ptx --check IN.ptx        report every error; exit 1 if any
 *   simt ptx --dump IN.ptx [-o F]  print the parsed module back as PTX
 * (Lowering options -S, -o OBJ and --dump-after PASS come with the lowering
 * passes.)
 */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "simt/ptx.h"

static int usage(FILE *f, int rc)
{
	fprintf(f, "usage: simt ptx --check IN.ptx...\n"
		   "       simt ptx --dump IN.ptx [-o OUT.ptx]\n"
		   "  --check  parse and check against the ptxas rules; every error is\n"
		   "           printed as file:line:col with the source line\n"
		   "  --dump   print the parsed module back as PTX\n");
	return rc;
}

static int write_text(const char *path, const char *text, size_t len)
{
	FILE *f = path ? fopen(path, "wb") : stdout;
	if (!f) {
		perror(path);
		return 1;
	}
	int rc = fwrite(text, 1, len, f) == len ? 0 : 1;
	if (path ? fclose(f) != 0 : fflush(f) != 0)
		rc = 1;
	if (rc)
		perror(path ? path : "stdout");
	return rc;
}

static int one(const char *in, bool check, bool dump, const char *out)
{
	simt_diags d;
	simt_diags_init(&d);
	simt_ptx *m = NULL;
	simt_status st = simt_ptx_read_file(in, &m, &d);
	int rc = st == SIMT_OK ? 0 : 1;
	if (m && check && simt_ptx_check(m, &d) != SIMT_OK)
		rc = 1;
	cli_print_diags(&d);
	if (m && dump && rc == 0) {
		char *text = NULL;
		size_t len = 0;
		if (simt_ptx_dump(m, &text, &len) == SIMT_OK)
			rc = write_text(out, text, len);
		else
			rc = 1;
		free(text);
	}
	if (st == SIMT_ERR_NOMEM)
		fprintf(stderr, "%s: %s\n", in, simt_strerror(st));
	simt_ptx_free(m);
	simt_diags_free(&d);
	return rc;
}

int cli_ptx(int argc, char **argv)
{
	const char *out = NULL;
	bool check = false, dump = false;
	const char *ins[256];
	int nin = 0;
	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--check"))
			check = true;
		else if (!strcmp(argv[i], "--dump"))
			dump = true;
		else if (!strcmp(argv[i], "-o") && i + 1 < argc)
			out = argv[++i];
		else if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h"))
			return usage(stdout, 0);
		else if (argv[i][0] == '-' && argv[i][1])
			return usage(stderr, 2);
		else if (nin < 256)
			ins[nin++] = argv[i];
		else
			return usage(stderr, 2);
	}
	if (!nin || (!check && !dump) || (dump && nin != 1))
		return usage(stderr, 2);
	int rc = 0;
	for (int i = 0; i < nin; i++)
		rc |= one(ins[i], check, dump, out);
	return rc;
}
