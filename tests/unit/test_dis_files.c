/*
 * test_dis_files.c - data-driven decoder tests: every tests/dis/NAME.txt file
 * holds one 128-bit word per line with its expectation beside it:
 *
 *     0x<bits 127-64> 0x<bits 63-0>   // => CANONICAL TEXT
 *     0x<bits 127-64> 0x<bits 63-0>   // error: TEXT OF THE REASON
 *
 * The word is decoded with the builtin ISA at pc 0 (lines may start with
 * `@ADDR` to set another pc) and printed; `=>` compares the text exactly,
 * `error:` requires the decode to fail with an explanation containing TEXT.
 * Blank lines and lines starting with `#` are ignored.
 */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>

#include "asm/dis.h"
#include "codec/codec.h"
#include "test.h"

static void trim_right(char *s)
{
	size_t n = strlen(s);
	while (n && (s[n - 1] == ' ' || s[n - 1] == '\t' || s[n - 1] == '\r' ||
		     s[n - 1] == '\n'))
		s[--n] = '\0';
}

static void check_line(const isa_model *m, const char *file, int lineno,
		       char *line)
{
	char *p = line;
	unsigned long long pc = 0, hi, lo;
	while (*p == ' ' || *p == '\t')
		p++;
	if (!*p || *p == '#' || *p == '\n')
		return;
	if (*p == '@')
		pc = strtoull(p + 1, &p, 0);
	char *c = strstr(p, "//");
	if (sscanf(p, "%llx %llx", &hi, &lo) != 2 || !c) {
		test_fail(file, lineno, "malformed test line: %s", line);
		return;
	}
	c += 2;
	while (*c == ' ')
		c++;
	trim_right(c);
	isa_word w = {lo, hi};
	uint64_t f[ISA_MAX_FIELDS];
	const isa_opcode *op = codec_decode(m, w, f, NULL);
	char why[256];
	if (!strncmp(c, "=>", 2)) {
		c += 2;
		while (*c == ' ')
			c++;
		if (!op) {
			test_fail(file, lineno, "does not decode: %s",
				  codec_explain(m, w, why, sizeof why));
			return;
		}
		util_buf b = {0};
		dis_print_inst(m, op, f, pc, NULL, &b);
		if (strcmp(b.data, c))
			test_fail(file, lineno, "printed \"%s\", expected \"%s\"",
				  b.data, c);
		util_buf_free(&b);
	} else if (!strncmp(c, "error:", 6)) {
		c += 6;
		while (*c == ' ')
			c++;
		if (op)
			test_fail(file, lineno, "decodes as %s, expected an error",
				  op->name);
		else if (!strstr(codec_explain(m, w, why, sizeof why), c))
			test_fail(file, lineno, "reason \"%s\" lacks \"%s\"", why, c);
	} else {
		test_fail(file, lineno, "expected '=>' or 'error:' after //");
	}
}

static void run_file(const isa_model *m, const char *path)
{
	FILE *f = fopen(path, "r");
	if (!f) {
		test_fail(path, 0, "cannot open");
		return;
	}
	char line[1024];
	int n = 0;
	while (fgets(line, sizeof line, f))
		check_line(m, path, ++n, line);
	fclose(f);
}

TEST(dis_data_files)
{
	isa_model *m = NULL;
	simt_diags d;
	simt_diags_init(&d);
	if (codec_isa_builtin(&m, &d) != SIMT_OK) {
		test_fail(__FILE__, __LINE__, "builtin ISA does not load");
		simt_diags_free(&d);
		return;
	}
	if (!m->decoder)
		codec_build(m, &d);
	char dir[512];
	snprintf(dir, sizeof dir, "%s/dis", test_dir());
	DIR *dp = opendir(dir);
	int files = 0;
	for (struct dirent *e; dp && (e = readdir(dp));) {
		size_t n = strlen(e->d_name);
		if (n < 4 || strcmp(e->d_name + n - 4, ".txt"))
			continue;
		char path[1024];
		snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
		run_file(m, path);
		files++;
	}
	if (dp)
		closedir(dp);
	CHECK(files > 0);
	codec_isa_free(m);
	simt_diags_free(&d);
}
