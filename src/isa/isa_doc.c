/*
 * isa_doc.c - the Markdown reference written by `simt isa doc` (make docs).
 *
 * Contract: requires a loaded model; writes DIR/README.md (index of the
 * optypes, the groups with their prose) and DIR/<OPTYPE>.md per optype:
 * mnemonic and aliases, syntax, modifiers with their values, then per
 * opcode an operand table and a drawing of the 128-bit word (4 rows of 32
 * bits, most significant first), then the prose sections verbatim.  The
 * output depends only on the model (no dates), so `make docs-check` can
 * diff it.  The pages are handed to a callback (isa_doc_pages); the CLI
 * writes them (src/cli/isa.c), the library touches no file.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "isa/isa_priv.h"

static const char *kind_name(const isa_type *t)
{
	static const char *const names[] = {"enum", "register", "unsigned", "signed", "float32",
					    "constant"};
	return t && (unsigned)t->cls < UTIL_ARRAY_LEN(names) ? names[t->cls] : "?";
}

static const char *fmt_name(isa_fmt f)
{
	static const char *const names[] = {"", "CvtIShift", "PCRel", "Address", "ConstAddress"};
	return (unsigned)f < UTIL_ARRAY_LEN(names) ? names[f] : "?";
}

/* ---- the encoding drawing ---------------------------------------------------- */

/* Field covering bit b of op, or -1. */
static int field_at(const isa_opcode *op, int b)
{
	for (int i = 0; i < op->nfields; i++) {
		const isa_field *f = &op->fields[i];
		if (f->width && b >= f->pos && b < f->pos + f->width)
			return i;
	}
	return -1;
}

static void label_of(const isa_opcode *op, int f, char *buf, size_t size)
{
	if (f < 0) {
		snprintf(buf, size, "-");
		return;
	}
	const isa_field *fd = &op->fields[f];
	if (fd->is_const) {
		char v[32];
		snprintf(buf, size, "%s=%s", fd->name, isa_value_name(fd, v, sizeof v));
	} else {
		snprintf(buf, size, "%s", fd->name);
	}
}

/* One row: bits hi..lo, two columns per bit, '|' between segments. */
static void draw_row(util_buf *b, const isa_opcode *op, int hi, int lo)
{
	util_buf nums = {0}, cells = {0};
	for (int bit = hi; bit >= lo;) {
		int f = field_at(op, bit), end = bit;
		while (end - 1 >= lo && field_at(op, end - 1) == f)
			end--;
		int nbits = bit - end + 1, w = 2 * nbits - 1;
		char label[96], num[16];
		label_of(op, f, label, sizeof label);
		int len = (int)strlen(label);
		if (len > w)
			len = w;
		int pad = (w - len) / 2;
		util_buf_putc(&cells, '|');
		util_buf_printf(&cells, "%*s%.*s%*s", pad, "", len, label, w - len - pad, "");
		snprintf(num, sizeof num, "%d", bit);
		int nl = (int)strlen(num);
		if (nl < w + 1) /* leave a blank before the next number */
			util_buf_printf(&nums, "%s%*s", num, w + 1 - nl, "");
		else
			util_buf_printf(&nums, "%*s", w + 1, "");
		bit = end - 1;
	}
	util_buf_putc(&cells, '|');
	util_buf_printf(b, "%s%d\n%s\n", nums.data ? nums.data : "", lo, cells.data ? cells.data : "");
	util_buf_free(&nums);
	util_buf_free(&cells);
}

static void draw_word(util_buf *b, const isa_opcode *op)
{
	util_buf_puts(b, "```text\n");
	for (int row = 3; row >= 0; row--)
		draw_row(b, op, row * 32 + 31, row * 32);
	util_buf_puts(b, "```\n\n");
}

static void field_list(util_buf *b, const isa_opcode *op)
{
	util_buf_puts(b, "Fields:");
	for (int i = 0; i < op->nfields; i++) {
		const isa_field *f = &op->fields[i];
		char v[32];
		util_buf_printf(b, "%s `%s` %d", i ? "," : "", f->name, f->pos);
		if (f->width > 1)
			util_buf_printf(b, "-%d", f->pos + f->width - 1);
		if (f->is_const || f->has_default)
			util_buf_printf(b, " %s %s", f->is_const ? "==" : "=", isa_value_name(f, v, sizeof v));
	}
	util_buf_puts(b, ".\n\n");
}

/* ---- page parts --------------------------------------------------------------- */

static void operand_table(util_buf *b, const isa_opcode *op)
{
	util_buf_puts(b, "| # | operand | type | kind | bits | Bitwidth | in | out | format | optional |\n"
			 "|---|---|---|---|---|---|---|---|---|---|\n");
	for (int i = 0; i < op->noperands; i++) {
		const isa_operand *o = &op->operands[i];
		const isa_field *f = &op->fields[o->field];
		util_buf_printf(b, "| %d | `%s` | %s | %s | %d-%d | %s%d | %s | %s | %s", i, f->name,
				f->type ? f->type->name : "?", kind_name(f->type), f->pos,
				f->pos + f->width - 1, "", o->bitwidth, o->in ? "yes" : "", o->out ? "yes" : "",
				fmt_name(o->fmt));
		if (o->fmt == ISA_FMT_SHIFT || o->fmt == ISA_FMT_PCREL)
			util_buf_printf(b, " %d", o->shift);
		for (int k = 0; k < 2; k++)
			if (o->sub[k] >= 0)
				util_buf_printf(b, " `%s`", op->fields[o->sub[k]].name);
		util_buf_printf(b, " | %s |\n", o->optional ? "yes" : "");
	}
	util_buf_puts(b, "\n");
}

static void modifier_list(util_buf *b, const isa_opcode *op)
{
	for (int i = 0; i < op->nmods; i++) {
		const isa_field *f = &op->fields[op->mods[i]];
		util_buf_printf(b, "- `%s` (%s, bits %d-%d):", f->name, f->type->name, f->pos,
				f->pos + f->width - 1);
		for (int v = 0; v < f->type->nvalues; v++)
			if (f->type->values[v])
				util_buf_printf(b, " `.%s`%s", f->type->values[v],
						f->has_default && f->value == (uint64_t)v ? " (default)" : "");
		util_buf_puts(b, "\n");
	}
	if (op->nmods)
		util_buf_puts(b, "\n");
}

static void prose(util_buf *b, const isa_class *c, const char *level)
{
	for (int i = 0; i < c->ndocs; i++)
		util_buf_printf(b, "%s %s\n\n%s\n\n", level, c->docs[i].section, c->docs[i].text);
}

static void exceptions(util_buf *b, const isa_opcode *op)
{
	for (int i = 0; i < op->nexc; i++)
		util_buf_printf(b, "- %s: %s\n", op->exc[i]->kind, op->exc[i]->message);
	if (op->nexc)
		util_buf_puts(b, "\n");
}

static void opcode_section(util_buf *b, const isa_opcode *op)
{
	util_buf_printf(b, "### %s\n\n", op->name);
	modifier_list(b, op);
	operand_table(b, op);
	draw_word(b, op);
	field_list(b, op);
	if (op->nexc)
		util_buf_puts(b, "Encoding errors:\n\n");
	exceptions(b, op);
	prose(b, op->cls, "####");
}

static void optype_page(util_buf *b, const isa_model *m, const isa_class *c)
{
	char *mn = util_strdup(c->name);
	for (char *q = mn; q && *q; q++)
		if (*q == '_')
			*q = '.';
	util_buf_printf(b, "# %s\n\n", mn ? mn : c->name);
	util_buf_printf(b, "Optype `%s`; parents:", c->name);
	for (int i = 0; i < c->nparents; i++)
		util_buf_printf(b, " [%s](README.md#%s)", c->parents[i]->name, c->parents[i]->name);
	util_buf_puts(b, "\n\n");
	for (int i = 0; i < m->naliases; i++)
		if (m->aliases[i].optype == c)
			util_buf_printf(b, "Also accepted as `%s`.\n\n", m->aliases[i].mnemonic);
	free(mn);
	if (c->syntax)
		util_buf_printf(b, "## Syntax\n\n%s\n\n", c->syntax);
	prose(b, c, "##");
	util_buf_puts(b, "## Opcodes\n\n");
	for (int i = 0; i < m->nopcodes; i++)
		if (m->opcodes[i]->optype == c)
			opcode_section(b, m->opcodes[i]);
}

static void readme(util_buf *b, const isa_model *m)
{
	util_buf_puts(b, "# ISA reference\n\n"
			 "Generated by `simt isa doc` from the ISA description files: do not edit.\n\n"
			 "| mnemonic | opcodes |\n|---|---|\n");
	for (int i = 0; i < m->nclasses; i++) {
		const isa_class *c = m->classes[i];
		if (c->kind != ISA_OPTYPE)
			continue;
		util_buf_printf(b, "| [%s](%s.md) |", c->name, c->name);
		for (int k = 0; k < m->nopcodes; k++)
			if (m->opcodes[k]->optype == c)
				util_buf_printf(b, " %s", m->opcodes[k]->name);
		util_buf_puts(b, " |\n");
	}
	util_buf_puts(b, "\n## Groups\n\n");
	for (int i = 0; i < m->nclasses; i++) {
		const isa_class *c = m->classes[i];
		if (c->kind != ISA_GROUP)
			continue;
		util_buf_printf(b, "### %s\n\n", c->name);
		if (c->nparents) {
			util_buf_puts(b, "Parents:");
			for (int k = 0; k < c->nparents; k++)
				util_buf_printf(b, " %s", c->parents[k]->name);
			util_buf_puts(b, "\n\n");
		}
		for (int k = 0; k < c->nfields; k++)
			util_buf_printf(b, "- `%s`: bits %d-%d, %s\n", c->fields[k].name, c->fields[k].pos,
					c->fields[k].pos + c->fields[k].width - 1,
					c->fields[k].type ? c->fields[k].type->name : "?");
		if (c->nfields)
			util_buf_puts(b, "\n");
		prose(b, c, "####");
	}
}

/* ---- pages ---------------------------------------------------------------------- */

/* Hand page `name` to fn; false when fn stops or the text did not fit. */
static bool emit(isa_doc_page_fn *fn, void *user, const char *name, util_buf *b)
{
	bool ok = !b->failed && fn(user, name, b->data ? b->data : "", b->len);
	util_buf_free(b);
	return ok;
}

simt_status isa_doc_pages(const isa_model *m, isa_doc_page_fn *fn, void *user)
{
	if (!m || !fn)
		return SIMT_ERR_ARG;
	util_buf b = {0};
	readme(&b, m);
	if (!emit(fn, user, "README.md", &b))
		return SIMT_ERR_IO;
	for (int i = 0; i < m->nclasses; i++) {
		const isa_class *c = m->classes[i];
		if (c->kind != ISA_OPTYPE)
			continue;
		optype_page(&b, m, c);
		char *name = util_format("%s.md", c->name);
		bool ok = name && emit(fn, user, name, &b);
		free(name);
		if (!ok) {
			util_buf_free(&b);
			return SIMT_ERR_IO;
		}
	}
	return SIMT_OK;
}
