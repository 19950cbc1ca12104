/*
 * dis_gen.c - writes N random valid instruction words of the builtin ISA
 * (raw little-endian 16-byte words) for the disassembly benchmark.  Every
 * opcode is drawn with equal weight; field values are random within their
 * widths, enum holes and odd register pairs avoided, words rejected by the
 * codec (exception rules) redrawn.  Deterministic (fixed seed).
 *   usage: dis_gen N > words.bin
 */
#include <stdio.h>
#include <stdlib.h>

#include "codec/codec.h"

static uint64_t state = UINT64_C(0x9e3779b97f4a7c15);

static uint64_t rng(void)
{
	state ^= state >> 12;
	state ^= state << 25;
	state ^= state >> 27;
	return state * UINT64_C(2685821657736338717);
}

static uint64_t field_value(const isa_opcode *op, int i)
{
	const isa_field *f = &op->fields[i];
	const isa_type *t = f->type;
	uint64_t m = f->width >= 64 ? ~UINT64_C(0) : (UINT64_C(1) << f->width) - 1;
	if (f->is_const)
		return f->value;
	if (t->cls == ISA_KIND_ENUM) {
		uint64_t v = rng() % (uint64_t)t->nvalues;
		return (v <= m && t->values[v]) ? v : (f->has_default ? f->value : 0);
	}
	if (f->has_default && rng() % 2)
		return f->value;
	uint64_t v = rng() & m;
	if (t->cls == ISA_KIND_REG)
		v &= ~UINT64_C(1); /* pairs need an even base */
	if (t->cls == ISA_KIND_CMEM)
		v &= (((UINT64_C(1) << t->bank_width) - 1) << t->bank_pos) |
		     (((UINT64_C(1) << t->off_width) - 1) << t->off_pos);
	return v;
}

int main(int argc, char **argv)
{
	long n = argc > 1 ? atol(argv[1]) : 200000;
	isa_model *m = NULL;
	simt_diags d;
	simt_diags_init(&d);
	if (isa_load_builtin(&m, &d) != SIMT_OK || !m->nopcodes) {
		fprintf(stderr, "dis_gen: the builtin ISA does not load\n");
		return 1;
	}
	if (!m->decoder && codec_build(m, &d) != SIMT_OK)
		return 1;
	uint64_t f[ISA_MAX_FIELDS];
	char why[256];
	for (long k = 0; k < n;) {
		const isa_opcode *op = m->opcodes[rng() % (uint64_t)m->nopcodes];
		for (int i = 0; i < op->nfields; i++)
			f[i] = field_value(op, i);
		if (codec_validate(op, f, why, sizeof why))
			continue;
		uint8_t b[16];
		codec_store(codec_encode(op, f), b);
		fwrite(b, 1, sizeof b, stdout);
		k++;
	}
	isa_free(m);
	simt_diags_free(&d);
	return 0;
}
