/*
 * api_dis.c - the public decode/encode/print/disassemble entry points
 * (simt.h), thin wrappers over codec/ and dis.h that turn internal results
 * into statuses and diagnostics.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "asm/dis.h"
#include "asm/object.h"
#include "codec/codec.h"
#include "simt/simt.h"

static const isa_opcode *opcode_of(const simt_isa *isa, int i)
{
	return (isa && i >= 0 && i < isa->nopcodes) ? isa->opcodes[i] : NULL;
}

const char *simt_opcode_name(const simt_isa *isa, int opcode)
{
	const isa_opcode *op = opcode_of(isa, opcode);
	return op ? op->name : NULL;
}

simt_status simt_decode(const simt_isa *isa, const uint8_t word[SIMT_INST_SIZE],
			uint64_t pc, simt_inst *out, simt_diags *d)
{
	if (!isa || !word || !out || !isa->decoder) {
		util_diag(d, SIMT_SEV_ERROR, NULL, NULL, 0, 0,
			  "simt_decode: invalid argument");
		return SIMT_ERR_ARG;
	}
	memset(out, 0, sizeof *out);
	out->pc = pc;
	isa_word w = codec_load(word);
	const isa_opcode *op = codec_decode(isa, w, out->fields, NULL);
	if (!op) {
		char why[256];
		out->opcode = -1;
		util_diag(d, SIMT_SEV_ERROR, NULL, NULL, 0, 0,
			  "word at 0x%04llx does not decode: %s",
			  (unsigned long long)pc,
			  codec_explain(isa, w, why, sizeof why));
		return SIMT_ERR_DECODE;
	}
	out->opcode = op->index;
	return SIMT_OK;
}

/* Every field value fits its width (constants are forced anyway). */
static bool fields_fit(const isa_opcode *op, const uint64_t *fields,
		       simt_diags *d)
{
	for (int i = 0; i < op->nfields; i++) {
		const isa_field *f = &op->fields[i];
		if (f->is_const || f->width >= 64 || !(fields[i] >> f->width))
			continue;
		util_diag(d, SIMT_SEV_ERROR, NULL, NULL, 0, 0,
			  "%s: value %#llx of field %s does not fit in %d bits",
			  op->name, (unsigned long long)fields[i], f->name,
			  f->width);
		return false;
	}
	return true;
}

simt_status simt_encode(const simt_isa *isa, const simt_inst *in,
			uint8_t word[SIMT_INST_SIZE], simt_diags *d)
{
	const isa_opcode *op = in ? opcode_of(isa, in->opcode) : NULL;
	if (!op || !word) {
		util_diag(d, SIMT_SEV_ERROR, NULL, NULL, 0, 0,
			  "simt_encode: invalid argument (no such opcode)");
		return SIMT_ERR_ARG;
	}
	if (!fields_fit(op, in->fields, d))
		return SIMT_ERR_ENCODE;
	char buf[256];
	const char *why = codec_validate(op, in->fields, buf, sizeof buf);
	if (why) {
		util_diag(d, SIMT_SEV_ERROR, NULL, NULL, 0, 0, "%s: %s",
			  op->name, why);
		return SIMT_ERR_ENCODE;
	}
	codec_store(codec_encode(op, in->fields), word);
	return SIMT_OK;
}

/* snprintf-like copy of a buffer's text. */
static size_t copy_out(util_buf *b, char *buf, size_t size)
{
	size_t need = b->len;
	if (size) {
		size_t k = need < size - 1 ? need : size - 1;
		if (b->data)
			memcpy(buf, b->data, k);
		buf[k] = '\0';
	}
	util_buf_free(b);
	return need;
}

size_t simt_inst_print(const simt_isa *isa, const simt_inst *in, char *buf,
		       size_t size)
{
	util_buf b = {0};
	const isa_opcode *op = in ? opcode_of(isa, in->opcode) : NULL;
	if (!op)
		util_buf_puts(&b, "<invalid>");
	else
		dis_print_inst(isa, op, in->fields, in->pc, NULL, &b);
	return copy_out(&b, buf, size);
}

static simt_status take_text(util_buf *b, char **text, simt_status st)
{
	if (b->failed) {
		util_buf_free(b);
		*text = NULL;
		return SIMT_ERR_NOMEM;
	}
	*text = util_buf_take(b);
	return *text ? st : SIMT_ERR_NOMEM;
}

simt_status simt_disassemble(const simt_isa *isa, const uint8_t *code,
			     size_t len, uint64_t base, unsigned flags,
			     char **text, simt_diags *d)
{
	if (!isa || !text || (!code && len) || !isa->decoder) {
		util_diag(d, SIMT_SEV_ERROR, NULL, NULL, 0, 0,
			  "simt_disassemble: invalid argument");
		return SIMT_ERR_ARG;
	}
	util_buf b = {0};
	simt_status st = dis_buffer(isa, "<code>", code, len, base, flags, &b, d);
	return take_text(&b, text, st);
}

/* Constant banks of kernel k as .word data, so the listing reassembles. */
static void put_const_sections(const simt_object *obj, int k, util_buf *out)
{
	for (int s = 0; s < obj->nsections; s++) {
		const obj_section *sec = &obj->sections[s];
		if (sec->kernel != k || sec->kind != OBJ_SEC_CONST || !sec->data)
			continue;
		util_buf_printf(out, "\n.section %s,\"a\",@progbits\n", sec->name);
		for (size_t i = 0; i + 4 <= sec->size; i += 4) {
			uint32_t v = (uint32_t)sec->data[i] |
				     (uint32_t)sec->data[i + 1] << 8 |
				     (uint32_t)sec->data[i + 2] << 16 |
				     (uint32_t)sec->data[i + 3] << 24;
			util_buf_printf(out, "%s0x%08x", i % 16 ? ", " : "        .word ", v);
			if (i % 16 == 12 || i + 8 > sec->size)
				util_buf_putc(out, '\n');
		}
		for (size_t i = sec->size & ~(size_t)3; i < sec->size; i++)
			util_buf_printf(out, "        .byte 0x%02x\n", sec->data[i]);
	}
}

simt_status simt_disassemble_object(const simt_isa *isa,
				    const simt_object *obj, const char *name,
				    unsigned flags, char **text, simt_diags *d)
{
	if (!isa || !obj || !text || !isa->decoder) {
		util_diag(d, SIMT_SEV_ERROR, name, NULL, 0, 0,
			  "simt_disassemble_object: invalid argument");
		return SIMT_ERR_ARG;
	}
	util_buf b = {0};
	simt_status st = SIMT_OK;
	for (int k = 0; k < obj->nkernels; k++) {
		const obj_kernel *kn = &obj->kernels[k];
		if (kn->text < 0 || kn->text >= obj->nsections)
			continue;
		const obj_section *sec = &obj->sections[kn->text];
		util_buf_printf(&b, "%s// kernel %s\n", k ? "\n" : "", kn->name);
		util_buf_printf(&b, ".section %s,\"ax\",@progbits\n%s:\n",
				sec->name, sec->name);
		simt_status s = dis_buffer(isa, name ? name : sec->name,
					   sec->data, sec->data ? sec->size : 0,
					   0, flags, &b, d);
		if (s != SIMT_OK && st == SIMT_OK)
			st = s;
		put_const_sections(obj, k, &b);
	}
	return take_text(&b, text, st);
}
