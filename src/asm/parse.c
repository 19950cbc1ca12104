/*
 * parse.c - one instruction statement -> asm_inst_text.
 *
 * Requires: the tokens of a statement, starting at the guard or mnemonic.
 * Produces: the guard, the mnemonic token (still dotted: match.c splits it),
 * the operands with their shape and the control slots.  The parser knows no
 * ISA: whether `P0` is a predicate or `R5` a register is decided by match.c
 * against each candidate opcode's field types.
 *
 * Operands: NAME (R5, RZ, P0, SR_TID.X, a label), !NAME, ~NAME, R[8:9],
 * numbers (-0x10, 42), floats (1.5, -INF, +QNAN), `(expr), c[bank][off],
 * c[bank][Ra+off], [Ra+off], [Ra.64-0x10], [off].  Separated by ',' (the
 * comma may be left out before a `(...) expression, NVIDIA listing style).
 */
#include <string.h>

#include "asm/asm.h"

bool asm_special_float(const char *s, int len, double *f)
{
	static const char *const names[] = {"INF", "QNAN", "NAN"};
	static const int lens[] = {3, 4, 3};
	if (len < 3 || len > 4 || (s[0] != 'I' && s[0] != 'Q' && s[0] != 'N'))
		return false;
	for (int k = 0; k < 3; k++) {
		if (lens[k] != len || memcmp(names[k], s, (size_t)len))
			continue;
		if (f)
			*f = k ? __builtin_nan("") : __builtin_inf();
		return true;
	}
	return false;
}

/* Signed integer literal: [+|-] INT. */
static bool parse_int(asm_ctx *c, asm_tok *toks, int *i, uint64_t *mag,
		      bool *neg, int *col)
{
	*neg = false;
	*col = toks[*i].col;
	if (asm_tok_punct(&toks[*i], '-') || asm_tok_punct(&toks[*i], '+')) {
		*neg = toks[*i].c == '-';
		(*i)++;
	}
	if (toks[*i].kind != ASM_T_INT) {
		asm_error(c, toks[*i].col, "expected a number");
		return false;
	}
	*mag = toks[*i].ival;
	if (*mag == 0)
		*neg = false;
	(*i)++;
	return true;
}

/* Inside [...] after an optional register: [+|-] (INT | `(expr)) */
static bool parse_offset(asm_ctx *c, asm_tok *toks, int *i, asm_operand *o,
			 bool need_sign)
{
	const asm_tok *t = &toks[*i];
	o->off_col = t->col;
	bool neg = false;
	if (asm_tok_punct(t, '+') || asm_tok_punct(t, '-')) {
		neg = t->c == '-';
		(*i)++;
		t = &toks[*i];
		if (asm_tok_punct(t, '-') && !neg) { /* [R2+-0x10] */
			neg = true;
			(*i)++;
			t = &toks[*i];
		}
	} else if (need_sign) {
		asm_error(c, t->col, "expected '+', '-' or ']' after the register");
		return false;
	}
	if (asm_tok_punct(t, '`')) {
		o->expr = asm_expr_backtick(c, toks, i);
		if (!o->expr)
			return false;
		if (neg) {
			asm_expr *e = asm_alloc(c, sizeof *e);
			if (!e)
				return false;
			e->op = 'u';
			e->col = o->off_col;
			e->a = o->expr;
			o->expr = e;
		}
		return true;
	}
	if (t->kind != ASM_T_INT) {
		asm_error(c, t->col, "expected an offset");
		return false;
	}
	o->mag = t->ival;
	o->neg = neg && t->ival != 0;
	(*i)++;
	return true;
}

/* [Ra{.64}{+off}] or [off]; toks[*i] is '[' */
static bool parse_address(asm_ctx *c, asm_tok *toks, int *i, asm_operand *o)
{
	(*i)++;
	const asm_tok *t = &toks[*i];
	if (t->kind == ASM_T_IDENT) {
		o->has_reg = true;
		o->name = t->s;
		o->nlen = t->len;
		o->reg_col = t->col;
		if (t->len > 3 && !memcmp(t->s + t->len - 3, ".64", 3)) {
			o->is64 = true;
			o->nlen -= 3;
		}
		(*i)++;
		if (!asm_tok_punct(&toks[*i], ']') &&
		    !parse_offset(c, toks, i, o, true))
			return false;
	} else if (!parse_offset(c, toks, i, o, false)) {
		return false;
	}
	if (!asm_tok_punct(&toks[*i], ']')) {
		asm_error(c, toks[*i].col, "expected ']'");
		return false;
	}
	(*i)++;
	return true;
}

/* c[bank][...]; toks[*i] is 'c' and toks[*i+1] is '[' */
static bool parse_cmem(asm_ctx *c, asm_tok *toks, int *i, asm_operand *o)
{
	*i += 2;
	o->kind = ASM_O_CMEM;
	o->bank_col = toks[*i].col;
	if (toks[*i].kind != ASM_T_INT) {
		asm_error(c, toks[*i].col, "expected a constant bank number");
		return false;
	}
	o->bank = toks[*i].ival;
	(*i)++;
	if (!asm_tok_punct(&toks[*i], ']') || !asm_tok_punct(&toks[*i + 1], '[')) {
		asm_error(c, toks[*i].col, "expected '][' in c[bank][offset]");
		return false;
	}
	(*i)++;
	return parse_address(c, toks, i, o);
}

/* R[8:9]; toks[*i] is the prefix and toks[*i+1] is '[' */
static bool parse_pair(asm_ctx *c, asm_tok *toks, int *i, asm_operand *o)
{
	o->kind = ASM_O_PAIR;
	o->name = toks[*i].s;
	o->nlen = toks[*i].len;
	*i += 2;
	if (toks[*i].kind != ASM_T_INT || !asm_tok_punct(&toks[*i + 1], ':') ||
	    toks[*i + 2].kind != ASM_T_INT || !asm_tok_punct(&toks[*i + 3], ']')) {
		asm_error(c, toks[*i].col, "expected a register pair such as R[8:9]");
		return false;
	}
	if (toks[*i].ival > 0xffff || toks[*i + 2].ival > 0xffff) {
		asm_error(c, toks[*i].col, "register number too large");
		return false;
	}
	o->pair_lo = (uint32_t)toks[*i].ival;
	o->pair_hi = (uint32_t)toks[*i + 2].ival;
	*i += 4;
	return true;
}

static bool parse_operand(asm_ctx *c, asm_tok *toks, int *i, asm_operand *o)
{
	memset(o, 0, sizeof *o);
	asm_tok *t = &toks[*i];
	o->col = t->col;
	if (asm_tok_punct(t, '!') || asm_tok_punct(t, '~')) {
		if (t->c == '!')
			o->lnot = true;
		else
			o->bitnot = true;
		(*i)++;
		t = &toks[*i];
		if (t->kind != ASM_T_IDENT) {
			asm_error(c, t->col, "expected a register or predicate after '%c'",
				  o->lnot ? '!' : '~');
			return false;
		}
	}
	if (t->kind == ASM_T_IDENT) {
		asm_tok *n = &toks[*i + 1];
		if (asm_tok_punct(n, '[') && t->len == 1 && t->s[0] == 'c' && !o->lnot)
			return parse_cmem(c, toks, i, o); /* ~c[..][..] is allowed */
		if (asm_tok_punct(n, '['))
			return parse_pair(c, toks, i, o);
		o->kind = ASM_O_NAME;
		o->name = t->s;
		o->nlen = t->len;
		(*i)++;
		return true;
	}
	if (o->lnot || o->bitnot)
		return false;
	if (asm_tok_punct(t, '[')) {
		o->kind = ASM_O_MEM;
		return parse_address(c, toks, i, o);
	}
	if (asm_tok_punct(t, '`')) {
		o->kind = ASM_O_EXPR;
		o->expr = asm_expr_backtick(c, toks, i);
		return o->expr != NULL;
	}
	bool sign = asm_tok_punct(t, '-') || asm_tok_punct(t, '+');
	const asm_tok *v = sign ? &toks[*i + 1] : t;
	double f = v->fval;
	if (v->kind == ASM_T_FLOAT || (v->kind == ASM_T_IDENT && sign &&
				       asm_special_float(v->s, v->len, &f))) {
		o->kind = ASM_O_FLOAT;
		o->fval = asm_tok_punct(t, '-') ? -f : f;
		*i += sign ? 2 : 1;
		return true;
	}
	if (v->kind == ASM_T_INT) {
		o->kind = ASM_O_INT;
		int col;
		return parse_int(c, toks, i, &o->mag, &o->neg, &col);
	}
	if (t->kind == ASM_T_END)
		asm_error(c, t->col, "expected an operand");
	else
		asm_error(c, t->col, "unexpected '%.*s' in operand", t->len, t->s);
	return false;
}

/* $sched(S[,Y]) $req(M) $wsb(N): toks[*i] is the $ identifier */
static bool parse_control(asm_ctx *c, asm_tok *toks, int *i,
			  asm_inst_text *it)
{
	const asm_tok *t = &toks[*i];
	uint64_t v[2] = {0, 0};
	int nv = 0;
	bool sched = asm_tok_ident(t, "$sched"), req = asm_tok_ident(t, "$req"),
	     wsb = asm_tok_ident(t, "$wsb");
	if (!sched && !req && !wsb) {
		asm_error(c, t->col, "unknown control slot '%.*s' (expected $sched, $req or $wsb)",
			  t->len, t->s);
		return false;
	}
	(*i)++;
	if (!asm_tok_punct(&toks[*i], '(')) {
		asm_error(c, toks[*i].col, "expected '(' after %.*s", t->len, t->s);
		return false;
	}
	(*i)++;
	for (;;) {
		if (toks[*i].kind != ASM_T_INT) {
			asm_error(c, toks[*i].col, "expected a number in %.*s(...)",
				  t->len, t->s);
			return false;
		}
		if (nv == 2 || (nv == 1 && !sched)) {
			asm_error(c, toks[*i].col, "too many values in %.*s(...)",
				  t->len, t->s);
			return false;
		}
		v[nv++] = toks[*i].ival;
		(*i)++;
		if (asm_tok_punct(&toks[*i], ','))
			(*i)++;
		else
			break;
	}
	if (!asm_tok_punct(&toks[*i], ')')) {
		asm_error(c, toks[*i].col, "expected ')'");
		return false;
	}
	(*i)++;
	bool *seen = sched ? &it->has_sched : req ? &it->has_req : &it->has_wsb;
	if (*seen) {
		asm_error(c, t->col, "%.*s given twice", t->len, t->s);
		return false;
	}
	*seen = true;
	if (sched) {
		it->stall = v[0];
		it->sched_col = t->col;
		if (nv == 2) {
			it->has_yield = true;
			it->yield = v[1];
		}
	} else if (req) {
		it->req = v[0];
		it->req_col = t->col;
	} else {
		it->wsb = v[0];
		it->wsb_col = t->col;
	}
	return true;
}

static bool at_operand_end(const asm_tok *t)
{
	return t->kind == ASM_T_END || t->kind == ASM_T_ANNOT ||
	       t->kind == ASM_T_BAD ||
	       (t->kind == ASM_T_IDENT && t->s[0] == '$');
}

bool asm_parse_inst(asm_ctx *c, asm_tok *toks, int n, asm_inst_text *it)
{
	int i = 0;
	(void)n;
	it->has_guard = it->guard_not = false;
	it->noperands = 0;
	it->has_sched = it->has_yield = it->has_req = it->has_wsb = false;
	if (asm_tok_punct(&toks[i], '@')) {
		i++;
		it->has_guard = true;
		if (asm_tok_punct(&toks[i], '!')) {
			it->guard_not = true;
			i++;
		}
		if (toks[i].kind != ASM_T_IDENT) {
			asm_error(c, toks[i].col, "expected a predicate after '@'");
			return false;
		}
		it->guard = &toks[i++];
	}
	if (toks[i].kind != ASM_T_IDENT) {
		asm_error(c, toks[i].col, "expected an instruction mnemonic");
		return false;
	}
	it->mnem = &toks[i++];
	it->mnem_hash = asm_hash(it->mnem->s, it->mnem->len);
	if (!at_operand_end(&toks[i])) {
		for (;;) {
			if (it->noperands == ASM_MAX_OPERANDS) {
				asm_error(c, toks[i].col, "too many operands");
				return false;
			}
			if (!parse_operand(c, toks, &i, &it->ops[it->noperands]))
				return false;
			it->noperands++;
			if (asm_tok_punct(&toks[i], ',')) {
				i++;
				continue;
			}
			if (asm_tok_punct(&toks[i], '`'))
				continue; /* BRX R6 `(...) */
			break;
		}
	}
	while (toks[i].kind == ASM_T_IDENT && toks[i].s[0] == '$')
		if (!parse_control(c, toks, &i, it))
			return false;
	while (toks[i].kind == ASM_T_ANNOT) {
		asm_annot a = {toks[i].s, toks[i].len, c->line, toks[i].col,
			       c->line_start, c->cur, 0};
		if (!c->single &&
		    util_grow((void **)&c->annots, &c->cannots, c->nannots + 1,
			      sizeof a))
			c->annots[c->nannots++] = a;
		i++;
	}
	if (toks[i].kind == ASM_T_BAD)
		return false; /* reported by the driver */
	if (toks[i].kind != ASM_T_END) {
		asm_error(c, toks[i].col, "unexpected '%.*s' after the operands",
			  toks[i].len, toks[i].s);
		return false;
	}
	return true;
}
