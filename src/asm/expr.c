/*
 * expr.c - link-time expressions: `(.L_x_1 - . - 0x10), .word operands.
 *
 * Requires: tokens of one statement.  Produces: a tree in the context's arena
 * (freed with the context), and values: absolute, offset into a section, or
 * offset from an undefined symbol (becomes a relocation where allowed).
 * Grammar (usual precedence): e := t {(+|-) t};  t := u {(*|/) u};
 * u := - u | + u | ( e ) | number | symbol | '.'.
 * Rules: section-relative +/- absolute stays relative; the difference of two
 * values in the same section is absolute; anything else with a relocatable
 * operand (different sections, products) is an error.
 */
#include <string.h>

#include "asm/asm.h"

#define MAX_DEPTH 64

static asm_expr *node(asm_ctx *c, char op, int col)
{
	asm_expr *e = asm_alloc(c, sizeof *e);
	if (e) {
		e->op = op;
		e->col = col;
	}
	return e;
}

static asm_expr *parse_sum(asm_ctx *c, const asm_tok *toks, int *i, int depth);

static asm_expr *parse_unary(asm_ctx *c, const asm_tok *toks, int *i,
			     int depth)
{
	const asm_tok *t = &toks[*i];
	if (depth > MAX_DEPTH) {
		asm_error(c, t->col, "expression nested too deeply");
		return NULL;
	}
	if (asm_tok_punct(t, '-') || asm_tok_punct(t, '+')) {
		(*i)++;
		asm_expr *a = parse_unary(c, toks, i, depth + 1);
		if (!a || t->c == '+')
			return a;
		asm_expr *e = node(c, 'u', t->col);
		if (e)
			e->a = a;
		return e;
	}
	if (asm_tok_punct(t, '(')) {
		(*i)++;
		asm_expr *e = parse_sum(c, toks, i, depth + 1);
		if (!e)
			return NULL;
		if (!asm_tok_punct(&toks[*i], ')')) {
			asm_error(c, toks[*i].col, "expected ')' in expression");
			return NULL;
		}
		(*i)++;
		return e;
	}
	if (t->kind == ASM_T_INT) {
		(*i)++;
		asm_expr *e = node(c, 'n', t->col);
		if (e)
			e->v = (int64_t)t->ival;
		return e;
	}
	if (t->kind == ASM_T_IDENT) {
		(*i)++;
		bool dot = t->len == 1 && t->s[0] == '.';
		asm_expr *e = node(c, dot ? '.' : 's', t->col);
		if (e) {
			e->name = t->s;
			e->len = t->len;
		}
		return e;
	}
	if (t->kind == ASM_T_END || t->kind == ASM_T_BAD)
		asm_error(c, t->col, "expected an expression");
	else
		asm_error(c, t->col, "expected a number, a symbol or '(' in expression, found '%.*s'",
			  t->len, t->s);
	return NULL;
}

static asm_expr *parse_binary(asm_ctx *c, const asm_tok *toks, int *i,
			      int depth, bool sum)
{
	asm_expr *a = sum ? parse_binary(c, toks, i, depth, false)
			  : parse_unary(c, toks, i, depth);
	while (a) {
		const asm_tok *t = &toks[*i];
		bool ok = sum ? (asm_tok_punct(t, '+') || asm_tok_punct(t, '-'))
			      : (asm_tok_punct(t, '*') || asm_tok_punct(t, '/'));
		if (!ok)
			break;
		(*i)++;
		asm_expr *b = sum ? parse_binary(c, toks, i, depth, false)
				  : parse_unary(c, toks, i, depth);
		if (!b)
			return NULL;
		asm_expr *e = node(c, t->c, t->col);
		if (!e)
			return NULL;
		e->a = a;
		e->b = b;
		a = e;
	}
	return a;
}

static asm_expr *parse_sum(asm_ctx *c, const asm_tok *toks, int *i, int depth)
{
	return parse_binary(c, toks, i, depth, true);
}

asm_expr *asm_expr_parse(asm_ctx *c, const asm_tok *toks, int *i)
{
	return parse_sum(c, toks, i, 0);
}

asm_expr *asm_expr_backtick(asm_ctx *c, const asm_tok *toks, int *i)
{
	(*i)++; /* the backtick */
	if (!asm_tok_punct(&toks[*i], '(')) {
		asm_error(c, toks[*i].col, "expected '(' after '`'");
		return NULL;
	}
	return parse_unary(c, toks, i, 0);
}

bool asm_expr_has_symbols(const asm_expr *e)
{
	if (!e)
		return false;
	if (e->op == 's')
		return true;
	return asm_expr_has_symbols(e->a) || asm_expr_has_symbols(e->b);
}

/* ---- evaluation ------------------------------------------------------------ */

/* sym names the label a section-relative value came from (or an undefined
 * symbol when sec < 0); absolute values have neither. */
static bool is_abs(asm_value v)
{
	return v.sec < 0 && v.sym < 0;
}

static bool eval_symbol(asm_ctx *c, const asm_expr *e, bool allow_reloc,
			asm_value *out)
{
	/* symbols are never removed: an index found once stays the name's */
	int s = asm_sym_of(c, e);
	if (s >= 0 && c->syms[s].defined) {
		out->sec = c->syms[s].sec;
		out->sym = s;
		out->v = (int64_t)c->syms[s].value;
		return true;
	}
	/* a section name stands for the start of that section */
	for (int k = 0; k < c->nsecs; k++) {
		if ((int)strlen(c->secs[k].name) == e->len &&
		    !memcmp(c->secs[k].name, e->name, (size_t)e->len)) {
			out->sec = k;
			out->v = 0;
			return true;
		}
	}
	if (allow_reloc) {
		s = asm_sym_lookup(c, e->name, e->len, true);
		if (s < 0)
			return false;
		out->sym = s;
		out->v = 0;
		return true;
	}
	asm_error(c, e->col, "undefined symbol '%.*s'", e->len, e->name);
	return false;
}

static bool eval(asm_ctx *c, const asm_expr *e, int sec, uint64_t dot,
		 bool allow_reloc, asm_value *out, int depth)
{
	out->v = 0;
	out->sec = -1;
	out->sym = -1;
	if (!e || depth > MAX_DEPTH)
		return false;
	switch (e->op) {
	case 'n':
		out->v = e->v;
		return true;
	case '.':
		out->sec = sec;
		out->v = (int64_t)dot;
		return true;
	case 's':
		return eval_symbol(c, e, allow_reloc, out);
	default:
		break;
	}
	asm_value a, b = {0, -1, -1};
	if (!eval(c, e->a, sec, dot, allow_reloc, &a, depth + 1))
		return false;
	if (e->op != 'u' && !eval(c, e->b, sec, dot, allow_reloc, &b, depth + 1))
		return false;
	uint64_t ua = (uint64_t)a.v, ub = (uint64_t)b.v;
	switch (e->op) {
	case 'u':
		if (!is_abs(a))
			goto relocatable;
		out->v = (int64_t)(0 - ua);
		return true;
	case '+':
		if (!is_abs(a) && !is_abs(b))
			goto relocatable;
		*out = is_abs(a) ? b : a;
		out->v = (int64_t)(ua + ub);
		return true;
	case '-':
		if (!is_abs(b)) {
			if (a.sec >= 0 && a.sec == b.sec) {
				out->v = (int64_t)(ua - ub);
				return true;
			}
			if (a.sec >= 0 && b.sec >= 0) {
				asm_error(c, e->col, "difference of labels in different sections (%s and %s)",
					  c->secs[a.sec].name, c->secs[b.sec].name);
				return false;
			}
			goto relocatable;
		}
		*out = a;
		out->v = (int64_t)(ua - ub);
		return true;
	case '*':
	case '/':
		if (!is_abs(a) || !is_abs(b))
			goto relocatable;
		if (e->op == '*') {
			out->v = (int64_t)(ua * ub);
			return true;
		}
		if (b.v == 0) {
			asm_error(c, e->col, "division by zero");
			return false;
		}
		if (a.v == INT64_MIN && b.v == -1)
			out->v = INT64_MIN;
		else
			out->v = a.v / b.v;
		return true;
	default:
		return false;
	}
relocatable:
	if ((a.sym >= 0 && a.sec < 0) || (b.sym >= 0 && b.sec < 0)) {
		const asm_sym *y = &c->syms[a.sym >= 0 && a.sec < 0 ? a.sym : b.sym];
		asm_error(c, e->col, "undefined symbol '%.*s'", y->len, y->name);
		return false;
	}
	asm_error(c, e->col, "operator '%c' cannot combine these addresses (only label + constant, or the difference of two labels of one section)",
		  e->op == 'u' ? '-' : e->op);
	return false;
}

bool asm_expr_eval(asm_ctx *c, const asm_expr *e, int sec, uint64_t dot,
		   bool allow_reloc, asm_value *out)
{
	return eval(c, e, sec, dot, allow_reloc, out, 0);
}
