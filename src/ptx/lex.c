/*
 * lex.c - PTX text -> token array.
 *
 * Requires: the module's text (need not end in NUL) and its arena.
 * Produces: c->toks, ending with one EOF token.  Comments (// and / * * /)
 * are skipped.  Identifiers include the dots of opcodes and special
 * registers (ld.global.u32, %tid.x) and `::` (shared::cta); a single ':'
 * ends a label.  Numbers: decimal, 0x hex, 0b binary, leading-0 octal,
 * optional U suffix; 0fXXXXXXXX and 0dXXXXXXXXXXXXXXXX float bits; decimal
 * floats (1.5, 1e-3).  Errors (stray characters, unterminated comments or
 * strings, malformed numbers) are reported and lexing goes on.
 */
#include <stdlib.h>
#include <string.h>

#include "ptx/ptx.h"

enum { C_ID = 1, C_START = 2, C_DIGIT = 4, C_HEX = 8 };

static unsigned char cls[256];

static void init_classes(void)
{
	if (cls['a'])
		return;
	for (int ch = 0; ch < 256; ch++) {
		unsigned char k = 0;
		if ((ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') ||
		    ch == '_' || ch == '$' || ch == '%')
			k |= C_ID | C_START;
		if (ch >= '0' && ch <= '9')
			k |= C_ID | C_DIGIT | C_HEX;
		if ((ch >= 'a' && ch <= 'f') || (ch >= 'A' && ch <= 'F'))
			k |= C_HEX;
		cls[ch] = k;
	}
}

typedef struct lexer {
	ptx_ctx *c;
	const char *p, *end, *line_start;
	int line;
} lexer;

static ptx_pos pos_of(const lexer *lx, const char *q)
{
	return (ptx_pos){lx->line, (int)(q - lx->line_start) + 1};
}

static ptx_tok *push(lexer *lx, ptx_tok_kind k, const char *s, int len)
{
	ptx_ctx *c = lx->c;
	if (c->ntoks == c->cap) {
		/* first a guess from the text left (a token per 4 bytes or
		 * fewer: comments and blanks), then doubling; not cleared
		 * (each token is below), so the pages a guess over-reaches
		 * are never touched */
		size_t left = (size_t)(lx->end - lx->p) / 4;
		int cap = c->cap ? c->cap * 2 : 1024 + (int)(left < (1u << 24) ? left : 1u << 24);
		ptx_tok *t = ptx_alloc_raw(&c->m->arena, (size_t)cap * sizeof *t);
		if (c->ntoks)
			memcpy(t, c->toks, (size_t)c->ntoks * sizeof *t);
		c->toks = t;
		c->cap = cap;
	}
	ptx_tok *t = &c->toks[c->ntoks++];
	memset(t, 0, sizeof *t);
	t->kind = k;
	t->s = s;
	t->len = len;
	t->pos = pos_of(lx, s);
	return t;
}

static void lex_error(lexer *lx, const char *at, const char *msg)
{
	ptx_error(lx->c->m, lx->c->d, pos_of(lx, at), "%s", msg);
	lx->c->errors++;
}

static int hexval(unsigned char ch)
{
	return ch <= '9' ? ch - '0' : (ch | 0x20) - 'a' + 10;
}

/* An identifier continues over [A-Za-z0-9_$%], over '.' followed by an
 * identifier character, and over "::". */
static const char *scan_id(const lexer *lx, const char *q)
{
	for (;;) {
		while (q < lx->end && (cls[(unsigned char)*q] & C_ID))
			q++;
		if (q + 1 < lx->end && q[0] == '.' && (cls[(unsigned char)q[1]] & C_ID))
			q++;
		else if (q + 2 < lx->end && q[0] == ':' && q[1] == ':' &&
			 (cls[(unsigned char)q[2]] & C_ID))
			q += 2;
		else
			return q;
	}
}

static void lex_number(lexer *lx)
{
	const char *s = lx->p, *q = s;
	ptx_tok *t;
	/* 0f / 0d float bit patterns */
	if (q + 1 < lx->end && q[0] == '0' && (q[1] == 'f' || q[1] == 'F' || q[1] == 'd' || q[1] == 'D')) {
		int want = (q[1] | 0x20) == 'f' ? 8 : 16;
		const char *h = q + 2;
		uint64_t v = 0;
		int n = 0;
		while (h < lx->end && (cls[(unsigned char)*h] & C_HEX)) {
			v = v << 4 | (uint64_t)hexval((unsigned char)*h);
			h++, n++;
		}
		t = push(lx, PTX_TK_FLOAT, s, (int)(h - s));
		t->spell = want == 8 ? PTX_IMM_F32 : PTX_IMM_F64;
		t->ival = v;
		if (n != want || (h < lx->end && (cls[(unsigned char)*h] & C_ID)))
			lex_error(lx, s, want == 8 ? "0f literal needs exactly 8 hex digits"
						   : "0d literal needs exactly 16 hex digits");
		while (h < lx->end && (cls[(unsigned char)*h] & C_ID))
			h++;
		t->len = (int)(h - s);
		lx->p = h;
		return;
	}
	/* decimal float? digits '.' or exponent */
	const char *d = q;
	while (d < lx->end && (cls[(unsigned char)*d] & C_DIGIT))
		d++;
	if (d < lx->end && (*d == '.' || *d == 'e' || *d == 'E')) {
		bool isfloat = *d == '.';
		if (!isfloat) { /* 1e5: digits then e then [+-]digit */
			const char *e = d + 1;
			if (e < lx->end && (*e == '+' || *e == '-'))
				e++;
			isfloat = e < lx->end && (cls[(unsigned char)*e] & C_DIGIT);
		}
		if (isfloat) {
			char buf[128];
			size_t n = 0;
			const char *e = s;
			while (e < lx->end && n + 1 < sizeof buf &&
			       ((cls[(unsigned char)*e] & C_DIGIT) || *e == '.' ||
				((*e == 'e' || *e == 'E')) ||
				((*e == '+' || *e == '-') && (e[-1] == 'e' || e[-1] == 'E'))))
				buf[n++] = *e++;
			buf[n] = '\0';
			double f = strtod(buf, NULL);
			t = push(lx, PTX_TK_FLOAT, s, (int)(e - s));
			t->spell = PTX_IMM_DECFLOAT;
			memcpy(&t->ival, &f, sizeof f);
			lx->p = e;
			return;
		}
	}
	int base = 10, spell = PTX_IMM_DEC;
	if (q + 1 < lx->end && q[0] == '0' && (q[1] == 'x' || q[1] == 'X'))
		base = 16, spell = PTX_IMM_HEX, q += 2;
	else if (q + 1 < lx->end && q[0] == '0' && (q[1] == 'b' || q[1] == 'B'))
		base = 2, spell = PTX_IMM_BIN, q += 2;
	else if (q + 1 < lx->end && q[0] == '0' && (cls[(unsigned char)q[1]] & C_DIGIT))
		base = 8, spell = PTX_IMM_OCT, q += 1;
	uint64_t v = 0;
	bool over = false, bad = false;
	const char *digits = q;
	while (q < lx->end && (cls[(unsigned char)*q] & C_HEX)) {
		int dv = hexval((unsigned char)*q);
		if (dv >= base)
			break;
		if (v > (UINT64_MAX - (uint64_t)dv) / (uint64_t)base)
			over = true;
		v = v * (uint64_t)base + (uint64_t)dv;
		q++;
	}
	if (q == digits)
		bad = true;
	t = push(lx, PTX_TK_INT, s, 0);
	t->spell = spell;
	t->ival = v;
	t->overflow = over;
	if (q < lx->end && (*q == 'U' || *q == 'u'))
		t->usfx = true, q++;
	if (q < lx->end && (cls[(unsigned char)*q] & C_ID))
		bad = true;
	while (q < lx->end && (cls[(unsigned char)*q] & C_ID))
		q++;
	t->len = (int)(q - s);
	if (bad)
		lex_error(lx, s, "malformed number");
	else if (over)
		lex_error(lx, s, "integer literal does not fit in 64 bits");
	lx->p = q;
}

void ptx_lex(ptx_ctx *c, const char *text, size_t len)
{
	init_classes();
	lexer lx = {c, text, text + len, text, 1};
	while (lx.p < lx.end) {
		const char *q = lx.p;
		unsigned char ch = (unsigned char)*q;
		if (ch == '\n') {
			lx.line++;
			lx.line_start = ++lx.p;
			continue;
		}
		if (ch == ' ' || ch == '\t' || ch == '\r' || ch == '\f' || ch == '\v') {
			lx.p++;
			continue;
		}
		if (ch == '/' && q + 1 < lx.end && q[1] == '/') {
			/* to the end of the line (the corpus's //! lines are long) */
			const char *nl = memchr(lx.p, '\n', (size_t)(lx.end - lx.p));
			lx.p = nl ? nl : lx.end;
			continue;
		}
		if (ch == '/' && q + 1 < lx.end && q[1] == '*') {
			const char *e = q + 2;
			while (e + 1 < lx.end && !(e[0] == '*' && e[1] == '/')) {
				if (*e == '\n') {
					lx.line++;
					lx.line_start = e + 1;
				}
				e++;
			}
			if (e + 1 >= lx.end) {
				lex_error(&lx, q, "unterminated /* comment");
				lx.p = lx.end;
				break;
			}
			lx.p = e + 2;
			continue;
		}
		if (ch == '"') {
			const char *e = q + 1;
			while (e < lx.end && *e != '"' && *e != '\n')
				e += (*e == '\\' && e + 1 < lx.end && e[1] != '\n') ? 2 : 1;
			if (e >= lx.end || *e != '"') {
				lex_error(&lx, q, "unterminated string");
				lx.p = e;
				continue;
			}
			push(&lx, PTX_TK_STRING, q, (int)(e + 1 - q));
			lx.p = e + 1;
			continue;
		}
		if (cls[ch] & C_DIGIT) {
			lx.p = q;
			lex_number(&lx);
			continue;
		}
		if (ch == '.' && q + 1 < lx.end && (cls[(unsigned char)q[1]] & C_ID)) {
			const char *e = scan_id(&lx, q + 1);
			push(&lx, PTX_TK_DIR, q, (int)(e - q));
			lx.p = e;
			continue;
		}
		if (cls[ch] & C_START) {
			const char *e = scan_id(&lx, q);
			push(&lx, PTX_TK_ID, q, (int)(e - q));
			lx.p = e;
			continue;
		}
		if (strchr(",;:{}[]()+-<>@!|=*/&^~", ch) && ch) {
			push(&lx, PTX_TK_PUNCT, q, 1);
			lx.p++;
			continue;
		}
		lex_error(&lx, q, "stray character in PTX");
		lx.p++;
	}
	push(&lx, PTX_TK_EOF, lx.end, 0);
}
