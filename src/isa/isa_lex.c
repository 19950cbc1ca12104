/*
 * isa_lex.c - tokens of the description language.
 *
 * Contract: takes any byte sequence (not necessarily NUL-terminated, any
 * encoding) and returns tokens with 1-based line and byte column; never
 * reads past len.  Comments (// to end of line, / * ... * /) are skipped.
 * Bytes that start no token come back one at a time as ISA_T_OTHER, so the
 * parser decides what is prose and what is an error.  Prose sections are
 * not tokenised: the parser reads them as raw text and seeks past them.
 */
#include <ctype.h>
#include <string.h>

#include "isa/isa_priv.h"

void isa_lex_init(isa_lexer *lx, const char *src, size_t len)
{
	lx->src = src;
	lx->len = len;
	lx->pos = 0;
	lx->line = 1;
	lx->col = 1;
	lx->bol = true;
}

void isa_lex_seek(isa_lexer *lx, size_t pos, int line, int col)
{
	lx->pos = pos;
	lx->line = line;
	lx->col = col;
	lx->bol = col == 1;
}

bool isa_tok_is(const isa_tok *t, const char *s)
{
	size_t n = strlen(s);
	return t->len == n && memcmp(t->text, s, n) == 0;
}

static int peekc(const isa_lexer *lx, size_t ahead)
{
	size_t p = lx->pos + ahead;
	return p < lx->len ? (unsigned char)lx->src[p] : -1;
}

static void advance(isa_lexer *lx)
{
	if (lx->pos >= lx->len)
		return;
	if (lx->src[lx->pos] == '\n') {
		lx->line++;
		lx->col = 1;
		lx->bol = true;
	} else {
		lx->col++;
	}
	lx->pos++;
}

static bool is_ident_start(int c)
{
	return c == '_' || (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z');
}

static bool is_ident_char(int c)
{
	return is_ident_start(c) || (c >= '0' && c <= '9');
}

/* Skip blanks and comments. */
static void skip_space(isa_lexer *lx)
{
	for (;;) {
		int c = peekc(lx, 0);
		if (c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\f' || c == '\v') {
			advance(lx);
		} else if (c == '/' && peekc(lx, 1) == '/') {
			while (peekc(lx, 0) != -1 && peekc(lx, 0) != '\n')
				advance(lx);
		} else if (c == '/' && peekc(lx, 1) == '*') {
			advance(lx);
			advance(lx);
			while (peekc(lx, 0) != -1 &&
			       !(peekc(lx, 0) == '*' && peekc(lx, 1) == '/'))
				advance(lx);
			advance(lx);
			advance(lx);
		} else {
			return;
		}
	}
}

/* Parse text[0..len) as a decimal or 0x number. */
static bool parse_number(const char *s, size_t n, uint64_t *out, bool *overflow)
{
	uint64_t v = 0;
	unsigned base = 10;
	size_t i = 0;
	*overflow = false;
	if (n > 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
		base = 16;
		i = 2;
	}
	if (i >= n)
		return false;
	for (; i < n; i++) {
		int c = (unsigned char)s[i], dv;
		if (c >= '0' && c <= '9')
			dv = c - '0';
		else if (base == 16 && isxdigit(c))
			dv = tolower(c) - 'a' + 10;
		else
			return false;
		if (v > (UINT64_MAX - (uint64_t)dv) / base)
			*overflow = true;
		v = v * base + (uint64_t)dv;
	}
	*out = v;
	return true;
}

static const char *const puncts2[] = {"==", "!=", "<=", ">=", "&&", "||", "<<", ">>"};
static const char puncts1[] = "<>,;:[](){}=!~&|^+-*/%.";

static void lex_word(isa_lexer *lx, isa_tok *t)
{
	int c = peekc(lx, 0);
	bool digit = c >= '0' && c <= '9';
	while (is_ident_char(peekc(lx, 0)))
		advance(lx);
	/* dotted names: pg.not, SR_TID.X */
	while (!digit && peekc(lx, 0) == '.' && is_ident_char(peekc(lx, 1))) {
		advance(lx);
		while (is_ident_char(peekc(lx, 0)))
			advance(lx);
	}
	t->len = lx->pos - t->pos;
	t->kind = ISA_T_IDENT;
	bool overflow;
	if (digit && parse_number(t->text, t->len, &t->num, &overflow)) {
		t->kind = ISA_T_NUMBER;
		t->num_ok = !overflow;
	} else if (t->len > 2 && t->text[0] == '_' && t->text[1] == '_' &&
		   is_ident_start((unsigned char)t->text[2]) && t->text[2] != '_') {
		t->kind = ISA_T_KEYWORD;
	}
}

isa_tok isa_lex_next(isa_lexer *lx)
{
	skip_space(lx);
	isa_tok t = {0};
	t.pos = lx->pos;
	t.text = lx->src + lx->pos;
	t.line = lx->line;
	t.col = lx->col;
	t.bol = lx->bol;
	lx->bol = false;
	int c = peekc(lx, 0);
	if (c == -1) {
		t.kind = ISA_T_EOF;
		return t;
	}
	if (is_ident_char(c)) {
		lex_word(lx, &t);
		return t;
	}
	if (c == '"') {
		advance(lx);
		while (peekc(lx, 0) != -1 && peekc(lx, 0) != '"' && peekc(lx, 0) != '\n')
			advance(lx);
		if (peekc(lx, 0) != '"') { /* unterminated: report the quote */
			t.kind = ISA_T_OTHER;
			t.len = 1;
			return t;
		}
		advance(lx);
		t.kind = ISA_T_STRING;
		t.text++;
		t.len = lx->pos - t.pos - 2;
		return t;
	}
	for (size_t i = 0; i < UTIL_ARRAY_LEN(puncts2); i++) {
		if (c == puncts2[i][0] && peekc(lx, 1) == puncts2[i][1]) {
			advance(lx);
			advance(lx);
			t.kind = ISA_T_PUNCT;
			t.len = 2;
			return t;
		}
	}
	advance(lx);
	t.len = 1;
	t.kind = c && strchr(puncts1, c) ? ISA_T_PUNCT : ISA_T_OTHER;
	return t;
}
