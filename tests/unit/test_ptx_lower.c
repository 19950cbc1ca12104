/*
 * test_ptx_lower.c - the lowering tests tests/ptx/lower/NAME.ptx (FileCheck
 * style, STYLE.md 14).  Each file is PTX whose comments hold the expected
 * lowered instructions:
 *
 *   // CHECK: ISETP.GE.U32.AND {{P}}, PT, {{R}}, {{R}}, PT ;
 *   // CHECK-NEXT: @{{P}} BRA {{L}} ;
 *   // CHECK-NOT: WARPSYNC
 *
 * CHECK lines match lines of `simt ptx -S` output in order (a CHECK-NOT
 * holds between the previous CHECK match and the next; a CHECK-NEXT must
 * match the output line right after the previous match); the PTX-line
 * comment is cut off first, runs of blanks compare as one.  Wildcards:
 * {{R}} a register (R7, RZ), {{P}} a predicate (P0, !P3, PT, !PT), {{L}} a
 * branch target `(label), {{*}} anything.  The lowered text must also
 * assemble (it is what `simt as` reads back).
 */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "simt/ptx.h"
#include "simt/simt.h"
#include "test.h"
#include "util/util.h"

static simt_isa *isa(void)
{
	static simt_isa *m;
	if (!m) {
		simt_diags d;
		simt_diags_init(&d);
		if (simt_isa_load_builtin(&m, &d) != SIMT_OK)
			m = NULL;
		simt_diags_free(&d);
	}
	return m;
}

static bool is_digit(char c) { return c >= '0' && c <= '9'; }

/* Does pattern p match a prefix-anchored s (returns the end or NULL)? */
static const char *match_at(const char *p, const char *s)
{
	while (*p) {
		if (!strncmp(p, "{{*}}", 5)) {
			for (const char *t = s;; t++) {
				const char *e = match_at(p + 5, t);
				if (e)
					return e;
				if (!*t)
					return NULL;
			}
		}
		if (!strncmp(p, "{{R}}", 5)) {
			if (s[0] == 'R' && s[1] == 'Z')
				s += 2;
			else if (s[0] == 'R' && is_digit(s[1]))
				for (s++; is_digit(*s); s++)
					;
			else
				return NULL;
			p += 5;
			continue;
		}
		if (!strncmp(p, "{{P}}", 5)) {
			if (*s == '!')
				s++;
			if (s[0] != 'P' || !(is_digit(s[1]) || s[1] == 'T'))
				return NULL;
			s += 2;
			p += 5;
			continue;
		}
		if (!strncmp(p, "{{L}}", 5)) {
			if (strncmp(s, "`(", 2))
				return NULL;
			const char *e = strchr(s, ')');
			if (!e)
				return NULL;
			s = e + 1;
			p += 5;
			continue;
		}
		if (*p != *s)
			return NULL;
		p++;
		s++;
	}
	return s;
}

static bool match(const char *p, const char *s)
{
	for (const char *t = s;; t++) {
		if (match_at(p, t))
			return true;
		if (!*t)
			return false;
	}
}

/* Copy with blanks collapsed and trimmed; cut at "//" when code. */
static void normalise(const char *s, size_t n, char *out, size_t size, bool code)
{
	size_t o = 0;
	bool blank = false;
	for (size_t i = 0; i < n && o + 2 < size; i++) {
		if (code && s[i] == '/' && i + 1 < n && s[i + 1] == '/')
			break;
		if (s[i] == ' ' || s[i] == '\t') {
			blank = o > 0;
			continue;
		}
		if (blank)
			out[o++] = ' ';
		blank = false;
		out[o++] = s[i];
	}
	out[o] = '\0';
}

static void run_file(const char *path)
{
	size_t len;
	char *text = util_read_file(path, &len);
	if (!text) {
		test_fail(path, 0, "cannot read");
		return;
	}
	simt_diags d;
	simt_diags_init(&d);
	simt_ptx *m = NULL;
	char *out = NULL;
	simt_status st = simt_ptx_read(path, text, len, &m, &d);
	if (st == SIMT_OK)
		st = simt_ptx_check(m, &d);
	if (st == SIMT_OK) {
		simt_ptx_lower_opts o = {NULL, true};
		st = simt_ptx_lower(m, &o, &out, NULL, NULL, &d);
	}
	if (st != SIMT_OK) {
		test_fail(path, d.count ? d.items[0].line : 0, "does not lower: %s",
			  d.count ? d.items[0].message : "?");
		goto done;
	}
	simt_object *obj = NULL;
	if (simt_assemble(isa(), path, out, strlen(out), &obj, &d) != SIMT_OK)
		test_fail(path, 0, "lowered text does not assemble: %s",
			  d.count ? d.items[0].message : "?");
	simt_object_free(obj);
	/* output lines */
	int nout = 0;
	char **lines = NULL;
	int cap = 0;
	for (const char *p = out; *p;) {
		const char *e = strchr(p, '\n');
		size_t n = e ? (size_t)(e - p) : strlen(p);
		char buf[512];
		normalise(p, n, buf, sizeof buf, true);
		if (buf[0] && util_grow((void **)&lines, &cap, nout + 1, sizeof *lines))
			lines[nout++] = util_strdup(buf);
		p += n + (e != NULL);
	}
	/* CHECK lines */
	int at = 0, lineno = 0, nchecks = 0;
	const char *nots[32];
	int nnots = 0, not_line[32];
	char notbuf[32][256];
	for (const char *p = text; *p; lineno++) {
		const char *e = strchr(p, '\n');
		size_t n = e ? (size_t)(e - p) : strlen(p);
		const char *c = strstr(p, "// CHECK");
		if (c && c < p + n) {
			bool is_not = !strncmp(c, "// CHECK-NOT:", 13);
			bool is_next = !strncmp(c, "// CHECK-NEXT:", 14);
			const char *pat = c + (is_not ? 13 : is_next ? 14 : 9);
			char buf[256];
			normalise(pat, (size_t)(p + n - pat), buf, sizeof buf, false);
			if (is_not) {
				if (nnots < 32) {
					snprintf(notbuf[nnots], sizeof notbuf[nnots], "%s", buf);
					nots[nnots] = notbuf[nnots];
					not_line[nnots++] = lineno + 1;
				}
			} else {
				nchecks++;
				int k = at;
				if (is_next && nchecks > 1) {
					if (k >= nout || !match(buf, lines[k])) {
						test_fail(path, lineno + 1, "CHECK-NEXT does not match output line %d: %s",
							  at + 1, buf);
						nnots = 0;
						break;
					}
				}
				while (k < nout && !match(buf, lines[k]))
					k++;
				if (k == nout) {
					test_fail(path, lineno + 1, "CHECK not found after output line %d: %s",
						  at + 1, buf);
					nnots = 0;
					break;
				}
				for (int i = 0; i < nnots; i++)
					for (int j = at; j < k; j++)
						if (match(nots[i], lines[j]))
							test_fail(path, not_line[i], "CHECK-NOT matched: %s", lines[j]);
				nnots = 0;
				at = k + 1;
			}
		}
		p += n + (e != NULL);
	}
	for (int i = 0; i < nnots; i++)
		for (int j = at; j < nout; j++)
			if (match(nots[i], lines[j]))
				test_fail(path, not_line[i], "CHECK-NOT matched: %s", lines[j]);
	if (!nchecks)
		test_fail(path, 0, "no CHECK lines");
	for (int i = 0; i < nout; i++)
		free(lines[i]);
	free(lines);
done:
	free(out);
	simt_ptx_free(m);
	simt_diags_free(&d);
	free(text);
}

static int by_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

TEST(ptx_lower_files)
{
	char dir[512];
	snprintf(dir, sizeof dir, "%s/ptx/lower", test_dir());
	DIR *dp = opendir(dir);
	CHECK(dp != NULL);
	if (!dp)
		return;
	char **names = NULL;
	int n = 0, cap = 0;
	struct dirent *de;
	while ((de = readdir(dp))) {
		size_t l = strlen(de->d_name);
		if (l < 5 || strcmp(de->d_name + l - 4, ".ptx"))
			continue;
		if (!util_grow((void **)&names, &cap, n + 1, sizeof *names))
			break;
		names[n++] = util_format("%s/%s", dir, de->d_name);
	}
	closedir(dp);
	if (n)
		qsort(names, (size_t)n, sizeof *names, by_name);
	CHECK(n > 0);
	for (int i = 0; i < n; i++) {
		run_file(names[i]);
		free(names[i]);
	}
	free(names);
}
