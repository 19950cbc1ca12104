/*
 * isa_check.c - consistency checks of a resolved model (simt isa check).
 *
 * Contract: requires a model built by isa_resolve without errors.  Reports:
 *   - fields of one opcode (after inheritance) that share bits;
 *   - two enum modifier fields of one opcode with a common value name
 *     (the text ".X" would be ambiguous), unless both are required and of
 *     one type: then they are positional (F2F.F64.F32);
 *   - exception conditions naming no field of an opcode, or a string that is
 *     no value of the enum field it is compared with;
 *   - decoding conflicts: two opcodes whose fixed bits agree wherever both
 *     fix a bit, so some word matches both (Spike's check-opcode-overlap,
 *     LLVM's "Decoding Conflict").
 * Checks done while resolving (isa_model.c): unknown names, field widths
 * (1..64, equal to the type's), bits beyond 127, defaults and constants
 * valid for their type and width, Order/InList/OutList/Bitwidth/AsmFormat
 * naming operands; while parsing: enum lists longer than 2^width.
 */
#include <stdlib.h>
#include <string.h>

#include "isa/isa_priv.h"

typedef struct reported {
	isa_loc a, b;
} reported;

static bool same_loc(isa_loc x, isa_loc y)
{
	return x.file == y.file && x.line == y.line && x.col == y.col;
}

/* Each pair of declarations is reported once, not once per opcode. */
static bool first_report(reported **list, int *n, int *cap, isa_loc a, isa_loc b)
{
	for (int i = 0; i < *n; i++)
		if (same_loc((*list)[i].a, a) && same_loc((*list)[i].b, b))
			return false;
	if (util_grow((void **)list, cap, *n + 1, sizeof **list))
		(*list)[(*n)++] = (reported){a, b};
	return true;
}

static void check_overlaps(const isa_model *m, simt_diags *d, const isa_opcode *op,
			   reported **seen, int *nseen, int *cap)
{
	for (int i = 0; i < op->nfields; i++)
		for (int k = 0; k < i; k++) {
			const isa_field *a = &op->fields[k], *b = &op->fields[i];
			if (!a->width || !b->width || a->pos + a->width <= b->pos ||
			    b->pos + b->width <= a->pos)
				continue;
			if (!first_report(seen, nseen, cap, a->loc, b->loc))
				continue;
			isa_error(m, d, b->loc,
				  "field '%s' (bits %d-%d) overlaps field '%s' (bits %d-%d) in '%s'",
				  b->name, b->pos, b->pos + b->width - 1, a->name, a->pos,
				  a->pos + a->width - 1, op->name);
		}
}

static void check_modifiers(const isa_model *m, simt_diags *d, const isa_opcode *op)
{
	for (int i = 0; i < op->nmods; i++)
		for (int k = 0; k < i; k++) {
			const isa_field *a = &op->fields[op->mods[k]], *b = &op->fields[op->mods[i]];
			/* two required fields of one type are positional (F2F's
			 * .F64.F32: the assembler fills the first unset one) */
			if (a->type == b->type && !a->has_default && !b->has_default)
				continue;
			for (int v = 0; v < b->type->nvalues; v++) {
				const char *s = b->type->values[v];
				if (!s || isa_enum_find(a->type, s, strlen(s)) < 0)
					continue;
				isa_error(m, d, b->loc,
					  "modifier fields '%s' and '%s' of '%s' both have the value "
					  "'%s' (.%s would be ambiguous)",
					  a->name, b->name, op->name, s, s);
				break;
			}
		}
}

static void check_expr(const isa_model *m, simt_diags *d, const isa_opcode *op,
		       const isa_expr *e, const isa_expr *other)
{
	if (!e)
		return;
	if (e->op == ISA_E_FIELD && isa_field_find(op, e->str) < 0)
		isa_error(m, d, e->loc, "exception condition names '%s', which is not a field of '%s'",
			  e->str, op->name);
	if (e->op == ISA_E_STR && other && other->op == ISA_E_FIELD) {
		int f = isa_field_find(op, other->str);
		const isa_type *t = f >= 0 ? op->fields[f].type : NULL;
		if (t && t->cls == ISA_KIND_ENUM && isa_enum_find(t, e->str, strlen(e->str)) < 0)
			isa_error(m, d, e->loc, "'%s' is not a value of '%s' (type '%s')", e->str,
				  other->str, t->name);
	}
	if (e->op == ISA_E_STR && (!other || other->op != ISA_E_FIELD) &&
	    strcmp(e->str, "True") != 0 && strcmp(e->str, "False") != 0)
		isa_error(m, d, e->loc, "\"%s\" must be compared with an enum field", e->str);
	bool cmp = e->op >= ISA_E_EQ && e->op <= ISA_E_GE;
	check_expr(m, d, op, e->a, cmp ? e->b : NULL);
	check_expr(m, d, op, e->b, cmp ? e->a : NULL);
}

/* "0-7 = 0x5, 8-11 = 0x2": the fixed fields of a inside mask. */
static void describe_bits(util_buf *b, const isa_opcode *a, isa_word mask)
{
	bool first = true;
	for (int i = 0; i < a->nfields; i++) {
		const isa_field *f = &a->fields[i];
		if (!f->is_const || !f->width ||
		    !util_bits_get(mask.lo, mask.hi, f->pos, f->width))
			continue;
		util_buf_printf(b, "%sbits %d-%d = 0x%llx", first ? "" : ", ", f->pos,
				f->pos + f->width - 1, (unsigned long long)f->value);
		first = false;
	}
	if (first)
		util_buf_puts(b, "any bits (neither fixes a bit the other fixes)");
}

static void check_conflicts(const isa_model *m, simt_diags *d)
{
	for (int i = 0; i < m->nopcodes; i++)
		for (int k = 0; k < i; k++) {
			const isa_opcode *a = m->opcodes[k], *b = m->opcodes[i];
			isa_word c = {a->fixed_mask.lo & b->fixed_mask.lo,
				      a->fixed_mask.hi & b->fixed_mask.hi};
			if (((a->fixed_value.lo ^ b->fixed_value.lo) & c.lo) ||
			    ((a->fixed_value.hi ^ b->fixed_value.hi) & c.hi))
				continue;
			util_buf buf = {0};
			describe_bits(&buf, a, c);
			isa_error(m, d, b->cls->loc,
				  "decoding conflict: %s and %s both match words with %s", a->name,
				  b->name, buf.data ? buf.data : "");
			util_buf_free(&buf);
		}
}

simt_status isa_check(const isa_model *m, simt_diags *d)
{
	simt_diags local;
	simt_diags_init(&local);
	if (!d)
		d = &local;
	int before = d->errors;
	reported *seen = NULL;
	int nseen = 0, cap = 0;
	for (int i = 0; i < m->nopcodes; i++) {
		const isa_opcode *op = m->opcodes[i];
		check_overlaps(m, d, op, &seen, &nseen, &cap);
		check_modifiers(m, d, op);
		for (int k = 0; k < op->nexc; k++)
			check_expr(m, d, op, op->exc[k]->cond, NULL);
	}
	free(seen);
	check_conflicts(m, d);
	bool bad = d->errors != before;
	simt_diags_free(&local);
	return bad ? SIMT_ERR_CHECK : SIMT_OK;
}
