/*
 * decode.c - 128-bit words -> opcode and field values (the decoding half).
 *
 * Contract: codec_build() requires a resolved, conflict-free model and
 * produces m->decoder, a table indexed by the 12 low bits of a word (optype
 * bits 0-7 and stype bits 8-11 by the conventions of DESIGN.md).  Each of the
 * 4096 buckets lists the opcodes whose fixed bits agree with that key; an
 * opcode that leaves some key bits free is listed in every bucket it can
 * match, so the table stays correct for any description, and with the
 * project's ISA each bucket holds at most one or two candidates.
 * codec_decode() then compares the whole fixed mask of those candidates,
 * rejects bits set outside the opcode's fields and validates the values
 * (codec_validate).  No allocation per word.
 */
#include "codec/codec.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define KEY_BITS 12
#define KEY_COUNT (1u << KEY_BITS)
#define KEY_MASK (KEY_COUNT - 1u)

struct codec_table {
	uint32_t start[KEY_COUNT + 1]; /* bucket k = cand[start[k] .. start[k+1]) */
	const isa_opcode **cand;
};

static bool key_matches(const isa_opcode *op, uint32_t key)
{
	uint32_t km = (uint32_t)(op->fixed_mask.lo & KEY_MASK);
	uint32_t kv = (uint32_t)(op->fixed_value.lo & KEY_MASK);
	return (key & km) == kv;
}

simt_status codec_build(isa_model *m, simt_diags *d)
{
	codec_free(m->decoder);
	m->decoder = NULL;
	struct codec_table *t = calloc(1, sizeof *t);
	if (!t)
		goto nomem;
	/* Pass 1 counts the members of each bucket, pass 2 places them. */
	size_t total = 0;
	for (uint32_t k = 0; k < KEY_COUNT; k++) {
		t->start[k] = (uint32_t)total;
		for (int i = 0; i < m->nopcodes; i++)
			total += key_matches(m->opcodes[i], k);
	}
	t->start[KEY_COUNT] = (uint32_t)total;
	t->cand = malloc((total ? total : 1) * sizeof *t->cand);
	if (!t->cand)
		goto nomem;
	size_t n = 0;
	for (uint32_t k = 0; k < KEY_COUNT; k++)
		for (int i = 0; i < m->nopcodes; i++)
			if (key_matches(m->opcodes[i], k))
				t->cand[n++] = m->opcodes[i];
	UTIL_ASSERT(n == total);
	m->decoder = t;
	return SIMT_OK;
nomem:
	codec_free(t);
	util_diag(d, SIMT_SEV_ERROR, NULL, NULL, 0, 0,
		  "out of memory building the decode table");
	return SIMT_ERR_NOMEM;
}

void codec_free(struct codec_table *t)
{
	if (!t)
		return;
	free(t->cand);
	free(t);
}

static bool fixed_match(const isa_opcode *op, isa_word w)
{
	return (w.lo & op->fixed_mask.lo) == op->fixed_value.lo &&
	       (w.hi & op->fixed_mask.hi) == op->fixed_value.hi;
}

/* The one opcode whose fixed bits match w, or NULL. */
static const isa_opcode *lookup(const struct codec_table *t, isa_word w)
{
	uint32_t k = (uint32_t)(w.lo & KEY_MASK);
	for (uint32_t i = t->start[k]; i < t->start[k + 1]; i++)
		if (fixed_match(t->cand[i], w))
			return t->cand[i];
	return NULL;
}

static bool is_pair_operand(const isa_opcode *op, const isa_operand *o)
{
	const isa_type *ty = op->fields[o->field].type;
	return o->bitwidth == 64 && o->fmt == ISA_FMT_PLAIN &&
	       ty->cls == ISA_KIND_REG;
}

const char *codec_validate(const isa_opcode *op, const uint64_t *fields,
			   char *buf, size_t size)
{
	for (int i = 0; i < op->nfields; i++) {
		const isa_field *f = &op->fields[i];
		const isa_type *ty = f->type;
		if (ty->cls != ISA_KIND_ENUM || f->is_const)
			continue;
		if (fields[i] >= (uint64_t)ty->nvalues || !ty->values[fields[i]]) {
			snprintf(buf, size,
				 "field %s of %s holds %#llx, which names no %s value",
				 f->name, op->name, (unsigned long long)fields[i],
				 ty->name);
			return buf;
		}
	}
	for (int i = 0; i < op->noperands; i++) {
		const isa_operand *o = &op->operands[i];
		const isa_field *f = &op->fields[o->field];
		uint64_t zero = f->width >= 64 ? ~UINT64_C(0)
					       : (UINT64_C(1) << f->width) - 1;
		if (is_pair_operand(op, o) && fields[o->field] != zero &&
		    (fields[o->field] & 1)) {
			snprintf(buf, size,
				 "operand %s of %s is a 64-bit register pair but "
				 "its base register %s%llu is odd",
				 f->name, op->name, f->type->prefix,
				 (unsigned long long)fields[o->field]);
			return buf;
		}
	}
	for (int i = 0; i < op->nexc; i++) {
		int64_t r = 0;
		if (isa_expr_eval(op, op->exc[i]->cond, fields, &r) && r)
			return op->exc[i]->message;
	}
	return NULL;
}

static void extract(const isa_opcode *op, isa_word w, uint64_t *fields)
{
	for (int i = 0; i < op->nfields; i++) {
		const isa_field *f = &op->fields[i];
		fields[i] = util_bits_get(w.lo, w.hi, f->pos, f->width);
	}
}

const isa_opcode *codec_decode(const isa_model *m, isa_word w,
			       uint64_t *fields, const char **why)
{
	static const char no_opcode[] = "no opcode has these fixed bits";
	static const char stray[] = "bits are set outside the opcode's fields";
	static const char invalid[] = "a field value is not valid for its opcode";
	const char *dummy;
	if (!why)
		why = &dummy;
	UTIL_ASSERT(m->decoder);
	const isa_opcode *op = lookup(m->decoder, w);
	if (!op) {
		*why = no_opcode;
		return NULL;
	}
	if ((w.lo & ~op->used_mask.lo) | (w.hi & ~op->used_mask.hi)) {
		*why = stray;
		return NULL;
	}
	extract(op, w, fields);
	char buf[8];
	if (codec_validate(op, fields, buf, sizeof buf)) {
		*why = invalid;
		return NULL;
	}
	*why = NULL;
	return op;
}

/* "bits 90-95" / "bit 90": the first run of set bits in x (128-bit). */
static void first_run(isa_word x, char *buf, size_t size)
{
	int lo = -1, hi = -1;
	for (int b = 0; b < ISA_WORD_BITS; b++) {
		bool set = util_bits_get(x.lo, x.hi, b, 1);
		if (set && lo < 0)
			lo = b;
		if (set)
			hi = b;
		else if (lo >= 0)
			break;
	}
	if (lo == hi)
		snprintf(buf, size, "bit %d", lo);
	else
		snprintf(buf, size, "bits %d-%d", lo, hi);
}

const char *codec_explain(const isa_model *m, isa_word w, char *buf,
			  size_t size)
{
	const isa_opcode *op = lookup(m->decoder, w);
	if (!op) {
		snprintf(buf, size,
			 "no opcode has these fixed bits (optype 0x%02x, stype 0x%x)",
			 (unsigned)(w.lo & 0xff), (unsigned)((w.lo >> 8) & 0xf));
		return buf;
	}
	isa_word stray = {w.lo & ~op->used_mask.lo, w.hi & ~op->used_mask.hi};
	if (stray.lo | stray.hi) {
		char bits[32];
		first_run(stray, bits, sizeof bits);
		snprintf(buf, size, "%s %s set but no field of %s covers them",
			 bits, strchr(bits, '-') ? "are" : "is", op->name);
		return buf;
	}
	uint64_t fields[ISA_MAX_FIELDS];
	extract(op, w, fields);
	const char *why = codec_validate(op, fields, buf, size);
	if (!why)
		snprintf(buf, size, "the word decodes as %s", op->name);
	else if (why != buf)
		snprintf(buf, size, "%s: %s", op->name, why);
	return buf;
}
