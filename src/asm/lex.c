/*
 * lex.c - assembly source -> tokens, one statement at a time.
 *
 * Requires: the source text and its length (it need not end in NUL).
 * Produces: tokens with columns; a statement ends at a newline, at ';' or at
 * the end of input.  Comments (// ..., / * ... * /, # at line start) are
 * skipped; a block comment that holds only hex digits is a listing address
 * (/ *0010* /) and is remembered so the driver can compare it with the real
 * address.  Annotations (*"..."*) are one token.  Nothing here allocates.
 */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "asm/asm.h"

/* Character classes, one table lookup per byte (asm.h). */
enum {
	C_ID = ASM_C_ID,
	C_IDSTART = ASM_C_IDSTART,
	C_DIGIT = ASM_C_DIGIT,
	C_HEX = ASM_C_HEX,
	C_SPACE = ASM_C_SPACE,
	C_PUNCT = ASM_C_PUNCT
};

unsigned char asm_char_class[256];
#define cls asm_char_class
static pthread_once_t cls_once = PTHREAD_ONCE_INIT;

/* Fills cls once per process (pthread_once: lexers may run on several
 * threads at a time, e.g. `simt test -j`). */
static void fill_classes(void)
{
	for (int ch = 0; ch < 256; ch++) {
		unsigned char k = 0;
		if ((ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') ||
		    ch == '_' || ch == '.' || ch == '$' || ch >= 0x80)
			k |= C_ID | C_IDSTART;
		if (ch >= '0' && ch <= '9')
			k |= C_ID | C_DIGIT | C_HEX;
		if ((ch >= 'a' && ch <= 'f') || (ch >= 'A' && ch <= 'F'))
			k |= C_HEX;
		if (ch == ' ' || ch == '\t' || ch == '\r' || ch == '\f' ||
		    ch == '\v')
			k |= C_SPACE;
		if (ch && strchr(",[]()+-*/~!@:`{}|=%&^<>", ch))
			k |= C_PUNCT;
		cls[ch] = k;
	}
}

void asm_lex_init(asm_lexer *lx, const char *text, size_t len)
{
	pthread_once(&cls_once, fill_classes);
	memset(lx, 0, sizeof *lx);
	lx->p = text;
	lx->text = text;
	lx->end = text + len;
	lx->line_start = text;
	lx->line = 1;
}

static inline unsigned char at(const asm_lexer *lx, const char *q)
{
	return q < lx->end ? (unsigned char)*q : 0;
}

static int col_of(const asm_lexer *lx, const char *q)
{
	return (int)(q - lx->line_start) + 1;
}

/* Skip a block comment starting at lx->p ("/ *"); false if unterminated. */
static bool skip_block(asm_lexer *lx)
{
	const char *start = lx->p;
	const char *q = lx->p + 2;
	bool hex = true;
	int ndig = 0;
	uint64_t v = 0;
	for (; q + 1 < lx->end; q++) {
		if (q[0] == '*' && q[1] == '/')
			break;
		unsigned char ch = (unsigned char)*q;
		if (ch == '\n') {
			lx->line++;
			lx->line_start = q + 1;
			hex = false;
		} else if ((cls[ch] & C_HEX) && ndig < 16) {
			v = v * 16 + (uint64_t)(ch <= '9' ? ch - '0'
						: (ch | 0x20) - 'a' + 10);
			ndig++;
		} else {
			hex = false;
		}
	}
	if (q + 1 >= lx->end) {
		lx->p = lx->end;
		return false;
	}
	if (hex && ndig > 0) {
		lx->has_listing = true;
		lx->listing_addr = v;
		lx->listing_col = col_of(lx, start);
	}
	lx->p = q + 2;
	return true;
}

static void bad(asm_tok *t, const char *msg)
{
	t->kind = ASM_T_BAD;
	t->msg = msg;
}

static void lex_number(asm_lexer *lx, asm_tok *t)
{
	const char *q = lx->p;
	uint64_t v = 0;
	bool overflow = false;
	t->kind = ASM_T_INT;
	if (q[0] == '0' && (at(lx, q + 1) | 0x20) == 'x') {
		q += 2;
		const char *digits = q;
		for (; cls[at(lx, q)] & C_HEX; q++) {
			unsigned char ch = (unsigned char)*q;
			if (v >> 60)
				overflow = true;
			v = v * 16 + (uint64_t)(ch <= '9' ? ch - '0'
						: (ch | 0x20) - 'a' + 10);
		}
		if (q == digits)
			bad(t, "hex number without digits");
	} else {
		for (; cls[at(lx, q)] & C_DIGIT; q++) {
			uint64_t d = (uint64_t)(*q - '0');
			if (v > (UINT64_MAX - d) / 10)
				overflow = true;
			v = v * 10 + d;
		}
		bool fl = false;
		if (at(lx, q) == '.' && (cls[at(lx, q + 1)] & C_DIGIT)) {
			fl = true;
			for (q++; cls[at(lx, q)] & C_DIGIT; q++)
				;
		}
		unsigned char e = at(lx, q) | 0x20;
		const char *r = q + 1;
		if (e == 'e' && (at(lx, r) == '+' || at(lx, r) == '-'))
			r++;
		if (e == 'e' && (cls[at(lx, r)] & C_DIGIT)) {
			fl = true;
			for (q = r; cls[at(lx, q)] & C_DIGIT; q++)
				;
		}
		if (fl) {
			char buf[80];
			size_t n = (size_t)(q - lx->p);
			t->kind = ASM_T_FLOAT;
			if (n >= sizeof buf) {
				bad(t, "floating-point number too long");
			} else {
				memcpy(buf, lx->p, n);
				buf[n] = '\0';
				t->fval = strtod(buf, NULL);
			}
			overflow = false;
		}
	}
	if (cls[at(lx, q)] & C_IDSTART && t->kind != ASM_T_BAD) {
		while (cls[at(lx, q)] & C_ID)
			q++;
		bad(t, "bad number");
	}
	if (overflow && t->kind != ASM_T_BAD)
		bad(t, "number does not fit in 64 bits");
	t->ival = v;
	t->len = (int)(q - lx->p);
	lx->p = q;
}

/* "..." or (*"..."*) starting at q (the quote); false if unterminated. */
static bool lex_string(asm_lexer *lx, const char *q, asm_tok *t)
{
	const char *s = q + 1;
	const char *e = s;
	while (e < lx->end && *e != '"' && *e != '\n') {
		if (*e == '\\' && e + 1 < lx->end && e[1] != '\n')
			e++;
		e++;
	}
	if (e >= lx->end || *e != '"') {
		bad(t, "unterminated string");
		t->len = (int)(e - q);
		lx->p = e;
		return false;
	}
	t->kind = ASM_T_STR;
	t->s = s;
	t->len = (int)(e - s);
	lx->p = e + 1;
	return true;
}

/* The next token of the current statement. */
static void lex_one(asm_lexer *lx, asm_tok *t)
{
	t->len = 0;
	t->c = 0;
	t->ival = 0;
	t->msg = NULL;
	for (;;) {
		/* listings indent a lot: skip 8 blanks at a time */
		while (lx->end - lx->p >= 8 && !memcmp(lx->p, "        ", 8))
			lx->p += 8;
		while (lx->p < lx->end && (cls[(unsigned char)*lx->p] & C_SPACE))
			lx->p++;
		if (lx->p >= lx->end) {
			t->kind = ASM_T_END;
			t->c = '\n';
			t->s = lx->p;
			t->col = col_of(lx, lx->p);
			return;
		}
		char ch = *lx->p;
		if (ch == '/' && at(lx, lx->p + 1) == '/') {
			const char *nl = memchr(lx->p, '\n', (size_t)(lx->end - lx->p));
			lx->p = nl ? nl : lx->end;
			continue;
		}
		if (ch == '/' && at(lx, lx->p + 1) == '*') {
			int line = lx->line;
			const char *ls = lx->line_start, *p0 = lx->p;
			if (!skip_block(lx)) {
				lx->line = line;
				lx->line_start = ls;
				t->s = p0;
				t->col = col_of(lx, p0);
				t->len = 2;
				bad(t, "unterminated comment");
				lx->p = lx->end;
				return;
			}
			continue;
		}
		if (ch == '#' && lx->p == lx->line_start) {
			while (lx->p < lx->end && *lx->p != '\n')
				lx->p++;
			continue;
		}
		break;
	}
	const char *q = lx->p;
	unsigned char ch = (unsigned char)*q;
	t->s = q;
	t->col = col_of(lx, q);
	if (ch == '\n' || ch == ';') {
		t->kind = ASM_T_END;
		t->c = (char)ch;
		t->len = 1;
		lx->p = q + 1;
		return;
	}
	if (cls[ch] & C_IDSTART) {
		const char *e = q + 1;
		while (e < lx->end && (cls[(unsigned char)*e] & C_ID))
			e++;
		t->kind = ASM_T_IDENT;
		t->len = (int)(e - q);
		lx->p = e;
		return;
	}
	if (cls[ch] & C_DIGIT) {
		lex_number(lx, t);
		return;
	}
	if (ch == '"') {
		lex_string(lx, q, t);
		return;
	}
	if (ch == '(' && at(lx, q + 1) == '*' && at(lx, q + 2) == '"') {
		asm_tok s;
		memset(&s, 0, sizeof s);
		if (!lex_string(lx, q + 2, &s)) {
			*t = s;
			t->s = q;
			t->col = col_of(lx, q);
			return;
		}
		if (at(lx, lx->p) != '*' || at(lx, lx->p + 1) != ')') {
			t->len = (int)(lx->p - q);
			bad(t, "annotation must end with *)");
			return;
		}
		lx->p += 2;
		t->kind = ASM_T_ANNOT;
		t->s = s.s;
		t->len = s.len;
		return;
	}
	if (cls[ch] & C_PUNCT) {
		t->kind = ASM_T_PUNCT;
		t->c = (char)ch;
		t->len = 1;
		lx->p = q + 1;
		return;
	}
	t->len = 1;
	lx->p = q + 1;
	bad(t, "unexpected character");
}

/*
 * The common tokens (names, punctuation, end of line) with the position in
 * registers; false leaves everything else (comments, numbers, strings,
 * annotations, errors) to lex_one.
 */
static inline bool lex_fast(asm_lexer *lx, asm_tok *t)
{
	const char *p = lx->p, *end = lx->end;
	while (end - p >= 8 && !memcmp(p, "        ", 8))
		p += 8;
	while (p < end && (cls[(unsigned char)*p] & C_SPACE))
		p++;
	lx->p = p;
	if (p >= end)
		return false;
	unsigned char ch = (unsigned char)*p;
	t->s = p;
	t->col = (int)(p - lx->line_start) + 1;
	t->c = 0;
	if (cls[ch] & C_IDSTART) {
		const char *e = p + 1;
		while (e < end && (cls[(unsigned char)*e] & C_ID))
			e++;
		t->kind = ASM_T_IDENT;
		t->len = (int)(e - p);
		lx->p = e;
		return true;
	}
	if ((cls[ch] & C_PUNCT) && ch != '/' && ch != '(') {
		t->kind = ASM_T_PUNCT;
		t->c = (char)ch;
		t->len = 1;
		lx->p = p + 1;
		return true;
	}
	if (ch == '\n' || ch == ';') {
		t->kind = ASM_T_END;
		t->c = (char)ch;
		t->len = 1;
		lx->p = p + 1;
		return true;
	}
	return false;
}

int asm_lex_statement(asm_lexer *lx, asm_tok *toks, int max, int *line,
		      const char **line_start)
{
	/* skip blank lines and comment-only lines */
	for (;;) {
		if (lx->p >= lx->end)
			return 0;
		if (lx->p == lx->line_start)
			lx->has_listing = false;
		*line = lx->line;
		*line_start = lx->line_start;
		lex_one(lx, &toks[0]);
		if (toks[0].kind == ASM_T_END && lx->p >= lx->end &&
		    toks[0].c == '\n' && toks[0].len == 0)
			return 0;
		if (toks[0].kind != ASM_T_END)
			break;
		if (toks[0].c == '\n') {
			lx->line++;
			lx->line_start = lx->p;
		}
	}
	/* a block comment before the first token may have crossed lines */
	*line = lx->line;
	*line_start = lx->line_start;
	int n = 1;
	while (toks[n - 1].kind != ASM_T_END) {
		if (n == max) {
			asm_tok *t = &toks[max - 1];
			t->kind = ASM_T_BAD;
			t->msg = "statement has too many tokens";
			/* drop the rest of the line */
			while (lx->p < lx->end && *lx->p != '\n')
				lx->p++;
			return n;
		}
		if (!lex_fast(lx, &toks[n]))
			lex_one(lx, &toks[n]);
		if (toks[n].kind == ASM_T_BAD && toks[n].msg &&
		    !strcmp(toks[n].msg, "unterminated comment")) {
			n++;
			break;
		}
		n++;
	}
	asm_tok *last = &toks[n - 1];
	if (last->kind == ASM_T_END && last->c == '\n' && last->len == 1) {
		lx->line++;
		lx->line_start = lx->p;
	}
	return n;
}
