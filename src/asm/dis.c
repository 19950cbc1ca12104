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

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "obj/object.h"
#include "codec/codec.h"
#include "simt/simt.h"


/*
 * Pass 1: mark the PC-relative targets that fall on a word of the buffer
 * (l->mark, one bit per word) and count the labels before each 64 words
 * (l->rank).  The caller frees mark and rank.
 */
static simt_status collect_labels(const isa_model *m, const uint8_t *code,
				  size_t n, uint64_t base, dis_labels *l)
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
		isa_word word = codec_load(code + 16 * w);
		if (!codec_may_pcrel(m, word))
			continue;
		const isa_opcode *op = codec_lookup(m, word);
		if (!op || !codec_info(m, op)->has_pcrel)
			continue;
		op = codec_decode(m, word, fields, NULL);
		for (int i = 0; op && i < op->noperands; i++) {
			uint64_t t;
			if (!dis_pcrel_target(op, i, fields, pc, &t) || t < base ||
			    (t - base) / 16 >= n || (t - base) % 16)
				continue;
			size_t k = (t - base) / 16;
			mark[k / 64] |= UINT64_C(1) << (k % 64);
		}
	}
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

/* Print one word (and the label that names it). */
static void put_line(const isa_model *m, const char *name, isa_word w,
		     uint64_t pc, unsigned flags, const dis_labels *labels,
		     util_buf *out, simt_diags *d, bool *bad)
{
	uint64_t fields[ISA_MAX_FIELDS];
	size_t k = (pc - labels->base) / 16; /* labels->mark: see dis.h */
	int l = labels->count && (labels->mark[k / 64] >> (k % 64)) & 1
			? dis_label_find(labels, pc) : -1;
	if (l >= 0) {
		dis_label_name(labels, l, out);
		dis_putn(out, ":\n", 2);
	}
	const isa_opcode *op = codec_decode(m, w, fields, NULL);
	if (op) {
		dis_print_line(m, op, fields, pc, w, flags, labels, out);
		return;
	}
	size_t start = out->len;
	dis_print_prefix(out, pc, flags);
	*bad = true;
	put_bad_word(m, name, w, pc, out, d);
	if (flags & SIMT_DIS_HEX)
		dis_print_hex_comment(out, start, w);
	dis_putc(out, '\n');
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
		       unsigned flags, util_buf *out, simt_write_fn write,
		       void *ctx, simt_diags *d)
{
	size_t n = len / 16;
	dis_labels labels = {0};
	if ((flags & SIMT_DIS_LABELS) &&
	    collect_labels(m, code, n, base, &labels)) {
		util_diag(d, SIMT_SEV_ERROR, name, NULL, 0, 0, "out of memory");
		return SIMT_ERR_NOMEM;
	}
	bool bad = false;
	reserve(out, write ? 2 * DIS_FLUSH
			   : n * (flags & SIMT_DIS_HEX ? 112 : 56));
	for (size_t w = 0; w < n; w++) {
		put_line(m, name, codec_load(code + 16 * w), base + 16 * w,
			 flags, &labels, out, d, &bad);
		if (write && out->len >= DIS_FLUSH && !out->failed) {
			write(ctx, out->data, out->len);
			out->len = 0;
			out->data[0] = '\0';
		}
	}
	if (len % 16) {
		put_tail(name, code + 16 * n, len % 16, base + 16 * n, out, d);
		bad = true;
	}
	free((void *)labels.mark);
	free((void *)labels.rank);
	if (out->failed) {
		util_diag(d, SIMT_SEV_ERROR, name, NULL, 0, 0, "out of memory");
		return SIMT_ERR_NOMEM;
	}
	return bad ? SIMT_ERR_DECODE : SIMT_OK;
}
