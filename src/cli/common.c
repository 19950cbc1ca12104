/* common.c - helpers shared by the subcommands. */
#include <dirent.h>
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli/cli.h"
#include "util/util.h"

void cli_format_diags(const simt_diags *d, util_buf *out)
{
	char small[1024];
	for (int i = 0; i < d->count; i++) {
		size_t n = simt_diag_format(&d->items[i], small, sizeof small);
		if (n < sizeof small) {
			util_buf_puts(out, small);
			continue;
		}
		char *big = malloc(n + 1);
		if (!big)
			continue;
		simt_diag_format(&d->items[i], big, n + 1);
		util_buf_puts(out, big);
		free(big);
	}
	if (d->limit && d->errors > d->limit)
		util_buf_printf(out, "(%d more errors not shown)\n",
				d->errors - d->limit);
}

int cli_print_diags(const simt_diags *d)
{
	util_buf b = {0};
	cli_format_diags(d, &b);
	if (b.data)
		fputs(b.data, stderr);
	util_buf_free(&b);
	return d->errors;
}

static int by_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static bool is_isa_file(const char *name)
{
	size_t n = strlen(name);
	return n > 4 && !strcmp(name + n - 4, ".isa") && strcmp(name, "base.isa") != 0;
}

/* DIR/base.isa first (when present), then DIR/ *.isa in name order. */
static int isa_dir_files(const char *dir, char ***out)
{
	DIR *dp = opendir(dir);
	if (!dp)
		return -1;
	int n = 0, cap = 8;
	char **v = malloc((size_t)cap * sizeof *v);
	struct dirent *e;
	while (v && (e = readdir(dp))) {
		if (!is_isa_file(e->d_name))
			continue;
		if (n + 2 > cap) {
			char **nv = realloc(v, (size_t)(cap *= 2) * sizeof *v);
			if (!nv)
				break;
			v = nv;
		}
		v[n++] = util_format("%s/%s", dir, e->d_name);
	}
	closedir(dp);
	if (!v)
		return -1;
	qsort(v, (size_t)n, sizeof *v, by_name);
	char *base = util_format("%s/base.isa", dir);
	if (base && access(base, R_OK) == 0) {
		memmove(v + 1, v, (size_t)n * sizeof *v);
		v[0] = base;
		n++;
	} else {
		free(base);
	}
	*out = v;
	return n;
}

simt_isa *cli_load_isa(const char *dir)
{
	simt_diags d;
	simt_diags_init(&d);
	simt_isa *isa = NULL;
	if (!dir) {
		simt_isa_load_builtin(&isa, &d);
	} else {
		char **files = NULL;
		int n = isa_dir_files(dir, &files);
		if (n < 0)
			fprintf(stderr, "simt: cannot read ISA directory '%s': %s\n", dir, strerror(errno));
		else if (n == 0)
			fprintf(stderr, "simt: no .isa files in '%s'\n", dir);
		else
			simt_isa_load_files((const char *const *)files, n, &isa, &d);
		for (int i = 0; i < n; i++)
			free(files[i]);
		free(files);
	}
	cli_print_diags(&d);
	simt_diags_free(&d);
	return isa;
}

/* The whole file: mapped when it is a non-empty regular file (*mapped set;
 * no copy, and the kernel fills the pages in one go), else read into one
 * allocation of its size. */
char *cli_read_input(const char *path, size_t *len, bool *mapped)
{
	struct stat st;
	*mapped = false;
	FILE *f = fopen(path, "rb");
	if (!f)
		return NULL;
	if (fstat(fileno(f), &st) || !S_ISREG(st.st_mode)) {
		fclose(f);
		return util_read_file(path, len);
	}
	if (st.st_size > 0) {
		void *m = mmap(NULL, (size_t)st.st_size, PROT_READ,
			       MAP_PRIVATE | MAP_POPULATE, fileno(f), 0);
		if (m != MAP_FAILED) {
			fclose(f);
			*mapped = true;
			*len = (size_t)st.st_size;
			return m;
		}
	}
	char *p = malloc((size_t)st.st_size + 1);
	size_t n = p ? fread(p, 1, (size_t)st.st_size, f) : 0;
	int bad = !p || ferror(f) || n != (size_t)st.st_size;
	fclose(f);
	if (bad) {
		free(p);
		errno = p ? EIO : ENOMEM;
		return NULL;
	}
	*len = n;
	return p;
}

void cli_release_input(char *data, size_t len, bool mapped)
{
	if (mapped)
		munmap(data, len);
	else
		free(data);
}
