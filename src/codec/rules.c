/*
 * rules.c - __Exception conditions compiled for the decoder.
 *
 * Contract: requires a resolved model; produces, per opcode, its rules as
 * small trees whose field references are field indices and whose enum value
 * names ("DIV") are already numbers, so checking a decoded word costs a few
 * array reads instead of name lookups.  The meaning is exactly that of
 * isa_expr_eval (isa_expr.c): 64-bit wrap-around arithmetic, short-circuit
 * and/or, a string compared with an enum field is that value's index,
 * True/False are 1/0, and anything without a value (unknown field or name,
 * division by zero, shift outside 0..63) makes the rule not hold.  The unit
 * test codec_rules_agree_with_isa_eval holds the two to the same answers.
 */
#include "codec/codec.h"

#include <stdlib.h>
#include <string.h>

static int node(codec_rules *r, isa_expr_op op, int a, int b, int64_t v)
{
	if (!util_grow((void **)&r->nodes, &r->cap, r->nnodes + 1,
		       sizeof *r->nodes)) {
		r->nomem = true;
		return 0;
	}
	r->nodes[r->nnodes] = (cx_node){op, a, b, v};
	return r->nnodes++;
}

/* A string operand: its value by isa_expr_string, else no value. */
static int string_node(codec_rules *r, const isa_opcode *op,
		       const isa_expr *e, const isa_expr *other)
{
	int64_t v;
	return isa_expr_string(op, e, other, &v) ? node(r, ISA_E_INT, 0, 0, v)
						 : node(r, ISA_E_STR, 0, 0, 0);
}

/* other: the sibling of e in a comparison or arithmetic (for strings). */
static int compile(codec_rules *r, const isa_opcode *op, const isa_expr *e,
		   const isa_expr *other)
{
	int a, b, f;
	switch (e->op) {
	case ISA_E_INT:
		return node(r, ISA_E_INT, 0, 0, e->value);
	case ISA_E_STR:
		return string_node(r, op, e, other);
	case ISA_E_FIELD:
		f = isa_field_find(op, e->str);
		return f < 0 ? node(r, ISA_E_STR, 0, 0, 0)
			     : node(r, ISA_E_FIELD, 0, 0, f);
	case ISA_E_NOT:
	case ISA_E_NEG:
	case ISA_E_BITNOT:
		a = compile(r, op, e->a, NULL);
		return node(r, e->op, a, 0, 0);
	case ISA_E_AND:
	case ISA_E_OR:
		a = compile(r, op, e->a, NULL);
		b = compile(r, op, e->b, NULL);
		return node(r, e->op, a, b, 0);
	default:
		a = compile(r, op, e->a, e->b);
		b = compile(r, op, e->b, e->a);
		return node(r, e->op, a, b, 0);
	}
}

static bool run(const cx_node *n, int i, const uint64_t *vals, int64_t *v);

/* Add the fields node i reads to t (nf = -1 when they do not fit). */
static void table_fields(const codec_rules *r, const isa_opcode *op, int i,
			 cx_table *t)
{
	const cx_node *x = &r->nodes[i];
	if (t->nf < 0)
		return;
	if (x->op == ISA_E_FIELD) {
		for (int k = 0; k < t->nf; k++)
			if (t->f[k] == x->v)
				return;
		int w = op->fields[x->v].width;
		int used = t->nf ? t->shift[t->nf - 1] + t->width[t->nf - 1] : 0;
		if (t->nf == CX_TABLE_FIELDS || w < 1 || used + w > CX_TABLE_BITS) {
			t->nf = -1;
			return;
		}
		t->f[t->nf] = (uint8_t)x->v;
		t->shift[t->nf] = (uint8_t)used;
		t->width[t->nf++] = (uint8_t)w;
		return;
	}
	if (x->op == ISA_E_INT || x->op == ISA_E_STR)
		return;
	table_fields(r, op, x->a, t);
	if (x->op != ISA_E_NOT && x->op != ISA_E_NEG && x->op != ISA_E_BITNOT)
		table_fields(r, op, x->b, t);
}

/* The first rule of op (roots root[0..nexc)) that holds for vals, plus 1. */
static int first_rule(const codec_rules *r, const int *root, int nexc,
		      const uint64_t *vals)
{
	for (int x = 0; x < nexc; x++) {
		int64_t v = 0;
		if (run(r->nodes, root[x], vals, &v) && v)
			return x + 1;
	}
	return 0;
}

/* The table of op when its rules read few enough bits, else NULL. */
static cx_table *make_table(codec_rules *r, const isa_opcode *op,
			    const int *root)
{
	cx_table probe = {0};
	for (int x = 0; x < op->nexc && op->nexc < 255; x++)
		table_fields(r, op, root[x], &probe);
	if (probe.nf <= 0 || op->nexc >= 255)
		return NULL;
	cx_table *t = malloc(sizeof *t);
	if (!t) {
		r->nomem = true;
		return NULL;
	}
	*t = probe;
	int bits = t->shift[t->nf - 1] + t->width[t->nf - 1];
	uint64_t vals[ISA_MAX_FIELDS] = {0};
	for (unsigned idx = 0; idx < (1u << bits); idx++) {
		for (int k = 0; k < t->nf; k++)
			vals[t->f[k]] = (idx >> t->shift[k]) & ((1u << t->width[k]) - 1);
		t->res[idx] = (uint8_t)first_rule(r, root, op->nexc, vals);
	}
	return t;
}

codec_rules *codec_rules_build(const isa_model *m)
{
	codec_rules *r = calloc(1, sizeof *r);
	if (!r)
		return NULL;
	int total = 0;
	for (int i = 0; i < m->nopcodes; i++)
		total += m->opcodes[i]->nexc;
	r->first = calloc((size_t)m->nopcodes + 1, sizeof *r->first);
	r->roots = calloc((size_t)total + 1, sizeof *r->roots);
	r->table = calloc((size_t)m->nopcodes + 1, sizeof *r->table);
	r->ntable = m->nopcodes;
	if (!r->first || !r->roots || !r->table)
		r->nomem = true;
	for (int i = 0, k = 0; i < m->nopcodes && !r->nomem; i++) {
		const isa_opcode *op = m->opcodes[i];
		r->first[i] = k;
		for (int x = 0; x < op->nexc; x++)
			r->roots[k++] = compile(r, op, op->exc[x]->cond, NULL);
		if (op->nexc && !r->nomem)
			r->table[i] = make_table(r, op, r->roots + r->first[i]);
	}
	if (r->nomem) {
		codec_rules_free(r);
		return NULL;
	}
	return r;
}

void codec_rules_free(codec_rules *r)
{
	if (!r)
		return;
	for (int i = 0; r->table && i < r->ntable; i++)
		free(r->table[i]);
	free(r->table);
	free(r->nodes);
	free(r->first);
	free(r->roots);
	free(r);
}

/* The arithmetic of isa_expr.c, on values that exist. */
static bool arith(isa_expr_op o, int64_t a, int64_t b, int64_t *v)
{
	uint64_t ua = (uint64_t)a, ub = (uint64_t)b;
	switch (o) {
	case ISA_E_ADD: *v = (int64_t)(ua + ub); return true;
	case ISA_E_SUB: *v = (int64_t)(ua - ub); return true;
	case ISA_E_MUL: *v = (int64_t)(ua * ub); return true;
	case ISA_E_DIV:
	case ISA_E_MOD:
		if (b == 0 || (a == INT64_MIN && b == -1))
			return false;
		*v = o == ISA_E_DIV ? a / b : a % b;
		return true;
	case ISA_E_BAND: *v = (int64_t)(ua & ub); return true;
	case ISA_E_BOR: *v = (int64_t)(ua | ub); return true;
	case ISA_E_BXOR: *v = (int64_t)(ua ^ ub); return true;
	case ISA_E_SHL:
	case ISA_E_SHR:
		if (b < 0 || b > 63)
			return false;
		*v = (int64_t)(o == ISA_E_SHL ? ua << b : ua >> b);
		return true;
	case ISA_E_EQ: *v = a == b; return true;
	case ISA_E_NE: *v = a != b; return true;
	case ISA_E_LT: *v = a < b; return true;
	case ISA_E_LE: *v = a <= b; return true;
	case ISA_E_GT: *v = a > b; return true;
	case ISA_E_GE: *v = a >= b; return true;
	default: return false;
	}
}

static bool run(const cx_node *n, int i, const uint64_t *vals, int64_t *v)
{
	const cx_node *x = &n[i];
	int64_t a, b;
	switch (x->op) {
	case ISA_E_INT:
		return *v = x->v, true;
	case ISA_E_FIELD:
		return *v = (int64_t)vals[x->v], true;
	case ISA_E_STR:
		return false;
	case ISA_E_NOT:
		return run(n, x->a, vals, &a) && (*v = !a, true);
	case ISA_E_NEG:
		return run(n, x->a, vals, &a) &&
		       (*v = (int64_t)(0 - (uint64_t)a), true);
	case ISA_E_BITNOT:
		return run(n, x->a, vals, &a) && (*v = (int64_t)~(uint64_t)a, true);
	case ISA_E_AND:
	case ISA_E_OR:
		if (!run(n, x->a, vals, &a))
			return false;
		if ((x->op == ISA_E_AND) == !a)
			return *v = a != 0, true; /* short circuit */
		return run(n, x->b, vals, &b) && (*v = b != 0, true);
	default:
		return run(n, x->a, vals, &a) && run(n, x->b, vals, &b) &&
		       arith(x->op, a, b, v);
	}
}

const char *codec_rules_check(const codec_rules *r, const isa_opcode *op,
			      const uint64_t *fields)
{
	const int *root = r->roots + r->first[op->index];
	const cx_table *t = r->table[op->index];
	int x;
	if (t) {
		unsigned idx = 0;
		for (int k = 0; k < t->nf; k++) {
			uint64_t v = fields[t->f[k]];
			if (v >> t->width[k])
				goto interpret; /* wider than its field */
			idx |= (unsigned)v << t->shift[k];
		}
		x = t->res[idx];
	} else {
interpret:
		x = first_rule(r, root, op->nexc, fields);
	}
	return x ? op->exc[x - 1]->message : NULL;
}
