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
#include <stddef.h>
#include <string.h>

#include "asm/index.h" /* asm_guess_find, asm_guess_fill */

/*
 * The statement's surroundings; the position itself is passed along as a
 * plain pointer (it stays in a register), NULL meaning "not plain".  The
 * scan stays inside one line that ends in '\n' (a line without one is left
 * to lex.c): no character class holds '\n', so every loop stops there and
 * no read needs a bounds check.
 */
typedef struct scan {
	const char *line_start;
} scan;

static inline unsigned char cls_of(unsigned char ch)
{
	return asm_char_class[ch];
}

static inline unsigned char at(const scan *s, const char *p)
{
	(void)s;
	return (unsigned char)*p;
}

static inline const char *blanks(const scan *s, const char *p)
{
	(void)s;
	while (cls_of((unsigned char)*p) & ASM_C_SPACE)
		p++;
	return p;
}

static inline int col_at(const scan *s, const char *p)
{
	return (int)(p - s->line_start) + 1;
}

/* The end of the identifier at p (p is an identifier start). */
static inline const char *ident_end(const scan *s, const char *p)
{
	(void)s;
	p++;
	while (cls_of((unsigned char)*p) & ASM_C_ID)
		p++;
	return p;
}

static inline bool digit_at(const scan *s, const char *p)
{
	return cls_of(at(s, p)) & ASM_C_DIGIT;
}

/* A hex digit's value + 1, 0 for other bytes */
static const unsigned char hex1[256] = {
	['0'] = 1, ['1'] = 2, ['2'] = 3, ['3'] = 4, ['4'] = 5, ['5'] = 6,
	['6'] = 7, ['7'] = 8, ['8'] = 9, ['9'] = 10,
	['a'] = 11, ['b'] = 12, ['c'] = 13, ['d'] = 14, ['e'] = 15, ['f'] = 16,
	['A'] = 11, ['B'] = 12, ['C'] = 13, ['D'] = 14, ['E'] = 15, ['F'] = 16,
};

/* The integer at p (a digit); NULL for what lex.c makes a float, a bad
 * number or an overflow of. */
static ASM_INLINE const char *number(const scan *s, const char *p,
				      uint64_t *out)
{
	uint64_t v = 0;
	if (p[0] == '0' && (p[1] | 0x20) == 'x') {
		const char *digits = p += 2;
		for (unsigned d; (d = hex1[(unsigned char)*p] - 1u) < 16; p++) {
			if (v >> 60)
				return NULL;
			v = v * 16 + d;
		}
		if (p == digits)
			return NULL;
	} else {
		for (unsigned d; (d = (unsigned)(unsigned char)*p - '0') <= 9; p++) {
			if (v > (UINT64_MAX - d) / 10)
				return NULL;
			v = v * 10 + d;
		}
	}
	if (cls_of((unsigned char)*p) & ASM_C_ID)
		return NULL; /* 1.5, 1e3, 0x1g */
	*out = v;
	return blanks(s, p);
}

/* An offset's sign: '+', '-' or "+-" and the blanks after it; *neg set
 * for a minus, *had for any sign; p unchanged when there is none. */
static inline const char *sign(const scan *s, const char *p, bool *neg,
				      bool *had)
{
	unsigned char ch = at(s, p);
	if (ch != '+' && ch != '-')
		return p;
	*had = true;
	*neg = ch == '-';
	p = blanks(s, p + 1);
	if (!*neg && at(s, p) == '-') {
		*neg = true;
		p = blanks(s, p + 1);
	}
	return p;
}

/* The offset inside [...]: [+|-] INT (parse.c parse_offset). */
static const char *offset(const scan *s, const char *p, asm_operand *o,
			  bool need_sign)
{
	o->off_col = col_at(s, p);
	bool neg = false, had = false;
	p = sign(s, p, &neg, &had);
	if (need_sign && !had)
		return NULL;
	if (!digit_at(s, p) || !(p = number(s, p, &o->mag)))
		return NULL;
	o->neg = neg && o->mag != 0;
	return p;
}

/* [Ra{.64}{+off}] or [off]; p is at '[' */
static const char *address(const scan *s, const char *p, asm_operand *o)
{
	p = blanks(s, p + 1);
	if (cls_of(at(s, p)) & ASM_C_IDSTART) {
		const char *e = ident_end(s, p);
		o->has_reg = true;
		o->reg_col = col_at(s, p);
		o->name = p;
		o->nlen = (int)(e - p);
		if (o->nlen > 3 && !memcmp(e - 3, ".64", 3)) {
			o->is64 = true;
			o->nlen -= 3;
		}
		p = blanks(s, e);
		if (at(s, p) != ']' && !(p = offset(s, p, o, true)))
			return NULL;
	} else if (!(p = offset(s, p, o, false))) {
		return NULL;
	}
	return at(s, p) == ']' ? blanks(s, p + 1) : NULL;
}

/* c[bank][...]; p is at the first '[' */
static const char *cmem(const scan *s, const char *p, asm_operand *o)
{
	o->kind = ASM_O_CMEM;
	p = blanks(s, p + 1);
	o->bank_col = col_at(s, p);
	if (!digit_at(s, p) || !(p = number(s, p, &o->bank)) || at(s, p) != ']')
		return NULL;
	p = blanks(s, p + 1);
	return at(s, p) == '[' ? address(s, p, o) : NULL;
}

/* `(name): the expression node parse_unary makes of it; p is at '`' */
static const char *backtick(asm_ctx *c, const scan *s, const char *p,
			    asm_operand *o)
{
	p = blanks(s, p + 1);
	if (at(s, p) != '(')
		return NULL;
	p = blanks(s, p + 1);
	if (!(cls_of(at(s, p)) & ASM_C_IDSTART))
		return NULL;
	const char *name = p;
	p = ident_end(s, p);
	int len = (int)(p - name);
	p = blanks(s, p);
	if (at(s, p) != ')')
		return NULL;
	asm_expr *x = asm_alloc(c, sizeof *x);
	if (!x)
		return NULL;
	x->op = len == 1 && name[0] == '.' ? '.' : 's';
	x->col = col_at(s, name);
	x->name = name;
	x->len = len;
	o->kind = ASM_O_EXPR;
	o->expr = x;
	return blanks(s, p + 1);
}

/* o = (asm_operand){.col = col} up to the values asm_match sets itself
 * (regmask, zeromask, regnum and sig: classify_sig sets them for every
 * operand before anything reads them): one copy of a blank record, which
 * compiles to a few wide stores (the compound literal became a `rep stos`
 * of the whole 128 bytes, a third of the scan's cycles). */
static const asm_operand blank_op = {.kind = ASM_O_NAME};

static inline void op_init(asm_operand *o, int col)
{
	memcpy(o, &blank_op, offsetof(asm_operand, regmask));
	o->col = col;
}

/* One operand (parse.c parse_operand) and the blanks after it. */
static const char *operand(asm_ctx *c, const scan *s, const char *p,
			   asm_operand *o)
{
	op_init(o, col_at(s, p));
	unsigned char ch = at(s, p);
	if (ch == '!' || ch == '~') {
		o->lnot = ch == '!';
		o->bitnot = ch == '~';
		p = blanks(s, p + 1);
		ch = at(s, p);
		if (!(cls_of(ch) & ASM_C_IDSTART))
			return NULL;
	}
	if (cls_of(ch) & ASM_C_IDSTART) {
		const char *e = ident_end(s, p);
		o->name = p;
		o->nlen = (int)(e - p);
		p = blanks(s, e);
		if (at(s, p) == '[') /* R[8:9]: parse.c */
			return o->nlen == 1 && o->name[0] == 'c' && !o->lnot
				       ? cmem(s, p, o)
				       : NULL;
		o->kind = ASM_O_NAME;
		return p;
	}
	if (o->lnot || o->bitnot)
		return NULL;
	if (ch == '[') {
		o->kind = ASM_O_MEM;
		return address(s, p, o);
	}
	if (ch == '`')
		return backtick(c, s, p, o);
	bool neg = false;
	if (ch == '-' || ch == '+') {
		neg = ch == '-';
		p = blanks(s, p + 1);
	}
	if (!digit_at(s, p) || !(p = number(s, p, &o->mag)))
		return NULL;
	o->kind = ASM_O_INT;
	o->neg = neg && o->mag != 0;
	return p;
}

/* $sched(S[,Y]) $req(M) $wsb(N) (parse.c parse_control); p is at '$' */
static const char *control(const scan *s, const char *p, asm_inst_text *it)
{
	int col = col_at(s, p);
	const char *e = ident_end(s, p);
	int len = (int)(e - p);
	bool sched = len == 6 && !memcmp(p, "$sched", 6),
	     req = len == 4 && !memcmp(p, "$req", 4),
	     wsb = len == 4 && !memcmp(p, "$wsb", 4);
	if (!sched && !req && !wsb)
		return NULL;
	p = blanks(s, e);
	if (at(s, p) != '(')
		return NULL;
	p = blanks(s, p + 1);
	uint64_t v[2] = {0, 0};
	int nv = 0;
	for (;;) {
		if (nv == 2 || (nv == 1 && !sched) || !digit_at(s, p) ||
		    !(p = number(s, p, &v[nv++])))
			return NULL;
		if (at(s, p) != ',')
			break;
		p = blanks(s, p + 1);
	}
	if (at(s, p) != ')')
		return NULL;
	bool *seen = sched ? &it->has_sched : req ? &it->has_req : &it->has_wsb;
	if (*seen)
		return NULL;
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
	return blanks(s, p + 1);
}

/* ---- a line read by the guess of its word's last selection ---------- */

/*
 * The name g says at p: g's register prefix and 1-9 digits (the number in
 * *num; the end of the digits is returned, the caller checks what
 * follows), or exactly g's bytes as an identifier (with is64, followed by
 * ".64", which address() takes off; *num: what classify gives it).  The
 * name goes to o->name and o->nlen (what the line's labels need); NULL
 * when the text differs.
 */
static ASM_INLINE const char *guess_name(const scan *s, const char *p,
					  const asm_gname *g, bool is64,
					  asm_operand *o, uint32_t *num)
{
	const char *k = (const char *)g->k;
	o->name = p;
	if (g->digits) {
		if (p[0] != k[0]) /* (an empty prefix is never taken) */
			return NULL;
		for (int i = 1; i < g->len; i++)
			if (p[i] != k[i])
				return NULL;
		const char *d = p + g->len, *q;
		/* R7, R42, R123 without a loop; longer numbers go on below */
		uint32_t v = (unsigned)(unsigned char)d[0] - '0', x;
		if (v > 9)
			return NULL;
		if ((x = (unsigned)(unsigned char)d[1] - '0') > 9) {
			q = d + 1;
		} else {
			v = v * 10 + x;
			for (q = d + 2; (x = (unsigned)(unsigned char)*q - '0') <= 9; q++)
				v = v * 10 + x; /* (more than 9 digits: not taken) */
			if (q - d > 9)
				return NULL;
		}
		o->nlen = (int)(q - p);
		*num = v;
		if (is64) {
			if (q[0] != '.' || q[1] != '6' || q[2] != '4')
				return NULL;
			q += 3;
		}
		return cls_of((unsigned char)*q) & ASM_C_ID ? NULL : q;
	}
	if (!(cls_of(at(s, p)) & ASM_C_IDSTART))
		return NULL;
	const char *e = ident_end(s, p), *end = e;
	if (is64) {
		if (e - p <= 3 || memcmp(e - 3, ".64", 3))
			return NULL;
		e -= 3;
	}
	if (e - p != g->len)
		return NULL;
	for (int i = 0; i < g->len; i++)
		if (p[i] != k[i])
			return NULL;
	o->nlen = g->len;
	*num = g->regnum;
	return end;
}

/* A register of g's one-byte prefix and 1-9 digits at p (with is64,
 * followed by ".64"), its number in *num: guess_name's digits without the
 * operand record; where it ends, NULL when the text differs. */
static ASM_INLINE const char *guess_reg(const char *p, const asm_gop *g,
					bool is64, uint32_t *num)
{
	const char *q = p + 1;
	uint32_t v, x;
	if (p[0] != ((const char *)g->nm.k)[0] ||
	    (v = (unsigned)(unsigned char)q[0] - '0') > 9)
		return NULL;
	if ((x = (unsigned)(unsigned char)q[1] - '0') > 9) { /* R7 */
		q++;
	} else { /* R42, R123, ... */
		v = v * 10 + x;
		const char *d = q;
		for (q += 2; (x = (unsigned)(unsigned char)*q - '0') <= 9; q++)
			v = v * 10 + x;
		if (q - d > 9)
			return NULL;
	}
	if (is64) {
		if (q[0] != '.' || q[1] != '6' || q[2] != '4')
			return NULL;
		q += 3;
	}
	*num = v;
	return cls_of((unsigned char)*q) & ASM_C_ID ? NULL : q;
}

/* The register number num (nregs registers from it) into
 * field f of w, counted in *mr (fast_fill's fast_reg); false when it is
 * out of range. */
static inline bool put_reg(const asm_fast_field *f, uint32_t num,
			   uint32_t nregs, isa_word *w, uint32_t *mr)
{
	if (num >= f->lim)
		return false;
	if (f->gpr && num + nregs > *mr)
		*mr = num + nregs;
	asm_fast_put(w, f, num);
	return true;
}

/*
 * One operand as g says, and the blanks after it; NULL when it is not so
 * or a value is out of range.  The registers, numbers, addresses and
 * constants go straight into w (with fast_fill's checks); names, enum
 * operands and labels leave in o what asm_guess_fill and fast_syms read
 * (what operand() would make of them).
 */
static const char *guess_operand(asm_ctx *c, const scan *s, const char *p,
				 const asm_guess *gs, const asm_gop *g,
				 asm_operand *o, isa_word *w, uint32_t *mr)
{
	uint32_t num; /* a register's number */
	if (g->kind == ASM_G_REG) {
		/* nothing in o: no later step reads a register's record */
		if (!(p = guess_reg(p, g, false, &num)) ||
		    !put_reg(&g->f, num, 1, w, mr))
			return NULL;
		p = blanks(s, p);
		return at(s, p) == '[' ? NULL : p;
	}
	if (g->kind == ASM_G_EXACT) {
		/* guess_name's exact bytes; nothing in o (no later step
		 * reads it) */
		if (g->pre) {
			if (at(s, p) != g->pre)
				return NULL;
			p = blanks(s, p + 1);
		}
		int len = g->nm.len;
		for (int i = 0; i < len; i++)
			if (p[i] != ((const char *)g->nm.k)[i])
				return NULL;
		p += len;
		if (cls_of((unsigned char)*p) & ASM_C_ID)
			return NULL;
		p = blanks(s, p);
		return at(s, p) == '[' ? NULL : p;
	}
	if (g->kind == ASM_G_MEMR) {
		/* [Ra{.64}{+-off}]: address() and offset() without o */
		if (at(s, p) != '[')
			return NULL;
		p = blanks(s, p + 1);
		if (!(p = guess_reg(p, g, g->is64, &num)) ||
		    !put_reg(&g->f, num, g->is64 ? 2 : 1, w, mr))
			return NULL;
		p = blanks(s, p);
		uint64_t mag = 0;
		bool neg = false;
		unsigned char ch = at(s, p);
		if (ch != ']') {
			if (ch != '+' && ch != '-')
				return NULL;
			neg = ch == '-';
			p = blanks(s, p + 1);
			if (!neg && at(s, p) == '-') {
				neg = true;
				p = blanks(s, p + 1);
			}
			if (!digit_at(s, p) || !(p = number(s, p, &mag)))
				return NULL;
			neg = neg && mag != 0;
		}
		if (!g->has_g) {
			if (mag)
				return NULL;
		} else if (asm_fits(g->g.sgn, g->g.width, mag, neg)) {
			asm_fast_put(w, &g->g, neg ? 0 - mag : mag);
		} else {
			return NULL;
		}
		return at(s, p) == ']' ? blanks(s, p + 1) : NULL;
	}
	switch ((asm_gkind)g->kind) {
	case ASM_G_NAME:
		if (g->sym) /* a label (fast_syms) */
			o->col = col_at(s, p);
		if (g->pre) {
			if (at(s, p) != g->pre)
				return NULL;
			p = blanks(s, p + 1);
		}
		if (!(p = guess_name(s, p, &g->nm, false, o, &num)) ||
		    (g->has_f && !put_reg(&g->f, num, 1, w, mr)))
			return NULL;
		break;
	case ASM_G_ENUM:
		if (g->pre) {
			if (at(s, p) != g->pre)
				return NULL;
			p = blanks(s, p + 1);
		}
		if (!(cls_of(at(s, p)) & ASM_C_IDSTART))
			return NULL;
		o->name = p;
		p = ident_end(s, p);
		o->nlen = (int)(p - o->name);
		break;
	case ASM_G_LABEL:
		if (!gs->label_first[at(s, p)])
			return NULL;
		o->col = col_at(s, p);
		o->name = p;
		p = ident_end(s, p);
		o->nlen = (int)(p - o->name);
		break;
	case ASM_G_INT: {
		unsigned char ch = at(s, p);
		bool neg = false;
		if (ch == '-' || ch == '+') {
			neg = ch == '-';
			p = blanks(s, p + 1);
		}
		uint64_t mag;
		if (!digit_at(s, p) || !(p = number(s, p, &mag)))
			return NULL;
		neg = neg && mag != 0;
		if (!asm_fits(g->f.sgn, g->f.width, mag, neg))
			return NULL;
		asm_fast_put(w, &g->f, neg ? 0 - mag : mag);
		return p;
	}
	case ASM_G_MEM:
		if (at(s, p) != '[')
			return NULL;
		p = blanks(s, p + 1);
		o->mag = 0;
		o->neg = false;
		if (!g->has_reg) {
			if ((cls_of(at(s, p)) & ASM_C_IDSTART) ||
			    !(p = offset(s, p, o, false)))
				return NULL;
		} else {
			if (!(p = guess_name(s, p, &g->nm, g->is64, o, &num)) ||
			    (g->has_f && !put_reg(&g->f, num, g->is64 ? 2 : 1, w, mr)))
				return NULL;
			p = blanks(s, p);
			if (at(s, p) != ']' && !(p = offset(s, p, o, true)))
				return NULL;
		}
		if (!g->has_g) {
			if (o->mag)
				return NULL;
		} else if (asm_fits(g->g.sgn, g->g.width, o->mag, o->neg)) {
			asm_fast_put(w, &g->g, o->neg ? 0 - o->mag : o->mag);
		} else {
			return NULL;
		}
		return at(s, p) == ']' ? blanks(s, p + 1) : NULL;
	case ASM_G_CMEM: {
		/* c[bank][off]: cmem() and offset() without o (a register in
		 * the second brackets is not this guess's) */
		if (at(s, p) != 'c' || (cls_of(at(s, p + 1)) & ASM_C_ID))
			return NULL;
		p = blanks(s, p + 1);
		if (at(s, p) != '[')
			return NULL;
		p = blanks(s, p + 1);
		uint64_t bank, off;
		if (!digit_at(s, p) || !(p = number(s, p, &bank)) || at(s, p) != ']')
			return NULL;
		p = blanks(s, p + 1);
		if (at(s, p) != '[')
			return NULL;
		p = blanks(s, p + 1);
		bool neg = false, had = false;
		p = sign(s, p, &neg, &had);
		if (!digit_at(s, p) || !(p = number(s, p, &off)) || at(s, p) != ']')
			return NULL;
		if (bank > g->bank_lim || (neg && off != 0) || off > g->off_lim)
			return NULL;
		asm_fast_put(w, &g->f, (bank << g->bank_pos) | (off << g->off_pos));
		return blanks(s, p + 1);
	}
	case ASM_G_TICK:
		o->col = col_at(s, p);
		return at(s, p) == '`' ? backtick(c, s, p, o) : NULL;
	case ASM_G_REG: /* read above */
	case ASM_G_MEMR:
	case ASM_G_EXACT:
		return NULL;
	}
	/* a name: what operand() does after it */
	o->kind = ASM_O_NAME;
	p = blanks(s, p);
	return at(s, p) == '[' ? NULL : p;
}

/* The operands of a line as guess g says, into w (from g's word) and
 * *mr and what it needs; where they end, NULL when the line does not look
 * so.  p is past the mnemonic's blanks. */
static const char *guess_line(asm_ctx *c, const scan *s, const char *p,
			      const asm_guess *g, asm_inst_text *it,
			      isa_word *w, uint32_t *mr)
{
	*w = g->base;
	*mr = g->maxreg;
	int n = g->n;
	unsigned char ch = at(s, p);
	if ((ch == ';' || ch == '\n' || ch == '$') != (n == 0))
		return NULL;
	for (int k = 0; k < n; k++) {
		if (k && at(s, p) != ',')
			return NULL;
		if (k)
			p = blanks(s, p + 1);
		if (!(p = guess_operand(c, s, p, g, &g->op[k], &it->ops[k], w, mr)))
			return NULL;
	}
	if (at(s, p) == ',' || at(s, p) == '`')
		return NULL;
	it->noperands = n;
	return p;
}

/* Blank statements before the next one (what asm_lex_statement skips when
 * they hold no comment; lx->p stays at the start of the next one); its
 * first non-blank byte, NULL at the end of input. */
static const char *skip_blank(asm_lexer *lx)
{
	/* the usual statement: 8 blanks, then a word */
	if (lx->end - lx->p > 8 &&
	    load8(lx->p) == UINT64_C(0x2020202020202020) &&
	    (cls_of((unsigned char)lx->p[8]) & ASM_C_IDSTART))
		return lx->p + 8;
	for (;;) {
		const char *p = lx->p;
		/* listings indent a lot: 8 blanks at a time */
		while (lx->end - p >= 8 && !memcmp(p, "        ", 8))
			p += 8;
		while (p < lx->end && (cls_of((unsigned char)*p) & ASM_C_SPACE))
			p++;
		if (p >= lx->end) {
			lx->p = p;
			return NULL;
		}
		if (*p == ';') {
			lx->p = p + 1;
		} else if (*p == '\n') {
			lx->p = p + 1;
			lx->line++;
			lx->line_start = lx->p;
		} else {
			return p;
		}
	}
}

/* The control slots after the operands and the statement's end (';' or
 * '\n', where the result points); NULL when lex.c must take it. */
static const char *line_end(const scan *s, const char *p, const char *start,
			    asm_inst_text *it)
{
	while (at(s, p) == '$')
		if (!(p = control(s, p, it)))
			return NULL;
	unsigned char ch = at(s, p);
	if ((ch != ';' && ch != '\n') || p - start >= ASM_MAX_TOKS - 1)
		return NULL; /* or lex.c might find more tokens than it takes */
	return p;
}

/* The statement is ours (r): where it starts, then past its end p. */
static ASM_INLINE int take(asm_ctx *c, const char *p, int r)
{
	asm_lexer *lx = &c->lx;
	if (lx->p == lx->line_start)
		lx->has_listing = false;
	c->line = lx->line;
	c->line_start = lx->line_start;
	lx->p = p + 1;
	if (*p == ';') { /* a blank rest of the line: skip_blank's work */
		do
			p++;
		while (cls_of((unsigned char)*p) & ASM_C_SPACE);
		if (*p != '\n')
			return r;
		lx->p = p + 1;
	}
	lx->line++;
	lx->line_start = lx->p;
	return r;
}

int asm_scan_inst(asm_ctx *c, asm_inst_text *it, asm_tok tok[2], int *col)
{
	asm_lexer *lx = &c->lx;
	const char *p = skip_blank(lx), *start = p;
	if (!p)
		return -1;
	const scan s = {lx->line_start};
	if (!lx->scan_end) { /* once: past the last '\n' (text: none) */
		lx->scan_end = lx->text;
		for (const char *q = lx->end; q > lx->text; q--)
			if (q[-1] == '\n') {
				lx->scan_end = q;
				break;
			}
	}
	if (p >= lx->scan_end)
		return 0; /* the last line, without '\n': lex.c */
	*col = col_at(&s, p);
	it->has_guard = it->guard_not = false;
	it->noperands = 0;
	it->has_sched = it->has_yield = it->has_req = it->has_wsb = false;
	if (at(&s, p) == '@') {
		it->has_guard = true;
		p = blanks(&s, p + 1);
		if (at(&s, p) == '!') {
			it->guard_not = true;
			p = blanks(&s, p + 1);
		}
		if (!(cls_of(at(&s, p)) & ASM_C_IDSTART))
			return 0;
		const char *e = ident_end(&s, p);
		tok[0] = (asm_tok){.kind = ASM_T_IDENT, .s = p, .len = (int)(e - p),
				   .col = col_at(&s, p)};
		it->guard = &tok[0];
		p = blanks(&s, e);
	}
	/* the mnemonic word: a word seen before without reading its bytes
	 * (and without the test of its first byte: every cached word passed
	 * it) */
	const asm_word *wd;
	const asm_guess *g;
	int known = asm_guess_cached(c, p, &wd, &g);
	unsigned char ch = at(&s, p);
	if (!known && (!(cls_of(ch) & ASM_C_IDSTART) || ch == '.' || ch == '$'))
		return 0; /* directives, labels .L_x:, errors */
	const char *e = known ? p + known : ident_end(&s, p);
	/* field by field: the general way sets the rest below */
	tok[1].kind = ASM_T_IDENT;
	tok[1].s = p;
	tok[1].len = (int)(e - p);
	tok[1].col = col_at(&s, p);
	it->mnem = &tok[1];
	p = blanks(&s, e);
	ch = at(&s, p);
	if (ch == ':')
		return 0; /* a label */
	/* by the guess of the word's last selection; a line that does not
	 * look so (or whose values fast_fill would not take) is read again
	 * the general way */
	it->plan = NULL;
	if (!known)
		g = asm_guess_find(c, tok[1].s, tok[1].len, &wd);
	const char *q;
	isa_word w;
	uint32_t mr;
	for (bool second = false; g; second = true) {
		if ((q = guess_line(c, &s, p, g, it, &w, &mr)) &&
		    (q = line_end(&s, q, start, it)) &&
		    asm_guess_fill(c, g, it, w, mr))
			return take(c, q, 2);
		if (second)
			break;
		/* the selection before the last (a word written two ways in
		 * turn: MOV R1, 0x1 and MOV R2, c[0x0][0x10]) */
		g = asm_guess_of(c, wd, wd->prev);
		it->has_sched = it->has_yield = it->has_req = it->has_wsb = false;
	}
	tok[1].c = 0;
	tok[1].ival = 0;
	tok[1].fval = 0;
	tok[1].msg = NULL;
	it->mnem_hash = asm_hash(tok[1].s, tok[1].len); /* asm_match's key */
	it->noperands = 0;
	it->has_sched = it->has_yield = it->has_req = it->has_wsb = false;
	if (ch != ';' && ch != '\n' && ch != '$') {
		for (;;) {
			if (it->noperands == ASM_MAX_OPERANDS ||
			    !(p = operand(c, &s, p, &it->ops[it->noperands])))
				return 0;
			it->noperands++;
			if (at(&s, p) == ',')
				p = blanks(&s, p + 1);
			else if (at(&s, p) != '`')
				break;
		}
	}
	if (!(p = line_end(&s, p, start, it)))
		return 0;
	return take(c, p, 1);
}
