/*
 * isa.c - `simt isa check|dump|doc`: validate ISA description files, dump
 * the resolved model as JSON, write the Markdown reference.  With no FILES
 * the builtin ISA is used.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "codec/codec.h"

static const char usage_text[] =
	"usage: simt isa check [FILES...]\n"
	"       simt isa dump --json [-o FILE] [FILES...]\n"
	"       simt isa doc [-o DIR] [FILES...]\n"
	"FILES are description files in order (base definitions first);\n"
	"without FILES the ISA built into simt is used.\n";

/* Load FILES (or the builtin ISA); prints diagnostics. */
static isa_model *load(int n, char **files)
{
	simt_diags d;
	simt_diags_init(&d);
	isa_model *m = NULL;
	simt_status st = n ? simt_isa_load_files((const char *const *)files, n, &m, &d)
			   : simt_isa_load_builtin(&m, &d);
	cli_print_diags(&d);
	if (st != SIMT_OK && d.count == 0)
		fprintf(stderr, "simt isa: %s\n", simt_strerror(st));
	simt_diags_free(&d);
	return m;
}

static int cmd_check(int argc, char **argv)
{
	isa_model *m = load(argc, argv);
	if (!m)
		return 1;
	cli_out_printf(cli_stdout(), "%d opcodes, %d classes, %d types: ok\n",
		       m->nopcodes, m->nclasses, m->ntypes);
	codec_isa_free(m);
	return 0;
}

static int cmd_dump(int argc, char **argv)
{
	if (argc < 1 || strcmp(argv[0], "--json") != 0)
		return cli_usage(usage_text, false);
	const char *path = NULL;
	if (argc >= 3 && !strcmp(argv[1], "-o")) {
		path = argv[2];
		argc -= 2;
		argv += 2;
	}
	isa_model *m = load(argc - 1, argv + 1);
	if (!m)
		return 1;
	char *s = isa_dump_json(m);
	cli_out file, *out = cli_stdout();
	int rc = 1;
	if (!s)
		fprintf(stderr, "simt isa dump: out of memory\n");
	else if (!path)
		rc = (cli_out_puts(out, s), 0);
	else if (cli_out_open(out = &file, "isa dump", path,
			      (const char *const *)argv + 1, argc - 1))
		rc = (cli_out_puts(out, s), cli_out_commit(out));
	free(s);
	codec_isa_free(m);
	return rc;
}

static int cmd_doc(int argc, char **argv)
{
	const char *dir = "docs/isa";
	if (argc >= 2 && !strcmp(argv[0], "-o")) {
		dir = argv[1];
		argc -= 2;
		argv += 2;
	}
	isa_model *m = load(argc, argv);
	if (!m)
		return 1;
	simt_diags d;
	simt_diags_init(&d);
	simt_status st = isa_write_docs(m, dir, &d);
	cli_print_diags(&d);
	simt_diags_free(&d);
	codec_isa_free(m);
	return st == SIMT_OK ? 0 : 1;
}

int cli_isa(int argc, char **argv)
{
	if (argc < 2)
		return cli_usage(usage_text, false);
	if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h"))
		return cli_usage(usage_text, true);
	if (!strcmp(argv[1], "check"))
		return cmd_check(argc - 2, argv + 2);
	if (!strcmp(argv[1], "dump"))
		return cmd_dump(argc - 2, argv + 2);
	if (!strcmp(argv[1], "doc"))
		return cmd_doc(argc - 2, argv + 2);
	fprintf(stderr, "simt isa: unknown subcommand '%s'\n", argv[1]);
	return cli_usage(usage_text, false);
}
