/*
 * util.h - small shared helpers (internal): growable buffers, string
 * duplication, diagnostics recording, 128-bit word bit access.
 * Allocation failures are reported as NULL/false to the caller, which turns
 * them into SIMT_ERR_NOMEM; nothing here prints or exits.
 */
#ifndef SIMT_UTIL_H
#define SIMT_UTIL_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "simt/diag.h"

#if defined(__GNUC__)
#define SIMT_PRINTF(f, a) __attribute__((format(printf, f, a)))
#else
#define SIMT_PRINTF(f, a)
#endif

#define UTIL_ARRAY_LEN(a) (sizeof(a) / sizeof((a)[0]))

/* Internal invariant: a failed assertion is a bug in simtkit, not user error. */
#define UTIL_ASSERT(cond) ((cond) ? (void)0 : util_assert_fail(#cond, __FILE__, __LINE__))
void util_assert_fail(const char *what, const char *file, int line);

char *util_strdup(const char *s);
char *util_strndup(const char *s, size_t n);
char *util_format(const char *fmt, ...) SIMT_PRINTF(1, 2);

/* Grow *items (element size elem) so it holds at least need elements. */
bool util_grow(void **items, int *capacity, int need, size_t elem);

/* malloc(n), except that a block of UTIL_BIG bytes or more is 2 MiB-aligned,
 * holds whole 2 MiB and asks for transparent huge pages (one page fault
 * per 2 MiB when it is first written).  free/realloc take it. */
#define UTIL_BIG ((size_t)1 << 20)
void *util_alloc_big(size_t n);

/* Growable NUL-terminated text buffer. */
typedef struct util_buf {
	char *data;
	size_t len, cap;
	bool failed; /* an allocation failed; data holds what fitted */
} util_buf;

void util_buf_putc(util_buf *b, char c);
void util_buf_puts(util_buf *b, const char *s);
void util_buf_putn(util_buf *b, const char *s, size_t n);
void util_buf_printf(util_buf *b, const char *fmt, ...) SIMT_PRINTF(2, 3);
void util_buf_vprintf(util_buf *b, const char *fmt, va_list ap);
void util_buf_putd(util_buf *b, long long x);           /* %lld */
/* The digits of u in base (2..16, lower case), preceded by '-' if neg,
 * written backwards so that they end at end (at most 65 bytes before
 * it); returns where they start. */
char *util_digits(char *end, unsigned long long u, unsigned base, bool neg);
void util_buf_putx(util_buf *b, unsigned long long x);  /* %llx */
/* s (NULL: nothing) as the body of a JSON string: quote, backslash and
 * control characters escaped, no surrounding quotes. */
void util_buf_json(util_buf *b, const char *s);
char *util_buf_take(util_buf *b); /* caller frees; buffer reset */
void util_buf_free(util_buf *b);

/*
 * A name -> index map for tables that are looked up by name while they
 * grow (sections, symbols): open addressing over (name, length, index).
 * The names are not copied: they must outlive the map and not move.  The
 * first index added under a name is the one found (like a linear search
 * from the start).  Zero-initialised is empty.
 */
typedef struct util_name_slot {
	const char *name;
	size_t len;
	int index;       /* -1: empty */
} util_name_slot;

typedef struct util_names {
	util_name_slot *slots;
	size_t cap, count;  /* cap a power of two, or 0 */
} util_names;

/* false only when memory runs out (the map is unchanged). */
bool util_names_add(util_names *m, const char *name, size_t len, int index);
/* The index added under name[0..len), or -1. */
int util_names_find(const util_names *m, const char *name, size_t len);
void util_names_free(util_names *m);

/* Largest file read whole (sources, objects, ISA descriptions; 256 MiB,
 * docs/limits.md): a longer file, or an endless one like /dev/zero, is
 * refused with EFBIG instead of filling memory. */
#define UTIL_INPUT_MAX (256u << 20)

/* Read a whole file (at most UTIL_INPUT_MAX bytes); *len gets its size.
 * NULL on error (errno set; EFBIG when longer). */
char *util_read_file(const char *path, size_t *len);
/* The same from an open stream (standard input), to its end. */
char *util_read_stream(FILE *f, size_t *len);
/* Read at most max bytes from the start of a file (an endless one too);
 * *len gets the count read (< max: the file ended).  NULL on error. */
char *util_read_prefix(const char *path, size_t max, size_t *len);
/* Is this text a PTX module rather than assembly?  True when a line starts
 * (after blanks) with `.version`, the directive every PTX module opens
 * with and this assembler does not have.  For inputs without a name
 * (standard input); a name's .ptx/.s extension decides otherwise. */
bool util_text_is_ptx(const char *text, size_t len);

/*
 * Append a diagnostic.  src is the whole source text (may be NULL): the line
 * `line` is copied out of it for the caret display.
 */
void util_diag(simt_diags *d, simt_severity sev, const char *file,
	       const char *src, int line, int col, const char *fmt, ...)
	SIMT_PRINTF(7, 8);
void util_vdiag(simt_diags *d, simt_severity sev, const char *file,
		const char *src, int line, int col, const char *fmt,
		va_list ap);

/* Bits [pos, pos+width) of a 128-bit little-endian word; width <= 64. */
uint64_t util_bits_get(uint64_t lo, uint64_t hi, int pos, int width);
void util_bits_set(uint64_t *lo, uint64_t *hi, int pos, int width, uint64_t v);

#endif
