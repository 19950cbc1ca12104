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
#define MAX_REPORTS 12

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
} rt_stats;

static void report(const isa_opcode *op, isa_word w, const char *text,
		   const char *what, rt_stats *s)
{
	if (s->failures++ < MAX_REPORTS)
		test_fail(__FILE__, __LINE__,
			  "%s: word 0x%016llx%016llx text \"%s\": %s", op->name,
			  (unsigned long long)w.hi, (unsigned long long)w.lo,
			  text, what);
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
	if (isa_load_builtin(&m, &d) != SIMT_OK || !m) {
		test_fail(__FILE__, __LINE__, "builtin ISA does not load: %s",
			  d.count ? d.items[0].message : "?");
		simt_diags_free(&d);
		return;
	}
	if (!m->decoder)
		CHECK_EQ(codec_build(m, &d), SIMT_OK);
	rng_state = UINT64_C(0x5eed5eed12345678);
	rt_stats s = {0, 0, 0};
	for (int k = 0; k < m->nopcodes; k++)
		for (int t = 0; t < TRIALS_PER_OPCODE; t++)
			one_trial(m, m->opcodes[k], &s);
	CHECK(m->nopcodes > 0);
	CHECK(s.trials > s.skipped);
	CHECK_EQ(s.failures, 0);
	if (s.failures)
		printf("    round trip: %ld trials, %ld skipped, %ld failures%s\n",
		       s.trials, s.skipped, s.failures,
		       asm_line ? "" : " (assembler absent: no assemble step)");
	isa_free(m);
	simt_diags_free(&d);
}
