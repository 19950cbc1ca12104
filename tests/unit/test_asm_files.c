/*
 * test_asm_files.c - the data-driven assembler tests: every .s file of
 * tests/asm (and of tests/asm/fuzz, the fuzzer's regression inputs).
 *
 * Expectations sit beside the input, in the line's comment:
 *   INSTR ;  // => CANONICAL     the word disassembles to CANONICAL
 *                                (spacing and a final ';' normalised)
 *   INSTR ;  // error: TEXT      an error on this line contains TEXT
 *   INSTR ;  // warning: TEXT    a warning on this line contains TEXT
 * Every other instruction line must assemble without error and round-trip:
 * print -> assemble at the same address -> the same word.  A diagnostic on a
 * line with no expectation fails the test.  Files under fuzz/ only need to
 * produce their expected errors (and not crash).
 */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "asm/asm.h"
#include "asm/dis.h"
#include "codec/codec.h"
#include "test.h"

/* Collapse whitespace, drop blanks around ',', a final ';' and trailing
 * blanks. */
static void normalise(const char *s, size_t n, char *out, size_t cap)
{
	size_t k = 0;
	bool space = false;
	for (size_t i = 0; i < n && k + 2 < cap; i++) {
		char ch = s[i];
		if (ch == ' ' || ch == '\t' || ch == '\r') {
			space = k > 0;
			continue;
		}
		if (space && ch != ',' && out[k - 1] != ',')
			out[k++] = ' ';
		else if (space && out[k - 1] == ',')
			out[k++] = ' ';
		space = false;
		if (ch == ',') {
			out[k++] = ',';
			continue;
		}
		out[k++] = ch;
	}
	while (k && (out[k - 1] == ';' || out[k - 1] == ' '))
		k--;
	out[k] = '\0';
	/* ", " after every comma */
	char tmp[1024];
	size_t j = 0;
	for (size_t i = 0; i < k && j + 2 < sizeof tmp; i++) {
		tmp[j++] = out[i];
		if (out[i] == ',' && out[i + 1] != ' ')
			tmp[j++] = ' ';
	}
	tmp[j] = '\0';
	snprintf(out, cap, "%s", tmp);
}

typedef struct expect {
	char kind; /* '=' canonical, 'e' error, 'w' warning, 0 none */
	char text[512];
	bool seen;
} expect;

/* Parse the expectation comment of one line. */
static void line_expect(const char *line, size_t n, expect *e)
{
	e->kind = 0;
	e->seen = false;
	const char *end = line + n;
	for (const char *p = line; p + 1 < end; p++) {
		if (p[0] != '/' || p[1] != '/')
			continue;
		const char *q = p + 2;
		while (q < end && *q == ' ')
			q++;
		size_t rest = (size_t)(end - q);
		if (rest >= 2 && !memcmp(q, "=>", 2)) {
			e->kind = '=';
			q += 2;
		} else if (rest >= 6 && !memcmp(q, "error:", 6)) {
			e->kind = 'e';
			q += 6;
		} else if (rest >= 8 && !memcmp(q, "warning:", 8)) {
			e->kind = 'w';
			q += 8;
		} else {
			return;
		}
		while (q < end && *q == ' ')
			q++;
		size_t len = (size_t)(end - q);
		while (len && (q[len - 1] == ' ' || q[len - 1] == '\r'))
			len--;
		if (e->kind == '=')
			normalise(q, len, e->text, sizeof e->text);
		else
			snprintf(e->text, sizeof e->text, "%.*s", (int)len, q);
		return;
	}
}

static simt_isa *isa_for_tests(void)
{
	static simt_isa *isa;
	if (!isa) {
		simt_diags d;
		simt_diags_init(&d);
		if (simt_isa_load_builtin(&isa, &d) != SIMT_OK)
			isa = NULL;
		simt_diags_free(&d);
	}
	return isa;
}

static void check_word(const isa_model *m, const char *path, int line,
		       const asm_lineinfo *li, const expect *e)
{
	uint64_t f[ISA_MAX_FIELDS];
	const char *why = NULL;
	const isa_opcode *op = codec_decode(m, li->word, f, &why);
	if (!op) {
		test_fail(path, line, "word does not decode: %s", why ? why : "?");
		return;
	}
	util_buf b = {0};
	dis_print_inst(m, op, f, li->pc, NULL, &b);
	char got[1024];
	normalise(b.data ? b.data : "", b.len, got, sizeof got);
	if (e->kind == '=' && strcmp(got, e->text) != 0)
		test_fail(path, line, "prints \"%s\", expected \"%s\"", got, e->text);
	isa_word again;
	simt_diags d;
	simt_diags_init(&d);
	simt_status st = asm_line(m, got, li->pc, &again, &d);
	if (st != SIMT_OK)
		test_fail(path, line, "\"%s\" does not reassemble: %s", got,
			  d.count ? d.items[0].message : simt_strerror(st));
	else if (again.lo != li->word.lo || again.hi != li->word.hi)
		test_fail(path, line, "\"%s\" reassembles to another word", got);
	simt_diags_free(&d);
	util_buf_free(&b);
}

static void run_file(const isa_model *m, const char *path, bool fuzz)
{
	size_t len;
	char *text = util_read_file(path, &len);
	if (!text) {
		test_fail(path, 0, "cannot read");
		return;
	}
	/* expectations per line */
	int nlines = 1;
	for (size_t i = 0; i < len; i++)
		nlines += text[i] == '\n';
	expect *ex = calloc((size_t)nlines + 1, sizeof *ex);
	const char *p = text;
	for (int l = 1; l <= nlines && ex; l++) {
		const char *nl = memchr(p, '\n', (size_t)(text + len - p));
		size_t n = nl ? (size_t)(nl - p) : (size_t)(text + len - p);
		line_expect(p, n, &ex[l]);
		p = nl ? nl + 1 : text + len;
	}
	simt_diags d;
	simt_diags_init(&d);
	asm_linemap map = {0};
	simt_object *obj = NULL;
	asm_assemble(m, path, text, len, &obj, &d, &map);
	for (int i = 0; i < d.count && ex; i++) {
		const simt_diag *g = &d.items[i];
		int l = g->line;
		char kind = g->severity == SIMT_SEV_ERROR ? 'e' : 'w';
		if (g->severity == SIMT_SEV_NOTE)
			continue;
		if (l >= 1 && l <= nlines && ex[l].kind == kind &&
		    strstr(g->message, ex[l].text)) {
			ex[l].seen = true;
			continue;
		}
		test_fail(path, l, "unexpected %s: %s", kind == 'e' ? "error" : "warning",
			  g->message);
	}
	for (int l = 1; l <= nlines && ex; l++)
		if ((ex[l].kind == 'e' || ex[l].kind == 'w') && !ex[l].seen)
			test_fail(path, l, "expected %s containing \"%s\"",
				  ex[l].kind == 'e' ? "an error" : "a warning", ex[l].text);
	for (int i = 0; i < map.count && ex && !fuzz; i++) {
		const asm_lineinfo *li = &map.items[i];
		if (li->ok && li->line <= nlines && ex[li->line].kind != 'e')
			check_word(m, path, li->line, li, &ex[li->line]);
	}
	free(map.items);
	simt_object_free(obj);
	simt_diags_free(&d);
	free(ex);
	free(text);
}

static int by_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Run every *.s of dir; returns how many ran. */
static int run_dir(const char *sub, bool fuzz)
{
	const isa_model *m = isa_for_tests();
	char dir[512];
	snprintf(dir, sizeof dir, "%s/%s", test_dir(), sub);
	DIR *dp = opendir(dir);
	if (!dp || !m) {
		if (dp)
			closedir(dp);
		return 0;
	}
	char **names = NULL;
	int n = 0, cap = 0;
	struct dirent *de;
	while ((de = readdir(dp))) {
		size_t l = strlen(de->d_name);
		if (l < 3 || strcmp(de->d_name + l - 2, ".s"))
			continue;
		if (!util_grow((void **)&names, &cap, n + 1, sizeof *names))
			break;
		names[n++] = util_format("%s/%s", dir, de->d_name);
	}
	closedir(dp);
	if (n)
		qsort(names, (size_t)n, sizeof *names, by_name);
	for (int i = 0; i < n; i++) {
		if (names[i])
			run_file(m, names[i], fuzz);
		free(names[i]);
	}
	free(names);
	return n;
}

TEST(asm_data_files)
{
	CHECK(isa_for_tests() != NULL);
	CHECK(run_dir("asm", false) > 0);
}

TEST(asm_fuzz_regressions)
{
	run_dir("asm/fuzz", true);
}
