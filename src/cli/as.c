/* as.c - `simt as in.s -o out.o [--isa DIR]`: assemble into an ELF object. */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "util/util.h"

static int usage(FILE *f, int rc)
{
	fprintf(f, "usage: simt as IN.s [-o OUT.o] [--isa DIR]\n"
		   "  assemble IN.s into an ELF object (default OUT: IN with .o);\n"
		   "  every error is printed as file:line:col with the source line.\n");
	return rc;
}

static char *default_output(const char *in)
{
	size_t n = strlen(in);
	const char *dot = strrchr(in, '.');
	const char *slash = strrchr(in, '/');
	if (dot && (!slash || dot > slash))
		n = (size_t)(dot - in);
	return util_format("%.*s.o", (int)n, in);
}

static int write_file(const char *path, const uint8_t *data, size_t len)
{
	FILE *f = fopen(path, "wb");
	if (!f) {
		perror(path);
		return 1;
	}
	int rc = fwrite(data, 1, len, f) == len ? 0 : 1;
	if (fclose(f) != 0 || rc) {
		perror(path);
		return 1;
	}
	return 0;
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
			return usage(stdout, 0);
		else if (argv[i][0] == '-' && argv[i][1])
			return usage(stderr, 2);
		else if (!in)
			in = argv[i];
		else
			return usage(stderr, 2);
	}
	if (!in)
		return usage(stderr, 2);
	simt_isa *isa = cli_load_isa(isadir);
	if (!isa)
		return 1;
	size_t len = 0;
	bool mapped = false;
	char *text = cli_read_input(in, &len, &mapped);
	if (!text) {
		perror(in);
		simt_isa_free(isa);
		return 1;
	}
	simt_diags d;
	simt_diags_init(&d);
	simt_object *obj = NULL;
	simt_status st = simt_assemble(isa, in, text, len, &obj, &d);
	cli_print_diags(&d);
	int rc = 1;
	if (st == SIMT_OK) {
		uint8_t *image = NULL;
		size_t ilen = 0;
		simt_diags_clear(&d);
		st = simt_object_write(obj, &image, &ilen, &d);
		cli_print_diags(&d);
		char *def = out ? NULL : default_output(in);
		if (st == SIMT_OK)
			rc = write_file(out ? out : def, image, ilen);
		free(def);
		free(image);
	} else if (!d.count) {
		fprintf(stderr, "%s: %s\n", in, simt_strerror(st));
	}
	simt_object_free(obj);
	simt_diags_free(&d);
	cli_release_input(text, len, mapped);
	simt_isa_free(isa);
	return rc;
}
