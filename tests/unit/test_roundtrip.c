/*
 * test_roundtrip.c - THE ROUND-TRIP LAW on the builtin ISA: for every opcode,
 * thousands of random valid field assignments go
 *     encode -> decode (same opcode, same fields) -> print -> assemble
 * and must come back as the identical word.  Valid means: values fit their
 * widths, enum values are not holes, 64-bit register pairs have an even base
 * (or are RZ), constants keep their value, and no __Exception rule rejects
 * the assignment (those are skipped and counted).  The generator is seeded,
 * so a failure names a reproducible opcode, word and text.
 */
#include <stdio.h>
#include <stdlib.h>

#include "asm/dis.h"
#include "codec/codec.h"
#include "test.h"

/* The assembler's one-line entry point (src/asm/asm.h); weak so that this
 * test still checks encode/decode/print while the assembler is absent. */
simt_status asm_line(const isa_model *m, const char *text, uint64_t pc,
		     isa_word *out, simt_diags *d) __attribute__((weak));

#define TRIALS_PER_OPCODE 2000

static uint64_t rng_state;

static uint64_t rng(void)
{
	/* xorshift64*: deterministic and good enough to spread bits. */
	rng_state ^= rng_state >> 12;
	rng_state ^= rng_state << 25;
	rng_state ^= rng_state >> 27;
	return rng_state * UINT64_C(2685821657736338717);
}

static uint64_t mask_of(int width)
{
	return width >= 64 ? ~UINT64_C(0) : (UINT64_C(1) << width) - 1;
}

/* Random bits, biased toward the edges (0, all-ones, small) half the time. */
static uint64_t random_bits(int width)
{
	switch (rng() % 8) {
	case 0:
		return 0;
	case 1:
		return mask_of(width);
	case 2:
		return rng() % 4 & mask_of(width);
	default:
		return rng() & mask_of(width);
	}
}

static bool is_pair(const isa_opcode *op, int field)
{
	const isa_field *f = &op->fields[field];
	if (f->type->cls != ISA_KIND_REG || f->operand < 0)
		return false;
	const isa_operand *o = &op->operands[f->operand];
	return o->bitwidth == 64 && o->fmt == ISA_FMT_PLAIN;
}

static uint64_t random_value(const isa_opcode *op, int i)
{
	const isa_field *f = &op->fields[i];
	const isa_type *t = f->type;
	if (f->is_const)
		return f->value;
	if (t->cls == ISA_KIND_ENUM) {
		uint64_t limit = (uint64_t)t->nvalues;
		if (limit > (UINT64_C(1) << f->width))
			limit = UINT64_C(1) << f->width;
		for (int tries = 0; tries < 64; tries++) {
			uint64_t v = rng() % limit;
			if (t->values[v])
				return v;
		}
		return f->has_default ? f->value : 0;
	}
	uint64_t v = random_bits(f->width);
	if (t->cls == ISA_KIND_REG && is_pair(op, i) && v != mask_of(f->width))
		v &= ~UINT64_C(1);
	if (t->cls == ISA_KIND_CMEM)
		v &= (mask_of(t->bank_width) << t->bank_pos) |
		     (mask_of(t->off_width) << t->off_pos);
	return v;
}

typedef struct rt_stats {
	long trials, skipped, failures;
	long op_failures; /* of the opcode being tested */
} rt_stats;

/* The first failures of each opcode are reported (at most MAX_REPORTS). */
static void report(const isa_opcode *op, isa_word w, const char *text,
		   const char *what, rt_stats *s)
{
	s->failures++;
	if (s->op_failures++ == 0) /* one example per failing opcode */
		printf("    %s: word 0x%016llx%016llx text \"%s\": %s\n",
		       op->name, (unsigned long long)w.hi,
		       (unsigned long long)w.lo, text, what);
}

/* Assemble text and compare; the first diagnostic explains a failure. */
static void check_assemble(const isa_model *m, const isa_opcode *op,
			   isa_word w, const char *text, uint64_t pc,
			   rt_stats *s)
{
	simt_diags d;
	simt_diags_init(&d);
	isa_word back = {0, 0};
	simt_status st = asm_line(m, text, pc, &back, &d);
	if (st != SIMT_OK) {
		report(op, w, text, d.count ? d.items[0].message
					    : "assembly failed", s);
	} else if (back.lo != w.lo || back.hi != w.hi) {
		char what[96];
		snprintf(what, sizeof what,
			 "assembled to 0x%016llx%016llx",
			 (unsigned long long)back.hi,
			 (unsigned long long)back.lo);
		report(op, w, text, what, s);
	}
	simt_diags_free(&d);
}

static void one_trial(const isa_model *m, const isa_opcode *op, rt_stats *s)
{
	uint64_t f[ISA_MAX_FIELDS], g[ISA_MAX_FIELDS];
	char buf[256];
	for (int i = 0; i < op->nfields; i++)
		f[i] = random_value(op, i);
	if (codec_validate(op, f, buf, sizeof buf)) {
		s->skipped++;
		return;
	}
	s->trials++;
	uint64_t pc = (rng() % 0x10000) * 16;
	isa_word w = codec_encode(op, f);
	const char *why = NULL;
	const isa_opcode *got = codec_decode(m, w, g, &why);
	if (got != op) {
		report(op, w, "", got ? got->name : codec_explain(m, w, buf, sizeof buf), s);
		return;
	}
	for (int i = 0; i < op->nfields; i++)
		if (g[i] != f[i]) {
			report(op, w, "", op->fields[i].name, s);
			return;
		}
	util_buf text = {0};
	dis_print_inst(m, op, f, pc, NULL, &text);
	if (!text.data || strchr(text.data, '?'))
		report(op, w, text.data ? text.data : "", "bad text", s);
	else if (asm_line)
		check_assemble(m, op, w, text.data, pc, s);
	util_buf_free(&text);
}

TEST(roundtrip_every_opcode)
{
	isa_model *m = NULL;
	simt_diags d;
	simt_diags_init(&d);
	if (codec_isa_builtin(&m, &d) != SIMT_OK || !m) {
		test_fail(__FILE__, __LINE__, "builtin ISA does not load: %s",
			  d.count ? d.items[0].message : "?");
		simt_diags_free(&d);
		return;
	}
	if (!m->decoder)
		CHECK_EQ(codec_build(m, &d), SIMT_OK);
	rng_state = UINT64_C(0x5eed5eed12345678);
	rt_stats s = {0, 0, 0, 0};
	for (int k = 0; k < m->nopcodes; k++) {
		s.op_failures = 0;
		for (int t = 0; t < TRIALS_PER_OPCODE; t++)
			one_trial(m, m->opcodes[k], &s);
	}
	CHECK(m->nopcodes > 0);
	CHECK(s.trials > s.skipped);
	CHECK_EQ(s.failures, 0);
	if (s.failures)
		printf("    round trip: %ld trials, %ld skipped, %ld failures%s\n",
		       s.trials, s.skipped, s.failures,
		       asm_line ? "" : " (assembler absent: no assemble step)");
	codec_isa_free(m);
	simt_diags_free(&d);
}

/* ---- the same law for whole listings ------------------------------------ */

#define LISTING_WORDS 3000

/* Aim PC-relative operands of op at a random instruction of the buffer
 * (half of the time), so that the listing carries labels. */
static void aim_branches(const isa_opcode *op, uint64_t *f, uint64_t pc)
{
	for (int i = 0; i < op->noperands; i++) {
		const isa_operand *o = &op->operands[i];
		if (o->fmt != ISA_FMT_PCREL || rng() % 2)
			continue;
		uint64_t target = (rng() % LISTING_WORDS) * 16;
		uint64_t rel = (target - (pc + 16)) >> o->shift;
		if (o->shift)
			rel |= (target - (pc + 16)) >> 63 ? ~(~UINT64_C(0) >> o->shift) : 0;
		f[o->field] = rel & mask_of(op->fields[o->field].width);
	}
}

/* LISTING_WORDS random valid words; returns the byte buffer (malloc'ed). */
static uint8_t *random_code(const isa_model *m)
{
	uint8_t *code = malloc(16 * LISTING_WORDS);
	uint64_t f[ISA_MAX_FIELDS];
	char buf[256];
	for (int w = 0; w < LISTING_WORDS && code;) {
		const isa_opcode *op = m->opcodes[rng() % (uint64_t)m->nopcodes];
		for (int i = 0; i < op->nfields; i++)
			f[i] = random_value(op, i);
		aim_branches(op, f, (uint64_t)w * 16);
		if (codec_validate(op, f, buf, sizeof buf))
			continue;
		codec_store(codec_encode(op, f), code + 16 * w++);
	}
	return code;
}

/* Listing (labels, address column, hex comments) -> simt_assemble -> the
 * same bytes; differing words are reported with their listing line. */
TEST(roundtrip_listing)
{
	isa_model *m = NULL;
	simt_diags d;
	simt_diags_init(&d);
	if (!asm_line || codec_isa_builtin(&m, &d) != SIMT_OK) {
		simt_diags_free(&d);
		return; /* the assembler is not linked in */
	}
	rng_state = UINT64_C(0x1157ab1e5eed0001);
	uint8_t *code = random_code(m);
	char *text = NULL;
	CHECK_EQ(simt_disassemble(m, code, 16 * LISTING_WORDS, 0,
				  SIMT_DIS_ADDR | SIMT_DIS_HEX | SIMT_DIS_LABELS,
				  &text, &d), SIMT_OK);
	CHECK(text && strstr(text, ".L_x_0:\n"));
	simt_object *obj = NULL;
	simt_status st = simt_assemble(m, "listing.s", text, strlen(text), &obj, &d);
	CHECK_EQ(st, SIMT_OK);
	for (int i = 0; i < d.count && i < 5; i++)
		printf("    %s:%d:%d: %s\n    %s\n", d.items[i].file, d.items[i].line,
		       d.items[i].col, d.items[i].message,
		       d.items[i].source_line ? d.items[i].source_line : "");
	size_t len = 0;
	const uint8_t *back = obj ? simt_object_kernel_code(obj, 0, &len) : NULL;
	CHECK_EQ(len, 16 * LISTING_WORDS);
	int bad = 0;
	for (size_t w = 0; back && w < len / 16 && w < LISTING_WORDS; w++)
		if (memcmp(back + 16 * w, code + 16 * w, 16) && bad++ < 5)
			test_fail(__FILE__, __LINE__, "word %zu differs", w);
	simt_object_free(obj);
	free(text);
	free(code);
	codec_isa_free(m);
	simt_diags_free(&d);
}
