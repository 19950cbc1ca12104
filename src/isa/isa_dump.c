/*
 * isa_dump.c - the JSON dump of a model (simt isa dump --json), the
 * verifier's view of what isa_model.c produced.
 *
 * Format (docs/isa-language.md): an array with one object per opcode, in
 * declaration order:
 *   {"name": "BAR_I", "mnemonic": "BAR", "optype": "BAR",
 *    "ancestry": ["BAR", "BCU", "ALL"],          nearest first, breadth first
 *    "order": ["pg", "barid", "cnt"],
 *    "fields": [{"name": "stall", "pos": 109, "width": 4, "type": "UImm4",
 *                "default": 0, "constant": null}, ...]}
 * default/constant: the enum value name (a string) for enum types, else a
 * number (negative for a Signed kind); null when absent.
 */
#include <stdlib.h>

#include "isa/isa_priv.h"

static void json_str(util_buf *b, const char *s)
{
	util_buf_putc(b, '"');
	util_buf_json(b, s);
	util_buf_putc(b, '"');
}

static void json_value(util_buf *b, const isa_field *f, bool present)
{
	if (!present) {
		util_buf_puts(b, "null");
		return;
	}
	const isa_type *t = f->type;
	if (t && t->cls == ISA_KIND_ENUM && f->value < (uint64_t)t->nvalues && t->values[f->value])
		json_str(b, t->values[f->value]);
	else if (t && t->cls == ISA_KIND_SIMM && f->width > 0 && f->width < 64 &&
		 (f->value >> (f->width - 1)) & 1)
		util_buf_printf(b, "-%llu",
				(unsigned long long)((UINT64_C(1) << f->width) - f->value));
	else
		util_buf_printf(b, "%llu", (unsigned long long)f->value);
}

static void dump_ancestry(util_buf *b, const isa_opcode *op)
{
	const isa_class *q[64];
	int n = 0;
	q[n++] = op->cls;
	for (int h = 0; h < n; h++)
		for (int i = 0; i < q[h]->nparents; i++) {
			bool dup = false;
			for (int k = 0; k < n; k++)
				dup = dup || q[k] == q[h]->parents[i];
			if (!dup && n < 64)
				q[n++] = q[h]->parents[i];
		}
	util_buf_puts(b, "[");
	for (int i = 1; i < n; i++) {
		util_buf_puts(b, i > 1 ? ", " : "");
		json_str(b, q[i]->name);
	}
	util_buf_puts(b, "]");
}

static void dump_opcode(util_buf *b, const isa_opcode *op)
{
	util_buf_puts(b, "  {\"name\": ");
	json_str(b, op->name);
	util_buf_puts(b, ", \"mnemonic\": ");
	json_str(b, op->mnemonic);
	util_buf_puts(b, ", \"optype\": ");
	json_str(b, op->optype->name);
	util_buf_puts(b, ",\n   \"ancestry\": ");
	dump_ancestry(b, op);
	util_buf_puts(b, ",\n   \"order\": [");
	for (int i = 0; i < op->noperands; i++) {
		util_buf_puts(b, i ? ", " : "");
		json_str(b, op->fields[op->operands[i].field].name);
	}
	util_buf_puts(b, "],\n   \"fields\": [");
	for (int i = 0; i < op->nfields; i++) {
		const isa_field *f = &op->fields[i];
		util_buf_puts(b, i ? ",\n    " : "\n    ");
		util_buf_puts(b, "{\"name\": ");
		json_str(b, f->name);
		util_buf_printf(b, ", \"pos\": %d, \"width\": %d, \"type\": ", f->pos, f->width);
		json_str(b, f->type ? f->type->name : NULL);
		util_buf_puts(b, ", \"default\": ");
		json_value(b, f, f->has_default);
		util_buf_puts(b, ", \"constant\": ");
		json_value(b, f, f->is_const);
		util_buf_puts(b, "}");
	}
	util_buf_puts(b, "]}");
}

char *isa_dump_json(const isa_model *m)
{
	util_buf b = {0};
	util_buf_puts(&b, "[");
	for (int i = 0; i < m->nopcodes; i++) {
		util_buf_puts(&b, i ? ",\n" : "\n");
		dump_opcode(&b, m->opcodes[i]);
	}
	util_buf_puts(&b, "\n]\n");
	if (b.failed) {
		util_buf_free(&b);
		return NULL;
	}
	return util_buf_take(&b);
}
