/*
 * test_dis_random.c - the decoder on arbitrary words: random 128-bit words
 * and valid words with a few bits flipped.  Every word either decodes -
 * and then encoding its fields gives back exactly the same word, and its
 * text is complete - or is refused with an explanation; decoding and
 * printing through the print plans of a listing accept the same words and
 * print the same lines as the general way; whole buffers of
 * such words disassemble without crashing, one line per word.
 */
#include <stdio.h>
#include <stdlib.h>

#include "asm/dis.h"
#include "codec/codec.h"
#include "test.h"

static uint64_t state = UINT64_C(0xdecafbad12345678);

static uint64_t rnd(void)
{
	state ^= state >> 12;
	state ^= state << 25;
	state ^= state >> 27;
	return state * UINT64_C(2685821657736338717);
}

/* A valid word of a random opcode (defaults and constants) with up to three
 * random bits flipped: close to the decoder's edges. */
static isa_word near_valid(const isa_model *m)
{
	const isa_opcode *op = m->opcodes[rnd() % (uint64_t)m->nopcodes];
	uint64_t f[ISA_MAX_FIELDS];
	codec_defaults(op, f);
	isa_word w = codec_encode(op, f);
	for (int k = (int)(rnd() % 4); k > 0; k--) {
		int b = (int)(rnd() % 128);
		if (b < 64)
			w.lo ^= UINT64_C(1) << b;
		else
			w.hi ^= UINT64_C(1) << (b - 64);
	}
	return w;
}

/* The plans' decode and line against codec_decode and print_inst. */
static void check_planned(const isa_model *m, dis_plans *plans, isa_word w,
			  const isa_opcode *op, const uint64_t *f)
{
	uint64_t pf[ISA_MAX_FIELDS];
	const isa_opcode *pop = dis_plans_decode(plans, w, pf);
	CHECK(pop == op);
	if (!op || pop != op)
		return;
	util_buf a = {0}, b = {0};
	unsigned fl = SIMT_DIS_ADDR | SIMT_DIS_HEX;
	dis_print_line(m, plans, op, pf, 0x1000, w, fl, NULL, NULL, NULL, &a);
	dis_print_line(m, NULL, op, f, 0x1000, w, fl, NULL, NULL, NULL, &b);
	CHECK(a.data && b.data);
	if (a.data && b.data && strcmp(a.data, b.data))
		test_fail(__FILE__, __LINE__, "plan prints \"%s\", not \"%s\"",
			  a.data, b.data);
	util_buf_free(&a);
	util_buf_free(&b);
}

static void check_word(const isa_model *m, dis_plans *plans, isa_word w,
		       long *decoded)
{
	uint64_t f[ISA_MAX_FIELDS];
	char why[256];
	const char *r = NULL;
	const isa_opcode *op = codec_decode(m, w, f, &r);
	check_planned(m, plans, w, op, f);
	if (!op) {
		CHECK(r != NULL);
		CHECK(codec_explain(m, w, why, sizeof why)[0] != '\0');
		return;
	}
	++*decoded;
	isa_word back = codec_encode(op, f);
	if (back.lo != w.lo || back.hi != w.hi)
		test_fail(__FILE__, __LINE__, "%s: 0x%016llx%016llx re-encodes "
			  "differently", op->name, (unsigned long long)w.hi,
			  (unsigned long long)w.lo);
	util_buf b = {0};
	dis_print_inst(m, op, f, 0x1000, NULL, &b);
	CHECK(b.data && !strchr(b.data, '?'));
	util_buf_free(&b);
}

TEST(dis_random_words)
{
	isa_model *m = NULL;
	simt_diags d;
	simt_diags_init(&d);
	if (codec_isa_builtin(&m, &d) != SIMT_OK) {
		test_fail(__FILE__, __LINE__, "builtin ISA does not load");
		simt_diags_free(&d);
		return;
	}
	long decoded = 0;
	dis_plans *plans = dis_plans_new(m);
	CHECK(plans != NULL);
	for (int i = 0; plans && i < 200000; i++) {
		isa_word w = {rnd(), rnd()};
		if (i % 2)
			w = near_valid(m);
		else if (i % 4 == 0) /* a known optype/stype, random rest */
			w.lo = (w.lo & ~UINT64_C(0xfff)) |
			       (m->opcodes[rnd() % (uint64_t)m->nopcodes]->fixed_value.lo & 0xfff);
		check_word(m, plans, w, &decoded);
	}
	CHECK(decoded > 1000);
	dis_plans_free(plans);
	codec_isa_free(m);
	simt_diags_free(&d);
}

/* A buffer of arbitrary bytes (with a ragged tail) lists completely. */
TEST(dis_random_buffer)
{
	isa_model *m = NULL;
	simt_diags d;
	simt_diags_init(&d);
	d.limit = 10;
	if (codec_isa_builtin(&m, &d) != SIMT_OK) {
		simt_diags_free(&d);
		return;
	}
	size_t len = 16 * 5000 + 7;
	uint8_t *code = malloc(len);
	for (size_t i = 0; i < len; i += 16) {
		isa_word w = i / 16 % 3 ? near_valid(m) : (isa_word){rnd(), rnd()};
		uint8_t b[16];
		codec_store(w, b);
		memcpy(code + i, b, len - i < 16 ? len - i : 16);
	}
	char *text = NULL;
	simt_status st = simt_disassemble(m, code, len, 0x100, SIMT_DIS_ADDR |
					  SIMT_DIS_HEX | SIMT_DIS_LABELS, &text, &d);
	CHECK(st == SIMT_OK || st == SIMT_ERR_DECODE);
	size_t lines = 0;
	for (const char *p = text; p && *p; p++) /* indented: not labels */
		lines += (p == text || p[-1] == '\n') && *p == ' ';
	CHECK(text != NULL);
	CHECK_EQ(lines, 5001); /* 5000 words and the .byte tail */
	free(text);
	free(code);
	codec_isa_free(m);
	simt_diags_free(&d);
}
