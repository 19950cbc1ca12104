/*
 * api_dis.c - the public decode/encode/print/disassemble entry points
 * (simt.h), thin wrappers over codec/ and dis.h that turn internal results
 * into statuses and diagnostics.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "asm/dis.h"
#include "obj/object.h"
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

/* The writer behind the text-returning calls: append to a util_buf. */
static void append(void *ctx, const char *text, size_t len)
{
	util_buf_putn(ctx, text, len);
}

/* Hand what is left in b to write; report a failed allocation. */
static simt_status finish(util_buf *b, simt_write_fn write, void *ctx,
			  const char *name, simt_status st, simt_diags *d)
{
	if (b->failed) {
		util_diag(d, SIMT_SEV_ERROR, name, NULL, 0, 0, "out of memory");
		st = SIMT_ERR_NOMEM;
	} else if (b->len) {
		write(ctx, b->data, b->len);
	}
	util_buf_free(b);
	return st;
}

simt_status simt_disassemble_write(const simt_isa *isa, const char *name,
				   const uint8_t *code, size_t len,
				   uint64_t base, unsigned flags,
				   simt_write_fn write, void *ctx,
				   simt_diags *d)
{
	if (!name)
		name = "<code>";
	if (!isa || !write || (!code && len) || !isa->decoder) {
		util_diag(d, SIMT_SEV_ERROR, NULL, NULL, 0, 0,
			  "simt_disassemble: invalid argument");
		return SIMT_ERR_ARG;
	}
	util_buf b = {0};
	simt_status st = dis_buffer(isa, name, code, len, base, flags, NULL, &b,
				    write, ctx, d);
	return finish(&b, write, ctx, name, st, d);
}

/* Run a writer-based call into one malloc'ed string. */
static simt_status to_text(util_buf *text_buf, simt_status st, char **text)
{
	if (st == SIMT_ERR_ARG || st == SIMT_ERR_NOMEM || text_buf->failed) {
		util_buf_free(text_buf);
		*text = NULL;
		return st == SIMT_ERR_ARG ? st : SIMT_ERR_NOMEM;
	}
	*text = util_buf_take(text_buf);
	return *text ? st : SIMT_ERR_NOMEM;
}

simt_status simt_disassemble(const simt_isa *isa, const uint8_t *code,
			     size_t len, uint64_t base, unsigned flags,
			     char **text, simt_diags *d)
{
	if (!text)
		return SIMT_ERR_ARG;
	util_buf all = {0};
	simt_status st = simt_disassemble_write(isa, NULL, code, len, base,
						flags, append, &all, d);
	return to_text(&all, st, text);
}

static bool all_zero(const uint8_t *p, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (p[i])
			return false;
	return true;
}

/* Length of the run of zero bytes at p (at most n). */
static size_t zero_run(const uint8_t *p, size_t n)
{
	size_t k = 0;
	while (k < n && !p[k])
		k++;
	return k;
}

static uint32_t le32(const uint8_t *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
	       (uint32_t)p[3] << 24;
}

/* One constant bank: .word lines, four to a line; zero runs of 16 bytes or
 * more as .zero; a tail shorter than a word as .byte. */
static void put_const_data(const obj_section *sec, util_buf *out)
{
	util_buf_printf(out, "\n.section %s,\"a\",@progbits\n", sec->name);
	size_t i = 0, n = sec->size;
	while (i < n) {
		size_t z = zero_run(sec->data + i, n - i) & ~(size_t)3;
		if (z >= 16) {
			util_buf_printf(out, "        .zero %zu\n", z);
			i += z;
			continue;
		}
		if (n - i < 4) {
			util_buf_printf(out, "        .byte 0x%02x\n", sec->data[i++]);
			continue;
		}
		util_buf_puts(out, "        .word ");
		for (int k = 0; k < 4 && n - i >= 4; k++, i += 4)
			util_buf_printf(out, "%s0x%08x", k ? ", " : "",
					le32(sec->data + i));
		util_buf_putc(out, '\n');
	}
}

/* Constant banks of kernel k, so the listing reassembles.  An all-zero bank
 * 0 is the launch area the assembler lays out itself: not printed.  The
 * sections of kernel k, in index order: first[k], then next[s] (-1 ends;
 * one pass over the sections for all kernels, so the listing of N kernels
 * costs N + sections, not N x sections). */
static void put_const_sections(const simt_object *obj, const int *first,
			       const int *next, int k, util_buf *out)
{
	for (int s = first[k]; s >= 0; s = next[s]) {
		const obj_section *sec = &obj->sections[s];
		if (sec->kind != OBJ_SEC_CONST || !sec->data)
			continue;
		if (sec->bank == 0 && all_zero(sec->data, sec->size))
			continue;
		put_const_data(sec, out);
	}
}

simt_status simt_disassemble_object_write(const simt_isa *isa,
					  const simt_object *obj,
					  const char *name, unsigned flags,
					  simt_write_fn write, void *ctx,
					  simt_diags *d)
{
	if (!isa || !obj || !write || !isa->decoder) {
		util_diag(d, SIMT_SEV_ERROR, name, NULL, 0, 0,
			  "simt_disassemble_object: invalid argument");
		return SIMT_ERR_ARG;
	}
	int *first = malloc(((size_t)obj->nkernels + 1) * sizeof *first);
	int *next = malloc(((size_t)obj->nsections + 1) * sizeof *next);
	if (!first || !next) {
		free(first);
		free(next);
		return SIMT_ERR_NOMEM;
	}
	for (int k = 0; k < obj->nkernels; k++)
		first[k] = -1;
	for (int s = obj->nsections - 1; s >= 0; s--) {
		int k = obj->sections[s].kernel;
		if (k >= 0 && k < obj->nkernels) {
			next[s] = first[k];
			first[k] = s;
		}
	}
	util_buf b = {0};
	simt_status st = SIMT_OK;
	for (int k = 0; k < obj->nkernels && st != SIMT_ERR_NOMEM; k++) {
		const obj_kernel *kn = &obj->kernels[k];
		if (kn->text < 0 || kn->text >= obj->nsections)
			continue;
		const obj_section *sec = &obj->sections[kn->text];
		util_buf_printf(&b, "%s// kernel %s\n", k ? "\n" : "", kn->name);
		util_buf_printf(&b, ".section %s,\"ax\",@progbits\n",
				sec->name);
		if (kn->cluster[0]) /* the kernel's cluster shape, to reassemble */
			util_buf_printf(&b, "\t.cluster_dims %u, %u, %u\n", kn->cluster[0],
					kn->cluster[1], kn->cluster[2]);
		util_buf_printf(&b, "%s:\n", sec->name);
		dis_extra x = {&kn->lines, kn->branches, kn->nbranches};
		simt_status s = dis_buffer(isa, name ? name : sec->name,
					   sec->data, sec->data ? sec->size : 0,
					   0, flags, &x, &b, write, ctx, d);
		if (s != SIMT_OK && st == SIMT_OK)
			st = s;
		put_const_sections(obj, first, next, k, &b);
	}
	free(first);
	free(next);
	return finish(&b, write, ctx, name, st, d);
}

simt_status simt_disassemble_object(const simt_isa *isa,
				    const simt_object *obj, const char *name,
				    unsigned flags, char **text, simt_diags *d)
{
	if (!text)
		return SIMT_ERR_ARG;
	util_buf all = {0};
	simt_status st = simt_disassemble_object_write(isa, obj, name, flags,
						       append, &all, d);
	return to_text(&all, st, text);
}
