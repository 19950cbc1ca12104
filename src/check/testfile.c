/*
 * testfile.c - parse the directives of a self-checking test file
 * (include/simt/testfile.h, tests/sim/README.md).
 *
 * Requires: source text.  Produces: a simt_testfile with the launch
 * settings, buffers, parameters, register inits and expectations, and the
 * source with every directive line blanked (so the assembler sees comments
 * and instructions only, at unchanged line numbers).  Every malformed
 * directive is a located diagnostic; parsing continues with the next line.
 */
#include "simt/testfile.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "simt/sim.h"
#include "util/util.h"

static const struct {
	const char *name;
	int size;
	bool is_float, is_signed;
} elems[] = {
#define SIMT_X_ROW(e, n, b, f, s) {n, b, f, s},
	SIMT_ELEM_LIST(SIMT_X_ROW)
#undef SIMT_X_ROW
};

const char *simt_elem_name(simt_elem t)
{
	return (unsigned)t < SIMT_ELEM_COUNT ? elems[t].name : "?";
}

int simt_elem_size(simt_elem t)
{
	return (unsigned)t < SIMT_ELEM_COUNT ? elems[t].size : 0;
}

/* ---- a cursor over one directive line -------------------------------------- */

typedef struct cur {
	const char *line;  /* start of the line (for columns) */
	const char *p;
	int lineno;
	simt_testfile *tf;
	simt_diags *d;
	const char *file;  /* name in diagnostics: the file, or an origin */
	const char *src;   /* whole text for the caret, or NULL */
	bool origin;       /* src is the line itself, from `file` (an option) */
	bool failed;
} cur;

static bool err(cur *c, const char *at, const char *fmt, ...) SIMT_PRINTF(3, 4);
/* Record the first error of a directive; returns false for "return err(...)". */
static bool err(cur *c, const char *at, const char *fmt, ...)
{
	if (c->failed)
		return false; /* one error per directive */
	c->failed = true;
	va_list ap;
	va_start(ap, fmt);
	int before = c->d ? c->d->count : 0;
	util_vdiag(c->d, SIMT_SEV_ERROR, c->file, c->src, c->lineno,
		   (int)(at - c->line) + 1, fmt, ap);
	va_end(ap);
	if (c->origin && c->d && c->d->count > before)
		c->d->items[c->d->count - 1].line = 0; /* "--shared: error: ..." + caret */
	return false;
}

static void skip_ws(cur *c)
{
	while (*c->p == ' ' || *c->p == '\t' || *c->p == '\r')
		c->p++;
}

static bool at_end(cur *c)
{
	skip_ws(c);
	return *c->p == '\0' || *c->p == '\n' || (c->p[0] == '/' && c->p[1] == '/');
}

static bool eat(cur *c, char ch)
{
	skip_ws(c);
	if (*c->p != ch)
		return false;
	c->p++;
	return true;
}

static bool expect_ch(cur *c, char ch)
{
	if (eat(c, ch))
		return true;
	err(c, c->p, "expected '%c'", ch);
	return false;
}

static bool is_word(char ch)
{
	return isalnum((unsigned char)ch) || ch == '_' || ch == '-' || ch == '.';
}

/* A word of letters, digits, '_', '-', '.'; returns its length (0: none). */
static size_t word(cur *c, const char **start)
{
	skip_ws(c);
	*start = c->p;
	while (is_word(*c->p))
		c->p++;
	return (size_t)(c->p - *start);
}

static bool word_is(const char *s, size_t n, const char *w)
{
	return strlen(w) == n && !strncmp(s, w, n);
}

static bool parse_u64(cur *c, uint64_t *v)
{
	skip_ws(c);
	const char *at = c->p;
	if (!isdigit((unsigned char)*at)) {
		err(c, at, "expected a number");
		return false;
	}
	char *end;
	errno = 0;
	*v = strtoull(at, &end, 0);
	if (errno == ERANGE) {
		err(c, at, "number larger than 2^64-1");
		return false;
	}
	if (errno || is_word(*end)) {
		err(c, at, "bad number");
		return false;
	}
	c->p = end;
	return true;
}

/* A number in [lo, hi] (what: the key, for the message; docs/limits.md
 * gives each limit). */
static bool parse_limited(cur *c, const char *what, uint64_t lo, uint64_t hi,
			  uint64_t *v)
{
	skip_ws(c);
	const char *at = c->p;
	if (!parse_u64(c, v))
		return false;
	if (*v < lo || *v > hi)
		return err(c, at, "%s=%llu: must be %llu..%llu (docs/limits.md)", what,
			   (unsigned long long)*v, (unsigned long long)lo,
			   (unsigned long long)hi);
	return true;
}

/* ---- element values --------------------------------------------------------- */

/* Encode one literal as element type t: integers range-checked, floats
 * read as decimal values, or as raw bits when written in hex. */
static bool parse_value(cur *c, simt_elem t, uint64_t *bits)
{
	skip_ws(c);
	const char *at = c->p;
	const char *s = at;
	bool neg = *s == '-';
	if (*s == '-' || *s == '+')
		s++;
	bool hex = s[0] == '0' && (s[1] == 'x' || s[1] == 'X');
	int size = elems[t].size;
	uint64_t mask = size == 8 ? ~0ull : (1ull << (8 * size)) - 1;
	char *end;
	errno = 0;
	if (elems[t].is_float && !hex) {
		double v = strtod(at, &end);
		if (end == at || is_word(*end)) {
			err(c, at, "bad %s value", elems[t].name);
			return false;
		}
		if (t == SIMT_F32) {
			float f = (float)v;
			uint32_t u;
			memcpy(&u, &f, 4);
			*bits = u;
		} else {
			memcpy(bits, &v, 8);
		}
		c->p = end;
		return true;
	}
	uint64_t u = strtoull(s, &end, 0);
	if (end == s || is_word(*end) || errno) {
		err(c, at, "bad %s value", elems[t].name);
		return false;
	}
	bool ok;
	if (neg) {
		uint64_t lim = size == 8 ? 1ull << 63 : 1ull << (8 * size - 1);
		ok = !hex && u <= lim;
		u = (uint64_t)0 - u;
	} else {
		ok = (u & ~mask) == 0;
	}
	if (!ok) {
		err(c, at, "value does not fit %s", elems[t].name);
		return false;
	}
	*bits = u & mask;
	c->p = end;
	return true;
}

/* Release v; returns false so a failing parser can "return values_free(v)". */
static bool values_free(simt_values *v)
{
	free(v->bits);
	free(v->path);
	memset(v, 0, sizeof *v);
	return false;
}

/* INIT: 0 | zero | iota | random(SEED) | file(PATH) | {v, ...} */
static bool parse_values(cur *c, simt_elem t, simt_values *v)
{
	memset(v, 0, sizeof *v);
	skip_ws(c);
	const char *at = c->p;
	if (eat(c, '{')) {
		int cap = 0;
		v->kind = SIMT_INIT_LIST;
		if (eat(c, '}'))
			return true;
		do {
			if (!util_grow((void **)&v->bits, &cap, v->n + 1, sizeof *v->bits)) {
				err(c, c->p, "out of memory");
				return false;
			}
			if (!parse_value(c, t, &v->bits[v->n]))
				return false;
			v->n++;
		} while (eat(c, ','));
		return expect_ch(c, '}');
	}
	const char *w;
	size_t n = word(c, &w);
	if (word_is(w, n, "0") || word_is(w, n, "zero")) {
		v->kind = SIMT_INIT_ZERO;
	} else if (word_is(w, n, "iota")) {
		v->kind = SIMT_INIT_IOTA;
	} else if (word_is(w, n, "random")) {
		v->kind = SIMT_INIT_RANDOM;
		if (!expect_ch(c, '(') || !parse_u64(c, &v->seed) || !expect_ch(c, ')'))
			return false;
	} else if (word_is(w, n, "file")) {
		v->kind = SIMT_INIT_FILE;
		if (!expect_ch(c, '('))
			return false;
		const char *s = c->p;
		while (*c->p && *c->p != ')' && *c->p != '\n')
			c->p++;
		v->path = util_strndup(s, (size_t)(c->p - s));
		return expect_ch(c, ')');
	} else {
		c->p = at;
		v->kind = SIMT_INIT_LIST;
		v->n = 1;
		v->bits = malloc(sizeof *v->bits);
		if (!v->bits) {
			err(c, at, "out of memory");
			return false;
		}
		if (!parse_value(c, t, &v->bits[0])) {
			err(c, at, "expected 0, iota, random(SEED), file(PATH) or {values}");
			return false;
		}
	}
	return true;
}

static uint64_t splitmix64(uint64_t *s)
{
	uint64_t z = (*s += 0x9e3779b97f4a7c15ull);
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return z ^ (z >> 31);
}

/* Value i of a generated sequence, encoded as type t. */
static uint64_t generated(const simt_values *v, simt_elem t, uint64_t i,
			  uint64_t *state)
{
	bool is_f = elems[t].is_float;
	if (v->kind == SIMT_INIT_ZERO)
		return 0;
	if (v->kind == SIMT_INIT_IOTA) {
		if (!is_f)
			return i;
		if (t == SIMT_F32) {
			float f = (float)i;
			uint32_t u;
			memcpy(&u, &f, 4);
			return u;
		}
		double x = (double)i;
		uint64_t u;
		memcpy(&u, &x, 8);
		return u;
	}
	uint64_t r = splitmix64(state);
	if (!is_f)
		return r;
	/* floats: uniform in [-1, 1) with 24 (f32) or 53 (f64) random bits */
	if (t == SIMT_F32) {
		float f = (float)((int32_t)(r >> 40) - (1 << 23)) / (float)(1 << 23);
		uint32_t u;
		memcpy(&u, &f, 4);
		return u;
	}
	double x = ((double)(r >> 11) / 4503599627370496.0) - 1.0;
	uint64_t u;
	memcpy(&u, &x, 8);
	return u;
}

simt_status simt_values_fill(const simt_values *v, simt_elem t, uint32_t count,
			     uint8_t *out, const char *file, simt_diags *d)
{
	int size = elems[t].size;
	if (v->kind == SIMT_INIT_FILE) {
		/* exactly the buffer's size is read (an endless file too); a
		 * shorter file is zero-padded with a warning (docs/limits.md) */
		size_t len = 0, need = (size_t)count * (size_t)size;
		char *data = util_read_prefix(v->path, need, &len);
		if (!data) {
			util_diag(d, SIMT_SEV_ERROR, file, NULL, 0, 0,
				  "cannot read '%s': %s", v->path, strerror(errno));
			return SIMT_ERR_IO;
		}
		memset(out, 0, need);
		memcpy(out, data, len);
		free(data);
		if (len < need)
			util_diag(d, SIMT_SEV_WARNING, file, NULL, 0, 0,
				  "file(%s) has %zu bytes for %zu: the last %zu are zero",
				  v->path, len, need, need - len);
		return SIMT_OK;
	}
	if (v->kind == SIMT_INIT_LIST && (uint32_t)v->n != count) {
		util_diag(d, SIMT_SEV_ERROR, file, NULL, 0, 0,
			  "%d values given for %u elements", v->n, count);
		return SIMT_ERR_TEST;
	}
	uint64_t state = v->seed;
	for (uint32_t i = 0; i < count; i++) {
		uint64_t b = v->kind == SIMT_INIT_LIST ? v->bits[i]
						       : generated(v, t, i, &state);
		memcpy(out + (size_t)i * size, &b, (size_t)size); /* little-endian host */
	}
	return SIMT_OK;
}

size_t simt_elem_format(simt_elem t, const uint8_t *data, char *buf, size_t size)
{
	uint64_t u = 0;
	memcpy(&u, data, (size_t)elems[t].size);
	switch (t) {
	case SIMT_F32: {
		float f;
		memcpy(&f, data, 4);
		if (isnan(f))
			return (size_t)snprintf(buf, size, "0x%08x", (unsigned)u);
		return (size_t)snprintf(buf, size, "%.9g", (double)f);
	}
	case SIMT_F64: {
		double x;
		memcpy(&x, data, 8);
		if (isnan(x))
			return (size_t)snprintf(buf, size, "0x%016llx", (unsigned long long)u);
		return (size_t)snprintf(buf, size, "%.17g", x);
	}
	default:
		break;
	}
	if (elems[t].is_signed) {
		int sh = 64 - 8 * elems[t].size;
		int64_t s = (int64_t)(u << sh) >> sh;
		return (size_t)snprintf(buf, size, "%lld", (long long)s);
	}
	return (size_t)snprintf(buf, size, "%llu", (unsigned long long)u);
}

/* ---- directives --------------------------------------------------------------- */

static bool parse_type(cur *c, simt_elem *t)
{
	const char *w;
	size_t n = word(c, &w);
	for (int i = 0; i < SIMT_ELEM_COUNT; i++)
		if (word_is(w, n, elems[i].name)) {
			*t = (simt_elem)i;
			return true;
		}
	err(c, w, "expected a type (u8 u16 u32 u64 s8 s16 s32 s64 f32 f64)");
	return false;
}

/* X[,Y[,Z]], each 1..max[i] (what: "grid" or "block"). */
static bool parse_dims(cur *c, const char *what, const uint32_t max[3],
		       uint32_t dim[3])
{
	static const char *const axis[] = {"x", "y", "z"};
	dim[0] = dim[1] = dim[2] = 1;
	for (int i = 0; i < 3; i++) {
		uint64_t v;
		skip_ws(c);
		const char *at = c->p;
		if (!parse_u64(c, &v))
			return false;
		if (v == 0 || v > max[i])
			return err(c, at, "%s %s = %llu: must be 1..%u (docs/limits.md)",
				   what, axis[i], (unsigned long long)v, max[i]);
		dim[i] = (uint32_t)v;
		if (!eat(c, ','))
			break;
	}
	return true;
}

static bool d_launch(cur *c)
{
	simt_testfile *tf = c->tf;
	while (!at_end(c) && !c->failed) {
		const char *k;
		size_t n = word(c, &k);
		if (!n || !expect_ch(c, '='))
			return err(c, k, "expected key=value");
		static const uint32_t gmax[3] = {SIMT_MAX_GRID_X, SIMT_MAX_GRID_Y,
						 SIMT_MAX_GRID_Z};
		static const uint32_t bmax[3] = {SIMT_MAX_BLOCK_X, SIMT_MAX_BLOCK_Y,
						 SIMT_MAX_BLOCK_Z};
		uint64_t v = 0;
		skip_ws(c);
		const char *at = c->p;
		if (word_is(k, n, "grid")) {
			tf->has_grid = parse_dims(c, "grid", gmax, tf->grid);
		} else if (word_is(k, n, "block")) {
			tf->has_block = parse_dims(c, "block", bmax, tf->block);
			uint64_t t = (uint64_t)tf->block[0] * tf->block[1] * tf->block[2];
			if (tf->has_block && t > SIMT_MAX_BLOCK_THREADS)
				return err(c, at, "block of %llu threads: at most %u per "
					   "CTA (docs/limits.md)", (unsigned long long)t,
					   SIMT_MAX_BLOCK_THREADS);
		} else if (word_is(k, n, "shared")) {
			tf->has_shared = parse_limited(c, "shared", 0, SIMT_MAX_SHARED, &v);
			tf->shared = (uint32_t)v;
		} else if (word_is(k, n, "local")) {
			tf->has_local = parse_limited(c, "local", 1, SIMT_MAX_LOCAL, &v);
			tf->local = (uint32_t)v;
		} else if (word_is(k, n, "resident")) {
			tf->has_resident = parse_limited(c, "resident", 1, SIMT_MAX_RESIDENT, &v);
			tf->resident = (uint32_t)v;
		} else if (word_is(k, n, "threads")) {
			tf->has_threads = parse_limited(c, "threads", 1, SIMT_MAX_THREADS, &v);
			tf->threads = (uint32_t)v;
		} else if (word_is(k, n, "cta-group")) {
			tf->has_cta_group = parse_limited(c, "cta-group", 1, UINT32_MAX, &v);
			tf->cta_group = (uint32_t)v;
		} else if (word_is(k, n, "cluster")) {
			static const uint32_t cmax[3] = {SIMT_MAX_CLUSTER,
							 SIMT_MAX_CLUSTER,
							 SIMT_MAX_CLUSTER};
			tf->has_cluster = parse_dims(c, "cluster", cmax, tf->cluster);
			uint64_t t = (uint64_t)tf->cluster[0] * tf->cluster[1] *
				     tf->cluster[2];
			if (tf->has_cluster && t > SIMT_MAX_CLUSTER)
				return err(c, at, "cluster of %llu CTAs: at most %u "
					   "per cluster (docs/limits.md)",
					   (unsigned long long)t, SIMT_MAX_CLUSTER);
		} else if (word_is(k, n, "max-cycles")) {
			tf->has_max_cycles = parse_limited(c, "max-cycles", 1, SIMT_MAX_CYCLES,
							   &tf->max_cycles);
		} else if (word_is(k, n, "copy-latency")) {
			tf->has_copy_latency = parse_limited(c, "copy-latency", 1,
							     SIMT_MAX_COPY_LATENCY, &v);
			tf->copy_latency = (uint32_t)v;
		} else if (word_is(k, n, "memory")) {
			skip_ws(c);
			const char *s = c->p;
			while (*c->p && !isspace((unsigned char)*c->p))
				c->p++;
			free(tf->memory);
			tf->memory = util_strndup(s, (size_t)(c->p - s));
			simt_launch l;
			simt_diags pd;
			simt_diags_init(&pd);
			if (simt_launch_memory(&l, tf->memory, &pd) != SIMT_OK)
				err(c, s, "%s", pd.count ? pd.items[0].message : "bad memory model");
			simt_diags_free(&pd);
		} else if (word_is(k, n, "policy") || word_is(k, n, "check")) {
			skip_ws(c);
			const char *s = c->p;
			while (*c->p && !isspace((unsigned char)*c->p))
				c->p++;
			char **dst = word_is(k, n, "policy") ? &tf->policy : &tf->checks;
			free(*dst);
			*dst = util_strndup(s, (size_t)(c->p - s));
			tf->has_policy |= dst == &tf->policy;
			simt_launch l;
			simt_diags pd;
			simt_diags_init(&pd);
			if (dst == &tf->policy && tf->policy &&
			    simt_launch_policy(&l, tf->policy, &pd) != SIMT_OK)
				err(c, s, "%s", pd.count ? pd.items[0].message : "bad policy");
			simt_diags_free(&pd);
		} else {
			return err(c, k, "unknown .launch key '%.*s' (grid block shared "
				   "local policy max-cycles resident copy-latency "
				   "check cluster memory threads cta-group)", (int)n, k);
		}
	}
	return !c->failed;
}

int simt_testfile_buffer(const simt_testfile *tf, const char *name, size_t n)
{
	for (int i = 0; i < tf->nbuffers; i++)
		if (word_is(name, n, tf->buffers[i].name))
			return i;
	return -1;
}

static bool d_buffer(cur *c)
{
	simt_testfile *tf = c->tf;
	const char *w;
	size_t n = word(c, &w);
	if (!n)
		return err(c, w, "expected a buffer name");
	simt_tbuffer b = {0};
	b.loc = (simt_tloc){c->lineno, (int)(w - c->line) + 1};
	uint64_t count = 0;
	bool have_count = false;
	if (!parse_type(c, &b.type) || !expect_ch(c, '['))
		return false;
	if (!eat(c, ']')) {
		const char *at = c->p;
		if (!parse_u64(c, &count) || !expect_ch(c, ']'))
			return false;
		if (count == 0 || count > SIMT_BUFFER_MAX)
			return err(c, at, "count must be 1..%llu",
				   (unsigned long long)SIMT_BUFFER_MAX);
		have_count = true;
	}
	if (!expect_ch(c, '=') || !parse_values(c, b.type, &b.init))
		return values_free(&b.init);
	if (!at_end(c))
		return err(c, c->p, "unexpected text after the initializer");
	if (!have_count && b.init.kind != SIMT_INIT_LIST)
		err(c, w, "buffer '%.*s' needs a count", (int)n, w);
	if (c->failed)
		return values_free(&b.init);
	b.count = have_count ? (uint32_t)count : (uint32_t)b.init.n;
	if ((uint64_t)b.count * (uint64_t)elems[b.type].size > SIMT_BUFFER_MAX) {
		err(c, w, "buffer '%.*s' is larger than %u MiB", (int)n, w,
		    (unsigned)(SIMT_BUFFER_MAX >> 20));
		return values_free(&b.init);
	}
	if (b.init.kind == SIMT_INIT_LIST && (uint32_t)b.init.n != b.count) {
		err(c, w, "%d values given for %u elements", b.init.n, b.count);
		return values_free(&b.init);
	}
	b.name = util_strndup(w, n);
	int i = simt_testfile_buffer(tf, w, n);
	if (i >= 0) { /* a later definition replaces the earlier one */
		free(tf->buffers[i].name);
		values_free(&tf->buffers[i].init);
		tf->buffers[i] = b;
		return true;
	}
	int cap = tf->nbuffers;
	if (!util_grow((void **)&tf->buffers, &cap, tf->nbuffers + 1, sizeof b)) {
		free(b.name);
		values_free(&b.init);
		return err(c, w, "out of memory");
	}
	tf->buffers[tf->nbuffers++] = b;
	return !c->failed;
}

static bool d_param(cur *c)
{
	simt_testfile *tf = c->tf;
	simt_tparam p = {0};
	skip_ws(c);
	p.loc = (simt_tloc){c->lineno, (int)(c->p - c->line) + 1};
	const char *save = c->p;
	const char *w;
	size_t n = word(c, &w);
	if (!n)
		return err(c, w, "expected a buffer name or TYPE:VALUE");
	if (eat(c, ':')) {
		c->p = save;
		if (!parse_type(c, &p.type) || !expect_ch(c, ':') ||
		    !parse_value(c, p.type, &p.bits))
			return false;
	} else {
		p.buffer = util_strndup(w, n);
		p.type = SIMT_U64;
	}
	if (!at_end(c)) {
		free(p.buffer);
		return err(c, c->p, "unexpected text after the parameter");
	}
	int cap = tf->nparams;
	if (!util_grow((void **)&tf->params, &cap, tf->nparams + 1, sizeof p)) {
		free(p.buffer);
		return err(c, w, "out of memory");
	}
	tf->params[tf->nparams++] = p;
	return !c->failed;
}

/* The number of register `prefix`N written as the word w[0..n), N in
 * 0..max; -1 when w is not such a name. */
static int reg_number(const char *w, size_t n, const char *prefix, int max)
{
	size_t p = strlen(prefix);
	if (n <= p || strncmp(w, prefix, p) || !isdigit((unsigned char)w[p]))
		return -1;
	char *end = NULL;
	long r = strtol(w + p, &end, 10);
	return end == w + n && r >= 0 && r <= max ? (int)r : -1;
}

/* A 32-bit register value: 7, -3, 0xff, or the bits of a float (1.5). */
static bool parse_reg_value(cur *c, uint64_t *v)
{
	skip_ws(c);
	const char *at = c->p;
	simt_elem t = *at == '-' ? SIMT_S32 : SIMT_U32;
	size_t tok = strcspn(at, " \t\r\n");
	const char *dot = memchr(at, '.', tok);
	if (dot && !(at[0] == '0' && (at[1] == 'x' || at[1] == 'X')))
		t = SIMT_F32; /* 1.5, -0.25: the bits of a float */
	if (!parse_value(c, t, v))
		return false;
	*v &= 0xffffffffu;
	return true;
}

/* A uniform predicate value: 0 or 1. */
static bool parse_bit(cur *c, uint64_t *v)
{
	skip_ws(c);
	const char *at = c->p;
	if (!parse_u64(c, v))
		return false;
	return *v <= 1 || err(c, at, "a uniform predicate is 0 or 1");
}

static bool d_init(cur *c)
{
	simt_testfile *tf = c->tf;
	simt_tinit in = {0};
	const char *w;
	size_t n = word(c, &w);
	in.loc = (simt_tloc){c->lineno, (int)(w - c->line) + 1};
	int r;
	if ((r = reg_number(w, n, "R", 254)) >= 0) {
		in.reg = r;
	} else if ((r = reg_number(w, n, "P", 6)) >= 0) {
		in.pred = true;
		in.reg = r;
	} else if ((r = reg_number(w, n, "UR", 62)) >= 0) {
		in.uniform = true;
		in.reg = r;
	} else if ((r = reg_number(w, n, "UP", 6)) >= 0) {
		in.uniform = in.pred = true;
		in.reg = r;
	} else {
		return err(c, w, "expected a register R0..R254, P0..P6, "
			   "UR0..UR62 or UP0..UP6");
	}
	if (!expect_ch(c, '='))
		return false;
	skip_ws(c);
	const char *at = c->p;
	const char *k;
	size_t kn = word(c, &k);
	if (in.uniform) {
		c->p = at;
		in.kind = SIMT_TINIT_VALUE;
		if (word_is(k, kn, "lane") || word_is(k, kn, "tid"))
			return err(c, at, "a uniform register has one value per "
				   "warp (no lane or tid)");
		if (!(in.pred ? parse_bit(c, &in.value) : parse_reg_value(c, &in.value)))
			return false;
	} else if (in.pred) {
		if (!word_is(k, kn, "mask"))
			return err(c, at, "a predicate is initialised with 'mask 0xHEX'");
		in.kind = SIMT_TINIT_MASK;
		if (!parse_u64(c, &in.value))
			return false;
		if (in.value >> 32)
			return err(c, at, "mask wider than 32 lanes");
	} else if (word_is(k, kn, "lane")) {
		in.kind = SIMT_TINIT_LANE;
	} else if (word_is(k, kn, "tid")) {
		in.kind = SIMT_TINIT_TID;
	} else {
		c->p = at;
		in.kind = SIMT_TINIT_VALUE;
		if (!parse_reg_value(c, &in.value))
			return false;
	}
	if (!at_end(c))
		return err(c, c->p, "unexpected text after the value");
	for (int i = 0; i < tf->ninits; i++)
		if (tf->inits[i].pred == in.pred && tf->inits[i].reg == in.reg) {
			tf->inits[i] = in; /* a later init of a register replaces it */
			return true;
		}
	int cap = tf->ninits;
	if (!util_grow((void **)&tf->inits, &cap, tf->ninits + 1, sizeof in))
		return err(c, w, "out of memory");
	tf->inits[tf->ninits++] = in;
	return !c->failed;
}

/* Append e to the expectations (e is released on failure). */
static bool add_expect(cur *c, simt_texpect *e, const char *w, size_t n)
{
	simt_testfile *tf = c->tf;
	e->name = util_strndup(w, n);
	int cap = tf->nexpects;
	if (!e->name ||
	    !util_grow((void **)&tf->expects, &cap, tf->nexpects + 1, sizeof *e)) {
		free(e->name);
		values_free(&e->values);
		return err(c, w, "out of memory");
	}
	tf->expects[tf->nexpects++] = *e;
	return !c->failed;
}

/* .expect URn = v, .expect UPn = 0|1: the register of every warp. */
static bool expect_uniform(cur *c, simt_texpect *e, const char *w, size_t n)
{
	if (!expect_ch(c, '='))
		return false;
	e->values.kind = SIMT_INIT_LIST;
	e->values.n = 1;
	e->values.bits = malloc(sizeof *e->values.bits);
	if (!e->values.bits)
		return err(c, w, "out of memory");
	bool ok = e->kind == SIMT_TEXPECT_UP ? parse_bit(c, e->values.bits)
					     : parse_reg_value(c, e->values.bits);
	if (ok && !at_end(c))
		err(c, c->p, "unexpected text after the value");
	if (c->failed)
		return values_free(&e->values);
	return add_expect(c, e, w, n);
}

/* .expect NAME = INIT, .expect NAME[i] = v; the type comes from the buffer.
 * A name that is no buffer but a uniform register (UR0..UR63) or predicate
 * (UP0..UP7) expects that register. */
static bool d_expect(cur *c)
{
	simt_testfile *tf = c->tf;
	simt_texpect e = {0};
	e.index = -1;
	const char *w;
	size_t n = word(c, &w);
	e.loc = (simt_tloc){c->lineno, (int)(w - c->line) + 1};
	int b = simt_testfile_buffer(tf, w, n);
	if (b < 0 && (e.reg = reg_number(w, n, "UR", 63)) >= 0) {
		e.kind = SIMT_TEXPECT_UR;
		return expect_uniform(c, &e, w, n);
	}
	if (b < 0 && (e.reg = reg_number(w, n, "UP", 7)) >= 0) {
		e.kind = SIMT_TEXPECT_UP;
		return expect_uniform(c, &e, w, n);
	}
	if (b < 0)
		return err(c, w, "no buffer named '%.*s' (declare it with .buffer "
			   "first, or name a uniform register URn / UPn)",
			   (int)n, w);
	if (eat(c, '[')) {
		uint64_t i;
		const char *at = c->p;
		if (!parse_u64(c, &i) || !expect_ch(c, ']'))
			return false;
		if (i >= tf->buffers[b].count)
			return err(c, at, "index %llu outside '%s' (%u elements)",
				   (unsigned long long)i, tf->buffers[b].name,
				   tf->buffers[b].count);
		e.index = (int64_t)i;
	}
	if (!expect_ch(c, '='))
		return false;
	if (!parse_values(c, tf->buffers[b].type, &e.values))
		return values_free(&e.values);
	uint32_t want = e.index >= 0 ? 1 : tf->buffers[b].count;
	if (e.values.kind == SIMT_INIT_LIST && (uint32_t)e.values.n != want)
		err(c, w, "%d values expected for '%s', %d given", (int)want,
		    tf->buffers[b].name, e.values.n);
	else if (!at_end(c))
		err(c, c->p, "unexpected text after the values");
	if (c->failed)
		return values_free(&e.values);
	return add_expect(c, &e, w, n);
}

static bool d_expect_error(cur *c)
{
	skip_ws(c);
	const char *at = c->p;
	if (!eat(c, '"'))
		return err(c, at, "expected \"text\"");
	const char *s = c->p;
	while (*c->p && *c->p != '"' && *c->p != '\n')
		c->p++;
	if (*c->p != '"')
		return err(c, at, "unterminated string");
	free(c->tf->expect_error);
	c->tf->expect_error = util_strndup(s, (size_t)(c->p - s));
	c->tf->expect_error_loc = (simt_tloc){c->lineno, (int)(at - c->line) + 1};
	c->p++;
	if (!at_end(c))
		err(c, c->p, "unexpected text after the string");
	return !c->failed;
}

/* X-macro: directive name and its parser (longest names first). */
#define TF_DIRECTIVES(X)                                                       \
	X(".expect-error", d_expect_error)                                     \
	X(".expect", d_expect)                                                 \
	X(".launch", d_launch)                                                 \
	X(".buffer", d_buffer)                                                 \
	X(".param", d_param)                                                   \
	X(".init", d_init)

static const struct {
	const char *name;
	bool (*fn)(cur *);
} directives[] = {
#define TF_X_ROW(n, f) {n, f},
	TF_DIRECTIVES(TF_X_ROW)
#undef TF_X_ROW
};

/* The directive named at p (followed by a blank or end of line), or -1. */
static int directive_at(const char *p)
{
	for (size_t i = 0; i < UTIL_ARRAY_LEN(directives); i++) {
		size_t n = strlen(directives[i].name);
		if (!strncmp(p, directives[i].name, n) &&
		    (p[n] == ' ' || p[n] == '\t' || p[n] == '\n' || p[n] == '\r' ||
		     p[n] == '\0'))
			return (int)i;
	}
	return -1;
}

/* Run directive k on the line text starting at p. */
static bool run_directive(simt_testfile *tf, const char *file, const char *line,
			  const char *p, int lineno, const char *src,
			  bool origin, int k, simt_diags *d)
{
	cur c = {line, p + strlen(directives[k].name), lineno, tf, d, file, src,
		 origin, false};
	directives[k].fn(&c);
	return !c.failed;
}

simt_status simt_testfile_directive_from(simt_testfile *tf, const char *origin,
					 const char *line, simt_diags *d)
{
	const char *p = line;
	while (*p == ' ' || *p == '\t')
		p++;
	int k = directive_at(p);
	const char *file = origin ? origin : tf->name;
	if (k < 0) {
		util_diag(d, SIMT_SEV_ERROR, file, NULL, 0, 0,
			  "not a test directive: '%s'", line);
		return SIMT_ERR_ARG;
	}
	/* origin given: the line is its own source (line 1, shown with a caret) */
	return run_directive(tf, file, line, p, origin ? 1 : 0,
			     origin ? line : NULL, origin != NULL, k, d)
		       ? SIMT_OK : SIMT_ERR_ARG;
}

simt_status simt_testfile_directive(simt_testfile *tf, const char *line,
				    simt_diags *d)
{
	return simt_testfile_directive_from(tf, NULL, line, d);
}

simt_status simt_testfile_parse(const char *name, const char *text, size_t len,
				simt_testfile *tf, simt_diags *d)
{
	memset(tf, 0, sizeof *tf);
	tf->name = util_strdup(name ? name : "<input>");
	tf->source = util_strndup(text, len);
	tf->asm_text = util_strndup(text, len);
	if (!tf->name || !tf->source || !tf->asm_text)
		return SIMT_ERR_NOMEM;
	for (size_t i = 0; i < len; i++)
		if (text[i] == '\0') { /* the parser works on C strings */
			util_diag(d, SIMT_SEV_ERROR, tf->name, NULL, 0, 0,
				  "NUL byte in the file");
			return SIMT_ERR_TEST;
		}
	bool ok = true;
	int lineno = 1;
	size_t nl = strlen(tf->name);
	/* by the name, or by the text for unnamed input (standard input) */
	bool ptx = (nl > 4 && !strcmp(tf->name + nl - 4, ".ptx")) ||
		   util_text_is_ptx(text, len);
	for (char *line = tf->source; *line; lineno++) {
		char *eol = strchr(line, '\n');
		size_t n = eol ? (size_t)(eol - line) : strlen(line);
		char *p = line;
		while (*p == ' ' || *p == '\t')
			p++;
		bool bang = p[0] == '/' && p[1] == '/' && p[2] == '!';
		if (bang) {
			p += 3;
			while (*p == ' ' || *p == '\t')
				p++;
		}
		/* in PTX, `.param` is PTX: only //! lines are directives */
		int k = bang || !ptx ? directive_at(p) : -1;
		if (k >= 0) {
			char save = line[n];
			line[n] = '\0'; /* the directive sees one line */
			ok &= run_directive(tf, tf->name, line, p, lineno, tf->source,
					    false, k, d);
			line[n] = save;
			memset(tf->asm_text + (line - tf->source), ' ', n);
		}
		line += n + (eol != NULL);
	}
	return ok ? SIMT_OK : SIMT_ERR_TEST;
}

void simt_testfile_free(simt_testfile *tf)
{
	for (int i = 0; i < tf->nbuffers; i++) {
		free(tf->buffers[i].name);
		values_free(&tf->buffers[i].init);
	}
	for (int i = 0; i < tf->nparams; i++)
		free(tf->params[i].buffer);
	for (int i = 0; i < tf->nexpects; i++) {
		free(tf->expects[i].name);
		values_free(&tf->expects[i].values);
	}
	free(tf->buffers);
	free(tf->params);
	free(tf->inits);
	free(tf->expects);
	free(tf->policy);
	free(tf->checks);
	free(tf->memory);
	free(tf->expect_error);
	free(tf->name);
	free(tf->source);
	free(tf->asm_text);
	memset(tf, 0, sizeof *tf);
}
