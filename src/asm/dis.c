/*
 * dis.c - listing of whole code buffers and objects.
 *
 * Contract: requires a model with its decode table (isa_load builds it).
 * Pass 1 decodes every word and collects the PC-relative targets that fall
 * on an instruction of the buffer; they become labels .L_x_0, .L_x_1, ...
 * in address order.  Pass 2 prints one line per word (docs/disassembler.md):
 *
 *   .L_x_0:
 *           [/ *0010* /] @!P0 BRA .L_x_0 ;          [/ * 0x<hi> 0x<lo> * /]
 *
 * (brackets: the optional address column and raw-word comment). *
 * An undecodable word prints as a `.word` line carrying its four 32-bit
 * little-endian parts and the reason, and adds a diagnostic; the listing
 * always completes.  The text reassembles to the same bytes.
 */
#include "asm/dis.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "obj/object.h"
#include "codec/codec.h"
#include "simt/simt.h"


/* codec_load, inline here: both passes load every word of the buffer. */
static inline isa_word load_word(const uint8_t *p)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	isa_word w;
	memcpy(&w.lo, p, 8);
	memcpy(&w.hi, p + 8, 8);
	return w;
#else
	return codec_load(p);
#endif
}

/*
 * Pass 1: mark the PC-relative targets that fall on a word of the buffer
 * (l->mark, one bit per word; words decoded through the print plans) and count the labels before each 64 words
 * (l->rank).  The caller frees mark and rank.
 */
static void mark_target(uint64_t *mark, size_t n, uint64_t base, uint64_t t)
{
	if (t < base || (t - base) / 16 >= n || (t - base) % 16)
		return;
	size_t k = (t - base) / 16;
	mark[k / 64] |= UINT64_C(1) << (k % 64);
}

static simt_status collect_labels(const isa_model *m, dis_plans *plans,
				  const uint8_t *code, size_t n, uint64_t base,
				  const dis_extra *x, dis_labels *l)
{
	size_t nblocks = n / 64 + 1;
	uint64_t *mark = calloc(nblocks, sizeof *mark);
	uint32_t *rank = calloc(nblocks, sizeof *rank);
	if (!mark || !rank) {
		free(mark);
		free(rank);
		return SIMT_ERR_NOMEM;
	}
	uint64_t fields[ISA_MAX_FIELDS];
	for (size_t w = 0; w < n; w++) {
		uint64_t pc = base + 16 * w;
		isa_word word = load_word(code + 16 * w);
		if (!codec_may_pcrel(m, word))
			continue;
		const isa_opcode *op = codec_find(m, word);
		if (!op || !codec_info(m, op)->has_pcrel)
			continue;
		/* the plans extract what is printed: the PCRel fields too */
		op = plans ? dis_plans_decode(plans, word, fields)
			   : codec_decode(m, word, fields, NULL);
		for (int i = 0; op && i < op->noperands; i++) {
			uint64_t t;
			if (dis_pcrel_target(op, i, fields, pc, &t))
				mark_target(mark, n, base, t);
		}
	}
	for (int b = 0; x && b < x->nbranches; b++)
		for (int t = 0; t < x->branches[b].ntargets; t++)
			mark_target(mark, n, base, base + x->branches[b].targets[t]);
	uint32_t total = 0;
	for (size_t j = 0; j < nblocks; j++) {
		rank[j] = total;
		total += (uint32_t)__builtin_popcountll(mark[j]);
	}
	*l = (dis_labels){(int)total, NULL, NULL, base, n, mark, rank};
	return SIMT_OK;
}

static void put_hex_fixed(util_buf *out, uint64_t v, int digits)
{
	char s[16];
	for (int i = digits - 1; i >= 0; i--, v >>= 4)
		s[i] = "0123456789abcdef"[v & 15];
	dis_putn(out, s, (size_t)digits);
}

/* `.word` line for a word that does not decode, plus its diagnostic. */
static void put_bad_word(const isa_model *m, const char *name, isa_word w,
			 uint64_t pc, util_buf *out, simt_diags *d)
{
	char why[256];
	codec_explain(m, w, why, sizeof why);
	uint32_t part[4] = {(uint32_t)w.lo, (uint32_t)(w.lo >> 32),
			    (uint32_t)w.hi, (uint32_t)(w.hi >> 32)};
	dis_puts(out, ".word ");
	for (int i = 0; i < 4; i++) {
		dis_puts(out, i ? ", 0x" : "0x");
		put_hex_fixed(out, part[i], 8);
	}
	util_buf_printf(out, " // does not decode: %s", why);
	util_diag(d, SIMT_SEV_ERROR, name, NULL, 0, 0,
		  "word at 0x%04llx does not decode: %s",
		  (unsigned long long)pc, why);
}

/* A trailing part shorter than one word: kept as .byte data. */
static void put_tail(const char *name, const uint8_t *p, size_t n,
		     uint64_t pc, util_buf *out, simt_diags *d)
{
	dis_puts(out, "        .byte ");
	for (size_t i = 0; i < n; i++) {
		dis_puts(out, i ? ", 0x" : "0x");
		put_hex_fixed(out, p[i], 2);
	}
	dis_puts(out, " // not a whole instruction word\n");
	util_diag(d, SIMT_SEV_ERROR, name, NULL, 0, 0,
		  "%zu bytes at 0x%04llx do not make a whole 16-byte word", n,
		  (unsigned long long)pc);
}

/* The listing of one buffer in progress. */
typedef struct dis_state {
	const isa_model *m;
	const char *name;
	unsigned flags;
	dis_labels labels;
	dis_plans *plans; /* NULL: print_inst for every word */
	const dis_extra *x;
	int branch;       /* next entry of x->branches to meet */
	util_buf note;    /* annotation / trailer text of the current line */
	simt_diags *d;
	bool bad;
} dis_state;

/* (*"BRANCH_TARGETS .L_x_1,.L_x_2"*) of the indirect branch at pc, into
 * st->note; false when pc is not one (or a target has no label). */
static bool branch_annot(dis_state *st, uint64_t pc)
{
	const dis_extra *x = st->x;
	uint64_t off = pc - st->labels.base;
	while (x && st->branch < x->nbranches &&
	       x->branches[st->branch].offset < off)
		st->branch++;
	if (!x || st->branch >= x->nbranches ||
	    x->branches[st->branch].offset != off || !st->labels.count)
		return false;
	const obj_branch *b = &x->branches[st->branch];
	util_buf_puts(&st->note, "(*\"BRANCH_TARGETS ");
	for (int t = 0; t < b->ntargets; t++) {
		int l = dis_label_find(&st->labels, st->labels.base + b->targets[t]);
		if (l < 0)
			return false;
		if (t)
			util_buf_putc(&st->note, ',');
		dis_label_name(&st->labels, l, &st->note);
	}
	util_buf_puts(&st->note, "\"*)");
	return true;
}

/* "  // file:line" (and " (file:line)" of the origin) of pc, appended to
 * st->note; false when the line table has no row for it. */
static bool line_note(dis_state *st, uint64_t pc)
{
	const obj_linetab *t = st->x ? st->x->lines : NULL;
	if (!t || !(st->flags & SIMT_DIS_LINES))
		return false;
	uint64_t off = pc - st->labels.base;
	const obj_line *s = obj_lines_find(t, OBJ_LINES_SITE, off);
	const obj_line *o = obj_lines_find(t, OBJ_LINES_ORIGIN, off);
	if (!s && !o)
		return false;
	util_buf_puts(&st->note, "  //");
	if (s)
		util_buf_printf(&st->note, " %s:%u", t->files[s->file], s->line);
	if (o)
		util_buf_printf(&st->note, " (%s:%u)", t->files[o->file], o->line);
	return true;
}

/* Print one word (and the label that names it). */
static void put_line(dis_state *st, isa_word w, uint64_t pc, util_buf *out)
{
	const isa_model *m = st->m;
	const dis_labels *labels = &st->labels;
	uint64_t fields[ISA_MAX_FIELDS];
	size_t k = (pc - labels->base) / 16; /* labels->mark: see dis.h */
	int l = labels->count && (labels->mark[k / 64] >> (k % 64)) & 1
			? dis_label_find(labels, pc) : -1;
	if (l >= 0) {
		dis_label_name(labels, l, out);
		dis_putn(out, ":\n", 2);
	}
	const char *annot = NULL, *trailer = NULL;
	if (st->x) {
		st->note.len = 0;
		size_t at = 0;
		if (branch_annot(st, pc)) {
			util_buf_putc(&st->note, '\0');
			at = st->note.len;
		} else {
			st->note.len = 0;
		}
		bool has_line = line_note(st, pc);
		if (!st->note.failed && st->note.data) {
			annot = at ? st->note.data : NULL;
			trailer = has_line ? st->note.data + at : NULL;
		}
	}
	const isa_opcode *op = st->plans ? dis_plans_decode(st->plans, w, fields)
					 : codec_decode(m, w, fields, NULL);
	if (op) {
		dis_print_line(m, st->plans, op, fields, pc, w, st->flags,
			       labels, annot, trailer, out);
		return;
	}
	const char *name = st->name;
	unsigned flags = st->flags;
	simt_diags *d = st->d;
	bool *bad = &st->bad;
	size_t start = out->len;
	dis_print_prefix(out, pc, flags);
	*bad = true;
	put_bad_word(m, name, w, pc, out, d);
	if (flags & SIMT_DIS_HEX)
		dis_print_hex_comment(out, start, w);
	if (trailer)
		dis_puts(out, trailer);
	dis_putc(out, '\n');
}

/* The end of the run of words from w on that need no annotation: the word
 * of the next indirect branch with targets (branch_annot), else n. */
static size_t run_end(dis_state *st, size_t w, size_t n)
{
	const dis_extra *x = st->x;
	if (!x)
		return n;
	while (st->branch < x->nbranches &&
	       x->branches[st->branch].offset < 16 * (uint64_t)w)
		st->branch++;
	if (st->branch >= x->nbranches)
		return n;
	uint64_t k = x->branches[st->branch].offset / 16;
	return k < n ? (size_t)k : n;
}

/* Grow out once to about the size of the listing (avoids repeated copies). */
static void reserve(util_buf *out, size_t extra)
{
	if (out->failed || out->len + extra + 1 <= out->cap)
		return;
	char *p = realloc(out->data, out->len + extra + 1);
	if (!p)
		return; /* the buffer grows piecewise instead */
	if (!out->data)
		p[0] = '\0';
	out->data = p;
	out->cap = out->len + extra + 1;
}

simt_status dis_buffer(const isa_model *m, const char *name,
		       const uint8_t *code, size_t len, uint64_t base,
		       unsigned flags, const dis_extra *x, util_buf *out,
		       simt_write_fn write, void *ctx, simt_diags *d)
{
	size_t n = len / 16;
	dis_state st = {m, name, flags, {0}, NULL, x, 0, {0}, d, false};
	st.labels.base = base;
	st.plans = dis_plans_new(m);
	if ((flags & SIMT_DIS_LABELS) &&
	    collect_labels(m, st.plans, code, n, base, x, &st.labels)) {
		dis_plans_free(st.plans);
		util_diag(d, SIMT_SEV_ERROR, name, NULL, 0, 0, "out of memory");
		return SIMT_ERR_NOMEM;
	}
	reserve(out, write ? 2 * DIS_FLUSH
			   : n * (flags & SIMT_DIS_HEX ? 112 : 56));
	/* Runs of plain lines go through dis_print_run; put_line prints the
	 * rest: words that do not decode, indirect branches with targets,
	 * every line with a line note. */
	bool runs = st.plans && !(x && x->lines && (flags & SIMT_DIS_LINES));
	size_t limit = write ? DIS_FLUSH : SIZE_MAX;
	for (size_t w = 0; w < n;) {
		size_t k = w;
		if (runs)
			k = dis_print_run(st.plans, code, w, run_end(&st, w, n),
					  base, flags, &st.labels, out, limit);
		if (k == w) {
			put_line(&st, load_word(code + 16 * w), base + 16 * w, out);
			k = w + 1;
		}
		w = k;
		if (write && out->len >= DIS_FLUSH && !out->failed) {
			write(ctx, out->data, out->len);
			out->len = 0;
			out->data[0] = '\0';
		}
	}
	bool bad = st.bad;
	if (len % 16) {
		put_tail(name, code + 16 * n, len % 16, base + 16 * n, out, d);
		bad = true;
	}
	dis_plans_free(st.plans);
	free((void *)st.labels.mark);
	free((void *)st.labels.rank);
	bool nomem = out->failed || st.note.failed;
	util_buf_free(&st.note);
	if (nomem) {
		util_diag(d, SIMT_SEV_ERROR, name, NULL, 0, 0, "out of memory");
		return SIMT_ERR_NOMEM;
	}
	return bad ? SIMT_ERR_DECODE : SIMT_OK;
}
