/*
 * lines.c - the line table of a kernel (lines.h): construction for the
 * front ends, lookup for the disassembler and the simulator, and the bytes
 * of .nv.simt.lines.<k> for the ELF writer and reader.
 *
 * Contract: obj_lines_encode(t) decodes back to t exactly; obj_lines_decode
 * accepts any bytes and either returns a table that obj_lines_invalid finds
 * well-formed or names the first broken rule - never reads outside [p, p+n).
 */
#include "obj/lines.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "obj/elf.h"
#include "util/util.h"

int obj_lines_file(obj_linetab *t, const char *name)
{
	/* names are printable ASCII (they end up in diagnostics): other bytes
	 * are stored as '?', an empty name as "?" */
	char *copy = util_strdup(*name ? name : "?");
	if (!copy)
		return -1;
	for (char *p = copy; *p; p++)
		if (*p < 0x20 || *p > 0x7e)
			*p = '?';
	for (int i = 0; i < t->nfiles; i++)
		if (strcmp(t->files[i], copy) == 0) {
			free(copy);
			return i;
		}
	char **f = t->nfiles < (int)OBJ_LINES_MAXFILES
			   ? realloc(t->files, (size_t)(t->nfiles + 1) * sizeof *f)
			   : NULL;
	if (!f) {
		free(copy);
		return -1;
	}
	t->files = f;
	f[t->nfiles] = copy;
	return t->nfiles++;
}

bool obj_lines_add(obj_linetab *t, int tab, uint32_t pc, unsigned file,
		   uint32_t line, uint32_t col)
{
	int n = t->nrows[tab];
	obj_line row = {pc, file == OBJ_LINE_NOFILE ? 0 : line, (uint16_t)file,
			(uint16_t)(col > 0xffff || file == OBJ_LINE_NOFILE ? 0 : col)};
	if (n > 0) {
		const obj_line *last = &t->rows[tab][n - 1];
		UTIL_ASSERT(pc > last->pc);
		if (last->file == row.file && last->line == row.line &&
		    last->col == row.col)
			return true;
	} else if (file == OBJ_LINE_NOFILE) {
		return true; /* nothing to end */
	}
	/* capacity: the next power of two >= n (at least 16) */
	if (n == 0 || (n >= 16 && (n & (n - 1)) == 0)) {
		size_t cap = n == 0 ? 16 : 2 * (size_t)n;
		obj_line *r = realloc(t->rows[tab], cap * sizeof *r);
		if (!r)
			return false;
		t->rows[tab] = r;
	}
	t->rows[tab][t->nrows[tab]++] = row;
	return true;
}

const obj_line *obj_lines_find(const obj_linetab *t, int tab, uint64_t pc)
{
	const obj_line *r = t->rows[tab];
	int lo = 0, hi = t->nrows[tab]; /* first row with r.pc > pc */
	while (lo < hi) {
		int mid = lo + (hi - lo) / 2;
		if (r[mid].pc <= pc)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo == 0 || r[lo - 1].file == OBJ_LINE_NOFILE)
		return NULL;
	return &r[lo - 1];
}

bool obj_lines_empty(const obj_linetab *t)
{
	return t->nfiles == 0 && t->nrows[0] == 0 && t->nrows[1] == 0;
}

void obj_lines_free(obj_linetab *t)
{
	for (int i = 0; i < t->nfiles; i++)
		free(t->files[i]);
	free(t->files);
	for (int k = 0; k < OBJ_LINES_NTABLES; k++)
		free(t->rows[k]);
	memset(t, 0, sizeof *t);
}

bool obj_lines_copy(obj_linetab *dst, const obj_linetab *src)
{
	memset(dst, 0, sizeof *dst);
	for (int i = 0; i < src->nfiles; i++) {
		char **f = realloc(dst->files, (size_t)(i + 1) * sizeof *f);
		if (!f || !(f[i] = util_strdup(src->files[i]))) {
			if (f)
				dst->files = f;
			obj_lines_free(dst);
			return false;
		}
		dst->files = f;
		dst->nfiles = i + 1;
	}
	for (int k = 0; k < OBJ_LINES_NTABLES; k++) {
		size_t n = (size_t)src->nrows[k];
		if (!n)
			continue;
		dst->rows[k] = malloc(n * sizeof(obj_line));
		if (!dst->rows[k]) {
			obj_lines_free(dst);
			return false;
		}
		memcpy(dst->rows[k], src->rows[k], n * sizeof(obj_line));
		dst->nrows[k] = (int)n;
	}
	return true;
}

/* ---- the format ------------------------------------------------------------ */

static bool printable(const char *s)
{
	for (; *s; s++)
		if (*s < 0x20 || *s > 0x7e)
			return false;
	return true;
}

/* Do the rows of a table keep the rules obj_lines_invalid names?  The
 * quick pass (a table of the assembler's has a row per instruction): with
 * pcs that increase, only the last one can lie outside the text.  The
 * named pass below finds the first broken rule. */
static bool rows_ok(const obj_line *r, int n, uint64_t text_size, int nfiles)
{
	if (n > 0 && r[n - 1].pc >= text_size)
		return false;
	uint32_t lo = 0; /* the least pc the row may have */
	for (int j = 0; j < n; j++) {
		const obj_line *x = &r[j];
		if (x->pc % 16 || x->pc < lo)
			return false;
		lo = x->pc + 1; /* no wrap: x->pc is a multiple of 16 */
		if (x->file < nfiles && x->line)
			continue; /* a location: the common row */
		if (x->file != OBJ_LINE_NOFILE || x->line || x->col)
			return false;
	}
	return true;
}

bool obj_lines_invalid(const obj_linetab *t, uint64_t text_size, char *why,
		       size_t size)
{
	static const char *const table[] = {"site", "origin"};
	if (t->nfiles > (int)OBJ_LINES_MAXFILES) {
		snprintf(why, size, "%d file names (at most %u)", t->nfiles,
			 OBJ_LINES_MAXFILES);
		return true;
	}
	for (int i = 0; i < t->nfiles; i++)
		if (!t->files[i] || !*t->files[i] || !printable(t->files[i])) {
			snprintf(why, size, "file name %d is empty or not printable "
				 "ASCII", i);
			return true;
		}
	for (int k = 0; k < OBJ_LINES_NTABLES; k++) {
		if (rows_ok(t->rows[k], t->nrows[k], text_size, t->nfiles))
			continue;
		for (int j = 0; j < t->nrows[k]; j++) {
			const obj_line *r = &t->rows[k][j];
			const char *bad =
				r->pc % 16 ? "pc is not a multiple of 16"
				: r->pc >= text_size ? "pc lies outside the text"
				: j && r->pc <= t->rows[k][j - 1].pc
					? "pc does not increase"
				: r->file != OBJ_LINE_NOFILE && r->file >= t->nfiles
					? "file index out of range"
				: (r->file == OBJ_LINE_NOFILE) != (r->line == 0)
					? "line 0 with a file, or a line without one"
				: r->file == OBJ_LINE_NOFILE && r->col
					? "column without a file"
					: NULL;
			if (bad) {
				snprintf(why, size, "%s row %d (pc 0x%x, file %u, "
					 "line %u): %s", table[k], j, r->pc, r->file,
					 r->line, bad);
				return true;
			}
		}
	}
	return false;
}

/* Bytes gathered into a small buffer and handed on when it is full. */
typedef struct chunk {
	obj_put_fn put;
	void *ctx;
	size_t n;
	uint8_t b[4096];
} chunk;

static uint8_t *chunk_room(chunk *c, size_t k)
{
	if (c->n + k > sizeof c->b) {
		c->put(c->ctx, (const char *)c->b, c->n);
		c->n = 0;
	}
	uint8_t *p = c->b + c->n;
	c->n += k;
	return p;
}

static void chunk_flush(chunk *c)
{
	if (c->n)
		c->put(c->ctx, (const char *)c->b, c->n);
	c->n = 0;
}

static size_t strings_size(const obj_linetab *t)
{
	size_t strsize = 0;
	for (int i = 0; i < t->nfiles; i++)
		strsize += strlen(t->files[i]) + 1;
	return strsize;
}

size_t obj_lines_size(const obj_linetab *t)
{
	size_t rows = (size_t)t->nrows[0] + (size_t)t->nrows[1];
	return OBJ_LINES_HDR + 4 * (size_t)t->nfiles + OBJ_LINES_ROW * rows +
	       strings_size(t);
}

/* A row in memory is a row of the section on little-endian hosts: the
 * rows are handed on as they are, without a copy. */
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
#define ROWS_AS_STORED 1
_Static_assert(sizeof(obj_line) == OBJ_LINES_ROW &&
		       offsetof(obj_line, pc) == OBJ_LR_PC &&
		       offsetof(obj_line, line) == OBJ_LR_LINE &&
		       offsetof(obj_line, file) == OBJ_LR_FILE &&
		       offsetof(obj_line, col) == OBJ_LR_COL,
	       "obj_line is laid out like a row of the section");
#else
#define ROWS_AS_STORED 0
#endif

void obj_lines_emit(const obj_linetab *t, obj_put_fn put, void *ctx)
{
	chunk c;
	c.put = put;
	c.ctx = ctx;
	c.n = 0;
	uint8_t *h = chunk_room(&c, OBJ_LINES_HDR);
	elf_put(h + OBJ_LH_NFILES, 4, (uint64_t)t->nfiles);
	elf_put(h + OBJ_LH_NROWS0, 4, (uint64_t)t->nrows[0]);
	elf_put(h + OBJ_LH_NROWS1, 4, (uint64_t)t->nrows[1]);
	elf_put(h + OBJ_LH_STRSIZE, 4, strings_size(t));
	size_t at = 0;
	for (int i = 0; i < t->nfiles; i++) {
		elf_put(chunk_room(&c, 4), 4, at);
		at += strlen(t->files[i]) + 1;
	}
	for (int k = 0; k < OBJ_LINES_NTABLES; k++) {
		if (ROWS_AS_STORED && t->nrows[k]) {
			chunk_flush(&c);
			put(ctx, (const char *)t->rows[k],
			    (size_t)t->nrows[k] * OBJ_LINES_ROW);
			continue;
		}
		for (int j = 0; j < t->nrows[k]; j++) {
			const obj_line *r = &t->rows[k][j];
			uint8_t *q = chunk_room(&c, OBJ_LINES_ROW);
			elf_put(q + OBJ_LR_PC, 4, r->pc);
			elf_put(q + OBJ_LR_LINE, 4, r->line);
			elf_put(q + OBJ_LR_FILE, 2, r->file);
			elf_put(q + OBJ_LR_COL, 2, r->col);
		}
	}
	chunk_flush(&c);
	for (int i = 0; i < t->nfiles; i++)
		put(ctx, t->files[i], strlen(t->files[i]) + 1);
}

typedef struct copy_out {
	uint8_t *p;
	size_t n;
} copy_out;

static void copy_put(void *ctx, const char *p, size_t n)
{
	copy_out *o = ctx;
	memcpy(o->p + o->n, p, n);
	o->n += n;
}

bool obj_lines_encode(const obj_linetab *t, uint8_t **out, size_t *len)
{
	size_t n = obj_lines_size(t);
	copy_out o = {malloc(n), 0};
	if (!o.p)
		return false;
	obj_lines_emit(t, copy_put, &o);
	UTIL_ASSERT(o.n == n);
	*out = o.p;
	*len = n;
	return true;
}

static int fail(obj_linetab *t, char *why, size_t size, const char *msg)
{
	snprintf(why, size, "%s", msg);
	obj_lines_free(t);
	return 1;
}

int obj_lines_decode(obj_linetab *t, const uint8_t *p, size_t n,
		     uint64_t text_size, char *why, size_t size)
{
	if (n < OBJ_LINES_HDR)
		return fail(t, why, size, "shorter than its 16-byte header");
	uint64_t nfiles = elf_get(p + OBJ_LH_NFILES, 4);
	uint64_t nrows0 = elf_get(p + OBJ_LH_NROWS0, 4);
	uint64_t nrows1 = elf_get(p + OBJ_LH_NROWS1, 4);
	uint64_t strsize = elf_get(p + OBJ_LH_STRSIZE, 4);
	/* every count is below 2^32: the sum cannot overflow 64 bits */
	uint64_t want = OBJ_LINES_HDR + 4 * nfiles +
			OBJ_LINES_ROW * (nrows0 + nrows1) + strsize;
	if (want != n) {
		char m[160];
		snprintf(m, sizeof m, "header (%llu files, %llu + %llu rows, %llu "
			 "string bytes) needs 0x%llx bytes, the section has 0x%zx",
			 (unsigned long long)nfiles, (unsigned long long)nrows0,
			 (unsigned long long)nrows1, (unsigned long long)strsize,
			 (unsigned long long)want, n);
		return fail(t, why, size, m);
	}
	if (nfiles > OBJ_LINES_MAXFILES)
		return fail(t, why, size, "more than 65535 file names");
	if (nrows0 > INT32_MAX || nrows1 > INT32_MAX)
		return fail(t, why, size, "more than 2^31-1 rows in a table");
	const uint8_t *names = p + OBJ_LINES_HDR;
	const uint8_t *rows = names + 4 * nfiles;
	const char *strings = (const char *)(rows + OBJ_LINES_ROW * (nrows0 + nrows1));
	if (strsize && strings[strsize - 1] != '\0')
		return fail(t, why, size, "the file names do not end with a NUL");
	memset(t, 0, sizeof *t);
	t->files = calloc(nfiles + 1, sizeof *t->files);
	if (!t->files)
		return -1;
	for (uint64_t i = 0; i < nfiles; i++) {
		uint64_t off = elf_get(names + 4 * i, 4);
		if (off >= strsize) {
			char m[96];
			snprintf(m, sizeof m, "file name %llu at 0x%llx lies outside "
				 "the strings", (unsigned long long)i,
				 (unsigned long long)off);
			return fail(t, why, size, m);
		}
		t->files[i] = util_strdup(strings + off);
		if (!t->files[i]) {
			obj_lines_free(t);
			return -1;
		}
		t->nfiles = (int)i + 1;
	}
	uint64_t count[OBJ_LINES_NTABLES] = {nrows0, nrows1};
	for (int k = 0; k < OBJ_LINES_NTABLES; k++) {
		if (!count[k])
			continue;
		t->rows[k] = util_alloc_big(count[k] * sizeof(obj_line));
		if (!t->rows[k]) {
			obj_lines_free(t);
			return -1;
		}
		for (uint64_t j = 0; j < count[k]; j++, rows += OBJ_LINES_ROW)
			t->rows[k][j] = (obj_line){
				(uint32_t)elf_get(rows + OBJ_LR_PC, 4),
				(uint32_t)elf_get(rows + OBJ_LR_LINE, 4),
				(uint16_t)elf_get(rows + OBJ_LR_FILE, 2),
				(uint16_t)elf_get(rows + OBJ_LR_COL, 2)};
		t->nrows[k] = (int)count[k];
	}
	if (obj_lines_invalid(t, text_size, why, size)) {
		obj_lines_free(t);
		return 1;
	}
	return 0;
}
