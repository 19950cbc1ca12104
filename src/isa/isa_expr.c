/*
 * isa_expr.c - evaluation of __Exception conditions.
 *
 * Contract: e was parsed by isa_parse.c; op is any opcode; vals[] holds one
 * encoded value per field of op.  Integers are 64-bit two's complement with
 * wrap-around.  A string (or True/False) compared with an enum-typed field
 * means that field's value of that name ("DIV" == index of DIV in the
 * field's type).  Returns false (no result) for an unknown field, a string
 * that names no value, division by zero, or a shift outside 0..63.
 */
#include <string.h>

#include "isa/isa_priv.h"

static bool eval(const isa_opcode *op, const isa_expr *e, const uint64_t *vals, int64_t *r);

bool isa_expr_string(const isa_opcode *op, const isa_expr *e,
		     const isa_expr *other, int64_t *r)
{
	if (other && other->op == ISA_E_FIELD) {
		int f = isa_field_find(op, other->str);
		const isa_type *t = f >= 0 ? op->fields[f].type : NULL;
		if (t && t->cls == ISA_KIND_ENUM) {
			int k = isa_enum_find(t, e->str, strlen(e->str));
			if (k < 0)
				return false;
			return *r = k, true;
		}
	}
	if (!strcmp(e->str, "True"))
		return *r = 1, true;
	if (!strcmp(e->str, "False"))
		return *r = 0, true;
	return false;
}

/* Value of e when compared with other (resolves enum value names). */
static bool side(const isa_opcode *op, const isa_expr *e, const isa_expr *other,
		 const uint64_t *vals, int64_t *r)
{
	if (e->op != ISA_E_STR)
		return eval(op, e, vals, r);
	return isa_expr_string(op, e, other, r);
}

static bool arith(isa_expr_op o, int64_t a, int64_t b, int64_t *r)
{
	uint64_t ua = (uint64_t)a, ub = (uint64_t)b;
	switch (o) {
	case ISA_E_ADD: *r = (int64_t)(ua + ub); return true;
	case ISA_E_SUB: *r = (int64_t)(ua - ub); return true;
	case ISA_E_MUL: *r = (int64_t)(ua * ub); return true;
	case ISA_E_DIV:
	case ISA_E_MOD:
		if (b == 0 || (a == INT64_MIN && b == -1))
			return false;
		*r = o == ISA_E_DIV ? a / b : a % b;
		return true;
	case ISA_E_BAND: *r = (int64_t)(ua & ub); return true;
	case ISA_E_BOR: *r = (int64_t)(ua | ub); return true;
	case ISA_E_BXOR: *r = (int64_t)(ua ^ ub); return true;
	case ISA_E_SHL:
	case ISA_E_SHR:
		if (b < 0 || b > 63)
			return false;
		*r = (int64_t)(o == ISA_E_SHL ? ua << b : ua >> b);
		return true;
	case ISA_E_EQ: *r = a == b; return true;
	case ISA_E_NE: *r = a != b; return true;
	case ISA_E_LT: *r = a < b; return true;
	case ISA_E_LE: *r = a <= b; return true;
	case ISA_E_GT: *r = a > b; return true;
	case ISA_E_GE: *r = a >= b; return true;
	default: return false;
	}
}

static bool eval(const isa_opcode *op, const isa_expr *e, const uint64_t *vals, int64_t *r)
{
	int64_t a, b;
	switch (e->op) {
	case ISA_E_INT:
		*r = e->value;
		return true;
	case ISA_E_STR:
		return isa_expr_string(op, e, NULL, r);
	case ISA_E_FIELD: {
		int f = isa_field_find(op, e->str);
		if (f < 0)
			return false;
		*r = (int64_t)vals[f];
		return true;
	}
	case ISA_E_NOT:
		if (!eval(op, e->a, vals, &a))
			return false;
		return *r = !a, true;
	case ISA_E_NEG:
		if (!eval(op, e->a, vals, &a))
			return false;
		return *r = (int64_t)(0 - (uint64_t)a), true;
	case ISA_E_BITNOT:
		if (!eval(op, e->a, vals, &a))
			return false;
		return *r = (int64_t)~(uint64_t)a, true;
	case ISA_E_AND:
	case ISA_E_OR:
		if (!eval(op, e->a, vals, &a))
			return false;
		if ((e->op == ISA_E_AND) == !a)
			return *r = a != 0, true; /* short circuit */
		if (!eval(op, e->b, vals, &b))
			return false;
		return *r = b != 0, true;
	default:
		if (!side(op, e->a, e->b, vals, &a) || !side(op, e->b, e->a, vals, &b))
			return false;
		return arith(e->op, a, b, r);
	}
}

bool isa_expr_eval(const isa_opcode *op, const isa_expr *e, const uint64_t *vals, int64_t *result)
{
	if (!op || !e || !vals || !result)
		return false;
	return eval(op, e, vals, result);
}
