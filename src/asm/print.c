/*
 * print.c - the canonical text of one instruction (docs/disassembler.md,
 * /work/shared textsyntax): `[@[!]Pg ]MNEMONIC{.MOD} op, op, ... [$sched(S[,Y])]
 * [$req(MASK)] [$wsb(N)]`.
 *
 * Contract: requires field values that codec_decode accepted (or that the
 * assembler encoded): every enum value names a value of its type.  Produces
 * text that the assembler reads back into the same word; the round-trip
 * unit test (tests/unit/test_roundtrip.c) holds this file to that.  The
 * printer is on the disassembler's hot path: it formats numbers by hand and
 * never allocates except to grow the output buffer.
 */
#include "asm/dis.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- small formatting helpers ------------------------------------------ */

static void put_hex(util_buf *out, uint64_t v)
{
	char tmp[20];
	int n = 0;
	do {
		tmp[n++] = "0123456789abcdef"[v & 15];
		v >>= 4;
	} while (v);
	char s[22];
	s[0] = '0';
	s[1] = 'x';
	for (int i = 0; i < n; i++)
		s[2 + i] = tmp[n - 1 - i];
	util_buf_putn(out, s, (size_t)n + 2);
}

static void put_dec(util_buf *out, uint64_t v)
{
	char tmp[24];
	int n = sizeof tmp;
	do {
		tmp[--n] = (char)('0' + v % 10);
		v /= 10;
	} while (v);
	util_buf_putn(out, tmp + n, sizeof tmp - (size_t)n);
}

/* Signed hex: 0x10, -0x10. */
static void put_shex(util_buf *out, int64_t v)
{
	if (v < 0) {
		util_buf_putc(out, '-');
		put_hex(out, (uint64_t)0 - (uint64_t)v);
	} else {
		put_hex(out, (uint64_t)v);
	}
}

static uint64_t ones(int width)
{
	return width >= 64 ? ~UINT64_C(0) : (UINT64_C(1) << width) - 1;
}

static int64_t sext(uint64_t v, int width)
{
	if (width >= 64)
		return (int64_t)v;
	uint64_t sign = UINT64_C(1) << (width - 1);
	v &= ones(width);
	return (int64_t)((v ^ sign) - sign);
}

/* A float literal that reads back to the same bits (textsyntax: Float32). */
static void put_f32(util_buf *out, uint32_t bits)
{
	float f;
	memcpy(&f, &bits, sizeof f);
	if (isnan(f)) {
		if (bits == 0x7fc00000u)
			util_buf_puts(out, "+QNAN");
		else
			put_hex(out, bits);
		return;
	}
	if (isinf(f)) {
		util_buf_puts(out, f < 0 ? "-INF" : "+INF");
		return;
	}
	char s[40];
	for (int prec = 1; prec <= 9; prec++) {
		snprintf(s, sizeof s, "%.*g", prec, (double)f);
		if (strtof(s, NULL) == f)
			break;
	}
	if (!strpbrk(s, ".e"))
		strcat(s, ".0"); /* "1" would read as an integer */
	util_buf_puts(out, s);
}

/* ---- labels ----------------------------------------------------------- */

int dis_label_find(const dis_labels *l, uint64_t addr)
{
	int lo = 0, hi = l ? l->count : 0;
	while (lo < hi) {
		int mid = lo + (hi - lo) / 2;
		if (l->addrs[mid] < addr)
			lo = mid + 1;
		else
			hi = mid;
	}
	return (l && lo < l->count && l->addrs[lo] == addr) ? lo : -1;
}

void dis_label_name(const dis_labels *l, int i, util_buf *out)
{
	if (l->names && l->names[i]) {
		util_buf_puts(out, l->names[i]);
		return;
	}
	util_buf_puts(out, ".L_x_");
	put_dec(out, (uint64_t)i);
}

/* ---- operands ---------------------------------------------------------- */

/* Is the .not/.bitnot companion of field i set (differs from its default)? */
static bool negated(const isa_opcode *op, const uint64_t *fields, int i)
{
	int k = op->fields[i].modifier;
	return k >= 0 && fields[k] != op->fields[k].value;
}

static bool at_default(const isa_opcode *op, const uint64_t *fields, int i)
{
	const isa_field *f = &op->fields[i];
	return f->has_default && fields[i] == f->value;
}

/* '!' for x.not, '~' for x.bitnot. */
static char negation_char(const isa_opcode *op, int i)
{
	int k = op->fields[i].modifier;
	const char *dot = strrchr(op->fields[k].name, '.');
	return (dot && !strcmp(dot, ".bitnot")) ? '~' : '!';
}

/* Bitwidth of the operand that uses field i (0 if none). */
static int field_bitwidth(const isa_opcode *op, int i)
{
	for (int k = 0; k < op->noperands; k++)
		if (op->operands[k].field == i)
			return op->operands[k].bitwidth;
	return 0;
}

static void put_reg(util_buf *out, const isa_type *t, uint64_t v, bool pair)
{
	if (v == ones(t->width)) {
		util_buf_puts(out, t->zero);
		return;
	}
	util_buf_puts(out, t->prefix);
	if (pair) {
		util_buf_putc(out, '[');
		put_dec(out, v);
		util_buf_putc(out, ':');
		put_dec(out, v + 1);
		util_buf_putc(out, ']');
	} else {
		put_dec(out, v);
	}
}

static void put_cmem(util_buf *out, const isa_type *t, uint64_t v)
{
	util_buf_puts(out, "c[");
	put_hex(out, (v >> t->bank_pos) & ones(t->bank_width));
	util_buf_puts(out, "][");
	put_hex(out, (v >> t->off_pos) & ones(t->off_width));
	util_buf_putc(out, ']');
}

/* The value of an immediate field as text shows it (before PCRel). */
static int64_t imm_value(const isa_field *f, uint64_t v)
{
	return f->type->cls == ISA_KIND_SIMM ? sext(v, f->width) : (int64_t)v;
}

/* A plain field value by its kind (no operand format applied). */
static void put_value(util_buf *out, const isa_opcode *op, int i,
		      const uint64_t *fields, bool pair)
{
	const isa_field *f = &op->fields[i];
	const isa_type *t = f->type;
	uint64_t v = fields[i];
	switch (t->cls) {
	case ISA_KIND_ENUM:
		util_buf_puts(out, v < (uint64_t)t->nvalues && t->values[v]
					   ? t->values[v] : "?");
		break;
	case ISA_KIND_REG:
		put_reg(out, t, v, pair);
		break;
	case ISA_KIND_UIMM:
		put_hex(out, v);
		break;
	case ISA_KIND_SIMM:
		put_shex(out, sext(v, f->width));
		break;
	case ISA_KIND_F32:
		put_f32(out, (uint32_t)v);
		break;
	case ISA_KIND_CMEM:
		put_cmem(out, t, v);
		break;
	}
}

/* Inside brackets: R2, R2+0x10, R2-0x10, R2.64+0x10, 0x10 (ra = RZ). */
static void put_address(util_buf *out, const isa_opcode *op,
			const isa_operand *o, const uint64_t *fields)
{
	int ra = o->sub[0], off = o->sub[1];
	bool rz = true;
	if (ra >= 0) {
		const isa_type *t = op->fields[ra].type;
		rz = t->cls == ISA_KIND_REG && fields[ra] == ones(t->width);
		if (!rz) {
			put_value(out, op, ra, fields, false);
			if (field_bitwidth(op, ra) == 64 ||
			    (ra == o->field && o->bitwidth == 64))
				util_buf_puts(out, ".64");
		}
	}
	int64_t v = off >= 0 ? imm_value(&op->fields[off], fields[off]) : 0;
	if (rz) {
		put_shex(out, v);
	} else if (v < 0) {
		put_shex(out, v);
	} else if (v > 0) {
		util_buf_putc(out, '+');
		put_hex(out, (uint64_t)v);
	}
}

bool dis_pcrel_target(const isa_opcode *op, int i, const uint64_t *fields,
		      uint64_t pc, uint64_t *target)
{
	const isa_operand *o = &op->operands[i];
	if (o->fmt != ISA_FMT_PCREL)
		return false;
	const isa_field *f = &op->fields[o->field];
	int64_t rel = imm_value(f, fields[o->field]);
	*target = pc + 16 + ((uint64_t)rel << o->shift);
	return true;
}

static void put_operand(util_buf *out, const isa_opcode *op, int i,
			const uint64_t *fields, uint64_t pc,
			const dis_labels *labels)
{
	const isa_operand *o = &op->operands[i];
	const isa_field *f = &op->fields[o->field];
	uint64_t target;
	if (negated(op, fields, o->field))
		util_buf_putc(out, negation_char(op, o->field));
	switch (o->fmt) {
	case ISA_FMT_PLAIN:
		put_value(out, op, o->field, fields,
			  o->bitwidth == 64 && f->type->cls == ISA_KIND_REG);
		break;
	case ISA_FMT_SHIFT:
		put_shex(out, (int64_t)((uint64_t)imm_value(f, fields[o->field])
					<< o->shift));
		break;
	case ISA_FMT_PCREL: {
		dis_pcrel_target(op, i, fields, pc, &target);
		int l = dis_label_find(labels, target);
		if (l >= 0)
			dis_label_name(labels, l, out);
		else
			put_hex(out, target);
		break;
	}
	case ISA_FMT_ADDR:
		util_buf_putc(out, '[');
		put_address(out, op, o, fields);
		util_buf_putc(out, ']');
		break;
	case ISA_FMT_CADDR:
		util_buf_puts(out, "c[");
		put_hex(out, fields[o->field]);
		util_buf_puts(out, "][");
		put_address(out, op, o, fields);
		util_buf_putc(out, ']');
		break;
	}
}

/* Field i is printed inside an earlier Address/ConstAddress operand. */
static bool inside_memory_operand(const isa_opcode *op, int upto, int field)
{
	for (int k = 0; k < upto; k++) {
		const isa_operand *o = &op->operands[k];
		if ((o->fmt == ISA_FMT_ADDR || o->fmt == ISA_FMT_CADDR) &&
		    (o->sub[0] == field || o->sub[1] == field))
			return true;
	}
	return false;
}

/* Omitted when the field and its .not/.bitnot are at their defaults. */
static bool omitted(const isa_opcode *op, const isa_operand *o,
		    const uint64_t *fields)
{
	if (!at_default(op, fields, o->field) || negated(op, fields, o->field))
		return false;
	for (int s = 0; s < 2; s++)
		if ((o->fmt == ISA_FMT_ADDR || o->fmt == ISA_FMT_CADDR) &&
		    o->sub[s] >= 0 && o->sub[s] != o->field &&
		    !at_default(op, fields, o->sub[s]))
			return false;
	return true;
}

static void put_operands(util_buf *out, const isa_opcode *op,
			 const uint64_t *fields, uint64_t pc,
			 const dis_labels *labels)
{
	bool first = true;
	for (int i = 0; i < op->noperands; i++) {
		const isa_operand *o = &op->operands[i];
		if (o->field == op->guard || omitted(op, o, fields) ||
		    inside_memory_operand(op, i, o->field))
			continue;
		util_buf_puts(out, first ? " " : ", ");
		first = false;
		put_operand(out, op, i, fields, pc, labels);
	}
}

/* ---- guard, modifiers, control slots ------------------------------------ */

static void put_guard(util_buf *out, const isa_opcode *op,
		      const uint64_t *fields)
{
	int g = op->guard;
	if (g < 0 || (at_default(op, fields, g) && !negated(op, fields, g)))
		return;
	util_buf_putc(out, '@');
	if (negated(op, fields, g))
		util_buf_putc(out, '!');
	put_value(out, op, g, fields, false);
	util_buf_putc(out, ' ');
}

static void put_mods(util_buf *out, const isa_opcode *op,
		     const uint64_t *fields)
{
	for (int k = 0; k < op->nmods; k++) {
		int i = op->mods[k];
		if (at_default(op, fields, i))
			continue;
		util_buf_putc(out, '.');
		put_value(out, op, i, fields, false);
	}
}

typedef struct ctl_fields {
	int stall, yield, wsb, req;
} ctl_fields;

/* Control fields by name; a cheap first-letter test keeps this fast. */
static ctl_fields find_ctl(const isa_opcode *op)
{
	ctl_fields c = {-1, -1, -1, -1};
	for (int i = 0; i < op->nfields; i++) {
		const char *n = op->fields[i].name;
		switch (n[0]) {
		case 's':
			if (!strcmp(n, ISA_FIELD_STALL))
				c.stall = i;
			break;
		case 'y':
			if (!strcmp(n, ISA_FIELD_YIELD))
				c.yield = i;
			break;
		case 'w':
			if (!strcmp(n, ISA_FIELD_WSB))
				c.wsb = i;
			break;
		case 'r':
			if (!strcmp(n, ISA_FIELD_REQ))
				c.req = i;
			break;
		}
	}
	return c;
}

static bool ctl_set(const isa_opcode *op, const uint64_t *fields, int i)
{
	return i >= 0 && fields[i] != op->fields[i].value;
}

static void put_slot(util_buf *out, const char *name, uint64_t v)
{
	util_buf_puts(out, name);
	put_dec(out, v);
	util_buf_putc(out, ')');
}

static void put_control(util_buf *out, const isa_opcode *op,
			const uint64_t *fields)
{
	ctl_fields c = find_ctl(op);
	if (ctl_set(op, fields, c.stall) || ctl_set(op, fields, c.yield)) {
		util_buf_puts(out, " $sched(");
		put_dec(out, c.stall >= 0 ? fields[c.stall] : 0);
		if (ctl_set(op, fields, c.yield)) {
			util_buf_putc(out, ',');
			put_dec(out, fields[c.yield]);
		}
		util_buf_putc(out, ')');
	}
	if (ctl_set(op, fields, c.req)) {
		util_buf_puts(out, " $req(");
		put_hex(out, fields[c.req]);
		util_buf_putc(out, ')');
	}
	if (ctl_set(op, fields, c.wsb))
		put_slot(out, " $wsb(", fields[c.wsb]);
}

void dis_print_inst(const isa_model *m, const isa_opcode *op,
		    const uint64_t *fields, uint64_t pc,
		    const dis_labels *labels, util_buf *out)
{
	(void)m;
	put_guard(out, op, fields);
	util_buf_puts(out, op->mnemonic);
	put_mods(out, op, fields);
	put_operands(out, op, fields, pc, labels);
	put_control(out, op, fields);
}
