/* util.c - see util.h. */
#include "util/util.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#if defined(__linux__)
#include <sys/mman.h>
#endif

void util_assert_fail(const char *what, const char *file, int line)
{
	/* An internal bug: not reachable from user input. */
	fprintf(stderr, "simtkit internal error: %s:%d: assertion '%s' failed\n",
		file, line, what);
	abort();
}

char *util_strndup(const char *s, size_t n)
{
	char *p = malloc(n + 1);
	if (!p)
		return NULL;
	memcpy(p, s, n);
	p[n] = '\0';
	return p;
}

char *util_strdup(const char *s)
{
	return s ? util_strndup(s, strlen(s)) : NULL;
}

char *util_format(const char *fmt, ...)
{
	util_buf b = {0};
	va_list ap;
	va_start(ap, fmt);
	util_buf_vprintf(&b, fmt, ap);
	va_end(ap);
	if (b.failed) {
		util_buf_free(&b);
		return NULL;
	}
	return util_buf_take(&b);
}

bool util_grow(void **items, int *capacity, int need, size_t elem)
{
	if (need <= *capacity)
		return true;
	int cap = *capacity ? *capacity : 8;
	while (cap < need)
		cap *= 2;
	void *p = realloc(*items, (size_t)cap * elem);
	if (!p)
		return false;
	*items = p;
	*capacity = cap;
	return true;
}

void *util_alloc_big(size_t n)
{
	const size_t huge = (size_t)1 << 21;
	if (n < UTIL_BIG || n > SIZE_MAX - huge)
		return malloc(n ? n : 1);
	n = (n + huge - 1) & ~(huge - 1);
	void *p = aligned_alloc(huge, n);
#if defined(__linux__) && defined(MADV_HUGEPAGE)
	if (p)
		(void)madvise(p, n, MADV_HUGEPAGE);
#endif
	return p;
}

static bool buf_reserve(util_buf *b, size_t extra)
{
	if (b->failed)
		return false;
	if (b->len + extra + 1 <= b->cap)
		return true;
	size_t cap = b->cap ? b->cap : 64;
	while (cap < b->len + extra + 1)
		cap *= 2;
	char *p = realloc(b->data, cap);
	if (!p) {
		b->failed = true;
		return false;
	}
	b->data = p;
	b->cap = cap;
	return true;
}

void util_buf_putn(util_buf *b, const char *s, size_t n)
{
	if (!buf_reserve(b, n))
		return;
	memcpy(b->data + b->len, s, n);
	b->len += n;
	b->data[b->len] = '\0';
}

void util_buf_putc(util_buf *b, char c)
{
	util_buf_putn(b, &c, 1);
}

void util_buf_json(util_buf *b, const char *s)
{
	for (; s && *s; s++) {
		unsigned char ch = (unsigned char)*s;
		if (ch == '"' || ch == '\\')
			util_buf_printf(b, "\\%c", ch);
		else if (ch < 0x20)
			util_buf_printf(b, "\\u%04x", ch);
		else
			util_buf_putc(b, (char)ch);
	}
}

void util_buf_puts(util_buf *b, const char *s)
{
	util_buf_putn(b, s, strlen(s));
}

/* One vsnprintf into the room the buffer has; a second, after growing it,
 * only when the text did not fit. */
void util_buf_vprintf(util_buf *b, const char *fmt, va_list ap)
{
	size_t room = b->data && !b->failed ? b->cap - b->len : 0;
	va_list aq;
	va_copy(aq, ap);
	int n = vsnprintf(room ? b->data + b->len : NULL, room, fmt, aq);
	va_end(aq);
	if (n >= 0 && (size_t)n < room) {
		b->len += (size_t)n;
		return;
	}
	if (room)
		b->data[b->len] = '\0'; /* a truncated attempt leaves nothing */
	if (n < 0 || !buf_reserve(b, (size_t)n))
		return;
	vsnprintf(b->data + b->len, (size_t)n + 1, fmt, ap);
	b->len += (size_t)n;
}

/* Decimal and hexadecimal numbers without the printf machinery (the
 * lowering prints a register name or an immediate per operand). */
char *util_digits(char *end, unsigned long long u, unsigned base, bool neg)
{
	char *p = end;
	do
		*--p = "0123456789abcdef"[u % base];
	while (u /= base);
	if (neg)
		*--p = '-';
	return p;
}

void util_buf_putd(util_buf *b, long long x)
{
	char t[24], *p = util_digits(t + sizeof t, x < 0 ? 0ull - (unsigned long long)x
							 : (unsigned long long)x, 10, x < 0);
	util_buf_putn(b, p, (size_t)(t + sizeof t - p));
}

void util_buf_putx(util_buf *b, unsigned long long x)
{
	char t[16], *p = util_digits(t + sizeof t, x, 16, false);
	util_buf_putn(b, p, (size_t)(t + sizeof t - p));
}

void util_buf_printf(util_buf *b, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	util_buf_vprintf(b, fmt, ap);
	va_end(ap);
}

char *util_buf_take(util_buf *b)
{
	char *p = b->data;
	if (!p)
		p = util_strdup("");
	b->data = NULL;
	b->len = b->cap = 0;
	b->failed = false;
	return p;
}

void util_buf_free(util_buf *b)
{
	free(b->data);
	b->data = NULL;
	b->len = b->cap = 0;
	b->failed = false;
}

/* ---- name maps ---------------------------------------------------------------- */

static size_t name_hash(const char *s, size_t len)
{
	uint64_t h = 0xcbf29ce484222325ull; /* FNV-1a */
	for (size_t i = 0; i < len; i++)
		h = (h ^ (unsigned char)s[i]) * 0x100000001b3ull;
	return (size_t)(h ^ (h >> 29));
}

static util_name_slot *name_slot(util_name_slot *slots, size_t cap,
				 const char *name, size_t len)
{
	for (size_t i = name_hash(name, len) & (cap - 1);; i = (i + 1) & (cap - 1))
		if (slots[i].index < 0 ||
		    (slots[i].len == len && !memcmp(slots[i].name, name, len)))
			return &slots[i];
}

bool util_names_add(util_names *m, const char *name, size_t len, int index)
{
	if ((m->count + 1) * 2 > m->cap) {
		size_t cap = m->cap ? m->cap * 2 : 64;
		util_name_slot *slots = malloc(cap * sizeof *slots);
		if (!slots)
			return false;
		for (size_t i = 0; i < cap; i++)
			slots[i].index = -1;
		for (size_t i = 0; i < m->cap; i++)
			if (m->slots[i].index >= 0)
				*name_slot(slots, cap, m->slots[i].name, m->slots[i].len) =
					m->slots[i];
		free(m->slots);
		m->slots = slots;
		m->cap = cap;
	}
	util_name_slot *s = name_slot(m->slots, m->cap, name, len);
	if (s->index < 0) { /* the first index under a name stays */
		*s = (util_name_slot){name, len, index};
		m->count++;
	}
	return true;
}

int util_names_find(const util_names *m, const char *name, size_t len)
{
	return m->cap ? name_slot(m->slots, m->cap, name, len)->index : -1;
}

void util_names_free(util_names *m)
{
	free(m->slots);
	memset(m, 0, sizeof *m);
}

/* Up to max bytes of f; *more set when the file goes on after them. */
static char *read_upto(FILE *f, size_t max, size_t *len, bool *more)
{
	util_buf b = {0};
	char chunk[65536];
	size_t n;
	*more = false;
	errno = 0; /* a failed read's own reason (EISDIR for a directory) */
	while (b.len < max &&
	       (n = fread(chunk, 1, max - b.len < sizeof chunk ? max - b.len : sizeof chunk, f)) > 0)
		util_buf_putn(&b, chunk, n);
	if (b.len == max && !ferror(f)) {
		int c = fgetc(f);
		*more = c != EOF;
	}
	int err = ferror(f);
	if (err || b.failed) {
		int why = !err ? ENOMEM : errno ? errno : EIO;
		util_buf_free(&b);
		errno = why;
		return NULL;
	}
	*len = b.len;
	return util_buf_take(&b);
}

char *util_read_prefix(const char *path, size_t max, size_t *len)
{
	FILE *f = fopen(path, "rb");
	if (!f)
		return NULL;
	bool more;
	size_t n = 0;
	char *p = read_upto(f, max, &n, &more);
	fclose(f);
	if (p && len)
		*len = n;
	return p;
}

char *util_read_stream(FILE *f, size_t *len)
{
	bool more;
	size_t n = 0;
	char *p = read_upto(f, UTIL_INPUT_MAX, &n, &more);
	if (p && more) {
		free(p);
		errno = EFBIG;
		return NULL;
	}
	if (p && len)
		*len = n;
	return p;
}

char *util_read_file(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	if (!f)
		return NULL;
	bool more;
	size_t n = 0;
	char *p = read_upto(f, UTIL_INPUT_MAX, &n, &more);
	fclose(f);
	if (p && more) {
		free(p);
		errno = EFBIG;
		return NULL;
	}
	if (p && len)
		*len = n;
	return p;
}

static char *line_of(const char *src, int line)
{
	if (!src || line <= 0)
		return NULL;
	const char *p = src;
	for (int i = 1; i < line; i++) {
		p = strchr(p, '\n');
		if (!p)
			return NULL;
		p++;
	}
	size_t n = strcspn(p, "\r\n");
	return util_strndup(p, n);
}

void util_vdiag(simt_diags *d, simt_severity sev, const char *file,
		const char *src, int line, int col, const char *fmt,
		va_list ap)
{
	if (!d)
		return;
	int limit = d->limit ? d->limit : 1000;
	if (sev == SIMT_SEV_ERROR) {
		d->errors++;
		if (d->errors > limit)
			return;
	}
	if (!util_grow((void **)&d->items, &d->capacity, d->count + 1,
		       sizeof *d->items))
		return;
	util_buf b = {0};
	util_buf_vprintf(&b, fmt, ap);
	simt_diag *g = &d->items[d->count++];
	g->severity = sev;
	g->file = util_strdup(file);
	g->line = line;
	g->col = col;
	g->message = util_buf_take(&b);
	g->source_line = line_of(src, line);
}

void util_diag(simt_diags *d, simt_severity sev, const char *file,
	       const char *src, int line, int col, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	util_vdiag(d, sev, file, src, line, col, fmt, ap);
	va_end(ap);
}

uint64_t util_bits_get(uint64_t lo, uint64_t hi, int pos, int width)
{
	uint64_t v;
	if (pos >= 64)
		v = hi >> (pos - 64);
	else if (pos == 0)
		v = lo;
	else
		v = (lo >> pos) | (hi << (64 - pos));
	return width >= 64 ? v : v & ((UINT64_C(1) << width) - 1);
}

void util_bits_set(uint64_t *lo, uint64_t *hi, int pos, int width, uint64_t v)
{
	uint64_t m = width >= 64 ? ~UINT64_C(0) : (UINT64_C(1) << width) - 1;
	v &= m;
	if (pos < 64) {
		*lo = (*lo & ~(m << pos)) | (v << pos);
		if (pos + width > 64) {
			int sh = 64 - pos;
			*hi = (*hi & ~(m >> sh)) | (v >> sh);
		}
	} else {
		*hi = (*hi & ~(m << (pos - 64))) | (v << (pos - 64));
	}
}

bool util_text_is_ptx(const char *text, size_t len)
{
	for (size_t i = 0; i < len;) { /* each line, bounded by len */
		size_t k = i;
		while (k < len && (text[k] == ' ' || text[k] == '\t'))
			k++;
		if (len - k >= 8 && !memcmp(text + k, ".version", 8))
			return true;
		const char *nl = memchr(text + i, '\n', len - i);
		if (!nl)
			break;
		i = (size_t)(nl - text) + 1;
	}
	return false;
}
