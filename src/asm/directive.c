/*
 * directive.c - labels, the symbol table and the directives.
 *
 * Requires: a statement whose first token is a directive name (or a label).
 * Produces: sections and their bytes, symbols (labels, .global, .type,
 * .size, .shared variables), fixups for .word/.dword/.byte/.short operands
 * naming symbols, kernel parameters (.param).  The simulator test directives (.launch,
 * .init, .buffer, .expect, .expect-error) belong to `simt test` and are
 * skipped here; .param is both: it lays out the kernel's parameters.
 */
#include <stdlib.h>
#include <string.h>

#include "asm/asm.h"
#include "obj/elf.h"
#include "simt/sim.h"

/* ---- symbols ----------------------------------------------------------- */

/* Up to 8 bytes of a name from s, zero-padded */
static uint64_t name_bytes(const char *s, int len)
{
	uint64_t v = 0;
	memcpy(&v, s, (size_t)(len < 8 ? len : 8));
	return v;
}

/*
 * A name's lookup key: its first (up to) 8 bytes, zero-padded, in *head
 * (a lookup compares the slot, not the symbol and its name far back in
 * the source), and its hash, made from the name 8 bytes at a time (a
 * label of a listing, `.L_1234`, is one step: the byte-at-a-time FNV
 * was most of the 60 instructions of a key, once per label and label
 * reference, bench/RESULTS.md "Assembler kernel share, session 16").
 * The hash only places symbols in the table: nothing else sees it.
 */
static uint32_t sym_key(const asm_ctx *c, const char *s, int len,
			uint64_t *head)
{
	const uint64_t k = UINT64_C(0x9e3779b97f4a7c15);
	uint64_t v;
	if (len < 8 && s >= c->text && c->text + c->len - s >= 8) {
		/* a short name in the source: one load, masked */
		memcpy(&v, s, 8);
		v &= ~(~UINT64_C(0) << (8 * len));
	} else {
		v = name_bytes(s, len);
	}
	*head = v;
	uint64_t h = (v ^ (uint64_t)len) * k;
	for (int i = 8; i < len; i += 8)
		h = (h ^ (h >> 29) ^ name_bytes(s + i, len - i)) * k;
	return (uint32_t)((h ^ (h >> 32)) * k >> 32);
}

/* The symbol hash table with cap slots (a power of two); a table of
 * 128 KiB or more in one huge-page block (util_alloc_big): filled with
 * -1 at once, it was 64 of the 153 page faults of build/bench/simt.s in
 * 4 KiB pages, at several microseconds each on this VM, against one
 * fault that clears 2 MiB (bench/RESULTS.md, "Assembler speed, session
 * 15").  arena: in the arena instead (the table asm_sym_reserve sizes
 * for a big input shares the arena's first huge page with the label
 * references' nodes: a huge page, its fault and its unmapping less,
 * bench/RESULTS.md "Assembler kernel share, session 16"). */
static bool rehash_to(asm_ctx *c, int cap, bool arena)
{
	size_t bytes = (size_t)cap * sizeof(struct asm_symslot);
	struct asm_symslot *h = arena ? asm_alloc(c, bytes)
				: bytes >= UTIL_BIG / 8
					? util_alloc_big(bytes < UTIL_BIG ? UTIL_BIG : bytes)
					: malloc(bytes);
	if (!h)
		return false;
	for (int i = 0; i < cap; i++)
		h[i].sym = -1;
	for (int s = 0; s < c->nsyms; s++) {
		uint32_t i = c->syms[s].hash & (uint32_t)(cap - 1);
		while (h[i].sym >= 0)
			i = (i + 1) & (uint32_t)(cap - 1);
		h[i] = (struct asm_symslot){c->syms[s].hash, s};
	}
	if (!c->symhash_arena)
		free(c->symhash);
	c->symhash = h;
	c->symhash_cap = cap;
	c->symhash_arena = arena;
	return true;
}

static bool rehash(asm_ctx *c)
{
	return rehash_to(c, c->symhash_cap ? c->symhash_cap * 2 : 1024, false);
}

bool asm_sym_reserve(asm_ctx *c, int n)
{
	int cap = 1024;
	while (cap < 2 * n)
		cap *= 2;
	return asm_grow((void **)&c->syms, &c->csyms,
			(size_t)c->nsyms * sizeof *c->syms,
			(size_t)n * sizeof *c->syms) &&
	       (cap <= c->symhash_cap || rehash_to(c, cap, true));
}

/* asm_sym_lookup with the name's hash h and head already worked out */
static int lookup_keyed(asm_ctx *c, const char *name, int len, uint32_t h,
			uint64_t head, bool create)
{
	if (c->symhash_cap) {
		uint32_t i = h & (uint32_t)(c->symhash_cap - 1);
		for (; c->symhash[i].sym >= 0;
		     i = (i + 1) & (uint32_t)(c->symhash_cap - 1)) {
			if (c->symhash[i].hash != h)
				continue;
			const asm_sym *y = &c->syms[c->symhash[i].sym];
			if (y->len == len && y->head == head &&
			    (len <= 8 || !memcmp(y->name + 8, name + 8, (size_t)len - 8)))
				return c->symhash[i].sym;
		}
	}
	if (!create)
		return -1;
	if (2 * (c->nsyms + 1) > c->symhash_cap && !rehash(c)) {
		c->nomem = true;
		return -1;
	}
	if ((size_t)(c->nsyms + 1) * sizeof *c->syms > c->csyms &&
	    !asm_grow((void **)&c->syms, &c->csyms, (size_t)c->nsyms * sizeof *c->syms,
		      (size_t)(c->nsyms + 1) * sizeof *c->syms)) {
		c->nomem = true;
		return -1;
	}
	asm_sym *y = &c->syms[c->nsyms];
	memset(y, 0, sizeof *y);
	y->name = name;
	y->len = len;
	y->hash = h;
	y->head = head;
	y->sec = -1;
	y->obj = -1;
	y->var_size = -1;
	y->line = c->line;
	uint32_t i = h & (uint32_t)(c->symhash_cap - 1);
	while (c->symhash[i].sym >= 0)
		i = (i + 1) & (uint32_t)(c->symhash_cap - 1);
	c->symhash[i] = (struct asm_symslot){h, c->nsyms};
	return c->nsyms++;
}

int asm_sym_lookup(asm_ctx *c, const char *name, int len, bool create)
{
	uint64_t head;
	uint32_t h = sym_key(c, name, len, &head);
	return lookup_keyed(c, name, len, h, head, create);
}

void asm_sym_note(asm_ctx *c, asm_expr *e, bool lookup)
{
	e->hash = sym_key(c, e->name, e->len, &e->head);
	e->keyed = true;
	/* the slot where the label's definition (a forward reference's
	 * label comes a few dozen lines later) looks for and enters it,
	 * asked of memory now: at the definition it was a cache miss at a
	 * random place of the table, 5 % of the time of build/bench/simt.s
	 * (bench/RESULTS.md, "Assembler speed, session 15") */
	if (c->symhash_cap)
		__builtin_prefetch(&c->symhash[e->hash & (uint32_t)(c->symhash_cap - 1)]);
	if (lookup)
		e->sym = lookup_keyed(c, e->name, e->len, e->hash, e->head, false) + 1;
}

/* The symbol of node e ('s') or -1 (expr.c: through its key when noted) */
int asm_sym_of(asm_ctx *c, const asm_expr *e)
{
	if (e->sym)
		return e->sym - 1;
	if (e->keyed)
		return lookup_keyed(c, e->name, e->len, e->hash, e->head, false);
	return asm_sym_lookup(c, e->name, e->len, false);
}

bool asm_define_label(asm_ctx *c, const asm_tok *t)
{
	if (t->len == 1 && t->s[0] == '.') {
		asm_error(c, t->col, "'.' cannot be a label");
		return false;
	}
	if (c->cur < 0 && asm_default_section(c, t->s, (size_t)t->len) < 0)
		return false;
	int s = asm_sym_lookup(c, t->s, t->len, true);
	if (s < 0)
		return false;
	asm_sym *y = &c->syms[s];
	if (y->defined) {
		asm_error(c, t->col, "label '%.*s' is already defined (line %d)",
			  t->len, t->s, y->line);
		return false;
	}
	y->defined = true;
	y->sec = c->cur;
	y->value = c->secs[c->cur].base + asm_here(c);
	y->line = c->line;
	y->col = t->col;
	return true;
}

/* ---- helpers ----------------------------------------------------------- */

static bool expect_end(asm_ctx *c, const asm_tok *t)
{
	if (t->kind == ASM_T_END)
		return true;
	asm_error(c, t->col, "unexpected '%.*s' at the end of the directive",
		  t->len, t->s);
	return false;
}

/* An absolute expression now (no forward references): .align, .zero */
static bool const_expr(asm_ctx *c, const asm_tok *toks, int *i, int64_t *v)
{
	int col = toks[*i].col;
	asm_expr *e = asm_expr_parse(c, toks, i);
	asm_value val;
	if (!e || !asm_expr_eval(c, e, c->cur, 0, false, &val))
		return false;
	if (val.sec >= 0 || val.sym >= 0) {
		asm_error(c, col, "expected a constant");
		return false;
	}
	*v = val.v;
	return true;
}

static bool need_section(asm_ctx *c, int col)
{
	if (c->cur >= 0)
		return true;
	return asm_default_section(c, "main", 4) >= 0 || (asm_error(c, col, "no section"), false);
}

/* ---- the directives -------------------------------------------------- */

static void d_section(asm_ctx *c, asm_tok *t)
{
	int i = 1;
	if (t[i].kind != ASM_T_IDENT && t[i].kind != ASM_T_STR) {
		asm_error(c, t[i].col, "expected a section name");
		return;
	}
	int s = asm_section_open(c, t[i].s, (size_t)t[i].len, t[i].col);
	if (s < 0)
		return;
	i++;
	asm_section *sec = &c->secs[s];
	if (asm_tok_punct(&t[i], ',')) {
		i++;
		if (t[i].kind != ASM_T_STR) {
			asm_error(c, t[i].col, "expected the section flags as a string");
			return;
		}
		free(sec->flags);
		sec->flags = util_strndup(t[i].s, (size_t)t[i].len);
		i++;
		if (asm_tok_punct(&t[i], ',')) {
			i++;
			if (asm_tok_punct(&t[i], '@') || asm_tok_punct(&t[i], '%'))
				i++;
			if (t[i].kind != ASM_T_IDENT && t[i].kind != ASM_T_STR) {
				asm_error(c, t[i].col, "expected a section type");
				return;
			}
			free(sec->type);
			sec->type = util_strndup(t[i].s, (size_t)t[i].len);
			if (asm_tok_ident(&t[i], "nobits") && sec->kind != OBJ_SEC_TEXT)
				sec->nobits = true;
			else if (asm_tok_ident(&t[i], "nobits"))
				asm_error(c, t[i].col, "a .text section cannot be NOBITS");
			i++;
		}
	}
	expect_end(c, &t[i]);
}

static void d_align(asm_ctx *c, asm_tok *t)
{
	int i = 1;
	int64_t a;
	if (!const_expr(c, t, &i, &a) || !expect_end(c, &t[i]))
		return;
	if (a <= 0 || a > 4096 || (a & (a - 1))) {
		asm_error(c, t[1].col, ".align takes a power of two up to 4096");
		return;
	}
	if (!need_section(c, t[0].col))
		return;
	asm_section *s = &c->secs[c->cur];
	if ((uint64_t)a > s->align)
		s->align = (uint64_t)a;
	uint64_t here = asm_here(c);
	uint64_t pad = ((here + (uint64_t)a - 1) & ~(uint64_t)(a - 1)) - here;
	static const uint8_t zeros[4096];
	asm_emit(c, zeros, pad);
}

/* A shared section of size bytes: within the static limit?  (error at col) */
static bool shared_fits(asm_ctx *c, const asm_section *s, uint64_t size,
			int col)
{
	if (s->kind != OBJ_SEC_SHARED || size <= ASM_MAX_STATIC_SHARED)
		return true;
	asm_error(c, col, "static shared memory of %s would be 0x%llx bytes, "
		  "more than the 0x%x (48 KiB) a kernel may have (use dynamic "
		  "shared memory)", s->name, (unsigned long long)size,
		  ASM_MAX_STATIC_SHARED);
	return false;
}

static void d_zero(asm_ctx *c, asm_tok *t)
{
	int i = 1;
	int64_t n;
	if (!const_expr(c, t, &i, &n) || !expect_end(c, &t[i]))
		return;
	if (n < 0 || n > (1 << 28)) {
		asm_error(c, t[1].col, ".zero size out of range (0..0x10000000)");
		return;
	}
	if (!need_section(c, t[0].col))
		return;
	if (shared_fits(c, &c->secs[c->cur], asm_here(c) + (uint64_t)n, t[1].col))
		asm_emit(c, NULL, (size_t)n);
}

/*
 * .shared NAME, SIZE[, ALIGN]: a variable in the static shared memory of
 * the kernel whose code is being assembled (.nv.shared.<k>), at the next
 * offset that is a multiple of ALIGN; NAME is a local STT_OBJECT symbol of
 * SIZE bytes whose value is that offset, so `(NAME) in an operand is its
 * shared address.  ALIGN defaults to the largest power of two <= SIZE, at
 * most 16 (GNU as .comm).  The current section does not change.
 */
static void d_shared(asm_ctx *c, asm_tok *t)
{
	if (t[1].kind != ASM_T_IDENT || !asm_tok_punct(&t[2], ',')) {
		asm_error(c, t[1].col, "expected 'NAME, SIZE[, ALIGN]'");
		return;
	}
	int i = 3;
	int64_t size, align = 0;
	int size_col = t[3].col, align_col = 0;
	if (!const_expr(c, t, &i, &size))
		return;
	if (asm_tok_punct(&t[i], ',')) {
		align_col = t[++i].col;
		if (!const_expr(c, t, &i, &align))
			return;
	}
	if (!expect_end(c, &t[i]))
		return;
	if (size <= 0 || size > ASM_MAX_STATIC_SHARED) {
		asm_error(c, size_col, ".shared size must be 1..0x%x bytes",
			  ASM_MAX_STATIC_SHARED);
		return;
	}
	if (align_col && (align <= 0 || align > 4096 || (align & (align - 1)))) {
		asm_error(c, align_col, ".shared alignment %lld is not a power of "
			  "two up to 4096", (long long)align);
		return;
	}
	if (!align_col) /* the largest power of two <= size, at most 16 */
		for (align = 16; align > size;)
			align /= 2;
	if (c->cur < 0 && asm_default_section(c, "main", 4) < 0)
		return;
	int k = c->secs[c->cur].kernel;
	if (k < 0) {
		asm_error(c, t[0].col, ".shared outside a kernel's code (%s): "
			  "switch to its .text.<kernel> section first",
			  c->secs[c->cur].name);
		return;
	}
	int s = asm_sym_lookup(c, t[1].s, t[1].len, true);
	if (s < 0)
		return;
	if (c->syms[s].defined) {
		asm_error(c, t[1].col, "'%.*s' is already defined (line %d)",
			  t[1].len, t[1].s, c->syms[s].line);
		return;
	}
	char *name = util_format(".nv.shared.%s", c->kernels[k].name);
	int cur = c->cur;
	int sh = name ? asm_section_open(c, name, strlen(name), t[0].col) : -1;
	free(name);
	c->cur = cur;
	if (sh < 0)
		return;
	asm_section *sec = &c->secs[sh];
	uint64_t off = (sec->size + (uint64_t)align - 1) & ~(uint64_t)(align - 1);
	if (!shared_fits(c, sec, off + (uint64_t)size, size_col))
		return;
	sec->size = off + (uint64_t)size;
	if ((uint64_t)align > sec->align)
		sec->align = (uint64_t)align;
	asm_sym *y = &c->syms[s];
	y->defined = true;
	y->sec = sh;
	y->value = off;
	y->type = ELF_STT_OBJECT;
	y->var_size = size;
	y->line = c->line;
	y->col = t[1].col;
}

/* .byte/.short/.word/.dword expr, ... */
static void d_data(asm_ctx *c, asm_tok *t, int size)
{
	int i = 1;
	if (!need_section(c, t[0].col))
		return;
	for (;;) {
		int col = t[i].col;
		asm_expr *e = asm_expr_parse(c, t, &i);
		if (!e)
			return;
		uint64_t off = asm_here(c);
		asm_fixup f = {ASM_FIX_DATA, c->cur, off, size, NULL, 0, 0, e,
			       c->line, col, c->line_start, false};
		if (!asm_emit(c, NULL, (size_t)size))
			return;
		if (c->secs[c->cur].nobits) {
			asm_error(c, col, "data in a NOBITS section");
			return;
		}
		asm_add_fixup(c, &f);
		if (!asm_tok_punct(&t[i], ','))
			break;
		i++;
	}
	expect_end(c, &t[i]);
}

/* .global sym / .globl sym */
static void d_global(asm_ctx *c, asm_tok *t)
{
	int i = 1;
	for (;;) {
		if (t[i].kind != ASM_T_IDENT) {
			asm_error(c, t[i].col, "expected a symbol name");
			return;
		}
		int s = asm_sym_lookup(c, t[i].s, t[i].len, true);
		if (s >= 0)
			c->syms[s].global = true;
		i++;
		if (!asm_tok_punct(&t[i], ','))
			break;
		i++;
	}
	expect_end(c, &t[i]);
}

/* Does s[0..len) contain word?  (the source is not NUL-terminated) */
static bool contains(const char *s, int len, const char *word)
{
	int n = (int)strlen(word);
	for (int i = 0; i + n <= len; i++)
		if (!memcmp(s + i, word, (size_t)n))
			return true;
	return false;
}

/* sym , @type  (the type: function, object, "STT_CUDA_OBJECT", ...) */
static void d_type(asm_ctx *c, asm_tok *t)
{
	if (t[1].kind != ASM_T_IDENT || !asm_tok_punct(&t[2], ',')) {
		asm_error(c, t[1].col, "expected 'symbol, @type'");
		return;
	}
	int i = 3;
	if (asm_tok_punct(&t[i], '@') || asm_tok_punct(&t[i], '%'))
		i++;
	if (t[i].kind != ASM_T_IDENT && t[i].kind != ASM_T_STR) {
		asm_error(c, t[i].col, "expected a symbol type");
		return;
	}
	int s = asm_sym_lookup(c, t[1].s, t[1].len, true);
	if (s < 0)
		return;
	const asm_tok *ty = &t[i];
	if (asm_tok_ident(ty, "function") || (ty->len == 8 && !memcmp(ty->s, "STT_FUNC", 8)))
		c->syms[s].type = ELF_STT_FUNC;
	else if (asm_tok_ident(ty, "object") || contains(ty->s, ty->len, "OBJECT"))
		c->syms[s].type = ELF_STT_OBJECT;
	else
		c->syms[s].type = ELF_STT_NOTYPE;
	expect_end(c, &t[i + 1]);
}

static void d_size(asm_ctx *c, asm_tok *t)
{
	if (t[1].kind != ASM_T_IDENT || !asm_tok_punct(&t[2], ',')) {
		asm_error(c, t[1].col, "expected 'symbol, expression'");
		return;
	}
	int i = 3;
	asm_expr *e = asm_expr_parse(c, t, &i);
	if (!e || !expect_end(c, &t[i]))
		return;
	int s = asm_sym_lookup(c, t[1].s, t[1].len, true);
	if (s < 0)
		return;
	c->syms[s].size = e;
	c->syms[s].size_line = c->line;
	c->syms[s].size_col = t[3].col;
	c->syms[s].size_line_start = c->line_start;
}

/* .other sym, @"..." : kept for listing compatibility, no effect */
static void d_other(asm_ctx *c, asm_tok *t)
{
	if (t[1].kind != ASM_T_IDENT) {
		asm_error(c, t[1].col, "expected a symbol name");
		return;
	}
}

/* .cluster_dims X[, Y[, Z]]: the cluster shape the current kernel requires
 * (PTX .reqnctapercluster, CUDA __cluster_dims__); a launch without a
 * cluster shape gets it, one with another shape is refused
 * (docs/assembler.md, docs/semantics.md "Clusters"). */
static void d_cluster_dims(asm_ctx *c, asm_tok *t)
{
	int64_t v[3] = {1, 1, 1};
	int i = 1, n = 0;
	int col = t[1].col;
	for (;;) {
		if (!const_expr(c, t, &i, &v[n]))
			return;
		n++;
		if (n == 3 || !asm_tok_punct(&t[i], ','))
			break;
		i++;
	}
	if (!expect_end(c, &t[i]))
		return;
	if (v[0] < 1 || v[1] < 1 || v[2] < 1 || v[0] * v[1] * v[2] > SIMT_MAX_CLUSTER) {
		asm_error(c, col, ".cluster_dims (%lld,%lld,%lld): each dimension at least 1, "
			  "at most %u CTAs in all (docs/limits.md)", (long long)v[0],
			  (long long)v[1], (long long)v[2], SIMT_MAX_CLUSTER);
		return;
	}
	if (c->cur < 0 && asm_default_section(c, "main", 4) < 0)
		return;
	int k = c->secs[c->cur].kernel;
	if (k < 0) {
		asm_error(c, t[0].col, ".cluster_dims outside a kernel's code (%s): "
			  "switch to its .text.<kernel> section first",
			  c->secs[c->cur].name);
		return;
	}
	for (int d = 0; d < 3; d++)
		c->kernels[k].cluster[d] = (uint32_t)v[d];
}

/* .param NAME (a 64-bit buffer address) or .param TYPE:VALUE */
static void d_param(asm_ctx *c, asm_tok *t)
{
	static const struct {
		const char *name;
		uint32_t size;
	} types[] = {{"u8", 1}, {"s8", 1}, {"u16", 2}, {"s16", 2}, {"u32", 4},
		     {"s32", 4}, {"f32", 4}, {"b32", 4}, {"u64", 8}, {"s64", 8},
		     {"f64", 8}, {"b64", 8}};
	if (t[1].kind != ASM_T_IDENT) {
		asm_error(c, t[1].col, "expected a buffer name or TYPE:VALUE");
		return;
	}
	uint32_t size = 8;
	if (asm_tok_punct(&t[2], ':')) {
		size = 0;
		for (size_t k = 0; k < UTIL_ARRAY_LEN(types); k++)
			if (asm_tok_ident(&t[1], types[k].name))
				size = types[k].size;
		if (!size) {
			asm_error(c, t[1].col, "unknown parameter type '%.*s'", t[1].len, t[1].s);
			return;
		}
	}
	if (c->cur < 0 || c->secs[c->cur].kernel < 0) {
		/* before any code: the parameters of the first kernel */
		if (c->nkernels == 0 && asm_default_section(c, "main", 4) < 0)
			return;
	}
	int k = c->cur >= 0 && c->secs[c->cur].kernel >= 0 ? c->secs[c->cur].kernel : 0;
	asm_kernel *kn = &c->kernels[k];
	uint32_t off = (kn->param_end + size - 1) & ~(size - 1);
	if (!util_grow((void **)&kn->param_off, &kn->cparams, kn->nparams + 1,
		       sizeof *kn->param_off))
		return;
	int cap = kn->cparams;
	uint32_t *ps = realloc(kn->param_size, (size_t)cap * sizeof *ps);
	if (!ps)
		return;
	kn->param_size = ps;
	kn->param_off[kn->nparams] = off;
	kn->param_size[kn->nparams++] = size;
	kn->param_end = off + size;
}

typedef void (*dir_fn)(asm_ctx *, asm_tok *);

static void d_ignore(asm_ctx *c, asm_tok *t)
{
	(void)c;
	(void)t;
}

static void d_byte(asm_ctx *c, asm_tok *t) { d_data(c, t, 1); }
static void d_short(asm_ctx *c, asm_tok *t) { d_data(c, t, 2); }
static void d_word(asm_ctx *c, asm_tok *t) { d_data(c, t, 4); }
static void d_dword(asm_ctx *c, asm_tok *t) { d_data(c, t, 8); }

static const struct {
	const char *name;
	dir_fn fn;
} directives[] = {
	{".section", d_section},   {".sectionflags", d_ignore},
	{".sectioninfo", d_ignore}, {".align", d_align},
	{".global", d_global},     {".globl", d_global},
	{".type", d_type},         {".size", d_size},
	{".other", d_other},       {".byte", d_byte},
	{".short", d_short},       {".half", d_short},
	{".word", d_word},         {".dword", d_dword},
	{".quad", d_dword},        {".zero", d_zero},
	{".param", d_param},       {".shared", d_shared},
	{".cluster_dims", d_cluster_dims},
	/* simt test directives: read by the test runner, not the assembler */
	{".launch", d_ignore},     {".init", d_ignore},
	{".buffer", d_ignore},     {".expect", d_ignore},
	{".expect-error", d_ignore},
};

static int find(const asm_tok *t)
{
	for (size_t k = 0; k < UTIL_ARRAY_LEN(directives); k++)
		if (asm_tok_ident(t, directives[k].name))
			return (int)k;
	return -1;
}

bool asm_is_directive(const asm_tok *t)
{
	return t->kind == ASM_T_IDENT && t->s[0] == '.' && t->len > 1;
}

void asm_directive(asm_ctx *c, asm_tok *toks, int n)
{
	(void)n;
	/* ".expect-error" lexes as ".expect" '-' "error" */
	int k = find(&toks[0]);
	if (k < 0) {
		asm_error(c, toks[0].col, "unknown directive '%.*s'", toks[0].len,
			  toks[0].s);
		return;
	}
	directives[k].fn(c, toks);
}
