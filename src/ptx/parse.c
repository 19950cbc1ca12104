/*
 * parse.c - tokens -> ptx_module.
 *
 * Requires: c->toks from ptx_lex, c->m with its arena.
 * Produces: the module's items in source order; functions with a flat
 * statement list; every register operand bound to its declaration through
 * the { } scopes in force (inner declarations shadow outer ones, `%r<N>`
 * ranges bind `%r0`..`%r{N-1}`); variables and functions bound through the
 * scopes and the module's globals; labels bound after the whole function is
 * read (forward branches).  The .loc in force is copied into every
 * instruction.  Reports every syntax and name error with its position and
 * carries on at the next ';' or '}'.  Opcode/modifier/operand legality is
 * check.c's business: the parser accepts any known opcode with any known
 * modifier.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ptx/ptx.h"
#include "util/util.h"

/* A name bound in a scope. */
typedef struct binding {
	enum { B_REG, B_VAR } kind;
	void *p;
} binding;

typedef struct scope scope;
struct scope {
	scope *up;
	ptx_map names;
};

typedef struct parser {
	ptx_ctx *c;
	ptx_module *m;
	ptx_arena *a;
	ptx_fn *fn;       /* function being read, or NULL */
	scope *sc;        /* innermost scope */
	ptx_loc loc;      /* .loc in force */
	ptx_opcode cur_op; /* instruction whose operands are being read */
} parser;

/* ---- tokens ------------------------------------------------------------------ */

static ptx_tok *tok(parser *p)
{
	return &p->c->toks[p->c->i];
}

static ptx_tok *next(parser *p)
{
	ptx_tok *t = &p->c->toks[p->c->i];
	if (t->kind != PTX_TK_EOF)
		p->c->i++;
	return t;
}

static bool is_punct(const ptx_tok *t, char ch)
{
	return t->kind == PTX_TK_PUNCT && t->s[0] == ch;
}

static bool is_word(const ptx_tok *t, ptx_tok_kind k, const char *w)
{
	return t->kind == k && (int)strlen(w) == t->len && !memcmp(t->s, w, (size_t)t->len);
}

static bool is_dir(const ptx_tok *t, const char *w)
{
	return is_word(t, PTX_TK_DIR, w);
}

static bool accept(parser *p, char ch)
{
	if (!is_punct(tok(p), ch))
		return false;
	next(p);
	return true;
}

static void error_at(parser *p, ptx_pos pos, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/* A located error; messages without a rule id get "[syntax]". */
static void error_at(parser *p, ptx_pos pos, const char *fmt, ...)
{
	char msg[512];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	size_t n = strlen(msg);
	if (p->c->d)
		util_diag(p->c->d, SIMT_SEV_ERROR, p->m->path, p->m->src, pos.line, pos.col,
			  n && msg[n - 1] == ']' ? "%s" : "%s [syntax]", msg);
	p->c->errors++;
}

static const char *tok_desc(const ptx_tok *t, char *buf, size_t n)
{
	if (t->kind == PTX_TK_EOF)
		return "end of input";
	snprintf(buf, n, "'%.*s'", t->len > 40 ? 40 : t->len, t->s);
	return buf;
}

static bool expect(parser *p, char ch, const char *what)
{
	if (accept(p, ch))
		return true;
	char b[64];
	error_at(p, tok(p)->pos, "expected '%c' %s, found %s", ch, what,
		 tok_desc(tok(p), b, sizeof b));
	return false;
}

/* Skip to just after the next ';' (or to a '}' / EOF, not consumed). */
static void sync_stmt(parser *p)
{
	for (;;) {
		ptx_tok *t = tok(p);
		if (t->kind == PTX_TK_EOF || is_punct(t, '}'))
			return;
		next(p);
		if (is_punct(t, ';'))
			return;
	}
}

static char *tok_str(parser *p, const ptx_tok *t)
{
	return ptx_strndup(p->a, t->s, (size_t)t->len);
}

/* Grow an arena array by one element (amortised doubling). */
static void *grow(parser *p, void *items, int n, int *cap, size_t elem)
{
	if (n < *cap)
		return items;
	int nc = *cap ? *cap * 2 : 8;
	void *ni = ptx_alloc(p->a, (size_t)nc * elem);
	if (n)
		memcpy(ni, items, (size_t)n * elem);
	*cap = nc;
	return ni;
}

#define PUSH(p, arr, n, cap, v)                                               \
	do {                                                                  \
		(arr) = grow((p), (arr), (n), &(cap), sizeof *(arr));         \
		(arr)[(n)++] = (v);                                           \
	} while (0)

/* ---- numbers ----------------------------------------------------------------- */

static bool parse_uint(parser *p, uint64_t *v, const char *what)
{
	ptx_tok *t = tok(p);
	if (t->kind != PTX_TK_INT) {
		char b[64];
		error_at(p, t->pos, "expected %s, found %s", what, tok_desc(t, b, sizeof b));
		return false;
	}
	next(p);
	*v = t->ival;
	return true;
}

static bool parse_small(parser *p, int *v, const char *what)
{
	ptx_tok *t = tok(p);
	uint64_t u;
	if (!parse_uint(p, &u, what))
		return false;
	if (u > 0x7fffffff) {
		error_at(p, t->pos, "%s is too large", what);
		return false;
	}
	*v = (int)u;
	return true;
}

/* ---- scopes and names --------------------------------------------------------- */

static void push_scope(parser *p)
{
	scope *s = ptx_alloc(p->a, sizeof *s);
	s->up = p->sc;
	p->sc = s;
}

static void bind(parser *p, const char *name, ptx_pos pos, int kind, void *obj)
{
	int len = (int)strlen(name);
	if (!p->sc) {
		/* module level: globals */
		return;
	}
	binding *old = ptx_map_get(&p->sc->names, name, len);
	if (old) {
		error_at(p, pos, "'%s' is already declared in this scope", name);
		return;
	}
	binding *b = ptx_alloc(p->a, sizeof *b);
	b->kind = kind;
	b->p = obj;
	ptx_map_put(p->a, &p->sc->names, name, len, b);
}

/* Digits at the end of s[0..len): returns where they start (len: none). */
static int digits_from(const char *s, int len)
{
	int k = len;
	while (k > 0 && s[k - 1] >= '0' && s[k - 1] <= '9')
		k--;
	return k;
}

/* An undefined %name that is spelled like a special register (%envreg32,
 * %pm8, %warpsize): reported as an unknown special register. */
static bool looks_like_sreg(const char *s, int len)
{
	static const char *const near[] = {"%envreg", "%pm", "%warpsize", "%lanemask",
					   "%clock", "%globaltimer", "%nsmid", "%ntid",
					   "%nctaid", "%reserved_smem"};
	for (size_t i = 0; i < sizeof near / sizeof near[0]; i++) {
		size_t n = strlen(near[i]);
		if ((size_t)len >= n && !memcmp(s, near[i], n))
			return true;
	}
	return false;
}

/* Find a register or variable: exact name, then a `<N>` range covering it. */
static binding *lookup(parser *p, const char *s, int len, int *index)
{
	int k = digits_from(s, len);
	*index = -1;
	for (scope *sc = p->sc; sc; sc = sc->up) {
		binding *b = ptx_map_get(&sc->names, s, len);
		if (b)
			return b;
		if (k == len || k == 0)
			continue;
		if (len - k > 1 && s[k] == '0')
			continue; /* %r01 is not in a range */
		b = ptx_map_get(&sc->names, s, k);
		if (!b || b->kind != B_REG || !((ptx_reg *)b->p)->count)
			continue;
		uint64_t idx = 0;
		for (int i = k; i < len && idx < 0x80000000u; i++)
			idx = idx * 10 + (uint64_t)(s[i] - '0');
		if (idx < (uint64_t)((ptx_reg *)b->p)->count) {
			*index = (int)idx;
			return b;
		}
	}
	return NULL;
}

static int label_get(parser *p, const char *s, int len)
{
	ptx_fn *f = p->fn;
	void *v = ptx_map_get(&f->label_map, s, len);
	if (v)
		return (int)((intptr_t)v - 1);
	ptx_label l = {0};
	l.name = ptx_strndup(p->a, s, (size_t)len);
	l.stmt = -1;
	l.brtargets = -1;
	PUSH(p, f->labels, f->nlabels, f->caplabels, l);
	ptx_map_put(p->a, &f->label_map, l.name, len, (void *)(intptr_t)f->nlabels);
	return f->nlabels - 1;
}

/* ---- types and declarations ----------------------------------------------------- */

static ptx_type dir_type(const ptx_tok *t)
{
	if (t->kind != PTX_TK_DIR)
		return PTX_T_NONE;
	return ptx_type_lookup(t->s + 1, t->len - 1);
}

static ptx_space dir_space(const ptx_tok *t)
{
	if (t->kind != PTX_TK_DIR)
		return PTX_SP_NONE;
	return ptx_space_lookup(t->s + 1, t->len - 1);
}

static ptx_linkage dir_linkage(const ptx_tok *t)
{
	if (is_dir(t, ".visible"))
		return PTX_LINK_VISIBLE;
	if (is_dir(t, ".extern"))
		return PTX_LINK_EXTERN;
	if (is_dir(t, ".weak"))
		return PTX_LINK_WEAK;
	if (is_dir(t, ".common"))
		return PTX_LINK_COMMON;
	return PTX_LINK_NONE;
}

static ptx_init *parse_init(parser *p, int depth);

static ptx_init *parse_init_scalar(parser *p)
{
	ptx_init *in = ptx_alloc(p->a, sizeof *in);
	ptx_tok *t = tok(p);
	in->pos = t->pos;
	bool neg = false;
	if (is_punct(t, '-')) {
		neg = true;
		next(p);
		t = tok(p);
	}
	if (t->kind == PTX_TK_INT) {
		next(p);
		in->kind = PTX_INIT_INT;
		in->spell = t->spell;
		in->ival = neg ? (uint64_t)0 - t->ival : t->ival;
		in->has_off = neg; /* for ints: written with '-' */
		return in;
	}
	if (t->kind == PTX_TK_FLOAT) {
		next(p);
		in->kind = PTX_INIT_FLOAT;
		in->spell = t->spell;
		in->ival = t->ival;
		in->has_off = neg;
		return in;
	}
	if (t->kind == PTX_TK_ID && !neg) {
		bool generic = is_word(t, PTX_TK_ID, "generic") && is_punct(&p->c->toks[p->c->i + 1], '(');
		if (generic) {
			next(p);
			next(p);
			t = tok(p);
			if (t->kind != PTX_TK_ID) {
				error_at(p, t->pos, "expected a symbol in generic()");
				return NULL;
			}
		}
		next(p);
		in->kind = PTX_INIT_SYM;
		in->generic = generic;
		in->sym = tok_str(p, t);
		if (generic && !expect(p, ')', "after generic(symbol"))
			return NULL;
		if (is_punct(tok(p), '+')) {
			next(p);
			bool mneg = accept(p, '-');
			uint64_t v;
			if (!parse_uint(p, &v, "an offset"))
				return NULL;
			in->has_off = true;
			in->ival = mneg ? (uint64_t)0 - v : v;
		}
		return in;
	}
	char b[64];
	error_at(p, t->pos, "expected an initial value, found %s", tok_desc(t, b, sizeof b));
	return NULL;
}

static ptx_init *parse_init(parser *p, int depth)
{
	if (!is_punct(tok(p), '{'))
		return parse_init_scalar(p);
	ptx_init *in = ptx_alloc(p->a, sizeof *in);
	in->kind = PTX_INIT_LIST;
	in->pos = next(p)->pos;
	if (depth > 16) {
		error_at(p, in->pos, "initialiser nested too deeply");
		return NULL;
	}
	int cap = 0;
	if (accept(p, '}'))
		return in;
	do {
		ptx_init *it = parse_init(p, depth + 1);
		if (!it)
			return NULL;
		PUSH(p, in->items, in->nitems, cap, it);
	} while (accept(p, ','));
	if (!expect(p, '}', "to close the initialiser"))
		return NULL;
	return in;
}

/*
 * [linkage] .space {.align N | .vN | .ptr ...} .type {.align N} name [dims]
 * [= init].  The linkage and space have been read by the caller.  Returns
 * NULL after reporting an error.
 */
static ptx_var *parse_var_rest(parser *p, ptx_linkage link, ptx_space space,
			       ptx_pos pos, bool in_params)
{
	ptx_var *v = ptx_alloc(p->a, sizeof *v);
	v->linkage = link;
	v->space = space;
	v->pos = pos;
	for (;;) {
		ptx_tok *t = tok(p);
		if (is_dir(t, ".align")) {
			next(p);
			if (!parse_small(p, &v->align, "an alignment"))
				return NULL;
		} else if (is_dir(t, ".v2") || is_dir(t, ".v4") || is_dir(t, ".v8")) {
			next(p);
			v->vec = t->s[2] - '0';
		} else if (is_dir(t, ".ptr") && in_params) {
			next(p);
			v->ptr = true;
			ptx_space ps = dir_space(tok(p));
			if (ps) {
				next(p);
				v->ptr_space = ps;
			}
			if (is_dir(tok(p), ".align")) {
				next(p);
				if (!parse_small(p, &v->ptr_align, "an alignment"))
					return NULL;
			}
		} else if (!v->type && dir_type(t)) {
			v->type = dir_type(t);
			next(p);
		} else {
			break;
		}
	}
	ptx_tok *t = tok(p);
	if (!v->type) {
		char b[64];
		error_at(p, t->pos, "expected a type (.b32, .u64, .f32, ...), found %s",
			 tok_desc(t, b, sizeof b));
		return NULL;
	}
	if (t->kind != PTX_TK_ID) {
		char b[64];
		error_at(p, t->pos, "expected a name, found %s", tok_desc(t, b, sizeof b));
		return NULL;
	}
	next(p);
	v->name = tok_str(p, t);
	v->pos = t->pos;
	while (is_punct(tok(p), '[')) {
		ptx_tok *lb = next(p);
		uint64_t n = 0;
		if (v->ndims == 4) {
			error_at(p, lb->pos, "too many array dimensions");
			return NULL;
		}
		if (!is_punct(tok(p), ']') && !parse_uint(p, &n, "an array size"))
			return NULL;
		if (!expect(p, ']', "after the array size"))
			return NULL;
		v->dims[v->ndims++] = n;
	}
	if (accept(p, '=')) {
		v->init = parse_init(p, 0);
		if (!v->init)
			return NULL;
	}
	return v;
}

/* A whole variable statement from its first token (linkage or space). */
static ptx_var *parse_var(parser *p)
{
	ptx_pos pos = tok(p)->pos;
	ptx_linkage link = dir_linkage(tok(p));
	if (link)
		next(p);
	ptx_space sp = dir_space(tok(p));
	if (!sp) {
		char b[64];
		error_at(p, tok(p)->pos, "expected a state space, found %s",
			 tok_desc(tok(p), b, sizeof b));
		return NULL;
	}
	next(p);
	ptx_var *v = parse_var_rest(p, link, sp, pos, false);
	if (v && !expect(p, ';', "after the declaration"))
		return NULL;
	return v;
}

/* .reg .type a, b<N>, c; */
static void parse_reg_decl(parser *p)
{
	ptx_stmt st = {0};
	st.kind = PTX_ST_REG;
	st.pos = next(p)->pos;
	int vec = 0;
	ptx_type ty = PTX_T_NONE;
	for (;;) {
		ptx_tok *t = tok(p);
		if (is_dir(t, ".v2") || is_dir(t, ".v4") || is_dir(t, ".v8")) {
			vec = t->s[2] - '0';
			next(p);
		} else if (!ty && dir_type(t)) {
			ty = dir_type(t);
			next(p);
		} else {
			break;
		}
	}
	if (!ty) {
		char b[64];
		error_at(p, tok(p)->pos, "expected a register type, found %s",
			 tok_desc(tok(p), b, sizeof b));
		sync_stmt(p);
		return;
	}
	int cap = 0;
	do {
		ptx_tok *t = tok(p);
		if (t->kind != PTX_TK_ID) {
			char b[64];
			error_at(p, t->pos, "expected a register name, found %s",
				 tok_desc(t, b, sizeof b));
			sync_stmt(p);
			return;
		}
		next(p);
		ptx_reg *r = ptx_alloc(p->a, sizeof *r);
		r->name = tok_str(p, t);
		r->pos = t->pos;
		r->type = ty;
		r->vec = vec;
		if (accept(p, '<')) {
			if (!parse_small(p, &r->count, "a register count") ||
			    !expect(p, '>', "after the register count")) {
				sync_stmt(p);
				return;
			}
			if (r->count == 0) {
				error_at(p, t->pos, "register range %s<0> declares no register", r->name);
				r->count = 1;
			}
		}
		bind(p, r->name, r->pos, B_REG, r);
		PUSH(p, st.u.reg.regs, st.u.reg.nregs, cap, r);
	} while (accept(p, ','));
	if (!expect(p, ';', "after the register declaration")) {
		sync_stmt(p);
		return;
	}
	PUSH(p, p->fn->stmts, p->fn->nstmts, p->fn->capstmts, st);
}

/* ( .param .b32 a, .reg .u32 b, ... ) */
static bool parse_params(parser *p, ptx_params *out, bool bind_names)
{
	int cap = 0;
	if (!expect(p, '(', "to open the parameter list"))
		return false;
	if (accept(p, ')'))
		return true;
	do {
		ptx_tok *t = tok(p);
		ptx_space sp = dir_space(t);
		if (sp != PTX_SP_PARAM && sp != PTX_SP_REG) {
			char b[64];
			error_at(p, t->pos, "expected .param or .reg, found %s",
				 tok_desc(t, b, sizeof b));
			return false;
		}
		next(p);
		ptx_var *v = parse_var_rest(p, PTX_LINK_NONE, sp, t->pos, true);
		if (!v)
			return false;
		PUSH(p, out->items, out->n, cap, v);
		if (bind_names && strcmp(v->name, "_") != 0) {
			if (sp == PTX_SP_REG) {
				/* a register parameter is a register of the body */
				ptx_reg *r = ptx_alloc(p->a, sizeof *r);
				r->name = v->name;
				r->pos = v->pos;
				r->type = v->type;
				bind(p, r->name, r->pos, B_REG, r);
			} else {
				bind(p, v->name, v->pos, B_VAR, v);
			}
		}
	} while (accept(p, ','));
	return expect(p, ')', "to close the parameter list");
}

/* ---- operands ------------------------------------------------------------------ */

static ptx_opd *new_opd(parser *p, ptx_opd_kind k, ptx_pos pos)
{
	ptx_opd *o = ptx_alloc(p->a, sizeof *o);
	o->kind = k;
	o->pos = pos;
	o->index = -1;
	o->label = -1;
	return o;
}

/* A name: register, special register, variable, function or label. */
static ptx_opd *parse_name(parser *p, const ptx_tok *t)
{
	ptx_opd *o;
	if (t->len == 1 && t->s[0] == '_')
		return new_opd(p, PTX_OPD_SINK, t->pos);
	int idx;
	binding *b = lookup(p, t->s, t->len, &idx);
	if (b && b->kind == B_REG) {
		o = new_opd(p, PTX_OPD_REG, t->pos);
		o->reg = b->p;
		o->index = idx;
		return o;
	}
	if (b) {
		o = new_opd(p, PTX_OPD_SYM, t->pos);
		o->var = b->p;
		o->var->used = true;
		o->name = o->var->name;
		return o;
	}
	/* special registers: %tid.x */
	int base = t->len;
	char comp = 0;
	if (t->len > 2 && t->s[t->len - 2] == '.') {
		base = t->len - 2;
		comp = t->s[t->len - 1];
	}
	ptx_sreg_id sr = ptx_sreg_lookup(t->s, base);
	if (!sr && comp) {
		sr = ptx_sreg_lookup(t->s, t->len);
		if (sr)
			comp = 0, base = t->len;
	}
	if (sr) {
		o = new_opd(p, PTX_OPD_SREG, t->pos);
		o->sreg = sr;
		o->comp = comp;
		if (comp && (!ptx_sregs[sr].has_comp || (comp != 'x' && comp != 'y' && comp != 'z')))
			error_at(p, t->pos, "special register %.*s has no component .%c [sreg.component]",
				 base, t->s, comp);
		if (!comp && ptx_sregs[sr].has_comp)
			error_at(p, t->pos,
				 "special register %.*s needs a component (.x, .y or .z) [sreg.component]",
				 base, t->s);
		return o;
	}
	o = new_opd(p, PTX_OPD_SYM, t->pos);
	o->name = tok_str(p, t);
	ptx_item *it = ptx_map_get(&p->m->globals, t->s, t->len);
	if (it && it->kind == PTX_ITEM_VAR) {
		o->var = it->var;
		it->var->used = true;
		return o;
	}
	if (it && it->kind == PTX_ITEM_FN) {
		o->fn = it->fn;
		return o;
	}
	if (t->s[0] == '%') {
		error_at(p, t->pos, "undefined register %.*s [%s]", t->len, t->s,
			 looks_like_sreg(t->s, t->len) ? "sreg.unknown" : "undef.register");
		return o; /* an unresolved SYM: check.c leaves it alone */
	}
	if (!p->fn) {
		error_at(p, t->pos, "undefined symbol %.*s [undef.symbol]", t->len, t->s);
		return o;
	}
	o->label = label_get(p, t->s, t->len);
	ptx_label *l = &p->fn->labels[o->label];
	if (!l->first_use.line) {
		l->first_use = t->pos;
		l->as_value = p->cur_op != PTX_OP_BRA && p->cur_op != PTX_OP_BRX_IDX &&
			      p->cur_op != PTX_OP_CALL;
		l->as_call = p->cur_op == PTX_OP_CALL;
	}
	return o;
}

static ptx_opd *parse_opd(parser *p, bool in_group);
static ptx_opd *parse_group(parser *p, char close, ptx_opd_kind k);

/* ---- constant expressions ------------------------------------------------------ */

/* Binding power of a binary operator at the current token (0: none). */
static int binop(parser *p, int *len)
{
	ptx_tok *t = tok(p), *u = &p->c->toks[p->c->i + 1];
	*len = 1;
	if (t->kind == PTX_TK_ID && t->len == 1 && t->s[0] == '%')
		return 10;
	if (t->kind != PTX_TK_PUNCT)
		return 0;
	switch (t->s[0]) {
	case '*': case '/': return 10;
	case '+': case '-': return 9;
	case '<': case '>':
		if (u->kind == PTX_TK_PUNCT && u->s[0] == t->s[0] && u->s == t->s + 1) {
			*len = 2;
			return 8;
		}
		return 0;
	case '&': return 7;
	case '^': return 6;
	case '|': return 5;
	default: return 0;
	}
}

static bool expr(parser *p, int64_t *v, int min_bp, int depth);

static bool expr_atom(parser *p, int64_t *v, int depth)
{
	ptx_tok *t = tok(p);
	if (depth > 64) {
		error_at(p, t->pos, "constant expression nested too deeply");
		return false;
	}
	if (t->kind == PTX_TK_INT) {
		next(p);
		*v = (int64_t)t->ival;
		return true;
	}
	if (is_punct(t, '(')) {
		next(p);
		if (!expr(p, v, 1, depth + 1))
			return false;
		return expect(p, ')', "to close the expression");
	}
	if (is_punct(t, '-') || is_punct(t, '~') || is_punct(t, '!') || is_punct(t, '+')) {
		next(p);
		int64_t x;
		if (!expr_atom(p, &x, depth + 1))
			return false;
		char c = t->s[0];
		*v = c == '-' ? (int64_t)(0 - (uint64_t)x) : c == '~' ? ~x : c == '!' ? !x : x;
		return true;
	}
	char b[64];
	error_at(p, t->pos, "expected a constant, found %s", tok_desc(t, b, sizeof b));
	return false;
}

/* Integer constant expression with C precedence, 64-bit wrap-around. */
static bool expr(parser *p, int64_t *v, int min_bp, int depth)
{
	if (!expr_atom(p, v, depth))
		return false;
	for (;;) {
		int len, bp = binop(p, &len);
		if (!bp || bp < min_bp)
			return true;
		ptx_tok *op = tok(p);
		char c = op->kind == PTX_TK_ID ? '%' : op->s[0];
		for (int i = 0; i < len; i++)
			next(p);
		int64_t r;
		if (!expr(p, &r, bp + 1, depth + 1))
			return false;
		uint64_t a = (uint64_t)*v, b = (uint64_t)r;
		switch (c) {
		case '*': *v = (int64_t)(a * b); break;
		case '/': case '%':
			if (r == 0 || (r == -1 && *v == INT64_MIN)) {
				error_at(p, op->pos, "division by zero in a constant expression");
				return false;
			}
			*v = c == '/' ? *v / r : *v % r;
			break;
		case '+': *v = (int64_t)(a + b); break;
		case '-': *v = (int64_t)(a - b); break;
		case '<': *v = (int64_t)(b > 63 ? 0 : a << b); break;
		case '>': *v = b > 63 ? (*v < 0 ? -1 : 0) : *v >> b; break;
		case '&': *v = (int64_t)(a & b); break;
		case '^': *v = (int64_t)(a ^ b); break;
		default: *v = (int64_t)(a | b); break;
		}
	}
}

/* An immediate written as an expression: (1<<31), 0x10+4. */
static ptx_opd *parse_expr_opd(parser *p)
{
	ptx_pos pos = tok(p)->pos;
	int64_t v;
	if (!expr(p, &v, 1, 0))
		return NULL;
	ptx_opd *o = ptx_alloc(p->a, sizeof *o);
	o->kind = PTX_OPD_IMM;
	o->pos = pos;
	o->index = -1;
	o->label = -1;
	o->spell = PTX_IMM_DEC;
	o->neg = v < 0;
	o->ival = v < 0 ? (uint64_t)0 - (uint64_t)v : (uint64_t)v;
	return o;
}

static bool parse_offset(parser *p, ptx_opd *o)
{
	if (!is_punct(tok(p), '+') && !is_punct(tok(p), '-'))
		return true;
	bool neg = next(p)->s[0] == '-';
	if (accept(p, '-'))
		neg = !neg;
	uint64_t v;
	if (!parse_uint(p, &v, "an offset"))
		return false;
	o->has_off = true;
	o->ival = neg ? (uint64_t)0 - v : v;
	return true;
}

static ptx_opd *parse_addr(parser *p)
{
	ptx_tok *lb = next(p);
	ptx_opd *o = new_opd(p, PTX_OPD_ADDR, lb->pos);
	ptx_tok *t = tok(p);
	if (t->kind == PTX_TK_ID) {
		next(p);
		o->base = parse_name(p, t);
		if (!parse_offset(p, o))
			return NULL;
	} else if (t->kind == PTX_TK_INT) {
		next(p);
		o->ival = t->ival;
		o->spell = t->spell;
		o->has_off = false;
	} else {
		char b[64];
		error_at(p, t->pos, "expected a register, symbol or address, found %s",
			 tok_desc(t, b, sizeof b));
		return NULL;
	}
	/* [tensormap, {c0, c1, ...}]: a tensor address */
	int cap = 0;
	while (accept(p, ',')) {
		ptx_opd *it = is_punct(tok(p), '{') ? parse_group(p, '}', PTX_OPD_VEC)
						    : parse_opd(p, true);
		if (!it)
			return NULL;
		PUSH(p, o->items, o->nitems, cap, it);
	}
	if (!expect(p, ']', "to close the address"))
		return NULL;
	return o;
}

static ptx_opd *parse_group(parser *p, char close, ptx_opd_kind k)
{
	ptx_tok *ob = next(p);
	ptx_opd *o = new_opd(p, k, ob->pos);
	int cap = 0;
	if (accept(p, close))
		return o;
	do {
		ptx_opd *it = parse_opd(p, true);
		if (!it)
			return NULL;
		PUSH(p, o->items, o->nitems, cap, it);
	} while (accept(p, ','));
	char what[32];
	snprintf(what, sizeof what, "to close the %s", close == '}' ? "vector" : "list");
	if (!expect(p, close, what))
		return NULL;
	return o;
}

/* An integer literal (or -literal) followed by a binary operator. */
static bool is_expr_start(parser *p)
{
	int i = p->c->i;
	if (is_punct(&p->c->toks[i], '-'))
		i++;
	if (p->c->toks[i].kind != PTX_TK_INT)
		return false;
	int save = p->c->i, len;
	p->c->i = i + 1;
	bool yes = binop(p, &len) != 0 && !is_punct(tok(p), '|');
	p->c->i = save;
	return yes;
}

static ptx_opd *parse_opd(parser *p, bool in_group)
{
	ptx_tok *t = tok(p);
	char b[64];
	if (is_punct(t, '{') && !in_group)
		return parse_group(p, '}', PTX_OPD_VEC);
	if (is_punct(t, '(') && !in_group && p->cur_op == PTX_OP_CALL)
		return parse_group(p, ')', PTX_OPD_LIST);
	if (is_punct(t, '(') || is_punct(t, '~') ||
	    ((t->kind == PTX_TK_INT || is_punct(t, '-')) && is_expr_start(p)))
		return parse_expr_opd(p);
	if (is_punct(t, '['))
		return parse_addr(p);
	if (is_punct(t, '!')) {
		next(p);
		ptx_tok *n = tok(p);
		if (n->kind != PTX_TK_ID) {
			error_at(p, n->pos, "expected a predicate after '!', found %s",
				 tok_desc(n, b, sizeof b));
			return NULL;
		}
		next(p);
		ptx_opd *o = parse_name(p, n);
		o->neg = true;
		o->pos = t->pos;
		return o;
	}
	bool neg = false;
	if (is_punct(t, '-')) {
		neg = true;
		next(p);
		t = tok(p);
	}
	if (t->kind == PTX_TK_INT || t->kind == PTX_TK_FLOAT) {
		next(p);
		ptx_opd *o = new_opd(p, PTX_OPD_IMM, t->pos);
		o->spell = t->spell;
		o->ival = t->ival;
		o->neg = neg;
		o->is_float = t->kind == PTX_TK_FLOAT;
		o->unsigned_sfx = t->usfx;
		if (neg)
			o->pos.col--;
		return o;
	}
	if (t->kind == PTX_TK_ID && !neg) {
		next(p);
		ptx_opd *o = parse_name(p, t);
		if (o->kind == PTX_OPD_SYM && (is_punct(tok(p), '+')) && !parse_offset(p, o))
			return NULL;
		if (!in_group && is_punct(tok(p), '|')) {
			next(p);
			ptx_tok *n = tok(p);
			if (n->kind != PTX_TK_ID) {
				error_at(p, n->pos, "expected a predicate after '|', found %s",
					 tok_desc(n, b, sizeof b));
				return NULL;
			}
			next(p);
			ptx_opd *pr = new_opd(p, PTX_OPD_PAIR, o->pos);
			pr->items = ptx_alloc(p->a, 2 * sizeof *pr->items);
			pr->items[0] = o;
			pr->items[1] = parse_name(p, n);
			pr->nitems = 2;
			return pr;
		}
		return o;
	}
	error_at(p, t->pos, "expected an operand, found %s", tok_desc(t, b, sizeof b));
	return NULL;
}

/* ---- instructions ---------------------------------------------------------------- */

/* The rule an unknown modifier breaks: PTX has no .seq_cst (it is .sc), no
 * .cta::cluster scope, and spells .noComplete with a capital C. */
static const char *unknown_mod_rule(ptx_opcode op, const char *s, int len)
{
	if (len == 7 && !memcmp(s, "seq_cst", 7))
		return "mem.seq-cst";
	if (len == 12 && !memcmp(s, "cta::cluster", 12))
		return "mem.scope-vocab";
	if (len == 10 && !memcmp(s, "nocomplete", 10))
		return "mbarrier.nocomplete";
	if (op == PTX_OP_SHFL || op == PTX_OP_SHFL_SYNC)
		return "shfl.mode";
	if (op == PTX_OP_FENCE_PROXY)
		return "fence.proxy-kind";
	if (!strncmp(ptx_opcodes[op].name, "mbarrier", 8))
		return "mbarrier.unknown-op";
	return "types.modifier";
}

static bool add_mod(parser *p, ptx_insn *in, const char *s, int len, ptx_pos pos)
{
	ptx_mod md = {0};
	ptx_type ty = ptx_type_lookup(s, len);
	ptx_space sp = ty ? PTX_SP_NONE : ptx_space_lookup(s, len);
	if (ty) {
		md.cls = PTX_MC_TYPE;
		md.val = (uint8_t)ty;
		if (in->ntypes < 3)
			in->type[in->ntypes] = ty;
		in->ntypes++;
	} else if (sp) {
		md.cls = PTX_MC_SPACE;
		md.val = (uint8_t)sp;
		if (!in->space)
			in->space = sp;
		else if (!in->space2)
			in->space2 = sp;
	} else {
		bool cmp = in->op == PTX_OP_SETP || in->op == PTX_OP_SET;
		ptx_modid id = ptx_mod_lookup(s, len, cmp);
		if (!id) {
			error_at(p, pos, "unknown modifier .%.*s on %s [%s]", len, s,
				 ptx_opcodes[in->op].name, unknown_mod_rule(in->op, s, len));
			return false;
		}
		md.cls = ptx_mod_classes[id];
		md.val = (uint8_t)id;
		switch (md.cls) {
		case PTX_MC_SEM: in->sem = id; break;
		case PTX_MC_SCOPE: in->scope = id; break;
		case PTX_MC_RND: in->rnd = id; break;
		case PTX_MC_CMP: in->cmp = id; break;
		case PTX_MC_OP:
			if (cmp || in->op2)
				in->boolop = id;
			else
				in->op2 = id;
			break;
		case PTX_MC_VEC: in->vec = id == PTX_MOD_V2 ? 2 : id == PTX_MOD_V4 ? 4 : 8; break;
		case PTX_MC_CACHE: in->cache = id; break;
		case PTX_MC_MODE: in->mode = id; break;
		default: in->flags[id / 64] |= (uint64_t)1 << (id % 64); break;
		}
	}
	if (in->nmods == PTX_MAX_MODS) {
		error_at(p, pos, "too many modifiers on %s", ptx_opcodes[in->op].name);
		return false;
	}
	in->mods[in->nmods++] = md;
	return true;
}

/* Split the dotted opcode token into the longest known opcode name and its
 * modifiers. */
static bool parse_opcode(parser *p, ptx_insn *in, const ptx_tok *t)
{
	const char *s = t->s, *end = t->s + t->len;
	const char *dots[40];
	int nd = 0;
	for (const char *q = s; q < end && nd < 39; q++)
		if (*q == '.')
			dots[nd++] = q;
	dots[nd] = end;
	/* bar.cta.sync / barrier.cta.arrive: the .cta is a scope, not a name */
	int skip = -1;
	if (nd >= 2 && dots[1] - dots[0] == 4 && !memcmp(dots[0], ".cta", 4) &&
	    ((dots[0] - s == 3 && !memcmp(s, "bar", 3)) ||
	     (dots[0] - s == 7 && !memcmp(s, "barrier", 7))))
		skip = 0;
	int parts = 0;
	for (int k = nd; k >= 0; k--) {
		ptx_opcode op;
		if (skip == 0 && k >= 2) {
			char buf[64];
			int l1 = (int)(dots[0] - s), l2 = (int)(dots[k] - dots[1]);
			if (l1 + l2 >= (int)sizeof buf)
				continue;
			memcpy(buf, s, (size_t)l1);
			memcpy(buf + l1, dots[1], (size_t)l2);
			op = ptx_opcode_lookup(buf, l1 + l2);
		} else {
			op = ptx_opcode_lookup(s, (int)(dots[k] - s));
		}
		if (op) {
			in->op = op;
			parts = k;
			break;
		}
	}
	if (!in->op) {
		const char *d = nd ? dots[0] : end;
		error_at(p, t->pos, "unknown instruction '%.*s' [%s]", (int)(d - s), s,
			 (d - s == 8 && !memcmp(s, "mbarrier", 8)) ? "mbarrier.unknown-op"
								   : "types.unknown-instruction");
		return false;
	}
	if (skip == 0 && parts >= 2)
		in->bar_cta = true;
	in->nameparts = parts + 1;
	bool ok = true;
	for (int k = parts; k < nd; k++) {
		if (skip == 0 && k == 0)
			continue;
		const char *ms = dots[k] + 1;
		ok &= add_mod(p, in, ms, (int)(dots[k + 1] - ms),
			      (ptx_pos){t->pos.line, t->pos.col + (int)(dots[k] - s)});
	}
	if (nd == 39) {
		error_at(p, t->pos, "too many modifiers");
		ok = false;
	}
	return ok; /* an instruction with an unknown modifier is not checked */
}

static void add_stmt(parser *p, ptx_stmt st)
{
	PUSH(p, p->fn->stmts, p->fn->nstmts, p->fn->capstmts, st);
}

static void parse_insn(parser *p)
{
	ptx_insn *in = ptx_alloc(p->a, sizeof *in);
	in->loc = p->loc;
	ptx_tok *t = tok(p);
	if (is_punct(t, '@')) {
		next(p);
		ptx_opd *g = parse_opd(p, true);
		if (!g) {
			sync_stmt(p);
			return;
		}
		g->pos = t->pos;
		in->guard = g;
		t = tok(p);
	}
	if (t->kind != PTX_TK_ID) {
		char b[64];
		error_at(p, t->pos, "expected an instruction, found %s", tok_desc(t, b, sizeof b));
		sync_stmt(p);
		return;
	}
	next(p);
	in->pos = t->pos;
	if (!parse_opcode(p, in, t)) {
		sync_stmt(p);
		return;
	}
	p->cur_op = in->op;
	if (!is_punct(tok(p), ';')) {
		do {
			if (in->nopd == PTX_MAX_OPDS) {
				error_at(p, tok(p)->pos, "too many operands");
				sync_stmt(p);
				return;
			}
			ptx_opd *o = parse_opd(p, false);
			if (!o) {
				sync_stmt(p);
				return;
			}
			in->opd[in->nopd++] = o;
		} while (accept(p, ','));
	}
	if (!expect(p, ';', "after the instruction")) {
		sync_stmt(p);
		return;
	}
	ptx_stmt st = {0};
	st.kind = PTX_ST_INSN;
	st.pos = in->guard ? in->guard->pos : in->pos;
	st.u.insn = in;
	add_stmt(p, st);
}

/* .loc file line col [, function_name X, inlined_at f l c] */
static void parse_loc(parser *p)
{
	ptx_tok *d = next(p);
	ptx_stmt st = {0};
	st.kind = PTX_ST_LOC;
	st.pos = d->pos;
	uint64_t v[3];
	for (int k = 0; k < 3; k++) {
		if (!parse_uint(p, &v[k], k == 0 ? "a file index" : k == 1 ? "a line" : "a column")) {
			sync_stmt(p);
			return;
		}
	}
	st.u.loc = (ptx_loc){(int)(v[0] & 0x7fffffff), (int)(v[1] & 0x7fffffff), (int)(v[2] & 0x7fffffff)};
	/* the rest of the line, verbatim */
	ptx_tok *t = tok(p);
	if (t->pos.line == d->pos.line && is_punct(t, ',')) {
		const char *s = t->s;
		const char *e = s;
		while (tok(p)->kind != PTX_TK_EOF && tok(p)->pos.line == d->pos.line) {
			e = tok(p)->s + tok(p)->len;
			next(p);
		}
		st.loc_extra = ptx_strndup(p->a, s, (size_t)(e - s));
	}
	p->loc = st.u.loc;
	add_stmt(p, st);
}

/* .pragma "a", "b"; -> the text between .pragma and ';' */
static const char *parse_pragma(parser *p)
{
	next(p);
	ptx_tok *t = tok(p);
	if (t->kind != PTX_TK_STRING) {
		error_at(p, t->pos, "expected a string after .pragma");
		sync_stmt(p);
		return NULL;
	}
	const char *s = t->s, *e = s;
	while (tok(p)->kind == PTX_TK_STRING || is_punct(tok(p), ',')) {
		e = tok(p)->s + tok(p)->len;
		next(p);
	}
	if (!expect(p, ';', "after .pragma")) {
		sync_stmt(p);
		return NULL;
	}
	return ptx_strndup(p->a, s, (size_t)(e - s));
}

static ptx_proto *parse_callproto(parser *p)
{
	next(p);
	ptx_proto *pr = ptx_alloc(p->a, sizeof *pr);
	if (is_punct(tok(p), '(')) {
		pr->has_ret = true;
		if (!parse_params(p, &pr->ret, false))
			return NULL;
	}
	ptx_tok *t = tok(p);
	if (!is_word(t, PTX_TK_ID, "_")) {
		error_at(p, t->pos, "expected '_' in .callprototype");
		return NULL;
	}
	next(p);
	if (!parse_params(p, &pr->args, false))
		return NULL;
	if (is_dir(tok(p), ".noreturn")) {
		next(p);
		pr->noreturn = true;
	}
	if (!expect(p, ';', "after .callprototype"))
		return NULL;
	return pr;
}

static void parse_label(parser *p)
{
	ptx_tok *t = next(p);
	next(p); /* ':' */
	int l = label_get(p, t->s, t->len);
	ptx_label *lab = &p->fn->labels[l];
	if (lab->stmt >= 0) {
		error_at(p, t->pos, "label %s is already defined at line %d [undef.label-duplicate]",
			 lab->name, lab->pos.line);
		return;
	}
	lab->stmt = p->fn->nstmts;
	lab->pos = t->pos;
	ptx_stmt st = {0};
	st.kind = PTX_ST_LABEL;
	st.pos = t->pos;
	st.u.label = l;
	add_stmt(p, st);
	ptx_tok *d = tok(p);
	if (is_dir(d, ".branchtargets")) {
		next(p);
		ptx_stmt bt = {0};
		bt.kind = PTX_ST_BRTARGETS;
		bt.pos = d->pos;
		int cap = 0;
		do {
			ptx_tok *n = tok(p);
			if (n->kind != PTX_TK_ID) {
				error_at(p, n->pos, "expected a label in .branchtargets");
				sync_stmt(p);
				return;
			}
			next(p);
			ptx_opd *o = new_opd(p, PTX_OPD_SYM, n->pos);
			o->name = tok_str(p, n);
			o->label = label_get(p, n->s, n->len);
			ptx_label *nl = &p->fn->labels[o->label];
			if (!nl->first_use.line)
				nl->first_use = n->pos;
			PUSH(p, bt.u.brt.targets, bt.u.brt.ntargets, cap, o);
		} while (accept(p, ','));
		if (!expect(p, ';', "after .branchtargets")) {
			sync_stmt(p);
			return;
		}
		p->fn->labels[l].brtargets = p->fn->nstmts;
		add_stmt(p, bt);
	} else if (is_dir(d, ".callprototype")) {
		ptx_proto *pr = parse_callproto(p);
		if (!pr) {
			sync_stmt(p);
			return;
		}
		p->fn->labels[l].proto = pr;
		ptx_stmt cp = {0};
		cp.kind = PTX_ST_CALLPROTO;
		cp.pos = d->pos;
		cp.u.proto = pr;
		add_stmt(p, cp);
	}
}

static void parse_body(parser *p)
{
	ptx_fn *f = p->fn;
	int depth = 1;
	while (depth > 0) {
		ptx_tok *t = tok(p);
		ptx_stmt st = {0};
		st.pos = t->pos;
		if (t->kind == PTX_TK_EOF) {
			error_at(p, t->pos, "missing '}' at the end of function %s", f->name);
			return;
		}
		if (is_punct(t, '{')) {
			next(p);
			depth++;
			push_scope(p);
			st.kind = PTX_ST_OPEN;
			add_stmt(p, st);
			continue;
		}
		if (is_punct(t, '}')) {
			next(p);
			depth--;
			p->sc = p->sc->up;
			if (depth > 0) {
				st.kind = PTX_ST_CLOSE;
				add_stmt(p, st);
			}
			continue;
		}
		if (t->kind == PTX_TK_ID && is_punct(&p->c->toks[p->c->i + 1], ':')) {
			parse_label(p);
			continue;
		}
		if (t->kind == PTX_TK_DIR) {
			ptx_space sp = dir_space(t);
			if (is_dir(t, ".reg")) {
				parse_reg_decl(p);
			} else if (is_dir(t, ".loc")) {
				parse_loc(p);
			} else if (is_dir(t, ".pragma")) {
				const char *pr = parse_pragma(p);
				if (pr) {
					st.kind = PTX_ST_PRAGMA;
					st.u.pragma = pr;
					add_stmt(p, st);
				}
			} else if (sp || dir_linkage(t)) {
				ptx_var *v = parse_var(p);
				if (!v) {
					sync_stmt(p);
					continue;
				}
				bind(p, v->name, v->pos, B_VAR, v);
				st.kind = PTX_ST_VAR;
				st.u.var = v;
				add_stmt(p, st);
			} else {
				error_at(p, t->pos, "unexpected directive %.*s in a function body",
					 t->len, t->s);
				sync_stmt(p);
			}
			continue;
		}
		parse_insn(p);
	}
}

/* Labels used but never defined. */
static void check_labels(parser *p)
{
	ptx_fn *f = p->fn;
	for (int i = 0; i < f->nlabels; i++) {
		ptx_label *l = &f->labels[i];
		if (l->stmt < 0)
			error_at(p, l->first_use, "undefined %s %s [%s]",
				 l->as_call ? "function" : l->as_value ? "symbol" : "label", l->name,
				 l->as_call ? "undef.function" : l->as_value ? "undef.symbol" : "undef.label");
	}
}

/* ---- functions and module ------------------------------------------------------- */

static bool parse_dims3(parser *p, int *v, int *n, const char *what)
{
	*n = 0;
	do {
		if (*n == 3) {
			error_at(p, tok(p)->pos, "%s takes at most 3 values", what);
			return false;
		}
		if (!parse_small(p, &v[(*n)++], "a value"))
			return false;
	} while (accept(p, ','));
	return true;
}

static ptx_item *add_item(parser *p, ptx_item it)
{
	ptx_module *m = p->m;
	ptx_item *n = ptx_alloc(p->a, sizeof *n);
	*n = it;
	PUSH(p, m->items, m->nitems, m->capitems, n);
	return n;
}

static void declare_global(parser *p, const char *name, ptx_pos pos, ptx_item *it)
{
	int len = (int)strlen(name);
	ptx_item *old = ptx_map_get(&p->m->globals, name, len);
	if (old && (old->kind != it->kind ||
		    (it->kind == PTX_ITEM_VAR && old->var->linkage != PTX_LINK_EXTERN &&
		     it->var->linkage != PTX_LINK_EXTERN) ||
		    (it->kind == PTX_ITEM_FN && old->fn->has_body && it->fn->has_body))) {
		error_at(p, pos, "'%s' is already defined at line %d", name, old->pos.line);
		return;
	}
	ptx_map_put(p->a, &p->m->globals, name, len, it);
}

static void parse_function(parser *p, ptx_linkage link, ptx_pos pos)
{
	ptx_tok *kw = next(p);
	ptx_fn *f = ptx_alloc(p->a, sizeof *f);
	f->linkage = link;
	f->pos = pos;
	f->is_entry = is_dir(kw, ".entry");
	p->fn = f;
	push_scope(p); /* parameters */
	if (is_punct(tok(p), '(')) {
		f->has_ret = true;
		if (!parse_params(p, &f->ret, true))
			goto bad;
	}
	if (is_dir(tok(p), ".noreturn")) {
		next(p);
		f->noreturn = true;
	}
	ptx_tok *n = tok(p);
	if (n->kind != PTX_TK_ID) {
		char b[64];
		error_at(p, n->pos, "expected a function name, found %s", tok_desc(n, b, sizeof b));
		goto bad;
	}
	next(p);
	f->name = tok_str(p, n);
	f->pos = n->pos;
	if (is_punct(tok(p), '(') && !parse_params(p, &f->params, true))
		goto bad;
	for (;;) {
		ptx_tok *t = tok(p);
		if (is_dir(t, ".maxntid")) {
			next(p);
			if (!parse_dims3(p, f->maxntid, &f->nmaxntid, ".maxntid"))
				goto bad;
		} else if (is_dir(t, ".reqntid")) {
			next(p);
			if (!parse_dims3(p, f->reqntid, &f->nreqntid, ".reqntid"))
				goto bad;
		} else if (is_dir(t, ".reqnctapercluster")) {
			next(p);
			if (!parse_dims3(p, f->reqnctapercluster, &f->nreqnctapercluster,
					 ".reqnctapercluster"))
				goto bad;
		} else if (is_dir(t, ".minnctapersm")) {
			next(p);
			if (!parse_small(p, &f->minnctapersm, "a CTA count"))
				goto bad;
		} else if (is_dir(t, ".maxnreg")) {
			next(p);
			if (!parse_small(p, &f->maxnreg, "a register count"))
				goto bad;
		} else if (is_dir(t, ".maxclusterrank")) {
			next(p);
			if (!parse_small(p, &f->maxclusterrank, "a cluster rank"))
				goto bad;
		} else if (is_dir(t, ".noreturn")) {
			next(p);
			f->noreturn = true;
		} else if (is_dir(t, ".explicitcluster")) {
			next(p);
			f->explicitcluster = true;
		} else if (is_dir(t, ".pragma")) {
			const char *pr = parse_pragma(p);
			if (pr) {
				int cap = f->npragmas;
				PUSH(p, f->pragmas, f->npragmas, cap, pr);
			}
		} else {
			break;
		}
	}
	ptx_item it = {0};
	it.kind = PTX_ITEM_FN;
	it.pos = pos;
	it.fn = f;
	if (accept(p, ';')) {
		declare_global(p, f->name, f->pos, add_item(p, it));
		p->fn = NULL;
		p->sc = NULL;
		return;
	}
	if (!expect(p, '{', "to open the function body"))
		goto bad;
	f->has_body = true;
	/* declared before the body so that it can call itself */
	declare_global(p, f->name, f->pos, add_item(p, it));
	push_scope(p);
	parse_body(p);
	check_labels(p);
	p->fn = NULL;
	p->sc = NULL;
	return;
bad:
	p->fn = NULL;
	p->sc = NULL;
	/* skip the rest of this function: to ';' at depth 0 or the closing '}' */
	for (int depth = 0;;) {
		ptx_tok *t = tok(p);
		if (t->kind == PTX_TK_EOF)
			return;
		next(p);
		if (is_punct(t, '{'))
			depth++;
		else if (is_punct(t, '}') && --depth <= 0)
			return;
		else if (is_punct(t, ';') && depth == 0)
			return;
	}
}

static void parse_section(parser *p, ptx_pos pos)
{
	next(p);
	ptx_tok *n = tok(p);
	ptx_item it = {0};
	it.kind = PTX_ITEM_SECTION;
	it.pos = pos;
	if (n->kind != PTX_TK_DIR && n->kind != PTX_TK_ID) {
		error_at(p, n->pos, "expected a section name");
		sync_stmt(p);
		return;
	}
	next(p);
	it.section.name = tok_str(p, n);
	if (!expect(p, '{', "to open the section")) {
		sync_stmt(p);
		return;
	}
	int cap = 0;
	for (;;) {
		ptx_tok *t = tok(p);
		ptx_section_line ln = {0};
		if (t->kind == PTX_TK_EOF) {
			error_at(p, t->pos, "missing '}' at the end of the section");
			return;
		}
		if (accept(p, '}'))
			break;
		if (t->kind == PTX_TK_ID && is_punct(&p->c->toks[p->c->i + 1], ':')) {
			next(p);
			next(p);
			ln.label = tok_str(p, t);
		} else if (dir_type(t)) {
			next(p);
			ln.type = dir_type(t);
			int vcap = 0;
			ptx_tok *first = tok(p);
			do {
				ptx_init *v = parse_init_scalar(p);
				if (!v)
					break;
				PUSH(p, ln.vals, ln.nvals, vcap, v);
			} while (accept(p, ',') && tok(p)->pos.line == first->pos.line);
			accept(p, ';');
			if (!ln.nvals) {
				sync_stmt(p);
				continue;
			}
		} else {
			char b[64];
			error_at(p, t->pos, "expected a label or data in the section, found %s",
				 tok_desc(t, b, sizeof b));
			next(p);
			continue;
		}
		PUSH(p, it.section.lines, it.section.nlines, cap, ln);
	}
	add_item(p, it);
}

static void parse_version(parser *p)
{
	ptx_tok *d = next(p);
	ptx_tok *t = tok(p);
	p->m->version_pos = d->pos;
	int maj = 0, min = 0;
	if (t->kind == PTX_TK_FLOAT && t->spell == PTX_IMM_DECFLOAT &&
	    sscanf(t->s, "%d.%d", &maj, &min) == 2 && min >= 0 && min < 10 && maj >= 1) {
		next(p);
		p->m->version_major = maj;
		p->m->version_minor = min;
		return;
	}
	error_at(p, t->pos, "expected a version such as 8.5 after .version");
	sync_stmt(p);
}

static void parse_target(parser *p)
{
	ptx_tok *d = next(p);
	p->m->target_pos = d->pos;
	int cap = 0;
	do {
		ptx_tok *t = tok(p);
		if (t->kind != PTX_TK_ID) {
			error_at(p, t->pos, "expected a target name such as sm_90 after .target");
			sync_stmt(p);
			return;
		}
		next(p);
		char *name = tok_str(p, t);
		int sm = 0;
		char suf = 0;
		if (!strncmp(name, "sm_", 3) && sscanf(name + 3, "%d%c", &sm, &suf) >= 1) {
			if (p->m->target) {
				error_at(p, t->pos, "more than one sm_ target");
			} else {
				p->m->target = name;
				p->m->sm = sm;
				p->m->sm_a = suf == 'a' || suf == 'f';
			}
			if (suf && suf != 'a' && suf != 'f')
				error_at(p, t->pos, "unknown target %s", name);
		} else if (!strcmp(name, "texmode_unified") || !strcmp(name, "texmode_independent") ||
			   !strcmp(name, "debug") || !strcmp(name, "map_f64_to_f32")) {
			PUSH(p, p->m->target_extra, p->m->ntarget_extra, cap, name);
		} else {
			error_at(p, t->pos, "unknown target %s", name);
		}
	} while (accept(p, ','));
}

static void parse_file(parser *p, ptx_pos pos)
{
	next(p);
	ptx_item it = {0};
	it.kind = PTX_ITEM_FILE;
	it.pos = pos;
	uint64_t idx;
	if (!parse_uint(p, &idx, "a file index")) {
		sync_stmt(p);
		return;
	}
	it.file.index = (int)(idx & 0x7fffffff);
	ptx_tok *s = tok(p);
	if (s->kind != PTX_TK_STRING) {
		error_at(p, s->pos, "expected a file name string after .file %d", it.file.index);
		sync_stmt(p);
		return;
	}
	next(p);
	it.file.path = ptx_strndup(p->a, s->s + 1, (size_t)(s->len - 2));
	if (is_punct(tok(p), ',') && tok(p)->pos.line == s->pos.line) {
		const char *b = tok(p)->s, *e = b;
		while (tok(p)->kind != PTX_TK_EOF && tok(p)->pos.line == s->pos.line &&
		       (is_punct(tok(p), ',') || tok(p)->kind == PTX_TK_INT)) {
			e = tok(p)->s + tok(p)->len;
			next(p);
		}
		it.file.extra = ptx_strndup(p->a, b, (size_t)(e - b));
	}
	add_item(p, it);
}

void ptx_parse(ptx_ctx *c)
{
	parser p = {0};
	p.c = c;
	p.m = c->m;
	p.a = &c->m->arena;
	while (tok(&p)->kind != PTX_TK_EOF) {
		ptx_tok *t = tok(&p);
		ptx_pos pos = t->pos;
		if (is_dir(t, ".version")) {
			parse_version(&p);
		} else if (is_dir(t, ".target")) {
			parse_target(&p);
		} else if (is_dir(t, ".address_size")) {
			next(&p);
			if (!parse_small(&p, &p.m->address_size, "an address size"))
				sync_stmt(&p);
		} else if (is_dir(t, ".file")) {
			parse_file(&p, pos);
		} else if (is_dir(t, ".section")) {
			parse_section(&p, pos);
		} else if (is_dir(t, ".pragma")) {
			const char *pr = parse_pragma(&p);
			if (pr) {
				ptx_item it = {0};
				it.kind = PTX_ITEM_PRAGMA;
				it.pos = pos;
				it.pragma = pr;
				add_item(&p, it);
			}
		} else if (t->kind == PTX_TK_DIR) {
			ptx_linkage link = dir_linkage(t);
			ptx_tok *k = link ? &p.c->toks[p.c->i + 1] : t;
			if (is_dir(k, ".entry") || is_dir(k, ".func")) {
				if (link)
					next(&p);
				parse_function(&p, link, pos);
			} else if (dir_space(k)) {
				ptx_var *v = parse_var(&p);
				if (!v) {
					sync_stmt(&p);
					continue;
				}
				ptx_item it = {0};
				it.kind = PTX_ITEM_VAR;
				it.pos = pos;
				it.var = v;
				declare_global(&p, v->name, v->pos, add_item(&p, it));
			} else {
				error_at(&p, k->pos, "unexpected directive %.*s", k->len, k->s);
				next(&p);
				sync_stmt(&p);
			}
		} else {
			char b[64];
			error_at(&p, pos, "expected a directive, found %s", tok_desc(t, b, sizeof b));
			next(&p);
			sync_stmt(&p);
		}
	}
}
