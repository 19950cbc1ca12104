/*
 * dis.c - `simt dis`: disassemble an object (every kernel) or a raw file of
 * 16-byte words.  The listing goes to stdout (or -o FILE), diagnostics to
 * stderr; exit 0 when every word decoded, 1 otherwise, 2 on usage errors.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "util/util.h"

static const char usage_text[] =
	"usage: simt dis [OPTIONS] FILE.o\n"
	"       simt dis --raw [OPTIONS] WORDS.bin\n"
	"\n"
	"  --raw          FILE holds bare 16-byte instruction words\n"
	"  --base ADDR    address of the first raw word (default 0)\n"
	"  --addr         print the /*0010*/ address column (default)\n"
	"  --no-addr      omit the address column\n"
	"  --hex          print each raw word as a trailing comment\n"
	"  --no-labels    print branch targets as addresses, no .L_x_N labels\n"
	"  --lines        print the source line of each instruction (objects\n"
	"                 with a line table): ... ;  // file.s:12\n"
	"  --isa DIR      use the ISA description files of DIR\n"
	"  -o FILE        write the listing to FILE\n";

typedef struct dis_opts {
	const char *input, *output, *isa_dir;
	unsigned flags;
	int raw;
	unsigned long long base;
} dis_opts;

/* Returns 0 on success, 2 after printing a usage error. */
static int parse_args(int argc, char **argv, dis_opts *o)
{
	o->flags = SIMT_DIS_ADDR | SIMT_DIS_LABELS;
	uint64_t base;
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i];
		const char *next = i + 1 < argc ? argv[i + 1] : NULL;
		if (!strcmp(a, "--raw"))
			o->raw = 1;
		else if (!strcmp(a, "--addr"))
			o->flags |= SIMT_DIS_ADDR;
		else if (!strcmp(a, "--no-addr"))
			o->flags &= ~SIMT_DIS_ADDR;
		else if (!strcmp(a, "--hex"))
			o->flags |= SIMT_DIS_HEX;
		else if (!strcmp(a, "--no-labels"))
			o->flags &= ~SIMT_DIS_LABELS;
		else if (!strcmp(a, "--lines"))
			o->flags |= SIMT_DIS_LINES;
		else if ((!strcmp(a, "--base") || !strcmp(a, "--isa") ||
			  !strcmp(a, "-o")) && !next) {
			fprintf(stderr, "simt dis: %s needs a value\n", a);
			return 2;
		} else if (!strcmp(a, "--base")) {
			if (!cli_number("dis", a, argv[++i], UINT64_MAX, &base))
				return 2;
			o->base = base;
		} else if (!strcmp(a, "--isa"))
			o->isa_dir = argv[++i];
		else if (!strcmp(a, "-o"))
			o->output = argv[++i];
		else if (a[0] == '-' && a[1]) {
			fprintf(stderr, "simt dis: unknown option '%s'\n%s", a,
				usage_text);
			return 2;
		} else if (o->input) {
			fprintf(stderr, "simt dis: more than one input file\n");
			return 2;
		} else
			o->input = a;
	}
	if (!o->input) {
		fprintf(stderr, "%s", usage_text);
		return 2;
	}
	return 0;
}

static void write_out(void *ctx, const char *text, size_t len)
{
	cli_out_write(ctx, text, len);
}

static simt_status disassemble(const simt_isa *isa, const dis_opts *o,
			       const uint8_t *data, size_t len, cli_out *out,
			       simt_diags *d)
{
	if (o->raw)
		return simt_disassemble_write(isa, o->input, data, len, o->base,
					      o->flags, write_out, out, d);
	simt_object *obj = NULL;
	simt_status st = simt_object_read(data, len, o->input, &obj, d);
	if (st != SIMT_OK)
		return st;
	st = simt_disassemble_object_write(isa, obj, o->input, o->flags,
					   write_out, out, d);
	simt_object_free(obj);
	return st;
}

/*
 * The listing goes to -o FILE only when it is complete: the input read and
 * decoded (words that do not decode are part of a complete listing, as
 * .word lines, exit 1); an input that is not an object leaves FILE as it
 * was (docs/cli.md, "Outputs").
 */
int cli_dis(int argc, char **argv)
{
	dis_opts o = {0};
	if (argc > 1 && (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h")))
		return cli_usage(usage_text, true);
	int rc = parse_args(argc, argv, &o);
	if (rc)
		return rc;
	size_t len = 0;
	bool mapped = false;
	char *data = cli_read_input(o.input, &len, &mapped);
	if (!data) {
		fprintf(stderr, "simt dis: cannot read '%s': %s\n", o.input,
			strerror(errno));
		return 1;
	}
	cli_out file, *out = cli_stdout();
	if (o.output && !cli_out_open(out = &file, "dis", o.output, &o.input, 1)) {
		cli_release_input(data, len, mapped);
		return 1;
	}
	simt_isa *isa = cli_load_isa(o.isa_dir);
	simt_diags d;
	simt_diags_init(&d);
	simt_status st = isa ? disassemble(isa, &o, (const uint8_t *)data, len, out, &d)
			     : SIMT_ERR_ARG;
	bool complete = st == SIMT_OK || st == SIMT_ERR_DECODE;
	cli_print_diags(&d);
	if (isa && st != SIMT_OK && !d.errors)
		fprintf(stderr, "simt dis: %s: %s\n", o.input, simt_strerror(st));
	if (o.output && complete)
		rc = cli_out_commit(out);
	else if (o.output)
		cli_out_discard(out);
	cli_release_input(data, len, mapped);
	simt_diags_free(&d);
	simt_isa_free(isa);
	return (st != SIMT_OK || rc) ? 1 : 0;
}
