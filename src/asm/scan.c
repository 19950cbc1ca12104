/*
 * scan.c - the plain instruction statement in one pass over its bytes.
 *
 * Requires: the lexer (asm_lex_init) at the start of a statement.
 * Produces: for a plain instruction - optional guard, mnemonic, operands
 * that are names, !/~ names, integers, [Ra{.64}{+-off}], c[bank][...],
 * `(name), then $sched/$req/$wsb slots - the same asm_inst_text that lex.c
 * and parse.c make of it, without a token array; blank statements are
 * skipped on the way.  Anything else (labels, directives, comments,
 * floats, strings, annotations, other expressions, and every statement that
 * parse.c would reject) is left untouched for lex.c + parse.c, so every
 * diagnostic comes from there, exactly as before.  The tests that pin this
 * are the whole asm suite: each file goes through both ways line by line.
 */
#include <string.h>

#include "asm/asm.h"

typedef struct scan {
	const char *p, *end;
	const char *line_start;
	int ntok; /* tokens lex.c would make: too many is its error */
} scan;

static inline unsigned char cls_of(unsigned char ch)
{
	return asm_char_class[ch];
}

static inline unsigned char peek(const scan *s)
{
	return s->p < s->end ? (unsigned char)*s->p : 0;
}

static inline void blanks(scan *s)
{
	while (s->p < s->end && (cls_of((unsigned char)*s->p) & ASM_C_SPACE))
		s->p++;
}

static inline int col_at(const scan *s, const char *q)
{
	return (int)(q - s->line_start) + 1;
}

/* One punctuation character, then the blanks after it. */
static inline void punct(scan *s)
{
	s->p++;
	s->ntok++;
	blanks(s);
}

/* The identifier at s->p (its first character is an identifier start). */
static inline int ident(scan *s, const char **name)
{
	const char *q = s->p + 1;
	while (q < s->end && (cls_of((unsigned char)*q) & ASM_C_ID))
		q++;
	*name = s->p;
	s->p = q;
	s->ntok++;
	return (int)(q - *name);
}

/* An integer at s->p (a digit); false for what lex.c makes a float, a bad
 * number or an overflow of. */
static bool number(scan *s, uint64_t *out)
{
	const char *q = s->p;
	uint64_t v = 0;
	if (q[0] == '0' && q + 1 < s->end && (q[1] | 0x20) == 'x') {
		const char *digits = q += 2;
		for (; q < s->end && (cls_of((unsigned char)*q) & ASM_C_HEX); q++) {
			unsigned char ch = (unsigned char)*q;
			if (v >> 60)
				return false;
			v = v * 16 + (uint64_t)(ch <= '9' ? ch - '0'
						: (ch | 0x20) - 'a' + 10);
		}
		if (q == digits)
			return false;
	} else {
		for (; q < s->end && (cls_of((unsigned char)*q) & ASM_C_DIGIT); q++) {
			uint64_t d = (uint64_t)(*q - '0');
			if (v > (UINT64_MAX - d) / 10)
				return false;
			v = v * 10 + d;
		}
	}
	if (q < s->end && (cls_of((unsigned char)*q) & ASM_C_ID))
		return false; /* 1.5, 1e3, 0x1g */
	s->p = q;
	s->ntok++;
	*out = v;
	return true;
}

static inline bool digit_next(const scan *s)
{
	return cls_of(peek(s)) & ASM_C_DIGIT;
}

/* The offset inside [...]: [+|-] INT (parse.c parse_offset). */
static bool offset(scan *s, asm_operand *o, bool need_sign)
{
	o->off_col = col_at(s, s->p);
	bool neg = false;
	unsigned char ch = peek(s);
	if (ch == '+' || ch == '-') {
		neg = ch == '-';
		punct(s);
		if (!neg && peek(s) == '-') {
			neg = true;
			punct(s);
		}
	} else if (need_sign) {
		return false;
	}
	if (!digit_next(s) || !number(s, &o->mag))
		return false;
	o->neg = neg && o->mag != 0;
	blanks(s);
	return true;
}

/* [Ra{.64}{+off}] or [off]; s->p is at '[' */
static bool address(scan *s, asm_operand *o)
{
	punct(s);
	if (cls_of(peek(s)) & ASM_C_IDSTART) {
		o->has_reg = true;
		o->reg_col = col_at(s, s->p);
		o->nlen = ident(s, &o->name);
		if (o->nlen > 3 && !memcmp(o->name + o->nlen - 3, ".64", 3)) {
			o->is64 = true;
			o->nlen -= 3;
		}
		blanks(s);
		if (peek(s) != ']' && !offset(s, o, true))
			return false;
	} else if (!offset(s, o, false)) {
		return false;
	}
	if (peek(s) != ']')
		return false;
	punct(s);
	return true;
}

/* c[bank][...]; s->p is at the first '[' */
static bool cmem(scan *s, asm_operand *o)
{
	o->kind = ASM_O_CMEM;
	punct(s);
	o->bank_col = col_at(s, s->p);
	if (!digit_next(s) || !number(s, &o->bank))
		return false;
	blanks(s);
	if (peek(s) != ']')
		return false;
	punct(s);
	return peek(s) == '[' && address(s, o);
}

/* `(name): the expression node parse_unary makes of it */
static bool backtick(asm_ctx *c, scan *s, asm_operand *o)
{
	punct(s);
	if (peek(s) != '(')
		return false;
	punct(s);
	if (!(cls_of(peek(s)) & ASM_C_IDSTART))
		return false;
	int col = col_at(s, s->p);
	const char *name;
	int len = ident(s, &name);
	blanks(s);
	if (peek(s) != ')')
		return false;
	punct(s);
	asm_expr *x = asm_alloc(c, sizeof *x);
	if (!x)
		return false;
	x->op = len == 1 && name[0] == '.' ? '.' : 's';
	x->col = col;
	x->name = name;
	x->len = len;
	o->kind = ASM_O_EXPR;
	o->expr = x;
	return true;
}

/* One operand (parse.c parse_operand), then the blanks after it. */
static bool operand(asm_ctx *c, scan *s, asm_operand *o)
{
	memset(o, 0, sizeof *o);
	o->col = col_at(s, s->p);
	unsigned char ch = peek(s);
	if (ch == '!' || ch == '~') {
		o->lnot = ch == '!';
		o->bitnot = ch == '~';
		punct(s);
		ch = peek(s);
		if (!(cls_of(ch) & ASM_C_IDSTART))
			return false;
	}
	if (cls_of(ch) & ASM_C_IDSTART) {
		const char *name;
		int len = ident(s, &name);
		blanks(s);
		if (peek(s) == '[')
			return len == 1 && name[0] == 'c' && !o->lnot &&
			       cmem(s, o); /* R[8:9]: parse.c */
		o->kind = ASM_O_NAME;
		o->name = name;
		o->nlen = len;
		return true;
	}
	if (o->lnot || o->bitnot)
		return false;
	if (ch == '[') {
		o->kind = ASM_O_MEM;
		return address(s, o);
	}
	if (ch == '`')
		return backtick(c, s, o);
	bool neg = false;
	if (ch == '-' || ch == '+') {
		neg = ch == '-';
		punct(s);
	}
	if (!digit_next(s) || !number(s, &o->mag))
		return false;
	o->kind = ASM_O_INT;
	o->neg = neg && o->mag != 0;
	blanks(s);
	return true;
}

/* $sched(S[,Y]) $req(M) $wsb(N) (parse.c parse_control) */
static bool control(scan *s, asm_inst_text *it)
{
	int col = col_at(s, s->p);
	const char *name;
	int len = ident(s, &name);
	bool sched = len == 6 && !memcmp(name, "$sched", 6),
	     req = len == 4 && !memcmp(name, "$req", 4),
	     wsb = len == 4 && !memcmp(name, "$wsb", 4);
	if (!sched && !req && !wsb)
		return false;
	blanks(s);
	if (peek(s) != '(')
		return false;
	punct(s);
	uint64_t v[2] = {0, 0};
	int nv = 0;
	for (;;) {
		if (nv == 2 || (nv == 1 && !sched) || !digit_next(s) ||
		    !number(s, &v[nv++]))
			return false;
		blanks(s);
		if (peek(s) != ',')
			break;
		punct(s);
	}
	if (peek(s) != ')')
		return false;
	punct(s);
	bool *seen = sched ? &it->has_sched : req ? &it->has_req : &it->has_wsb;
	if (*seen)
		return false;
	*seen = true;
	if (sched) {
		it->stall = v[0];
		it->sched_col = col;
		if (nv == 2) {
			it->has_yield = true;
			it->yield = v[1];
		}
	} else if (req) {
		it->req = v[0];
		it->req_col = col;
	} else {
		it->wsb = v[0];
		it->wsb_col = col;
	}
	return true;
}

static inline bool stmt_end(unsigned char ch, const scan *s)
{
	return ch == ';' || ch == '\n' || s->p >= s->end;
}

/* Blank statements before the next one (what asm_lex_statement skips when
 * they hold no comment); false at the end of input. */
static bool skip_blank(asm_lexer *lx)
{
	for (;;) {
		scan s = {lx->p, lx->end, lx->line_start, 0};
		blanks(&s);
		if (s.p >= s.end) {
			lx->p = s.p;
			return false;
		}
		if (*s.p == ';') {
			lx->p = s.p + 1;
		} else if (*s.p == '\n') {
			lx->p = s.p + 1;
			lx->line++;
			lx->line_start = lx->p;
		} else {
			return true;
		}
	}
}

int asm_scan_inst(asm_ctx *c, asm_inst_text *it, asm_tok tok[2], int *col)
{
	asm_lexer *lx = &c->lx;
	if (!skip_blank(lx))
		return -1;
	scan s = {lx->p, lx->end, lx->line_start, 0};
	/* listings indent a lot: 8 blanks at a time */
	while (s.end - s.p >= 8 && !memcmp(s.p, "        ", 8))
		s.p += 8;
	blanks(&s);
	*col = col_at(&s, s.p);
	it->has_guard = it->guard_not = false;
	it->noperands = 0;
	it->has_sched = it->has_yield = it->has_req = it->has_wsb = false;
	if (peek(&s) == '@') {
		it->has_guard = true;
		punct(&s);
		if (peek(&s) == '!') {
			it->guard_not = true;
			punct(&s);
		}
		if (!(cls_of(peek(&s)) & ASM_C_IDSTART))
			return 0;
		tok[0] = (asm_tok){.kind = ASM_T_IDENT, .col = col_at(&s, s.p)};
		tok[0].len = ident(&s, &tok[0].s);
		it->guard = &tok[0];
		blanks(&s);
	}
	unsigned char ch = peek(&s);
	if (!(cls_of(ch) & ASM_C_IDSTART) || ch == '.' || ch == '$')
		return 0; /* directives, labels .L_x:, errors */
	tok[1] = (asm_tok){.kind = ASM_T_IDENT, .col = col_at(&s, s.p)};
	tok[1].len = ident(&s, &tok[1].s);
	it->mnem = &tok[1];
	blanks(&s);
	ch = peek(&s);
	if (ch == ':')
		return 0; /* a label */
	if (!stmt_end(ch, &s) && ch != '$') {
		for (;;) {
			if (it->noperands == ASM_MAX_OPERANDS ||
			    !operand(c, &s, &it->ops[it->noperands]))
				return 0;
			it->noperands++;
			if (peek(&s) == ',')
				punct(&s);
			else if (peek(&s) != '`')
				break;
		}
	}
	while (peek(&s) == '$')
		if (!control(&s, it))
			return 0;
	ch = peek(&s);
	if (!stmt_end(ch, &s) || s.ntok >= ASM_MAX_TOKS - 1)
		return 0;
	/* the statement is ours: where it starts, then past its end */
	if (lx->p == lx->line_start)
		lx->has_listing = false;
	c->line = lx->line;
	c->line_start = lx->line_start;
	lx->p = s.p;
	if (s.p < s.end) {
		lx->p++;
		if (ch == '\n') {
			lx->line++;
			lx->line_start = lx->p;
		}
	}
	return 1;
}
