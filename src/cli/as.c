/* as.c - `simt as in.s -o out.o [--isa DIR]`: assemble into an ELF object. */
#include <fcntl.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

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

/* The whole file: mapped when it is a non-empty regular file (*mapped
 * set), else read into one allocation. */
static char *read_all(const char *path, size_t *len, bool *mapped)
{
	int fd = open(path, O_RDONLY);
	struct stat st;
	if (fd < 0)
		return NULL;
	if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
		close(fd);
		return util_read_file(path, len);
	}
	size_t n = (size_t)st.st_size, got = 0;
	*mapped = false;
	if (n > 0) {
		void *p = mmap(NULL, n, PROT_READ, MAP_PRIVATE | MAP_POPULATE, fd, 0);
		if (p != MAP_FAILED) {
			close(fd);
			*mapped = true;
			*len = n;
			return p;
		}
	}
	char *buf = malloc(n + 1);
	while (buf && got < n) {
		ssize_t r = read(fd, buf + got, n - got);
		if (r <= 0)
			break;
		got += (size_t)r;
	}
	close(fd);
	if (buf)
		buf[got] = '\0';
	*len = got;
	return buf;
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
	char *text = read_all(in, &len, &mapped);
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
	if (mapped)
		munmap(text, len);
	else
		free(text);
	simt_isa_free(isa);
	return rc;
}
