/*
 * asm.c - the assembler driver: statements in order, then the end of file.
 *
 * Requires: a loaded ISA (isa.h contract) and source text (not necessarily
 * NUL-terminated).  Produces: a simt_object (one kernel per .text.K section),
 * or diagnostics for every bad statement (assembly goes on after an error:
 * a bad instruction still takes its 16 bytes so later addresses stay right).
 *
 * One pass over the text plus fixups: an operand expression that names a
 * symbol is recorded with its location and resolved when every label is
 * known (forward references), then the instruction's __Exception rules run
 * on the final fields.  Sections are based at address 0; a label's value is
 * its offset in its section.
 */
#include <stdarg.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "asm/index.h" /* asm_match_guessed */
#include "obj/elf.h"
#include "codec/codec.h"

/* ---- diagnostics and memory ----------------------------------------------- */

static void vdiag(asm_ctx *c, simt_severity sev, int line,
		  const char *line_start, int col, const char *fmt, va_list ap)
{
	if (sev == SIMT_SEV_ERROR)
		c->errors++;
	if (!c->d)
		return;
	int before = c->d->count;
	util_vdiag(c->d, sev, c->file, NULL, line, col, fmt, ap);
	if (c->d->count > before && line_start) {
		const char *e = line_start;
		const char *end = c->text + c->len;
		while (e < end && *e != '\n' && *e != '\r')
			e++;
		c->d->items[c->d->count - 1].source_line =
			util_strndup(line_start, (size_t)(e - line_start));
	}
}

void asm_diag_at(asm_ctx *c, simt_severity sev, int line,
		 const char *line_start, int col, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vdiag(c, sev, line, line_start, col, fmt, ap);
	va_end(ap);
}

void asm_error(asm_ctx *c, int col, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vdiag(c, SIMT_SEV_ERROR, c->line, c->line_start, col, fmt, ap);
	va_end(ap);
}

void asm_warning(asm_ctx *c, int col, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vdiag(c, SIMT_SEV_WARNING, c->line, c->line_start, col, fmt, ap);
	va_end(ap);
}

void *asm_alloc(asm_ctx *c, size_t n)
{
	n = (n + 15) & ~(size_t)15;
	asm_arena_block *b = c->arena;
	if (!b || b->used + n > b->cap) {
		/* 64 KiB, then doubling up to 2 MiB blocks (huge pages); a
		 * big input (the reservations in run()) starts at 2 MiB: its
		 * label references fill a megabyte or more, and the small
		 * blocks were 240 of the 393 page faults of build/bench/simt.s
		 * (bench/RESULTS.md, "Assembler speed, session 15") */
		const size_t huge = (size_t)1 << 21;
		size_t cap = b ? 2 * (b->cap + sizeof *b)
			       : c->len >= UTIL_BIG ? huge : 65536;
		if (cap > huge)
			cap = huge;
		cap -= sizeof *b;
		if (cap < n)
			cap = n;
		void *m = NULL;
		size_t had = 0;
		if (!asm_grow(&m, &had, 0, sizeof *b + cap)) {
			c->nomem = true;
			return NULL;
		}
		b = m;
		b->next = c->arena;
		b->used = 0;
		b->cap = cap;
		c->arena = b;
	}
	void *p = b->data + b->used;
	b->used += n;
	memset(p, 0, n);
	return p;
}

/*
 * Grow a buffer to hold need bytes (*cap bytes now, the first used of them
 * in use).  Small buffers double through realloc.  A buffer of a megabyte
 * or more (the code, the line rows, the fixups of a big listing) is
 * allocated 2 MiB-aligned, in whole 2 MiB, and marked for transparent huge
 * pages: the kernel then fills it with one fault per 2 MiB instead of one
 * per 4 KiB page (page faults were a quarter of `simt as`'s time on a
 * 200,000-line file, bench/RESULTS.md "Assembler speed, session 7"):
 * util_alloc_big.
 */
bool asm_grow(void **p, size_t *cap, size_t used, size_t need)
{
	if (need <= *cap)
		return true;
	size_t n = *cap ? *cap : 256;
	while (n < need)
		n *= 2;
	if (n < UTIL_BIG) {
		void *q = realloc(*p, n);
		if (!q)
			return false;
		*p = q;
		*cap = n;
		return true;
	}
	const size_t huge = (size_t)1 << 21;
	n = (n + huge - 1) & ~(huge - 1);
	void *q = util_alloc_big(n);
	if (!q)
		return false;
	if (used)
		memcpy(q, *p, used);
	free(*p);
	*p = q;
	*cap = n;
	return true;
}

/* ---- sections -------------------------------------------------------------- */

uint64_t asm_here(const asm_ctx *c)
{
	return c->cur >= 0 ? c->secs[c->cur].size : 0;
}

bool asm_emit(asm_ctx *c, const void *bytes, size_t n)
{
	asm_section *s = &c->secs[c->cur];
	if (n == 0)
		return true;
	if (s->nobits) {
		s->size += n;
		return true;
	}
	if (s->size + n > s->cap) {
		size_t cap = s->cap ? s->cap : 4096;
		/* a text section is about a third of its source: the first one
		 * starts there (only the first: N kernels each reserving a third
		 * of the source made assembly quadratic, bench/RESULTS.md) */
		while (!s->cap && s->kind == OBJ_SEC_TEXT && !c->text_guessed &&
		       cap < c->len / 3 && cap < ((size_t)1 << 30))
			cap *= 2;
		if (!s->cap && s->kind == OBJ_SEC_TEXT)
			c->text_guessed = true;
		while (cap < s->size + n)
			cap *= 2;
		if (!asm_grow((void **)&s->data, &s->cap, s->size, cap)) {
			c->nomem = true;
			return false;
		}
	}
	if (bytes)
		memcpy(s->data + s->size, bytes, n);
	else
		memset(s->data + s->size, 0, n);
	s->size += n;
	return true;
}

static bool has_prefix(const char *s, size_t len, const char *p)
{
	size_t n = strlen(p);
	return len > n && !memcmp(s, p, n);
}

static int add_kernel(asm_ctx *c, const char *name, int sec)
{
	if (!util_grow((void **)&c->kernels, &c->ckernels, c->nkernels + 1,
		       sizeof *c->kernels)) {
		c->nomem = true;
		return -1;
	}
	asm_kernel *k = &c->kernels[c->nkernels];
	memset(k, 0, sizeof *k);
	k->name = util_strdup(name);
	k->text = sec;
	if (!k->name) {
		c->nomem = true;
		return -1;
	}
	return c->nkernels++;
}

int asm_section_open(asm_ctx *c, const char *name, size_t len, int col)
{
	int i = util_names_find(&c->secnames, name, len);
	if (i >= 0) {
		c->cur = i;
		return i;
	}
	if (len == 0 || memchr(name, '\0', len)) {
		asm_error(c, col, "bad section name");
		return -1;
	}
	if (!util_grow((void **)&c->secs, &c->csecs, c->nsecs + 1, sizeof *c->secs)) {
		c->nomem = true;
		return -1;
	}
	asm_section *s = &c->secs[c->nsecs];
	memset(s, 0, sizeof *s);
	s->name = util_strndup(name, len);
	if (!s->name || !util_names_add(&c->secnames, s->name, len, c->nsecs)) {
		free(s->name);
		c->nomem = true;
		return -1;
	}
	s->kernel = -1;
	s->align = 1;
	s->kind = OBJ_SEC_OTHER;
	if (has_prefix(name, len, ".text.")) {
		s->kind = OBJ_SEC_TEXT;
		s->align = 16;
		if (add_kernel(c, s->name + 6, c->nsecs) < 0)
			return -1;
		s->kernel = c->nkernels - 1;
	} else if (has_prefix(name, len, ".nv.constant")) {
		s->kind = OBJ_SEC_CONST;
		const char *p = s->name + strlen(".nv.constant");
		while (*p >= '0' && *p <= '9' && s->bank < 1000)
			s->bank = s->bank * 10 + (*p++ - '0');
	} else if (has_prefix(name, len, ".nv.shared.")) {
		s->kind = OBJ_SEC_SHARED;
		s->nobits = true;
	}
	c->cur = c->nsecs;
	return c->nsecs++;
}

int asm_default_section(asm_ctx *c, const char *kernel, size_t len)
{
	char buf[256];
	if (len > sizeof buf - 8)
		len = sizeof buf - 8;
	memcpy(buf, ".text.", 6);
	memcpy(buf + 6, kernel, len);
	return asm_section_open(c, buf, len + 6, 1);
}

bool asm_add_fixup(asm_ctx *c, const asm_fixup *f)
{
	size_t used = (size_t)c->nfix * sizeof *c->fix;
	if (used + sizeof *c->fix > c->cfix &&
	    !asm_grow((void **)&c->fix, &c->cfix, used, used + sizeof *c->fix)) {
		c->nomem = true;
		return false;
	}
	c->fix[c->nfix++] = *f;
	return true;
}

bool asm_add_reloc(asm_ctx *c, int sec, uint64_t off, obj_reloc_type t,
		   int sym, int64_t addend)
{
	asm_section *s = &c->secs[sec];
	if (!util_grow((void **)&s->relocs, &s->crelocs, s->nrelocs + 1,
		       sizeof *s->relocs)) {
		c->nomem = true;
		return false;
	}
	s->relocs[s->nrelocs++] = (obj_reloc){off, t, sym, addend};
	c->syms[sym].global = c->syms[sym].global || !c->syms[sym].defined;
	return true;
}

/* ---- statements ------------------------------------------------------------ */

/* The line table row of the instruction at off (obj_lines_add's rules:
 * a row that repeats the location of the one before is not stored). */
static ASM_INLINE void add_line(asm_ctx *c, asm_section *s, uint64_t off,
				int col0)
{
	obj_line row = {(uint32_t)off, (uint32_t)c->line, 0,
			(uint16_t)(col0 > 0xffff ? 0 : col0)};
	int n = s->nlines;
	if (n && s->lines[n - 1].line == row.line && s->lines[n - 1].col == row.col)
		return;
	size_t used = (size_t)n * sizeof row;
	if (used + sizeof row > s->clines) {
		/* a row per instruction: as many as the code reserved holds */
		size_t want = s->cap / 16 * sizeof row;
		if (!asm_grow((void **)&s->lines, &s->clines, used,
			      want > used ? want : used + sizeof row)) {
			c->nomem = true;
			return;
		}
	}
	s->lines[s->nlines++] = row;
}

/* codec_store, inline for the hot path (the same bytes) */
static ASM_INLINE void store_word(isa_word w, uint8_t *bytes)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	memcpy(bytes, &w.lo, 8);
	memcpy(bytes + 8, &w.hi, 8);
#else
	codec_store(w, bytes);
#endif
}

/* A parsed instruction whose statement starts at column col0; the
 * annotations from index nannots on are its own.  guessed: scan.c read
 * and filled it by its word's last selection (asm_match_guessed). */
static void assemble_inst(asm_ctx *c, const asm_inst_text *it, int nannots,
			  int col0, bool guessed)
{
	if (c->cur < 0 && asm_default_section(c, "main", 4) < 0)
		return;
	for (int k = nannots; k < c->nannots; k++) {
		c->annots[k].sec = c->cur; /* the section may open just now */
		c->annots[k].off = asm_here(c);
	}
	asm_section *s = &c->secs[c->cur];
	if (s->kind != OBJ_SEC_TEXT && !c->single) {
		asm_error(c, col0, "instructions belong in a .text.<kernel> section, not in %s",
			  s->name);
		return;
	}
	uint64_t off = asm_here(c);
	if (off & 15) {
		asm_error(c, col0, "instruction at offset 0x%llx is not 16-byte aligned (use .align 16)",
			  (unsigned long long)off);
		return;
	}
	if (c->lx.has_listing && c->lx.listing_addr != s->base + off)
		asm_warning(c, c->lx.listing_col,
			    "listing address 0x%llx differs from the real address 0x%llx",
			    (unsigned long long)c->lx.listing_addr,
			    (unsigned long long)(s->base + off));
	isa_word w = {0, 0};
	const isa_opcode *op = NULL;
	int errors = c->errors;
	if (guessed)
		asm_match_guessed(c, it, off, &w, &op);
	else
		asm_match(c, it, off, &w, &op);
	if (c->map && util_grow((void **)&c->map->items, &c->map->cap,
				c->map->count + 1, sizeof *c->map->items))
		c->map->items[c->map->count++] = (asm_lineinfo){
			c->line, c->cur, s->base + off, w, errors == c->errors};
	if (!c->single)
		add_line(c, s, off, col0);
	if (!s->nobits && s->size + 16 <= s->cap) { /* the common case */
		codec_store(w, s->data + s->size);
		s->size += 16;
		return;
	}
	uint8_t bytes[16];
	codec_store(w, bytes);
	asm_emit(c, bytes, 16);
}

/* A line scan.c read and filled by its word's last selection: in the
 * common case (a text section with room, at a 16-byte boundary, no
 * listing address to compare, no line map) what assemble_inst does
 * without its other steps. */
static void assemble_guessed(asm_ctx *c, const asm_inst_text *it, int col0)
{
	asm_section *s = c->cur >= 0 ? &c->secs[c->cur] : NULL;
	if (!s || s->kind != OBJ_SEC_TEXT || s->nobits || (s->size & 15) ||
	    s->size + 16 > s->cap || c->lx.has_listing || c->map) {
		assemble_inst(c, it, c->nannots, col0, true);
		return;
	}
	uint64_t off = s->size;
	isa_word w;
	const isa_opcode *op;
	asm_match_guessed(c, it, off, &w, &op);
	add_line(c, s, off, col0);
	store_word(w, s->data + off);
	s->size += 16;
}

static void instruction(asm_ctx *c, asm_tok *toks, int n)
{
	asm_inst_text it;
	int nannots = c->nannots;
	if (asm_parse_inst(c, toks, n, &it)) {
		assemble_inst(c, &it, nannots, toks[0].col, false);
		return;
	}
	/* keep later addresses right: a statement that did not parse still
	 * takes the room of one instruction */
	if (c->cur >= 0 && c->secs[c->cur].kind == OBJ_SEC_TEXT &&
	    !(asm_here(c) & 15)) {
		static const uint8_t zero[16];
		asm_emit(c, zero, 16);
	}
}

static bool test_directive(const asm_tok *t)
{
	static const char *const names[] = {".launch", ".init", ".buffer", ".expect"};
	for (size_t k = 0; k < UTIL_ARRAY_LEN(names); k++)
		if ((size_t)t->len == strlen(names[k]) && !memcmp(t->s, names[k], (size_t)t->len))
			return true;
	return false;
}

static void statement(asm_ctx *c, asm_tok *toks, int n)
{
	int i = 0;
	while (toks[i].kind == ASM_T_IDENT && toks[i + 1].kind == ASM_T_PUNCT &&
	       toks[i + 1].c == ':') {
		asm_define_label(c, &toks[i]);
		i += 2;
	}
	if (toks[i].kind == ASM_T_END)
		return;
	if (toks[i].kind == ASM_T_IDENT && test_directive(&toks[i]))
		return;
	for (int k = i; k < n; k++) {
		if (toks[k].kind != ASM_T_BAD)
			continue;
		asm_error(c, toks[k].col, "%s", toks[k].msg);
		if (!asm_is_directive(&toks[i]) && c->cur >= 0 &&
		    c->secs[c->cur].kind == OBJ_SEC_TEXT && !(asm_here(c) & 15)) {
			static const uint8_t zero[16];
			asm_emit(c, zero, 16); /* keep later addresses right */
		}
		return;
	}
	if (asm_is_directive(&toks[i]))
		asm_directive(c, toks + i, n - i);
	else
		instruction(c, toks + i, n - i);
}

/* ---- end of file -------------------------------------------------------- */

static void resolve_data(asm_ctx *c, const asm_fixup *f, asm_value v)
{
	asm_section *s = &c->secs[f->sec];
	if (v.sym >= 0 && !c->syms[v.sym].defined) {
		if (f->size == 4 || f->size == 8)
			asm_add_reloc(c, f->sec, f->offset,
				      f->size == 4 ? OBJ_R_ABS32 : OBJ_R_ABS64, v.sym, v.v);
		else
			asm_diag_at(c, SIMT_SEV_ERROR, f->line, f->line_start, f->col,
				    "undefined symbol '%.*s'", c->syms[v.sym].len,
				    c->syms[v.sym].name);
		return;
	}
	if (f->size < 8) {
		int bits = f->size * 8;
		int64_t lo = -((int64_t)1 << (bits - 1));
		int64_t hi = ((int64_t)1 << bits) - 1;
		if (v.v < lo || v.v > hi) {
			asm_diag_at(c, SIMT_SEV_ERROR, f->line, f->line_start, f->col,
				    "value does not fit in %d bits", bits);
			return;
		}
	}
	for (int b = 0; b < f->size; b++)
		s->data[f->offset + (uint64_t)b] = (uint8_t)((uint64_t)v.v >> (8 * b));
}

/*
 * Ask memory now for what resolving fixup f will read: its symbol's slot
 * of the hash table (near: stage 0), or, when the slot is there, the
 * symbol and the instruction word (stage 1).  A big listing's fixups
 * visit both tables and the code in no order a cache could follow.
 */
static ASM_INLINE void prefetch_fixup(const asm_ctx *c, const asm_fixup *f,
				      int stage)
{
	const asm_expr *e = f->expr;
	if (f->kind != ASM_FIX_FIELD || !e || e->op != 's' || !e->keyed ||
	    !c->symhash_cap)
		return;
	const struct asm_symslot *h =
		&c->symhash[e->hash & (uint32_t)(c->symhash_cap - 1)];
	if (!stage) {
		__builtin_prefetch(h);
		return;
	}
	if (h->hash == e->hash && h->sym >= 0)
		__builtin_prefetch(&c->syms[h->sym]);
	__builtin_prefetch(c->secs[f->sec].data + f->offset);
}

static void resolve_fixups(asm_ctx *c)
{
	enum { AHEAD = 16 };
	for (int i = 0; i < c->nfix; i++) {
		const asm_fixup *f = &c->fix[i];
		if (i + AHEAD < c->nfix)
			prefetch_fixup(c, &c->fix[i + AHEAD], 0);
		if (i + AHEAD / 2 < c->nfix)
			prefetch_fixup(c, &c->fix[i + AHEAD / 2], 1);
		c->line = f->line;
		c->line_start = f->line_start;
		asm_section *s = &c->secs[f->sec];
		isa_word w;
		if (f->kind == ASM_FIX_FIELD) {
			w = codec_load(s->data + f->offset);
			if (asm_fix_label(c, f, &w))
				goto fixed;
		}
		asm_value v;
		if (!asm_expr_eval(c, f->expr, f->sec, s->base + f->offset, true, &v))
			continue;
		if (f->kind == ASM_FIX_DATA) {
			resolve_data(c, f, v);
			continue;
		}
		w = codec_load(s->data + f->offset);
		if (!asm_fix_field(c, f, v, &w))
			continue;
	fixed:
		store_word(w, s->data + f->offset);
		if (!f->no_rules)
			asm_check_exceptions(c, f->op, w, f->col);
	}
}

/* Record the targets of a BRANCH_TARGETS annotation for its kernel. */
static void add_branch(asm_ctx *c, const asm_annot *a, const uint32_t *t,
		       int n)
{
	int k = a->sec >= 0 ? c->secs[a->sec].kernel : -1;
	if (k < 0 || n == 0)
		return;
	asm_kernel *kn = &c->kernels[k];
	if ((kn->nbranches && kn->branches[kn->nbranches - 1].offset >= a->off) ||
	    n >= 0x3fff) {
		asm_diag_at(c, SIMT_SEV_ERROR, a->line, a->line_start, a->col,
			    n >= 0x3fff ? "more than 16382 branch targets"
					: "second BRANCH_TARGETS annotation of one "
					  "instruction");
		return;
	}
	if (!util_grow((void **)&kn->branches, &kn->cbranches, kn->nbranches + 1,
		       sizeof *kn->branches)) {
		c->nomem = true;
		return;
	}
	uint32_t *copy = asm_alloc(c, (size_t)n * sizeof *copy);
	if (!copy)
		return;
	memcpy(copy, t, (size_t)n * sizeof *copy);
	kn->branches[kn->nbranches++] = (obj_branch){(uint32_t)a->off, n, copy};
}

/*
 * (*"KEYWORD .L1,.L2"*): every name after the keyword is a label.  For
 * BRANCH_TARGETS the labels are the targets of the annotated instruction:
 * they must be in its section, and the kernel records them (.nv.info
 * INDIRECT_BRANCH_TARGETS) so that the disassembler can name them.
 */
static void check_annotations(asm_ctx *c)
{
	uint32_t *t = NULL;
	int cap = 0;
	for (int i = 0; i < c->nannots; i++) {
		const asm_annot *a = &c->annots[i];
		const char *p = a->s, *end = a->s + a->len;
		while (p < end && *p != ' ' && *p != '\t')
			p++; /* the keyword */
		bool targets = p - a->s == 14 && !memcmp(a->s, "BRANCH_TARGETS", 14);
		int n = 0;
		while (p < end) {
			while (p < end && (*p == ' ' || *p == ',' || *p == '\t'))
				p++;
			const char *q = p;
			while (q < end && *q != ' ' && *q != ',' && *q != '\t')
				q++;
			int col = a->col + 2 + (int)(p - a->s) + 1;
			int s = q > p ? asm_sym_lookup(c, p, (int)(q - p), false) : -1;
			if (q > p && (s < 0 || !c->syms[s].defined))
				asm_diag_at(c, SIMT_SEV_ERROR, a->line, a->line_start,
					    col, "annotation names an undefined label '%.*s'",
					    (int)(q - p), p);
			else if (q > p && targets && c->syms[s].sec != a->sec)
				asm_diag_at(c, SIMT_SEV_ERROR, a->line, a->line_start,
					    col, "branch target '%.*s' is not in the "
					    "section of the branch", (int)(q - p), p);
			else if (q > p && targets &&
				 util_grow((void **)&t, &cap, n + 1, sizeof *t))
				t[n++] = (uint32_t)(c->syms[s].value -
						    c->secs[a->sec].base);
			else if (q > p && targets)
				c->nomem = true;
			p = q;
		}
		if (targets)
			add_branch(c, a, t, n);
	}
	free(t);
}

/* An explicit .size of a .shared variable must agree with its SIZE. */
static void check_var_sizes(asm_ctx *c)
{
	for (int s = 0; s < c->nsyms; s++) {
		asm_sym *y = &c->syms[s];
		asm_value v;
		if (y->var_size < 0 || !y->size)
			continue;
		c->line = y->size_line;
		c->line_start = y->size_line_start;
		if (asm_expr_eval(c, y->size, y->sec, 0, false, &v) &&
		    v.sec < 0 && v.sym < 0 && v.v != y->var_size)
			asm_error(c, y->size_col, ".size of '%.*s' is 0x%llx, but "
				  "its .shared (line %d) declared 0x%llx bytes",
				  y->len, y->name, (unsigned long long)v.v, y->line,
				  (unsigned long long)y->var_size);
	}
}

static void free_ctx(asm_ctx *c)
{
	for (int i = 0; i < c->nsecs; i++) {
		free(c->secs[i].name);
		free(c->secs[i].data);
		free(c->secs[i].flags);
		free(c->secs[i].type);
		free(c->secs[i].relocs);
		free(c->secs[i].lines);
	}
	free(c->secs);
	util_names_free(&c->secnames);
	for (int i = 0; i < c->nkernels; i++) {
		free(c->kernels[i].name);
		free(c->kernels[i].exits);
		free(c->kernels[i].param_off);
		free(c->kernels[i].param_size);
		free(c->kernels[i].branches);
	}
	free(c->kernels);
	free(c->syms);
	if (!c->symhash_arena)
		free(c->symhash);
	free(c->fix);
	free(c->annots);
	while (c->arena) {
		asm_arena_block *b = c->arena->next;
		free(c->arena);
		c->arena = b;
	}
	asm_index_free(c->ix);
}

/* ---- the object ------------------------------------------------------------ */

static int obj_sym_of(asm_ctx *c, simt_object *o, int *secmap, int s)
{
	asm_sym *y = &c->syms[s];
	if (y->obj >= 0)
		return y->obj;
	char *name = util_strndup(y->name, (size_t)y->len);
	if (!name)
		return -1;
	/* only kernel symbols exist already: build_sections made them first,
	 * so they are symbols 0 .. nkernels-1 (every other asm symbol gets its
	 * own object symbol once, cached in y->obj) */
	int k = obj_find_symbol(o, name);
	if (k >= c->nkernels)
		k = -1;
	if (k < 0)
		k = obj_add_symbol(o, name);
	free(name);
	if (k < 0)
		return -1;
	obj_symbol *os = &o->symbols[k];
	if (y->defined) {
		os->section = secmap[y->sec];
		os->value = y->value;
	}
	if (y->global || !y->defined)
		os->bind = ELF_STB_GLOBAL;
	if (y->type)
		os->type = y->type;
	y->obj = k;
	return k;
}

static bool build_sections(asm_ctx *c, simt_object *o, int *secmap)
{
	/* kernels first: obj_add_kernel makes .text.K, .nv.constant0.K, K */
	for (int k = 0; k < c->nkernels; k++) {
		int ok = obj_add_kernel(o, c->kernels[k].name);
		if (ok < 0)
			return false;
		secmap[c->kernels[k].text] = o->kernels[ok].text;
	}
	for (int i = 0; i < c->nsecs; i++) {
		asm_section *s = &c->secs[i];
		int k = obj_find_section(o, s->name);
		if (k < 0)
			k = obj_add_section(o, s->name, s->kind);
		if (k < 0)
			return false;
		secmap[i] = k;
		obj_section *os = &o->sections[k];
		if (s->kind == OBJ_SEC_CONST && s->bank == 0 && os->size) {
			/* .nv.constant0 written in the source replaces the launch area */
			if (obj_section_append(os, NULL, 0) < 0)
				return false;
			free(os->data);
			os->data = NULL;
			os->size = 0;
		}
		if (s->nobits) {
			os->sh_type = ELF_SHT_NOBITS;
			os->size += s->size;
		} else if (s->size && !os->size && !os->data) {
			/* hand the bytes over: our capacity is a power of two >= the
			 * size, which is what object.c assumes */
			os->data = s->data;
			os->size = s->size;
			s->data = NULL;
		} else if (s->size && obj_section_append(os, s->data, s->size) < 0) {
			return false;
		}
		if (s->align > os->align || s->kind == OBJ_SEC_OTHER)
			os->align = s->align > os->align ? s->align : os->align;
		if (s->flags && s->kind == OBJ_SEC_OTHER) {
			os->sh_flags = 0;
			for (const char *p = s->flags; *p; p++)
				os->sh_flags |= *p == 'a' ? ELF_SHF_ALLOC
						: *p == 'x' ? ELF_SHF_EXECINSTR
						: *p == 'w' ? ELF_SHF_WRITE : 0;
		}
	}
	/* owner kernels of constant / shared sections: by name suffix (the
	 * last kernel of that name, as a scan of all kernels would find) */
	util_names kn = {0};
	for (int k = o->nkernels - 1; k >= 0; k--)
		if (!util_names_add(&kn, o->kernels[k].name, strlen(o->kernels[k].name), k)) {
			util_names_free(&kn);
			return false;
		}
	for (int i = 0; i < c->nsecs; i++) {
		obj_section *os = &o->sections[secmap[i]];
		if (os->kernel >= 0)
			continue;
		const char *dot = NULL;
		if (c->secs[i].kind == OBJ_SEC_CONST || c->secs[i].kind == OBJ_SEC_SHARED)
			dot = strchr(os->name + 4, '.');
		int k = dot ? util_names_find(&kn, dot + 1, strlen(dot + 1)) : -1;
		if (k >= 0)
			os->kernel = k;
	}
	util_names_free(&kn);
	return true;
}

/* The line table of a kernel: every instruction of its text section at
 * the line and column where it was written in c->file. */
static bool build_lines(asm_ctx *c, asm_section *text, obj_kernel *ok)
{
	if (!text->nlines)
		return true;
	int f = obj_lines_file(&ok->lines, c->file);
	if (f < 0)
		return false;
	if (ok->lines.nrows[OBJ_LINES_SITE] == 0) {
		/* the rows are the table's rows: hand them over */
		free(ok->lines.rows[OBJ_LINES_SITE]);
		ok->lines.rows[OBJ_LINES_SITE] = text->lines;
		ok->lines.nrows[OBJ_LINES_SITE] = text->nlines;
		for (int i = 0; f && i < text->nlines; i++)
			text->lines[i].file = (uint16_t)f;
		text->lines = NULL;
		text->clines = 0;
		text->nlines = 0;
		return true;
	}
	for (int i = 0; i < text->nlines; i++) {
		const obj_line *p = &text->lines[i];
		if (!obj_lines_add(&ok->lines, OBJ_LINES_SITE, p->pc, (unsigned)f,
				   p->line, p->col))
			return false;
	}
	return true;
}

static bool build_kernels(asm_ctx *c, simt_object *o, int *secmap)
{
	for (int k = 0; k < c->nkernels; k++) {
		asm_kernel *ak = &c->kernels[k];
		obj_kernel *ok = &o->kernels[k];
		ok->nregs = ak->maxreg;
		ok->nbarriers = ak->nbar;
		if (!ok->nexits && ak->nexits) {
			/* the offsets are the object's list: hand them over
			 * (one realloc per EXIT was 150 instructions each and
			 * the heap's growth) */
			free(ok->exit_offsets);
			ok->exit_offsets = ak->exits;
			ok->nexits = ak->nexits;
			ak->exits = NULL;
			ak->nexits = ak->cexits = 0;
		}
		for (int e = 0; e < ak->nexits; e++)
			if (!obj_kernel_add_exit(o, k, ak->exits[e]))
				return false;
		for (int p = 0; p < ak->nparams; p++)
			if (obj_kernel_add_param(o, k, ak->param_size[p]) < 0)
				return false;
		if (!build_lines(c, &c->secs[ak->text], ok))
			return false;
		memcpy(o->kernels[k].cluster, ak->cluster, sizeof ak->cluster);
		for (int b = 0; b < ak->nbranches; b++)
			if (!obj_kernel_add_branch(o, k, ak->branches[b].offset,
						   ak->branches[b].targets,
						   ak->branches[b].ntargets))
				return false;
	}
	/* static shared size: the kernel's (last) .nv.shared section, in one
	 * pass over the sections */
	for (int i = 0; i < c->nsecs; i++) {
		int k = o->sections[secmap[i]].kernel;
		if (c->secs[i].kind == OBJ_SEC_SHARED && k >= 0 && k < c->nkernels)
			o->kernels[k].shared_size = (uint32_t)c->secs[i].size;
	}
	return true;
}

static simt_object *build_object(asm_ctx *c)
{
	simt_object *o = obj_new();
	int *secmap = calloc((size_t)c->nsecs + 1, sizeof *secmap);
	if (!o || !secmap || !build_sections(c, o, secmap) ||
	    !build_kernels(c, o, secmap))
		goto fail;
	for (int s = 0; s < c->nsyms; s++) {
		asm_sym *y = &c->syms[s];
		if (!y->defined && !y->global)
			continue;
		/* .L labels are assembler-local, as in GNU as: not in .symtab */
		if (!y->global && !y->size && y->len >= 2 && y->name[0] == '.' &&
		    y->name[1] == 'L')
			continue;
		int k = obj_sym_of(c, o, secmap, s);
		if (k < 0)
			goto fail;
		if (y->var_size >= 0)
			o->symbols[k].size = (uint64_t)y->var_size;
		if (y->size) {
			asm_value v;
			c->line = y->size_line;
			c->line_start = y->size_line_start;
			if (asm_expr_eval(c, y->size, y->sec, 0, false, &v)) {
				if (v.sec >= 0 || v.sym >= 0 || v.v < 0)
					asm_error(c, y->size_col, ".size must be a non-negative constant");
				else /* equal to var_size: check_var_sizes */
					o->symbols[k].size = (uint64_t)v.v;
			}
		}
	}
	for (int i = 0; i < c->nsecs; i++) {
		for (int r = 0; r < c->secs[i].nrelocs; r++) {
			obj_reloc *rl = &c->secs[i].relocs[r];
			int k = obj_sym_of(c, o, secmap, rl->symbol);
			if (k < 0 || !obj_add_reloc(o, secmap[i], rl->offset, rl->type, k,
						    rl->addend))
				goto fail;
		}
	}
	free(secmap);
	return o;
fail:
	c->nomem = true;
	free(secmap);
	simt_object_free(o);
	return NULL;
}

/* ---- entry points ----------------------------------------------------------- */

static void finish_map(asm_ctx *c, int errors_before_fix, int nd_before);

static simt_status run(asm_ctx *c)
{
	asm_tok toks[ASM_MAX_TOKS];
	asm_inst_text it;
	asm_lex_init(&c->lx, c->text, c->len);
	/* a big input reserves its symbols, their hash table and its fixups
	 * at once, in huge-page blocks (growing them by doubling was most of
	 * the page faults of build/bench/simt.s: bench/RESULTS.md, "Assembler
	 * speed, session 10"); about a label per 512 bytes of a listing and a
	 * fixup per 256 */
	if (c->len >= UTIL_BIG) {
		size_t nsym = c->len / 512, nfix = c->len / 256;
		if (nsym > ((size_t)1 << 24)) /* past that, growing is cheap */
			nsym = nfix = (size_t)1 << 24;
		if (!asm_sym_reserve(c, (int)nsym) ||
		    !asm_grow((void **)&c->fix, &c->cfix, 0, nfix * sizeof *c->fix))
			return SIMT_ERR_NOMEM;
	}
	/* errors past the diagnostics' limit stop the file */
	int limit = c->d && c->d->limit ? c->d->limit : INT_MAX;
	for (;;) {
		/* plain instructions in one pass (scan.c), the rest by tokens */
		int col0, r = asm_scan_inst(c, &it, toks, &col0);
		if (r < 0)
			break;
		if (r == 2) {
			assemble_guessed(c, &it, col0);
		} else if (r > 0) {
			assemble_inst(c, &it, c->nannots, col0, false);
		} else {
			int n = asm_lex_statement(&c->lx, toks, ASM_MAX_TOKS,
						  &c->line, &c->line_start);
			if (n <= 0)
				break;
			statement(c, toks, n);
		}
		if (c->nomem)
			return SIMT_ERR_NOMEM;
		if (c->errors > limit)
			break;
	}
	int errors = c->errors, nd = c->d ? c->d->count : 0;
	resolve_fixups(c);
	finish_map(c, errors, nd);
	check_annotations(c);
	check_var_sizes(c);
	return c->nomem ? SIMT_ERR_NOMEM : SIMT_OK;
}

SIMT_API simt_status simt_assemble(const simt_isa *isa, const char *name,
				   const char *text, size_t len,
				   simt_object **out, simt_diags *d)
{
	return asm_assemble(isa, name, text, len, out, d, NULL);
}

/* The final words of the instructions the line map records; a line whose
 * fixup failed is marked not ok. */
static void finish_map(asm_ctx *c, int errors_before_fix, int nd_before)
{
	if (!c->map)
		return;
	for (int i = 0; i < c->map->count; i++) {
		asm_lineinfo *li = &c->map->items[i];
		const asm_section *s = &c->secs[li->sec];
		li->word = codec_load(s->data + (li->pc - s->base));
	}
	if (c->errors == errors_before_fix || !c->d)
		return;
	for (int k = nd_before; k < c->d->count; k++)
		for (int i = 0; i < c->map->count; i++)
			if (c->map->items[i].line == c->d->items[k].line &&
			    c->d->items[k].severity == SIMT_SEV_ERROR)
				c->map->items[i].ok = false;
}

simt_status asm_assemble(const isa_model *isa, const char *name,
			 const char *text, size_t len, simt_object **out,
			 simt_diags *d, asm_linemap *map)
{
	if (out)
		*out = NULL;
	if (!isa || (!text && len))
		return SIMT_ERR_ARG;
	asm_ctx c;
	memset(&c, 0, sizeof c);
	c.m = isa;
	c.file = name ? name : "<input>";
	c.text = text ? text : "";
	c.len = len;
	c.d = d;
	c.cur = -1;
	c.map = map;
	simt_status st = asm_index_build(isa, &c.ix);
	if (st == SIMT_OK)
		st = run(&c);
	if (st == SIMT_OK && c.errors == 0 && c.nkernels == 0 && c.nsecs == 0)
		asm_default_section(&c, "main", 4); /* an empty source: one empty kernel */
	simt_object *o = NULL;
	if (st == SIMT_OK && c.errors == 0) {
		o = build_object(&c);
		if (!o)
			st = SIMT_ERR_NOMEM;
	}
	if (st == SIMT_OK && c.errors)
		st = SIMT_ERR_ASM;
	if (st == SIMT_OK && out)
		*out = o;
	else
		simt_object_free(o);
	free_ctx(&c);
	return st;
}

simt_status asm_line(const isa_model *m, const char *text, uint64_t pc,
		     isa_word *out, simt_diags *d)
{
	asm_ctx c;
	memset(&c, 0, sizeof c);
	c.m = m;
	c.file = "<line>";
	c.text = text;
	c.len = strlen(text);
	c.d = d;
	c.cur = -1;
	c.single = true;
	out->lo = out->hi = 0;
	simt_status st = asm_index_build(m, &c.ix);
	if (st != SIMT_OK)
		return st;
	if (asm_section_open(&c, ".line", 5, 1) < 0) {
		free_ctx(&c);
		return SIMT_ERR_NOMEM;
	}
	c.secs[0].base = pc;
	asm_tok toks[ASM_MAX_TOKS];
	int count = 0, n;
	asm_lex_init(&c.lx, c.text, c.len);
	while ((n = asm_lex_statement(&c.lx, toks, ASM_MAX_TOKS, &c.line,
				      &c.line_start)) > 0) {
		if (toks[0].kind == ASM_T_END)
			continue;
		if (count++) {
			asm_error(&c, toks[0].col, "expected one instruction");
			break;
		}
		for (int k = 0; k < n; k++) {
			if (toks[k].kind == ASM_T_BAD) {
				asm_error(&c, toks[k].col, "%s", toks[k].msg);
				goto done;
			}
		}
		instruction(&c, toks, n);
	}
	if (!count)
		asm_error(&c, 1, "expected an instruction");
done:
	if (!c.errors && c.secs[0].size >= 16)
		*out = codec_load(c.secs[0].data);
	st = c.nomem ? SIMT_ERR_NOMEM : c.errors ? SIMT_ERR_ASM : SIMT_OK;
	free_ctx(&c);
	return st;
}
