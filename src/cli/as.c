/* as.c - `simt as in.s -o out.o [--isa DIR]`: assemble into an ELF object. */
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "util/util.h"

static const char usage_text[] =
	"usage: simt as IN.s [-o OUT.o] [--isa DIR]\n"
	"  assemble IN.s into an ELF object (default OUT: IN with its extension\n"
	"  replaced by .o, or IN.o when IN already ends in .o);\n"
	"  every error is printed as file:line:col with the source line.\n";

/*
 * The default output (docs/cli.md, "Outputs"): the input's last extension
 * replaced by ".o" (k.s -> k.o, k -> k.o); when that is the input itself
 * (a source named k.o) ".o" is appended instead (k.o -> k.o.o), so the
 * default never names the input.  Standard input ("-") gives a.o.
 */
static char *default_output(const char *in)
{
	if (!strcmp(in, "-"))
		return util_strdup("a.o"); /* standard input, like GNU as's a.out */
	size_t n = strlen(in);
	const char *dot = strrchr(in, '.');
	const char *slash = strrchr(in, '/');
	if (dot && dot > (slash ? slash + 1 : in)) /* not a leading dot */
		n = (size_t)(dot - in);
	char *out = util_format("%.*s.o", (int)n, in);
	if (out && !strcmp(out, in)) {
		free(out);
		out = util_format("%s.o", in);
	}
	return out;
}

static void out_piece(void *ctx, const char *p, size_t n)
{
	cli_out_write(ctx, p, n);
}

int cli_as(int argc, char **argv)
{
	const char *in = NULL, *out = NULL, *isadir = NULL;
	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "-o") && i + 1 < argc)
			out = argv[++i];
		else if (!strcmp(argv[i], "--isa") && i + 1 < argc)
			isadir = argv[++i];
		else if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h"))
			return cli_usage(usage_text, true);
		else if (argv[i][0] == '-' && argv[i][1])
			return cli_usage(usage_text, false);
		else if (!in)
			in = argv[i];
		else
			return cli_usage(usage_text, false);
	}
	if (!in)
		return cli_usage(usage_text, false);
	char *def = out ? NULL : default_output(in);
	if (!out && !def)
		return 1;
	/* the heap on 2 MiB pages, as `simt ptx`'s (main.c): the assembler's
	 * tables, its plans and its big buffers fault in 2 MiB at a time */
	void *heap = cli_heap_huge();
	simt_isa *isa = cli_load_isa(isadir);
	if (!isa) {
		free(def);
		free(heap);
		return 1;
	}
	size_t len = 0;
	bool mapped = false;
	char *text = cli_read_input(in, &len, &mapped);
	cli_out o;
	if (!text) {
		fprintf(stderr, "simt as: cannot read '%s': %s\n", in, strerror(errno));
	} else if (!cli_out_open(&o, "as", out ? out : def, &in, 1)) {
		cli_release_input(text, len, mapped);
		text = NULL;
	}
	if (!text) {
		free(def);
		simt_isa_free(isa);
		free(heap);
		return 1;
	}
	simt_diags d;
	simt_diags_init(&d);
	simt_object *obj = NULL;
	simt_status st = simt_assemble(isa, cli_input_name(in), text, len, &obj, &d);
	cli_print_diags(&d);
	int rc = 1;
	if (st == SIMT_OK) {
		/* the sections go to the output as they are, no image copy */
		simt_diags_clear(&d);
		st = simt_object_write_stream(obj, out_piece, &o, &d);
		cli_print_diags(&d);
	}
	if (st != SIMT_OK && !d.count)
		fprintf(stderr, "%s: %s\n", in, simt_strerror(st));
	if (st == SIMT_OK)
		rc = cli_out_commit(&o);
	else
		cli_out_discard(&o);
	free(def);
	simt_object_free(obj);
	simt_diags_free(&d);
	cli_release_input(text, len, mapped);
	simt_isa_free(isa);
	free(heap);
	return rc;
}
