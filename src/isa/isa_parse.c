/*
 * isa_parse.c - declarations of one description file.
 *
 * Contract: requires m->files[file] / m->sources[file] (NUL-terminated).
 * Appends the file's types (complete) and classes (fields, lists, prose,
 * exceptions as written) to m; names that refer to other declarations
 * (parents, field types, default values, alias targets) stay text in ast
 * for isa_model.c.  Reports every syntax error it finds (recovering at the
 * next ';' or line) and never fails on any byte sequence.
 *
 * Structured sections (__Encoding, __Exception, declarations) are read as
 * tokens; prose sections are raw text up to the next line whose first
 * non-blank characters are a "__Keyword" outside a ``` fenced block.
 * __OperandInfo mixes both: a line starting with InList/OutList/Order/
 * Bitwidth/AsmFormat followed by '<' is a statement, '//' lines are
 * comments, anything else is prose.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "isa/isa_priv.h"

#define MAX_EXPR_DEPTH 1000 /* parser recursion (about 11 per parenthesis) */
#define MAX_EXPR_NODES 1000
#define MAX_ENUM_VALUES 4096

typedef struct parser {
	isa_model *m;
	isa_ast *ast;
	simt_diags *d;
	int file;
	const char *name, *src;
	size_t len;
	isa_lexer lx;
	isa_tok tok;  /* lookahead when have */
	bool have;
	isa_tok last; /* last consumed token */
	int cur;      /* index of the current class in ast->classes, or -1 */
	int depth;    /* expression nesting */
	int nodes;    /* nodes of the current expression */
} parser;

/* ---- helpers ------------------------------------------------------------ */

static void perr(parser *p, int line, int col, const char *fmt, ...) SIMT_PRINTF(4, 5);
static void perr(parser *p, int line, int col, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	util_vdiag(p->d, SIMT_SEV_ERROR, p->name, p->src, line, col, fmt, ap);
	va_end(ap);
}

static bool grow(parser *p, void *items, int *cap, int need, size_t elem)
{
	if (util_grow((void **)items, cap, need, elem))
		return true;
	p->ast->nomem = true;
	return false;
}

static isa_tok *peek(parser *p)
{
	if (!p->have) {
		p->tok = isa_lex_next(&p->lx);
		p->have = true;
	}
	return &p->tok;
}

static isa_tok next(parser *p)
{
	peek(p);
	p->have = false;
	p->last = p->tok;
	return p->tok;
}

static isa_loc loc_of(const parser *p, const isa_tok *t)
{
	return (isa_loc){p->file, t->line, t->col};
}

static char *tok_str(parser *p, const isa_tok *t)
{
	char *s = util_strndup(t->text, t->len);
	if (!s)
		p->ast->nomem = true;
	return s;
}

/* A short printable form of a token for messages. */
static const char *tok_desc(const isa_tok *t, char *buf, size_t size)
{
	if (t->kind == ISA_T_EOF)
		return "end of file";
	if (t->kind == ISA_T_OTHER) {
		unsigned char c = (unsigned char)t->text[0];
		if (c >= 0x20 && c < 0x7f)
			snprintf(buf, size, "'%c'", c);
		else
			snprintf(buf, size, "byte 0x%02x", c);
		return buf;
	}
	size_t n = t->len < 40 ? t->len : 40;
	snprintf(buf, size, "'%.*s%s'", (int)n, t->text, n < t->len ? "..." : "");
	return buf;
}

static void unexpected(parser *p, const isa_tok *t, const char *what)
{
	char b[64];
	perr(p, t->line, t->col, "expected %s, found %s", what, tok_desc(t, b, sizeof b));
}

static bool is_punct(const isa_tok *t, const char *s)
{
	return t->kind == ISA_T_PUNCT && isa_tok_is(t, s);
}

/* Consume punctuation s; '>' also splits '>=' and '>>' (Bitwidth<x>= 4). */
static bool expect(parser *p, const char *s)
{
	isa_tok *t = peek(p);
	if (is_punct(t, s)) {
		next(p);
		return true;
	}
	if (!strcmp(s, ">") && t->kind == ISA_T_PUNCT && t->len == 2 &&
	    t->text[0] == '>') {
		p->last = *t;
		t->text++;
		t->len = 1;
		t->pos++;
		t->col++;
		t->bol = false;
		return true;
	}
	char what[16];
	snprintf(what, sizeof what, "'%s'", s);
	unexpected(p, t, what);
	return false;
}

static bool expect_ident(parser *p, const char *what, isa_tok *out)
{
	isa_tok *t = peek(p);
	if (t->kind != ISA_T_IDENT) {
		unexpected(p, t, what);
		return false;
	}
	*out = next(p);
	return true;
}

static bool expect_number(parser *p, const char *what, uint64_t max, uint64_t *out)
{
	isa_tok *t = peek(p);
	if (t->kind != ISA_T_NUMBER) {
		unexpected(p, t, what);
		return false;
	}
	isa_tok n = next(p);
	if (!n.num_ok || n.num > max) {
		perr(p, n.line, n.col, "number %.*s is too large here (at most %llu)",
		     (int)n.len, n.text, (unsigned long long)max);
		return false;
	}
	*out = n.num;
	return true;
}

/* Error recovery: skip to just after ';', or to the first token of a new
 * line, or to a keyword. */
static void sync(parser *p)
{
	for (;;) {
		isa_tok *t = peek(p);
		if (t->kind == ISA_T_EOF || t->kind == ISA_T_KEYWORD)
			return;
		if (t->bol && p->last.line != t->line && p->last.kind != ISA_T_EOF &&
		    t->line > p->last.line)
			return;
		next(p);
		if (is_punct(&p->last, ";"))
			return;
	}
}

static bool end_statement(parser *p)
{
	if (expect(p, ";"))
		return true;
	sync(p);
	return false;
}

static isa_raw_class *cur_class(parser *p)
{
	return p->cur >= 0 ? &p->ast->classes[p->cur] : NULL;
}

/* ---- raw text: prose sections ---------------------------------------------- */

/* Offset of the start of the line after offset pos (or len). */
static size_t next_line(const parser *p, size_t pos)
{
	while (pos < p->len && p->src[pos] != '\n')
		pos++;
	return pos < p->len ? pos + 1 : p->len;
}

static size_t skip_blanks(const parser *p, size_t pos)
{
	while (pos < p->len && (p->src[pos] == ' ' || p->src[pos] == '\t' || p->src[pos] == '\r'))
		pos++;
	return pos;
}

static bool starts(const parser *p, size_t pos, const char *s)
{
	size_t n = strlen(s);
	return pos + n <= p->len && memcmp(p->src + pos, s, n) == 0;
}

static bool keyword_at(const parser *p, size_t pos)
{
	if (!starts(p, pos, "__") || pos + 2 >= p->len)
		return false;
	char c = p->src[pos + 2];
	return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z');
}

/* Where the line after the last consumed token starts. */
static size_t line_after_last(parser *p, int *line)
{
	*line = p->last.line + 1;
	return next_line(p, p->last.pos + p->last.len);
}

static void seek(parser *p, size_t pos, int line)
{
	p->have = false;
	isa_lex_seek(&p->lx, pos, line, 1);
}

static void buf_line(util_buf *b, const parser *p, size_t from, size_t to)
{
	util_buf_putn(b, p->src + from, to - from);
	if (to == p->len && (to == from || p->src[to - 1] != '\n'))
		util_buf_putc(b, '\n');
}

static char *take_trimmed(parser *p, util_buf *b)
{
	while (b->len && (b->data[b->len - 1] == '\n' || b->data[b->len - 1] == ' ' ||
			  b->data[b->len - 1] == '\t' || b->data[b->len - 1] == '\r'))
		b->data[--b->len] = '\0';
	if (b->failed)
		p->ast->nomem = true;
	return util_buf_take(b);
}

/*
 * Line scanner shared by prose sections and __OperandInfo.  Calls stmt for
 * lines that start a statement (when stmt is given); returns the prose.
 */
typedef bool (*stmt_fn)(parser *p, size_t pos, int line, int col);

static char *scan_section(parser *p, stmt_fn stmt)
{
	int line;
	size_t pos = line_after_last(p, &line);
	/* text after the keyword on its own line belongs to the section */
	size_t after_kw = p->last.pos + p->last.len;
	util_buf b = {0};
	size_t rest = skip_blanks(p, after_kw);
	bool fence = false;
	int fence_line = 0;
	if (rest < p->len && p->src[rest] != '\n' && !starts(p, rest, "//")) {
		buf_line(&b, p, rest, pos);
		if (starts(p, rest, "```"))
			fence = true, fence_line = line - 1;
	}
	while (pos < p->len) {
		size_t first = skip_blanks(p, pos), end = next_line(p, pos);
		if (!fence && keyword_at(p, first))
			break;
		if (starts(p, first, "```")) {
			fence = !fence;
			fence_line = line;
		} else if (!fence && stmt && starts(p, first, "//")) {
			pos = end, line++;
			continue;
		} else if (!fence && stmt && stmt(p, first, line, (int)(first - pos) + 1)) {
			pos = line_after_last(p, &line);
			continue;
		}
		buf_line(&b, p, pos, end);
		pos = end, line++;
	}
	if (fence)
		perr(p, fence_line, 1, "unterminated ``` block: the section runs to the end of the file");
	seek(p, pos, line);
	return take_trimmed(p, &b);
}

static void add_doc(parser *p, isa_raw_class *rc, const char *section, char *text)
{
	isa_class *c = rc->cls;
	if (!text || !*text || !grow(p, &c->docs, &rc->docs_cap, c->ndocs + 1, sizeof *c->docs)) {
		free(text);
		return;
	}
	c->docs[c->ndocs].section = util_strdup(section);
	c->docs[c->ndocs].text = text;
	c->ndocs++;
}

/* ---- name lists: Order<a, b>; ---------------------------------------------- */

static bool parse_name_list(parser *p, char ***names, isa_loc **locs, int *n, int *cap)
{
	if (!expect(p, "<"))
		return false;
	*n = 0;
	if (is_punct(peek(p), ">"))
		return expect(p, ">");
	for (;;) {
		isa_tok t;
		if (!expect_ident(p, "an operand name", &t))
			return false;
		int c2 = *cap;
		if (!grow(p, names, cap, *n + 1, sizeof **names) ||
		    !grow(p, locs, &c2, *n + 1, sizeof **locs))
			return false;
		(*names)[*n] = tok_str(p, &t);
		(*locs)[*n] = loc_of(p, &t);
		(*n)++;
		if (!is_punct(peek(p), ","))
			break;
		next(p);
	}
	return expect(p, ">");
}

static bool list_stmt(parser *p, isa_tok kw, isa_raw_class *rc)
{
	isa_class *c = rc->cls;
	char ***names;
	isa_loc **locs;
	int *n, *cap;
	if (isa_tok_is(&kw, "Order"))
		names = &c->order, locs = &rc->order_locs, n = &c->norder, cap = &rc->order_cap;
	else if (isa_tok_is(&kw, "InList"))
		names = &c->in, locs = &rc->in_locs, n = &c->nin, cap = &rc->in_cap;
	else
		names = &c->out, locs = &rc->out_locs, n = &c->nout, cap = &rc->out_cap;
	if (*n >= 0) {
		perr(p, kw.line, kw.col, "%.*s<> given twice in '%s'", (int)kw.len, kw.text, c->name);
		for (int i = 0; i < *n; i++)
			free((*names)[i]);
	}
	*n = 0;
	bool ok = parse_name_list(p, names, locs, n, cap);
	return ok && end_statement(p);
}

static bool bitwidth_stmt(parser *p, isa_raw_class *rc)
{
	isa_class *c = rc->cls;
	isa_tok name;
	uint64_t w;
	if (!expect(p, "<") || !expect_ident(p, "an operand name", &name) || !expect(p, ">") ||
	    !expect(p, "=") || !expect_number(p, "a bit width", 1024, &w))
		return false;
	int cap = rc->bitwidth_cap, cap2 = rc->bitwidth_cap, cap3 = rc->bitwidth_cap;
	if (!grow(p, &c->bitwidth_name, &cap, c->nbitwidth + 1, sizeof *c->bitwidth_name) ||
	    !grow(p, &c->bitwidth, &cap2, c->nbitwidth + 1, sizeof *c->bitwidth) ||
	    !grow(p, &rc->bitwidth_locs, &cap3, c->nbitwidth + 1, sizeof *rc->bitwidth_locs))
		return false;
	rc->bitwidth_cap = cap;
	c->bitwidth_name[c->nbitwidth] = tok_str(p, &name);
	c->bitwidth[c->nbitwidth] = (int)w;
	rc->bitwidth_locs[c->nbitwidth] = loc_of(p, &name);
	c->nbitwidth++;
	return end_statement(p);
}

/* AsmFormat<x> = CvtIShift(x, 4) | PCRel(x, 4) | Address(ra, off) | ConstAddress(b, ra, off) */
static const struct {
	const char *name;
	isa_fmt fmt;
	int nargs;        /* names */
	bool shift;       /* a trailing number */
} formats[] = {
	{"CvtIShift", ISA_FMT_SHIFT, 1, true},
	{"PCRel", ISA_FMT_PCREL, 1, true},
	{"Address", ISA_FMT_ADDR, 2, false},
	{"ConstAddress", ISA_FMT_CADDR, 3, false},
};

static bool format_args(parser *p, int k, isa_format_decl *f)
{
	for (int i = 0; i < formats[k].nargs; i++) {
		isa_tok t;
		if (i && !expect(p, ","))
			return false;
		if (!expect_ident(p, "an operand name", &t))
			return false;
		f->args[i] = tok_str(p, &t);
	}
	if (formats[k].shift) {
		uint64_t v;
		if (!expect(p, ",") || !expect_number(p, "a shift count", 63, &v))
			return false;
		f->shift = (int)v;
	}
	return expect(p, ")");
}

static bool format_stmt(parser *p, isa_raw_class *rc)
{
	isa_class *c = rc->cls;
	isa_tok name, fn;
	if (!expect(p, "<") || !expect_ident(p, "an operand name", &name) || !expect(p, ">") ||
	    !expect(p, "=") || !expect_ident(p, "CvtIShift, PCRel, Address or ConstAddress", &fn))
		return false;
	int k = -1;
	for (int i = 0; i < (int)UTIL_ARRAY_LEN(formats); i++)
		if (isa_tok_is(&fn, formats[i].name))
			k = i;
	if (k < 0) {
		perr(p, fn.line, fn.col,
		     "unknown AsmFormat '%.*s' (expected CvtIShift, PCRel, Address or ConstAddress)",
		     (int)fn.len, fn.text);
		return false;
	}
	if (!grow(p, &c->formats, &rc->format_cap, c->nformat + 1, sizeof *c->formats))
		return false;
	isa_format_decl *f = &c->formats[c->nformat++];
	memset(f, 0, sizeof *f);
	f->operand = tok_str(p, &name);
	f->fmt = formats[k].fmt;
	f->loc = loc_of(p, &name);
	if (!expect(p, "(") || !format_args(p, k, f))
		return false;
	return end_statement(p);
}

static bool is_info_word(const parser *p, size_t pos, const char *w)
{
	if (!starts(p, pos, w))
		return false;
	size_t q = skip_blanks(p, pos + strlen(w));
	return q < p->len && p->src[q] == '<';
}

/* A statement line of __OperandInfo; false when the line is prose. */
static bool info_stmt(parser *p, size_t pos, int line, int col)
{
	static const char *const words[] = {"InList", "OutList", "Order", "Bitwidth", "AsmFormat"};
	bool hit = false;
	for (size_t i = 0; i < UTIL_ARRAY_LEN(words); i++)
		hit = hit || is_info_word(p, pos, words[i]);
	if (!hit)
		return false;
	p->have = false;
	isa_lex_seek(&p->lx, pos, line, col);
	isa_tok kw = next(p);
	isa_raw_class *rc = cur_class(p);
	bool ok;
	if (isa_tok_is(&kw, "Bitwidth"))
		ok = bitwidth_stmt(p, rc);
	else if (isa_tok_is(&kw, "AsmFormat"))
		ok = format_stmt(p, rc);
	else
		ok = list_stmt(p, kw, rc);
	if (!ok)
		sync(p);
	return true;
}

/* ---- expressions ------------------------------------------------------------ */

static isa_expr *new_expr(parser *p, isa_expr_op op, const isa_tok *t)
{
	if (++p->nodes > MAX_EXPR_NODES) {
		if (p->nodes == MAX_EXPR_NODES + 1)
			perr(p, t->line, t->col, "expression too long (more than %d terms)", MAX_EXPR_NODES);
		return NULL;
	}
	isa_expr *e = calloc(1, sizeof *e);
	if (!e) {
		p->ast->nomem = true;
		return NULL;
	}
	e->op = op;
	e->loc = loc_of(p, t);
	return e;
}

static isa_expr *parse_expr_level(parser *p, int level);

static isa_expr *unary(parser *p, isa_expr_op op, int level)
{
	isa_tok t = next(p);
	isa_expr *a = parse_expr_level(p, level);
	if (!a)
		return NULL;
	isa_expr *e = new_expr(p, op, &t);
	if (!e) {
		isa_expr_free(a);
		return NULL;
	}
	e->a = a;
	return e;
}

static isa_expr *primary(parser *p)
{
	isa_tok *t = peek(p);
	isa_expr *e = NULL;
	if (is_punct(t, "(")) {
		next(p);
		e = parse_expr_level(p, 0);
		if (e && !expect(p, ")")) {
			isa_expr_free(e);
			return NULL;
		}
		return e;
	}
	if (t->kind == ISA_T_NUMBER) {
		if (!t->num_ok || t->num > INT64_MAX) {
			perr(p, t->line, t->col, "number %.*s is too large", (int)t->len, t->text);
			return NULL;
		}
		isa_tok n = next(p);
		if ((e = new_expr(p, ISA_E_INT, &n)))
			e->value = (int64_t)n.num;
		return e;
	}
	if (t->kind == ISA_T_STRING || t->kind == ISA_T_IDENT) {
		isa_tok n = next(p);
		bool lit = n.kind == ISA_T_STRING || isa_tok_is(&n, "True") || isa_tok_is(&n, "False");
		if ((e = new_expr(p, lit ? ISA_E_STR : ISA_E_FIELD, &n)))
			e->str = tok_str(p, &n);
		return e;
	}
	unexpected(p, t, "an expression");
	return NULL;
}

/* Binary operator table, lowest precedence first.  Comparisons bind looser
 * than the bit operators (Python's reading: a & b == 0 is (a & b) == 0). */
static const struct {
	int level;
	const char *text;
	isa_expr_op op;
} binops[] = {
	{0, "or", ISA_E_OR},   {0, "||", ISA_E_OR},
	{1, "and", ISA_E_AND}, {1, "&&", ISA_E_AND},
	{3, "==", ISA_E_EQ},   {3, "!=", ISA_E_NE}, {3, "<", ISA_E_LT},
	{3, "<=", ISA_E_LE},   {3, ">", ISA_E_GT},  {3, ">=", ISA_E_GE},
	{4, "|", ISA_E_BOR},   {5, "^", ISA_E_BXOR}, {6, "&", ISA_E_BAND},
	{7, "<<", ISA_E_SHL},  {7, ">>", ISA_E_SHR},
	{8, "+", ISA_E_ADD},   {8, "-", ISA_E_SUB},
	{9, "*", ISA_E_MUL},   {9, "/", ISA_E_DIV}, {9, "%", ISA_E_MOD},
};
#define LEVEL_NOT 2   /* Python 'not' */
#define LEVEL_UNARY 10 /* - ~ ! */

static int find_binop(const isa_tok *t, int level)
{
	if (t->kind != ISA_T_PUNCT && t->kind != ISA_T_IDENT)
		return -1;
	for (int i = 0; i < (int)UTIL_ARRAY_LEN(binops); i++)
		if (binops[i].level == level && isa_tok_is(t, binops[i].text))
			return i;
	return -1;
}

static isa_expr *parse_expr_level(parser *p, int level)
{
	if (++p->depth > MAX_EXPR_DEPTH) {
		isa_tok *t = peek(p);
		perr(p, t->line, t->col, "expression nested too deeply");
		p->depth--;
		return NULL;
	}
	isa_expr *e;
	isa_tok *t = peek(p);
	if (level == LEVEL_NOT && t->kind == ISA_T_IDENT && isa_tok_is(t, "not"))
		e = unary(p, ISA_E_NOT, LEVEL_NOT);
	else if (level == LEVEL_NOT)
		e = parse_expr_level(p, level + 1);
	else if (level == LEVEL_UNARY && (is_punct(t, "-") || is_punct(t, "~") || is_punct(t, "!")))
		e = unary(p, is_punct(t, "-") ? ISA_E_NEG : is_punct(t, "~") ? ISA_E_BITNOT : ISA_E_NOT,
			  LEVEL_UNARY);
	else if (level == LEVEL_UNARY)
		e = primary(p);
	else
		e = parse_expr_level(p, level + 1);
	while (e && level < LEVEL_NOT + 8 && level != LEVEL_NOT) {
		int k = find_binop(peek(p), level);
		if (k < 0)
			break;
		isa_tok op = next(p);
		isa_expr *b = parse_expr_level(p, level + 1);
		isa_expr *n = b ? new_expr(p, binops[k].op, &op) : NULL;
		if (!n) {
			isa_expr_free(e);
			isa_expr_free(b);
			e = NULL;
			break;
		}
		n->a = e;
		n->b = b;
		e = n;
	}
	p->depth--;
	return e;
}

/* EncodingError<Kind, "message"> = expr; */
static bool exception_stmt(parser *p, isa_raw_class *rc)
{
	isa_class *c = rc->cls;
	isa_tok kw = next(p), kind;
	if (!isa_tok_is(&kw, "EncodingError")) {
		perr(p, kw.line, kw.col, "expected 'EncodingError<Kind, \"message\"> = condition;'");
		return false;
	}
	if (!expect(p, "<") || !expect_ident(p, "an exception kind", &kind) || !expect(p, ","))
		return false;
	isa_tok *msg = peek(p);
	if (msg->kind != ISA_T_STRING) {
		unexpected(p, msg, "a \"message\"");
		return false;
	}
	isa_tok m = next(p);
	if (!expect(p, ">") || !expect(p, "="))
		return false;
	p->depth = 0;
	p->nodes = 0;
	isa_expr *e = parse_expr_level(p, 0);
	if (!e)
		return false;
	if (!grow(p, &c->exc, &rc->exc_cap, c->nexc + 1, sizeof *c->exc)) {
		isa_expr_free(e);
		return false;
	}
	isa_exception *x = &c->exc[c->nexc++];
	x->kind = tok_str(p, &kind);
	x->message = tok_str(p, &m);
	x->cond = e;
	x->loc = loc_of(p, &kw);
	return end_statement(p);
}

/* ---- __Encoding ------------------------------------------------------------- */

static bool parse_value(parser *p, isa_raw_value *v)
{
	isa_tok *t = peek(p);
	v->loc = loc_of(p, t);
	if (is_punct(t, "-")) {
		next(p);
		v->neg = true;
		t = peek(p);
	}
	if (t->kind == ISA_T_NUMBER) {
		if (!t->num_ok) {
			perr(p, t->line, t->col, "number %.*s is too large", (int)t->len, t->text);
			return false;
		}
		v->kind = ISA_RAW_NUMBER;
		v->num = next(p).num;
		return true;
	}
	if (t->kind == ISA_T_IDENT && !v->neg) {
		isa_tok n = next(p);
		v->kind = ISA_RAW_NAME;
		v->name = tok_str(p, &n);
		return true;
	}
	unexpected(p, t, "a value name or number");
	return false;
}

static bool valid_field_name(const isa_tok *t)
{
	const char *dot = memchr(t->text, '.', t->len);
	if (!dot)
		return true;
	size_t rest = t->len - (size_t)(dot - t->text) - 1;
	return (rest == 3 && !memcmp(dot + 1, "not", 3)) ||
	       (rest == 6 && !memcmp(dot + 1, "bitnot", 6));
}

/* field<pos, width> Type name [= default | == constant]; */
static bool field_stmt(parser *p, isa_raw_class *rc)
{
	isa_class *c = rc->cls;
	isa_tok kw = next(p), type, name;
	uint64_t pos, width;
	if (!expect(p, "<") || !expect_number(p, "a bit position", 100000, &pos) ||
	    !expect(p, ",") || !expect_number(p, "a field width", 100000, &width) ||
	    !expect(p, ">") || !expect_ident(p, "a type name", &type) ||
	    !expect_ident(p, "a field name", &name))
		return false;
	if (!valid_field_name(&name)) {
		perr(p, name.line, name.col,
		     "field name '%.*s': the only suffixes are .not and .bitnot",
		     (int)name.len, name.text);
		return false;
	}
	int cap = rc->fields_cap;
	if (!grow(p, &c->fields, &cap, c->nfields + 1, sizeof *c->fields) ||
	    !grow(p, &rc->fields, &rc->fields_cap, c->nfields + 1, sizeof *rc->fields))
		return false;
	isa_field *f = &c->fields[c->nfields];
	isa_raw_field *rf = &rc->fields[c->nfields];
	memset(f, 0, sizeof *f);
	memset(rf, 0, sizeof *rf);
	c->nfields++;
	f->name = tok_str(p, &name);
	f->pos = (int)pos;
	f->width = (int)width;
	f->loc = loc_of(p, &kw);
	f->operand = f->base = f->modifier = -1;
	rf->type_name = tok_str(p, &type);
	rf->type_loc = loc_of(p, &type);
	isa_tok *t = peek(p);
	if (is_punct(t, "=") || is_punct(t, "==")) {
		bool is_const = is_punct(t, "==");
		next(p);
		if (!parse_value(p, &rf->val))
			return false;
		f->has_default = !is_const;
		f->is_const = is_const;
	}
	return end_statement(p);
}

/* Statements until the next keyword; each parsed by fn at its first token. */
static void statements(parser *p, bool (*fn)(parser *, isa_raw_class *), const char *first,
		       const char *what)
{
	isa_raw_class *rc = cur_class(p);
	for (;;) {
		isa_tok *t = peek(p);
		if (t->kind == ISA_T_EOF || t->kind == ISA_T_KEYWORD)
			return;
		if (t->kind != ISA_T_IDENT || !isa_tok_is(t, first)) {
			unexpected(p, t, what);
			next(p);
			sync(p);
			continue;
		}
		if (!fn(p, rc))
			sync(p);
		rc = cur_class(p); /* fn may not move classes, but stay safe */
	}
}

/* ---- declarations ------------------------------------------------------------ */

static bool push_type(parser *p, isa_type *t)
{
	isa_model *m = p->m;
	if (!grow(p, &m->types, &p->ast->types_cap, m->ntypes + 1, sizeof *m->types)) {
		isa_type_free(t);
		return false;
	}
	m->types[m->ntypes++] = t;
	if (t->name && !util_names_add(&m->type_names, t->name, strlen(t->name), m->ntypes - 1)) {
		p->ast->nomem = true;
		return false;
	}
	return true;
}

static isa_type *new_type(parser *p, const isa_tok *name, isa_kind_class cls)
{
	isa_type *t = calloc(1, sizeof *t);
	if (!t) {
		p->ast->nomem = true;
		return NULL;
	}
	t->name = tok_str(p, name);
	t->cls = cls;
	t->loc = loc_of(p, name);
	return t;
}

static bool opt_width(parser *p, uint64_t *w)
{
	*w = 0;
	if (!is_punct(peek(p), "<"))
		return true;
	next(p);
	return expect_number(p, "a width", 64, w) && expect(p, ">");
}

static bool enum_value(parser *p, isa_type *t, int *next_code)
{
	isa_tok name = next(p);
	int code = *next_code;
	if (is_punct(peek(p), "=")) {
		uint64_t v;
		next(p);
		if (!expect_number(p, "an encoding", MAX_ENUM_VALUES - 1, &v))
			return false;
		code = (int)v;
	}
	if (code >= MAX_ENUM_VALUES) {
		perr(p, name.line, name.col, "too many values in '%s'", t->name);
		return false;
	}
	if (isa_enum_find(t, name.text, name.len) >= 0)
		perr(p, name.line, name.col, "value '%.*s' given twice in '%s'", (int)name.len,
		     name.text, t->name);
	else if (code < t->nvalues && t->values[code])
		perr(p, name.line, name.col, "'%.*s' and '%s' both encode %d in '%s'",
		     (int)name.len, name.text, t->values[code], code, t->name);
	else if (code >= 0) {
		if (code >= t->nvalues) {
			char **v = realloc(t->values, (size_t)(code + 1) * sizeof *v);
			if (!v) {
				p->ast->nomem = true;
				return false;
			}
			for (int i = t->nvalues; i <= code; i++)
				v[i] = NULL;
			t->values = v;
			t->nvalues = code + 1;
		}
		t->values[code] = tok_str(p, &name);
	}
	*next_code = code + 1;
	return end_statement(p);
}

/* __DefBitFieldType NAME<w>  V0; V1; V2 = 5; ... */
static void decl_enum(parser *p)
{
	isa_tok name;
	uint64_t w;
	p->cur = -1;
	if (!expect_ident(p, "a type name", &name)) {
		sync(p);
		return;
	}
	if (!is_punct(peek(p), "<")) {
		unexpected(p, peek(p), "'<width>'");
		sync(p);
		return;
	}
	isa_type *t = new_type(p, &name, ISA_KIND_ENUM);
	if (!t || !push_type(p, t))
		return;
	if (!opt_width(p, &w)) {
		sync(p);
	}
	t->width = (int)w;
	int code = 0;
	for (;;) {
		isa_tok *v = peek(p);
		if (v->kind == ISA_T_EOF || v->kind == ISA_T_KEYWORD)
			break;
		if (v->kind != ISA_T_IDENT && v->kind != ISA_T_NUMBER) {
			unexpected(p, v, "a value name");
			next(p);
			sync(p);
			continue;
		}
		if (!enum_value(p, t, &code))
			sync(p);
	}
	if (w && t->nvalues > 0 && (w < 63 && (uint64_t)t->nvalues > (UINT64_C(1) << w)))
		perr(p, name.line, name.col, "'%s' has %d values, more than fit in %d bits",
		     t->name, t->nvalues, t->width);
}

static bool kind_args(parser *p, isa_type *t, isa_tok ctor)
{
	if (isa_tok_is(&ctor, "Register")) {
		isa_tok *s = peek(p);
		if (s->kind != ISA_T_STRING)
			return unexpected(p, s, "a \"prefix\""), false;
		isa_tok a = next(p);
		if (!expect(p, ","))
			return false;
		s = peek(p);
		if (s->kind != ISA_T_STRING)
			return unexpected(p, s, "a \"zero register\" name"), false;
		isa_tok b = next(p);
		t->prefix = tok_str(p, &a);
		t->zero = tok_str(p, &b);
		return expect(p, ")");
	}
	if (isa_tok_is(&ctor, "ConstMem")) {
		uint64_t v[4];
		for (int i = 0; i < 4; i++)
			if ((i && !expect(p, ",")) || !expect_number(p, "a number", 64, &v[i]))
				return false;
		t->bank_pos = (int)v[0], t->bank_width = (int)v[1];
		t->off_pos = (int)v[2], t->off_width = (int)v[3];
		return expect(p, ")");
	}
	return expect(p, ")");
}

/* __DefOperandKind NAME[<w>] = Register("R","RZ") | Unsigned() | ...; */
static void decl_kind(parser *p)
{
	static const struct {
		const char *name;
		isa_kind_class cls;
	} ctors[] = {{"Register", ISA_KIND_REG}, {"Unsigned", ISA_KIND_UIMM},
		     {"Signed", ISA_KIND_SIMM},  {"Float32", ISA_KIND_F32},
		     {"ConstMem", ISA_KIND_CMEM}};
	isa_tok name, ctor;
	uint64_t w;
	p->cur = -1;
	if (!expect_ident(p, "a kind name", &name) || !opt_width(p, &w) || !expect(p, "=") ||
	    !expect_ident(p, "Register, Unsigned, Signed, Float32 or ConstMem", &ctor)) {
		sync(p);
		return;
	}
	int k = -1;
	for (int i = 0; i < (int)UTIL_ARRAY_LEN(ctors); i++)
		if (isa_tok_is(&ctor, ctors[i].name))
			k = i;
	if (k < 0) {
		perr(p, ctor.line, ctor.col,
		     "unknown operand kind '%.*s' (expected Register, Unsigned, Signed, Float32 or ConstMem)",
		     (int)ctor.len, ctor.text);
		sync(p);
		return;
	}
	isa_type *t = new_type(p, &name, ctors[k].cls);
	if (!t)
		return;
	t->width = (int)w;
	if (!expect(p, "(") || !kind_args(p, t, ctor)) {
		isa_type_free(t);
		sync(p);
		return;
	}
	if (!w && t->cls == ISA_KIND_F32)
		t->width = 32;
	else if (!w && (t->cls == ISA_KIND_UIMM || t->cls == ISA_KIND_SIMM))
		t->family = true;
	else if (!w)
		perr(p, name.line, name.col, "operand kind '%s' needs a width: %s<N>", t->name, t->name);
	if (push_type(p, t))
		end_statement(p);
}

static bool class_parents(parser *p, isa_raw_class *rc)
{
	if (!is_punct(peek(p), ":"))
		return true;
	next(p);
	if (!expect(p, "["))
		return false;
	int cap = 0, cap2 = 0;
	if (is_punct(peek(p), "]"))
		return next(p), true;
	for (;;) {
		isa_tok t;
		if (!expect_ident(p, "a parent name", &t))
			return false;
		if (!grow(p, &rc->parent_names, &cap, rc->nparents + 1, sizeof *rc->parent_names) ||
		    !grow(p, &rc->parent_locs, &cap2, rc->nparents + 1, sizeof *rc->parent_locs))
			return false;
		rc->parent_names[rc->nparents] = tok_str(p, &t);
		rc->parent_locs[rc->nparents] = loc_of(p, &t);
		rc->nparents++;
		if (!is_punct(peek(p), ","))
			break;
		next(p);
	}
	return expect(p, "]");
}

/* __DefGroup NAME [: [PARENTS]], __DefOptype ..., __DefOpcode ... */
static void decl_class(parser *p, isa_class_kind kind)
{
	isa_tok name;
	p->cur = -1;
	if (!expect_ident(p, "a name", &name)) {
		sync(p);
		return;
	}
	isa_ast *ast = p->ast;
	isa_model *m = p->m;
	isa_class *c = calloc(1, sizeof *c);
	if (!c || !grow(p, &ast->classes, &ast->classes_cap, ast->nclasses + 1, sizeof *ast->classes) ||
	    !grow(p, &m->classes, &ast->mclasses_cap, m->nclasses + 1, sizeof *m->classes)) {
		free(c);
		p->ast->nomem = true;
		return;
	}
	c->kind = kind;
	c->name = tok_str(p, &name);
	c->loc = loc_of(p, &name);
	c->norder = c->nin = c->nout = -1;
	m->classes[m->nclasses++] = c;
	if (c->name && !util_names_add(&m->class_names, c->name, strlen(c->name), m->nclasses - 1))
		p->ast->nomem = true;
	isa_raw_class *rc = &ast->classes[ast->nclasses++];
	memset(rc, 0, sizeof *rc);
	rc->cls = c;
	p->cur = ast->nclasses - 1;
	if (!class_parents(p, rc))
		sync(p);
	if (is_punct(peek(p), ";"))
		next(p);
}

/* __DefAlias BAR_RESULT : B2R_RESULT; */
static void decl_alias(parser *p)
{
	isa_tok name, target;
	p->cur = -1;
	if (!expect_ident(p, "a mnemonic", &name) || !expect(p, ":") ||
	    !expect_ident(p, "an optype name", &target)) {
		sync(p);
		return;
	}
	isa_ast *ast = p->ast;
	if (!grow(p, &ast->aliases, &ast->aliases_cap, ast->naliases + 1, sizeof *ast->aliases))
		return;
	isa_raw_alias *a = &ast->aliases[ast->naliases++];
	a->mnemonic = tok_str(p, &name);
	a->target = tok_str(p, &target);
	a->loc = loc_of(p, &name);
	a->target_loc = loc_of(p, &target);
	end_statement(p);
}

/* ---- sections ---------------------------------------------------------------- */

static void section(parser *p, const isa_tok *kw, const char *name)
{
	isa_raw_class *rc = cur_class(p);
	if (!rc) {
		perr(p, kw->line, kw->col, "section __%s outside a __DefGroup, __DefOptype or __DefOpcode",
		     name);
		free(scan_section(p, NULL));
		return;
	}
	if (!strcmp(name, "Encoding")) {
		statements(p, field_stmt, "field", "'field<pos, width> Type name;'");
	} else if (!strcmp(name, "Exception")) {
		statements(p, exception_stmt, "EncodingError",
			   "'EncodingError<Kind, \"message\"> = condition;'");
	} else if (!strcmp(name, "OperandInfo")) {
		add_doc(p, rc, name, scan_section(p, info_stmt));
	} else if (!strcmp(name, "Syntax")) {
		char *s = scan_section(p, NULL);
		rc = cur_class(p);
		if (rc->cls->syntax) {
			perr(p, kw->line, kw->col, "__Syntax given twice in '%s'", rc->cls->name);
			free(s);
		} else {
			rc->cls->syntax = s;
		}
	} else {
		add_doc(p, rc, name, scan_section(p, NULL));
	}
}

static const char *const prose_sections[] = {
	"Encoding", "OperandInfo", "Exception", "Syntax",
	"Description", "Semantics", "Examples", "ModifierInfo",
};

static void keyword(parser *p)
{
	isa_tok kw = next(p);
	const char *w = kw.text + 2;
	size_t n = kw.len - 2;
#define IS(s) (n == strlen(s) && !memcmp(w, s, n))
	if (IS("DefBitFieldType"))
		decl_enum(p);
	else if (IS("DefOperandKind"))
		decl_kind(p);
	else if (IS("DefGroup"))
		decl_class(p, ISA_GROUP);
	else if (IS("DefOptype"))
		decl_class(p, ISA_OPTYPE);
	else if (IS("DefOpcode"))
		decl_class(p, ISA_OPCODE);
	else if (IS("DefAlias"))
		decl_alias(p);
	else {
		for (size_t i = 0; i < UTIL_ARRAY_LEN(prose_sections); i++)
			if (IS(prose_sections[i])) {
				section(p, &kw, prose_sections[i]);
				return;
			}
		perr(p, kw.line, kw.col, "unknown keyword '%.*s'", (int)kw.len, kw.text);
		free(scan_section(p, NULL));
	}
#undef IS
}

void isa_parse_file(isa_model *m, isa_ast *ast, int file, simt_diags *d)
{
	parser p = {0};
	p.m = m;
	p.ast = ast;
	p.d = d;
	p.file = file;
	p.name = m->files[file];
	p.src = m->sources[file];
	p.len = strlen(p.src);
	p.cur = -1;
	isa_lex_init(&p.lx, p.src, p.len);
	while (!ast->nomem) {
		isa_tok *t = peek(&p);
		if (t->kind == ISA_T_EOF)
			break;
		if (t->kind == ISA_T_KEYWORD) {
			keyword(&p);
			continue;
		}
		unexpected(&p, t, "a declaration such as __DefGroup or __DefOpcode");
		next(&p);
		sync(&p);
	}
}
