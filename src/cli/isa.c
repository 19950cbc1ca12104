/*
 * isa.c - `simt isa check|dump|doc`: validate ISA description files, dump
 * the resolved model as JSON, write the Markdown reference.  With no FILES
 * the builtin ISA is used.
 */
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cli/cli.h"
#include "codec/codec.h"

static const char usage_text[] =
	"usage: simt isa check [FILES...]\n"
	"       simt isa dump --json [-o FILE] [FILES...]\n"
	"       simt isa doc [-o DIR] [FILES...]\n"
	"FILES are description files in order (base definitions first);\n"
	"'-' reads one of them from standard input;\n"
	"without FILES the ISA built into simt is used.\n";

/* The description texts of FILES, "-" being standard input (read once:
 * a second "-" is refused).  NULL after a message. */
static char **read_texts(int n, char **files)
{
	char **texts = calloc((size_t)n + 1, sizeof *texts);
	bool ok = texts != NULL, seen_stdin = false;
	for (int i = 0; ok && i < n; i++) {
		if (!strcmp(files[i], "-")) {
			if (seen_stdin) {
				fprintf(stderr, "simt isa: standard input ('-') given twice\n");
				ok = false;
				break;
			}
			seen_stdin = true;
		}
		size_t len;
		bool mapped;
		char *t = cli_read_input(files[i], &len, &mapped);
		if (!t) {
			fprintf(stderr, "%s: cannot read: %s\n", cli_input_name(files[i]),
				strerror(errno));
			ok = false;
			break;
		}
		/* the loader reads NUL-terminated text */
		texts[i] = malloc(len + 1);
		if (texts[i]) {
			memcpy(texts[i], t, len);
			texts[i][len] = '\0';
			if (memchr(t, '\0', len)) {
				fprintf(stderr, "%s: not a text file (contains a NUL byte)\n",
					cli_input_name(files[i]));
				ok = false;
			}
		} else {
			fprintf(stderr, "simt isa: out of memory\n");
			ok = false;
		}
		cli_release_input(t, len, mapped);
	}
	if (!ok && texts) {
		for (int i = 0; i < n; i++)
			free(texts[i]);
		free(texts);
		texts = NULL;
	}
	return texts;
}

/* Load FILES ("-": standard input) or the builtin ISA; prints diagnostics. */
static isa_model *load(int n, char **files)
{
	simt_diags d;
	simt_diags_init(&d);
	isa_model *m = NULL;
	simt_status st;
	if (n) {
		char **texts = read_texts(n, files);
		if (!texts)
			return NULL;
		const char **names = calloc((size_t)n, sizeof *names);
		for (int i = 0; names && i < n; i++)
			names[i] = cli_input_name(files[i]);
		st = names ? codec_isa_load(names, (const char *const *)texts, n, &m, &d)
			   : SIMT_ERR_NOMEM;
		free(names);
		for (int i = 0; i < n; i++)
			free(texts[i]);
		free(texts);
	} else {
		st = simt_isa_load_builtin(&m, &d);
	}
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

/* mkdir -p dir; false after a message. */
static bool make_dirs(const char *dir)
{
	char *p = util_strdup(dir);
	bool ok = p != NULL;
	for (char *q = p ? p + 1 : NULL; ok && q && *q; q++)
		if (*q == '/') {
			*q = '\0';
			ok = mkdir(p, 0777) == 0 || errno == EEXIST;
			*q = '/';
		}
	ok = ok && (mkdir(p, 0777) == 0 || errno == EEXIST);
	if (!ok)
		fprintf(stderr, "simt isa doc: cannot create directory '%s': %s\n",
			dir, strerror(errno));
	free(p);
	return ok;
}

typedef struct doc_dir {
	const char *dir;
	char **inputs;  /* the description files: never overwritten */
	int ninputs;
} doc_dir;

/* Each page is its own atomic output (common.c). */
static bool write_page(void *user, const char *name, const char *text, size_t len)
{
	doc_dir *dd = user;
	char *path = util_format("%s/%s", dd->dir, name);
	cli_out o;
	bool ok = path && cli_out_open(&o, "isa doc", path,
				       (const char *const *)dd->inputs, dd->ninputs);
	if (ok) {
		cli_out_write(&o, text, len);
		ok = cli_out_commit(&o) == 0;
	}
	free(path);
	return ok;
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
	doc_dir dd = {dir, argv, argc};
	int rc = make_dirs(dir) && isa_doc_pages(m, write_page, &dd) == SIMT_OK ? 0 : 1;
	codec_isa_free(m);
	return rc;
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
