/*
 * common.c - helpers shared by the subcommands.
 *
 * How the CLI writes (the rule every file of src/cli follows, pinned by
 * tests/cli/writes.sh):
 *
 *  1. A file a command produces (as -o, dis -o, isa dump -o, isa doc -o,
 *     run --trace) is a cli_out: cli_out_open() refuses a target that names
 *     an input, creates a temporary file in the target's directory, and
 *     cli_out_commit() flushes, closes and renames it over the target
 *     only when every write succeeded (no fsync: docs/cli.md "Outputs"
 *     says why); on any failure the target is
 *     left as it was and the command exits 1 after
 *     "simt: cannot write FILE: reason".  Streaming outputs (--trace) go to
 *     the temporary and are renamed at the end.
 *  2. Standard output is a cli_out too (cli_stdout()): every byte goes
 *     through cli_out_write/puts/printf, and main() ends with cli_exit(),
 *     which flushes and closes it and turns a failed write into exit 1
 *     ("simt: cannot write standard output: reason").
 *  3. Standard error carries the messages about failures and is written
 *     directly (fprintf(stderr, ...), fputs(..., stderr)); there is nowhere
 *     to report its own failure, so cli_exit() only turns it into exit 1.
 *
 * So the only fwrite/fprintf/fputs/fclose/putchar calls in src/cli are the
 * ones inside cli_out_* below and those whose stream is stderr.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <libgen.h>
#include <limits.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli/cli.h"
#include "simt/ptx.h"
#include "simt/sim.h"
#include "util/util.h"

/* ---- outputs ----------------------------------------------------------------- */

static cli_out stdout_out;

cli_out *cli_stdout(void)
{
	stdout_out.f = stdout;
	return &stdout_out;
}

void cli_out_write(cli_out *o, const void *data, size_t len)
{
	if (o->err || !len)
		return;
	errno = 0;
	if (fwrite(data, 1, len, o->f) != len)
		o->err = errno ? errno : EIO;
}

void cli_out_puts(cli_out *o, const char *s)
{
	cli_out_write(o, s, strlen(s));
}

void cli_out_printf(cli_out *o, const char *fmt, ...)
{
	if (o->err)
		return;
	va_list ap;
	va_start(ap, fmt);
	errno = 0;
	if (vfprintf(o->f, fmt, ap) < 0)
		o->err = errno ? errno : EIO;
	va_end(ap);
}

void cli_out_flush(cli_out *o)
{
	errno = 0;
	if (!o->err && fflush(o->f))
		o->err = errno ? errno : EIO;
}

/* Does path name one of the inputs?  Same file when it exists, same text
 * when it does not (yet). */
static const char *names_input(const char *path, const struct stat *st,
			       bool exists, const char *const *inputs, int n)
{
	for (int k = 0; k < n; k++) {
		struct stat in;
		if (!inputs[k] || !strcmp(inputs[k], "-"))
			continue;
		if (exists ? stat(inputs[k], &in) == 0 && in.st_dev == st->st_dev &&
				     in.st_ino == st->st_ino
			   : strcmp(inputs[k], path) == 0)
			return inputs[k];
	}
	return NULL;
}

/* A temporary "DIR/.NAME.XXXXXX" beside target (resolved through
 * symbolic links, so a link keeps pointing at the file it names). */
static char *temp_beside(const char *target, int *fd)
{
	char *real = realpath(target, NULL);
	const char *t = real ? real : target;
	char *d1 = util_strdup(t), *d2 = util_strdup(t);
	char *tmp = d1 && d2 ? util_format("%s/.%s.XXXXXX", dirname(d1), basename(d2)) : NULL;
	free(d1);
	free(d2);
	free(real);
	*fd = tmp ? mkstemp(tmp) : -1;
	if (*fd < 0) {
		int e = tmp ? errno : ENOMEM;
		free(tmp);
		errno = e;
		return NULL;
	}
	return tmp;
}

bool cli_out_open(cli_out *o, const char *cmd, const char *path,
		  const char *const *inputs, int ninputs)
{
	memset(o, 0, sizeof *o);
	if (!strcmp(path, "-")) {
		/* standard output: written in place through a duplicate, so
		 * committing it checks every byte and cli_exit still owns fd 1 */
		cli_out_flush(cli_stdout());
		int fd = dup(STDOUT_FILENO);
		o->f = fd >= 0 ? fdopen(fd, "wb") : NULL;
		if (!o->f) {
			if (fd >= 0)
				close(fd);
			fprintf(stderr, "simt: cannot write standard output: %s\n", strerror(errno));
			return false;
		}
		o->path = util_strdup("standard output");
		return true;
	}
	struct stat st;
	bool exists = stat(path, &st) == 0;
	const char *in = names_input(path, &st, exists, inputs, ninputs);
	if (in) {
		fprintf(stderr, "simt %s: output '%s' is the input '%s': refusing to "
			"overwrite it (name another file with -o)\n", cmd, path, in);
		return false;
	}
	int fd = -1;
	if (exists && !S_ISREG(st.st_mode)) {
		/* a device or a pipe: no rename, written where it is */
		fd = open(path, O_WRONLY | O_TRUNC);
		o->f = fd >= 0 ? fdopen(fd, "wb") : NULL;
	} else {
		o->tmp = temp_beside(path, &fd);
		if (o->tmp) {
			mode_t mask = umask(0);
			umask(mask);
			/* the mode the target has, or the one fopen would give */
			fchmod(fd, exists ? st.st_mode & 07777 : 0666 & ~mask);
			o->f = fdopen(fd, "wb");
		}
	}
	if (!o->f) {
		int e = errno;
		if (fd >= 0)
			close(fd);
		if (o->tmp)
			unlink(o->tmp);
		free(o->tmp);
		o->tmp = NULL;
		fprintf(stderr, "simt: cannot write %s: %s\n", path, strerror(e));
		return false;
	}
	o->path = util_strdup(path);
	return true;
}

int cli_out_commit(cli_out *o)
{
	if (!o->f)
		return 1;
	int err = o->err;
	if (fflush(o->f) && !err)
		err = errno ? errno : EIO;
	if (!err && ferror(o->f))
		err = EIO;
	if (fclose(o->f) && !err)
		err = errno ? errno : EIO;
	o->f = NULL;
	char *target = o->tmp ? realpath(o->path, NULL) : NULL;
	if (!err && o->tmp && rename(o->tmp, target ? target : o->path))
		err = errno;
	free(target);
	if (err && o->tmp)
		unlink(o->tmp);
	if (err)
		fprintf(stderr, "simt: cannot write %s: %s\n",
			o->path ? o->path : "standard output", strerror(err));
	free(o->tmp);
	free(o->path);
	o->tmp = o->path = NULL;
	return err ? 1 : 0;
}

void cli_out_discard(cli_out *o)
{
	if (o->f)
		fclose(o->f);
	if (o->tmp)
		unlink(o->tmp);
	free(o->tmp);
	free(o->path);
	memset(o, 0, sizeof *o);
}

int cli_exit(int rc)
{
	cli_out *o = cli_stdout();
	if (cli_out_commit(o) && rc == 0)
		rc = 1;
	if ((fflush(stderr) || ferror(stderr)) && rc == 0)
		rc = 1;
	return rc;
}

int cli_usage(const char *text, bool asked)
{
	if (!asked) {
		fputs(text, stderr);
		return 2;
	}
	cli_out_puts(cli_stdout(), text);
	return 0;
}

bool cli_number(const char *cmd, const char *opt, const char *text,
		uint64_t max, uint64_t *out)
{
	char *end = (char *)text;
	errno = 0;
	unsigned long long v = text[0] >= '0' && text[0] <= '9'
				       ? strtoull(text, &end, 0) : 0;
	if (!(text[0] >= '0' && text[0] <= '9') || *end) {
		fprintf(stderr, "simt %s: %s: '%s' is not a whole number\n", cmd,
			opt, text);
		return false;
	}
	if (errno == ERANGE || v > max) {
		fprintf(stderr, "simt %s: %s: %s is larger than %llu\n", cmd, opt,
			text, (unsigned long long)max);
		return false;
	}
	*out = v;
	return true;
}

/* ---- diagnostics and inputs ------------------------------------------------------ */

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

void cli_print_checks(cli_out *o)
{
	cli_out_puts(o, "checks (--check=LIST, a comma list; all, none):\n");
#define CLI_X_CHECK(e, bit, name, what) \
	cli_out_printf(o, "  %-10s %s\n", name, what);
	SIMT_CHECK_LIST(CLI_X_CHECK)
#undef CLI_X_CHECK
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

const char *cli_input_name(const char *path)
{
	return strcmp(path, "-") ? path : "<stdin>";
}

/*
 * The whole file: mapped when it is a non-empty regular file of less than
 * UTIL_BIG bytes (*mapped set; no copy, and the kernel fills the pages in
 * one go), else read into one allocation of its size: huge pages
 * (util_alloc_big) from UTIL_BIG on.  On this VM a mapping's per-page work
 * (a page-table entry and a reference per 4 KiB page, made by
 * MAP_POPULATE and undone at munmap) cost ~1.9 us a page, 3 ms for
 * build/bench/simt.s's 6.6 MB, the copy into 2 MiB pages (~130 us a
 * fault) about half of that; below UTIL_BIG fresh 4 KiB pages to copy
 * into (~12 us a fault) cost more than the mapping (bench/RESULTS.md,
 * "Assembler kernel share, session 16").
 */
char *cli_read_input(const char *path, size_t *len, bool *mapped)
{
	struct stat st;
	*mapped = false;
	if (!strcmp(path, "-"))
		return util_read_stream(stdin, len);
	FILE *f = fopen(path, "rb");
	if (!f)
		return NULL;
	if (fstat(fileno(f), &st) || !S_ISREG(st.st_mode)) {
		fclose(f);
		return util_read_file(path, len);
	}
	if ((uint64_t)st.st_size > UTIL_INPUT_MAX) {
		fclose(f);
		errno = EFBIG;
		return NULL;
	}
	if (st.st_size > 0 && (size_t)st.st_size < UTIL_BIG) {
		void *m = mmap(NULL, (size_t)st.st_size, PROT_READ,
			       MAP_PRIVATE | MAP_POPULATE, fileno(f), 0);
		if (m != MAP_FAILED) {
			fclose(f);
			*mapped = true;
			*len = (size_t)st.st_size;
			return m;
		}
	}
	char *p = util_alloc_big((size_t)st.st_size + 1);
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

static bool ends_with(const char *s, const char *suffix)
{
	size_t n = strlen(s), k = strlen(suffix);
	return n >= k && !strcmp(s + n - k, suffix);
}

cli_prog_kind cli_program_kind(const char *path, const char *data, size_t len)
{
	if (strcmp(path, "-")) {
		if (ends_with(path, ".o"))
			return CLI_PROG_OBJECT;
		return ends_with(path, ".ptx") ? CLI_PROG_PTX : CLI_PROG_SOURCE;
	}
	if (len >= 4 && !memcmp(data, "\x7f" "ELF", 4))
		return CLI_PROG_OBJECT;
	return util_text_is_ptx(data, len) ? CLI_PROG_PTX : CLI_PROG_SOURCE;
}

int cli_load_program(const char *command, const char *input, simt_isa *isa,
		     bool assemble, simt_testfile *tf, simt_object **obj,
		     simt_diags *d)
{
	memset(tf, 0, sizeof *tf);
	size_t len;
	bool mapped = false;
	char *data = cli_read_input(input, &len, &mapped);
	if (!data) {
		fprintf(stderr, "simt %s: cannot read '%s': %s\n", command, input,
			strerror(errno));
		return 1;
	}
	const char *name = cli_input_name(input);
	simt_status st;
	switch (cli_program_kind(input, data, len)) {
	case CLI_PROG_OBJECT:
		st = simt_object_read((const uint8_t *)data, len, name, obj, d);
		if (st == SIMT_OK)
			st = simt_testfile_parse(name, "", 0, tf, d);
		break;
	case CLI_PROG_PTX:
		st = simt_testfile_parse(name, data, len, tf, d);
		if (st == SIMT_OK)
			st = simt_ptx_compile(isa, name, data, len, NULL, obj, NULL, NULL, d);
		break;
	default:
		st = simt_testfile_parse(name, data, len, tf, d);
		if (st == SIMT_OK && assemble)
			st = simt_assemble(isa, name, tf->asm_text, strlen(tf->asm_text),
					   obj, d);
	}
	cli_release_input(data, len, mapped);
	return st == SIMT_OK ? 0 : 1;
}
