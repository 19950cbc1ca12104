/*
 * codec.c - field values <-> 128-bit words (the encoding half of the codec).
 *
 * Contract: requires a resolved opcode (isa.h); produces words whose bits are
 * exactly the opcode's fields: constants forced to their "==" value, every
 * other field masked to its width, bits outside all fields zero.  Nothing
 * here validates user input: the assembler range-checks before encoding and
 * codec_decode (decode.c) validates words.
 */
#include "codec/codec.h"

#include <string.h>

isa_word codec_load(const uint8_t bytes[16])
{
	isa_word w = {0, 0};
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	memcpy(&w.lo, bytes, 8); /* the word's byte order is the host's */
	memcpy(&w.hi, bytes + 8, 8);
#else
	for (int i = 7; i >= 0; i--) {
		w.lo = (w.lo << 8) | bytes[i];
		w.hi = (w.hi << 8) | bytes[8 + i];
	}
#endif
	return w;
}

void codec_store(isa_word w, uint8_t bytes[16])
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	memcpy(bytes, &w.lo, 8); /* the word's byte order is the host's */
	memcpy(bytes + 8, &w.hi, 8);
#else
	for (int i = 0; i < 8; i++) {
		bytes[i] = (uint8_t)(w.lo >> (8 * i));
		bytes[8 + i] = (uint8_t)(w.hi >> (8 * i));
	}
#endif
}

isa_word codec_encode(const isa_opcode *op, const uint64_t *fields)
{
	isa_word w = {0, 0};
	for (int i = 0; i < op->nfields; i++) {
		const isa_field *f = &op->fields[i];
		uint64_t v = f->is_const ? f->value : fields[i];
		util_bits_set(&w.lo, &w.hi, f->pos, f->width, v);
	}
	return w;
}

void codec_defaults(const isa_opcode *op, uint64_t *fields)
{
	for (int i = 0; i < op->nfields; i++) {
		const isa_field *f = &op->fields[i];
		fields[i] = (f->is_const || f->has_default) ? f->value : 0;
	}
}
