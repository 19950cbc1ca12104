/*
 * isa_model.c - name resolution and per-opcode flattening.
 *
 * Contract: requires the parse of every file (isa_parse_file).  Produces,
 * or reports located errors for: class parents (unknown, opcode as parent,
 * cycles), field types (UImm12 = 12-bit member of the family UImm; field
 * width must equal the type's), field geometry (1..64 bits inside the 128),
 * defaults/constants (valid for the type, fit the width), aliases, and one
 * isa_opcode per __DefOpcode:
 *   - ancestors: depth first in parent order, each once, post-order, so the
 *     root comes first and the opcode last; fields are collected in that
 *     order and a redeclared name replaces the earlier field in place;
 *   - "nearest" declaration (Order, InList, OutList, Bitwidth<x>,
 *     AsmFormat<x>): breadth first from the opcode in parent order (the
 *     opcode, its parents, their parents, ...), the first class that
 *     declares it wins, so an optype overrides the groups it sits beside;
 *   - operands from Order, guard, base/modifier links, fixed/used masks,
 *     modifier fields, exceptions of every ancestor.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "isa/isa_priv.h"

#define MAX_ANCESTORS 64

void isa_error(const isa_model *m, simt_diags *d, isa_loc loc, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	const char *file = loc.file >= 0 && loc.file < m->nfiles ? m->files[loc.file] : NULL;
	const char *src = file ? m->sources[loc.file] : NULL;
	util_vdiag(d, SIMT_SEV_ERROR, file, src, loc.line, loc.col, fmt, ap);
	va_end(ap);
}

/* ---- lookups -------------------------------------------------------------- */

int isa_enum_find(const isa_type *t, const char *name, size_t len)
{
	if (!t || t->cls != ISA_KIND_ENUM)
		return -1;
	for (int i = 0; i < t->nvalues; i++)
		if (t->values[i] && strlen(t->values[i]) == len && !memcmp(t->values[i], name, len))
			return i;
	return -1;
}

const isa_type *isa_type_find(const isa_model *m, const char *name)
{
	if (m->type_names.count) {
		int i = util_names_find(&m->type_names, name, strlen(name));
		return i >= 0 ? m->types[i] : NULL;
	}
	for (int i = 0; i < m->ntypes; i++)
		if (!strcmp(m->types[i]->name, name))
			return m->types[i];
	return NULL;
}

const isa_class *isa_class_find(const isa_model *m, const char *name)
{
	if (m->class_names.count) {
		int i = util_names_find(&m->class_names, name, strlen(name));
		return i >= 0 ? m->classes[i] : NULL;
	}
	for (int i = 0; i < m->nclasses; i++)
		if (!strcmp(m->classes[i]->name, name))
			return m->classes[i];
	return NULL;
}

const isa_opcode *isa_opcode_find(const isa_model *m, const char *name)
{
	if (m->opcode_names.count) {
		int i = util_names_find(&m->opcode_names, name, strlen(name));
		return i >= 0 ? m->opcodes[i] : NULL;
	}
	for (int i = 0; i < m->nopcodes; i++)
		if (!strcmp(m->opcodes[i]->name, name))
			return m->opcodes[i];
	return NULL;
}

int isa_field_find(const isa_opcode *op, const char *name)
{
	for (int i = 0; i < op->nfields; i++)
		if (!strcmp(op->fields[i].name, name))
			return i;
	return -1;
}

const char *isa_value_name(const isa_field *f, char *buf, size_t size)
{
	const isa_type *t = f->type;
	if (t && t->cls == ISA_KIND_ENUM && f->value < (uint64_t)t->nvalues && t->values[f->value])
		return t->values[f->value];
	snprintf(buf, size, "%llu", (unsigned long long)f->value);
	return buf;
}

/* ---- classes ----------------------------------------------------------------- */

/* The maps keep the first index of a name: a later one is a redefinition. */
static void check_duplicates(isa_model *m, simt_diags *d)
{
	for (int i = 0; i < m->ntypes; i++) {
		const char *n = m->types[i]->name;
		if (n && util_names_find(&m->type_names, n, strlen(n)) != i)
			isa_error(m, d, m->types[i]->loc, "redefinition of type '%s'", n);
	}
	for (int i = 0; i < m->nclasses; i++) {
		const char *n = m->classes[i]->name;
		if (n && util_names_find(&m->class_names, n, strlen(n)) != i)
			isa_error(m, d, m->classes[i]->loc, "redefinition of '%s'", n);
	}
}

static int class_index(const isa_model *m, const char *name)
{
	return util_names_find(&m->class_names, name, strlen(name));
}

/* m->classes[i] and ast->classes[i] are the same class (isa_parse.c). */
static void resolve_parents(isa_model *m, isa_ast *ast, simt_diags *d)
{
	for (int i = 0; i < ast->nclasses; i++) {
		isa_raw_class *rc = &ast->classes[i];
		isa_class *c = rc->cls;
		c->parents = calloc((size_t)rc->nparents + 1, sizeof *c->parents);
		rc->parent_idx = calloc((size_t)rc->nparents + 1, sizeof *rc->parent_idx);
		if (!c->parents || !rc->parent_idx) {
			ast->nomem = true;
			return;
		}
		for (int k = 0; k < rc->nparents; k++) {
			int pi = class_index(m, rc->parent_names[k]);
			isa_class *p = pi >= 0 ? m->classes[pi] : NULL;
			if (!p)
				isa_error(m, d, rc->parent_locs[k], "unknown parent '%s'",
					  rc->parent_names[k]);
			else if (p->kind == ISA_OPCODE)
				isa_error(m, d, rc->parent_locs[k],
					  "'%s' is an opcode; only groups and optypes can be parents",
					  p->name);
			else if (p == c)
				isa_error(m, d, rc->parent_locs[k], "'%s' is its own parent", c->name);
			else {
				c->parents[c->nparents++] = p;
				rc->parent_idx[rc->nparent_idx++] = pi;
			}
		}
	}
}

/* Depth-first search with colours kept across roots (0 new, 1 on the
 * path, 2 done): linear in classes + parent links.  A parent found on the
 * path closes a cycle; that class is reported once. */
static void find_cycles(isa_model *m, isa_ast *ast, simt_diags *d, int i, char *colour,
			bool *found)
{
	colour[i] = 1;
	const isa_raw_class *rc = &ast->classes[i];
	for (int k = 0; k < rc->nparent_idx; k++) {
		int p = rc->parent_idx[k];
		if (colour[p] == 0) {
			find_cycles(m, ast, d, p, colour, found);
		} else if (colour[p] == 1) {
			isa_error(m, d, m->classes[p]->loc, "'%s' inherits from itself",
				  m->classes[p]->name);
			*found = true;
		}
	}
	colour[i] = 2;
}

static bool check_cycles(isa_model *m, isa_ast *ast, simt_diags *d)
{
	char *colour = calloc((size_t)m->nclasses + 1, 1);
	if (!colour) {
		ast->nomem = true;
		return false;
	}
	bool found = false;
	for (int i = 0; i < m->nclasses; i++)
		if (colour[i] == 0)
			find_cycles(m, ast, d, i, colour, &found);
	free(colour);
	return !found;
}

/* ---- types and values ----------------------------------------------------------- */

/* The member UImm12 of the family UImm, made on first use. */
static const isa_type *family_member(isa_model *m, isa_ast *ast, const char *name)
{
	for (int i = 0; i < m->ntypes; i++) {
		const isa_type *f = m->types[i];
		size_t n = strlen(f->name);
		if (!f->family || strncmp(name, f->name, n) != 0 || !name[n])
			continue;
		const char *digits = name + n;
		if (strspn(digits, "0123456789") != strlen(digits) || strlen(digits) > 2 ||
		    digits[0] == '0')
			continue;
		int w = atoi(digits);
		if (w < 1 || w > 64)
			continue;
		isa_type *t = calloc(1, sizeof *t);
		if (!t || !util_grow((void **)&m->types, &ast->types_cap, m->ntypes + 1,
				     sizeof *m->types)) {
			free(t);
			ast->nomem = true;
			return NULL;
		}
		*t = *f;
		t->name = util_strdup(name);
		t->family = false;
		t->family_of = f;
		t->width = w;
		t->values = NULL;
		t->nvalues = 0;
		t->prefix = t->zero = NULL;
		m->types[m->ntypes++] = t;
		if (!t->name || !util_names_add(&m->type_names, t->name, strlen(t->name), m->ntypes - 1))
			return NULL;
		return t;
	}
	return NULL;
}

static const isa_type *resolve_type(isa_model *m, isa_ast *ast, const char *name)
{
	const isa_type *t = isa_type_find(m, name);
	if (t && t->family)
		return NULL; /* a family is not a type by itself */
	return t ? t : family_member(m, ast, name);
}

static uint64_t width_mask(int w)
{
	return w >= 64 ? ~UINT64_C(0) : (UINT64_C(1) << w) - 1;
}

/* Register name: prefix + digits, or the zero register. */
static bool register_value(const isa_type *t, const char *s, uint64_t *v)
{
	if (t->zero && !strcmp(s, t->zero)) {
		*v = width_mask(t->width);
		return true;
	}
	size_t n = t->prefix ? strlen(t->prefix) : 0;
	if (!t->prefix || strncmp(s, t->prefix, n) != 0 || !s[n] || strlen(s + n) > 6 ||
	    strspn(s + n, "0123456789") != strlen(s + n))
		return false;
	*v = (uint64_t)atol(s + n);
	return true;
}

/* Encode a raw default/constant for type t of width w. */
static bool resolve_value(const isa_model *m, simt_diags *d, const isa_type *t, int w,
			  const isa_raw_value *rv, const char *field, uint64_t *out)
{
	uint64_t v = rv->num;
	if (rv->kind == ISA_RAW_NAME) {
		int k = isa_enum_find(t, rv->name, strlen(rv->name));
		if (k >= 0)
			v = (uint64_t)k;
		else if (t->cls == ISA_KIND_REG && register_value(t, rv->name, &v))
			;
		else if (t->cls != ISA_KIND_ENUM && !strcmp(rv->name, "True"))
			v = 1;
		else if (t->cls != ISA_KIND_ENUM && !strcmp(rv->name, "False"))
			v = 0;
		else {
			isa_error(m, d, rv->loc, "'%s' is not a value of type '%s' (field '%s')",
				  rv->name, t->name, field);
			return false;
		}
	} else if (rv->neg) {
		if (t->cls != ISA_KIND_SIMM) {
			isa_error(m, d, rv->loc, "negative value for unsigned field '%s'", field);
			return false;
		}
		if (w < 64 && v > (UINT64_C(1) << (w - 1))) {
			isa_error(m, d, rv->loc, "value -%llu does not fit in %d signed bits (field '%s')",
				  (unsigned long long)v, w, field);
			return false;
		}
		*out = (0 - v) & width_mask(w);
		return true;
	} else if (t->cls == ISA_KIND_SIMM && w < 64 && v >= (UINT64_C(1) << (w - 1)) &&
		   v <= width_mask(w)) {
		isa_error(m, d, rv->loc, "value %llu does not fit in %d signed bits (field '%s')",
			  (unsigned long long)v, w, field);
		return false;
	}
	if (v > width_mask(w)) {
		isa_error(m, d, rv->loc, "value %llu does not fit in %d bits (field '%s')",
			  (unsigned long long)v, w, field);
		return false;
	}
	if (t->cls == ISA_KIND_ENUM && (v >= (uint64_t)t->nvalues || !t->values[v])) {
		isa_error(m, d, rv->loc, "%llu is not an encoding of type '%s' (field '%s')",
			  (unsigned long long)v, t->name, field);
		return false;
	}
	*out = v;
	return true;
}

static void resolve_field(isa_model *m, isa_ast *ast, simt_diags *d, isa_field *f,
			  isa_raw_field *rf)
{
	if (f->width == 0 || f->width > 64) {
		isa_error(m, d, f->loc, "field '%s' is %d bits wide (1 to 64 allowed)", f->name, f->width);
		f->width = 0;
		return;
	}
	if (f->pos + f->width > ISA_WORD_BITS) {
		isa_error(m, d, f->loc, "field '%s' (bits %d-%d) goes beyond bit %d", f->name, f->pos,
			  f->pos + f->width - 1, ISA_WORD_BITS - 1);
		f->width = 0;
		return;
	}
	const isa_type *t = resolve_type(m, ast, rf->type_name);
	if (!t) {
		isa_error(m, d, rf->type_loc, "unknown type '%s'", rf->type_name);
		return;
	}
	f->type = t;
	if (t->width && t->width != f->width)
		isa_error(m, d, rf->type_loc, "field '%s' is %d bits wide but type '%s' has %d bits",
			  f->name, f->width, t->name, t->width);
	if (rf->val.kind != ISA_RAW_NONE &&
	    !resolve_value(m, d, t, f->width, &rf->val, f->name, &f->value))
		f->has_default = f->is_const = false;
}

static void resolve_fields(isa_model *m, isa_ast *ast, simt_diags *d)
{
	for (int i = 0; i < ast->nclasses && !ast->nomem; i++) {
		isa_raw_class *rc = &ast->classes[i];
		for (int k = 0; k < rc->cls->nfields; k++) {
			const isa_field *f = &rc->cls->fields[k];
			for (int j = 0; j < k; j++)
				if (!strcmp(rc->cls->fields[j].name, f->name)) {
					isa_error(m, d, f->loc, "field '%s' declared twice in '%s'",
						  f->name, rc->cls->name);
					break;
				}
			resolve_field(m, ast, d, &rc->cls->fields[k], &rc->fields[k]);
		}
	}
}

static char *dotted(const char *name)
{
	char *s = util_strdup(name);
	for (char *q = s; q && *q; q++)
		if (*q == '_')
			*q = '.';
	return s;
}

static void resolve_aliases(isa_model *m, isa_ast *ast, simt_diags *d)
{
	m->aliases = calloc((size_t)ast->naliases + 1, sizeof *m->aliases);
	if (!m->aliases) {
		ast->nomem = true;
		return;
	}
	for (int i = 0; i < ast->naliases; i++) {
		isa_raw_alias *a = &ast->aliases[i];
		const isa_class *c = isa_class_find(m, a->target);
		if (!c || c->kind != ISA_OPTYPE) {
			isa_error(m, d, a->target_loc, "alias target '%s' is not an optype", a->target);
			continue;
		}
		m->aliases[m->naliases].mnemonic = dotted(a->mnemonic);
		m->aliases[m->naliases].optype = c;
		m->naliases++;
	}
}

/* ---- opcodes ------------------------------------------------------------------------ */

typedef struct lineage {
	const isa_class *post[MAX_ANCESTORS]; /* depth-first post-order: root first */
	int npost;
	const isa_class *bfs[MAX_ANCESTORS];  /* nearest first */
	int nbfs;
	bool overflow;
} lineage;

static bool seen(const isa_class *const *v, int n, const isa_class *c)
{
	for (int i = 0; i < n; i++)
		if (v[i] == c)
			return true;
	return false;
}

static void post_order(lineage *l, const isa_class *c)
{
	if (l->overflow || seen(l->post, l->npost, c))
		return;
	for (int i = 0; i < c->nparents; i++)
		post_order(l, c->parents[i]);
	if (l->npost == MAX_ANCESTORS) {
		l->overflow = true;
		return;
	}
	if (!seen(l->post, l->npost, c))
		l->post[l->npost++] = c;
}

static void breadth_first(lineage *l, const isa_class *c)
{
	l->bfs[l->nbfs++] = c;
	for (int head = 0; head < l->nbfs; head++)
		for (int i = 0; i < l->bfs[head]->nparents; i++) {
			const isa_class *p = l->bfs[head]->parents[i];
			if (seen(l->bfs, l->nbfs, p))
				continue;
			if (l->nbfs == MAX_ANCESTORS) {
				l->overflow = true;
				return;
			}
			l->bfs[l->nbfs++] = p;
		}
}

const isa_class *isa_nearest(const isa_class *c, isa_near what)
{
	lineage l = {0};
	breadth_first(&l, c);
	for (int i = 0; i < l.nbfs; i++) {
		const isa_class *a = l.bfs[i];
		int n = what == ISA_NEAR_ORDER ? a->norder : what == ISA_NEAR_IN ? a->nin : a->nout;
		if (n >= 0)
			return a;
	}
	return NULL;
}

static const isa_raw_class *raw_of(const isa_ast *ast, const isa_class *c)
{
	for (int i = 0; i < ast->nclasses; i++)
		if (ast->classes[i].cls == c)
			return &ast->classes[i];
	return NULL;
}

typedef struct ctx {
	isa_model *m;
	isa_ast *ast;
	simt_diags *d;
	isa_opcode *op;
	const isa_class *c;
	lineage l;
} ctx;

static bool collect_fields(ctx *x)
{
	isa_opcode *op = x->op;
	for (int i = 0; i < x->l.npost; i++) {
		const isa_class *a = x->l.post[i];
		for (int k = 0; k < a->nfields; k++) {
			const isa_field *f = &a->fields[k];
			int at = isa_field_find(op, f->name);
			if (at < 0) {
				if (op->nfields == ISA_MAX_FIELDS) {
					isa_error(x->m, x->d, x->c->loc, "'%s' has more than %d fields",
						  op->name, ISA_MAX_FIELDS);
					return false;
				}
				at = op->nfields++;
			}
			op->fields[at] = *f;
			op->fields[at].operand = op->fields[at].base = op->fields[at].modifier = -1;
		}
	}
	return true;
}

static bool find_optype(ctx *x)
{
	for (int i = 0; i < x->l.npost; i++) {
		const isa_class *a = x->l.post[i];
		if (a->kind != ISA_OPTYPE)
			continue;
		if (x->op->optype) {
			isa_error(x->m, x->d, x->c->loc, "opcode '%s' has two optypes, '%s' and '%s'",
				  x->c->name, x->op->optype->name, a->name);
			return false;
		}
		x->op->optype = a;
	}
	if (!x->op->optype)
		isa_error(x->m, x->d, x->c->loc, "opcode '%s' has no __DefOptype among its ancestors",
			  x->c->name);
	return x->op->optype != NULL;
}

static void link_modifiers(ctx *x)
{
	isa_opcode *op = x->op;
	for (int i = 0; i < op->nfields; i++) {
		isa_field *f = &op->fields[i];
		const char *dot = strchr(f->name, '.');
		if (!dot)
			continue;
		char *base = util_strndup(f->name, (size_t)(dot - f->name));
		int b = base ? isa_field_find(op, base) : -1;
		if (b < 0)
			isa_error(x->m, x->d, f->loc, "'%s' modifies '%s', which is not a field of '%s'",
				  f->name, base ? base : "?", op->name);
		else {
			f->base = b;
			op->fields[b].modifier = i;
		}
		free(base);
	}
}

/* Order<> -> operands, then InList/OutList flags. */
static void build_operands(ctx *x)
{
	isa_opcode *op = x->op;
	const isa_class *oc = isa_nearest(x->c, ISA_NEAR_ORDER);
	if (!oc) {
		isa_error(x->m, x->d, x->c->loc, "opcode '%s' has no Order<> (on itself or an ancestor)",
			  op->name);
		return;
	}
	const isa_raw_class *rc = raw_of(x->ast, oc);
	for (int i = 0; i < oc->norder; i++) {
		int f = isa_field_find(op, oc->order[i]);
		if (f < 0) {
			isa_error(x->m, x->d, rc->order_locs[i], "Order<> names '%s', which is not a field of '%s'",
				  oc->order[i], op->name);
		} else if (op->fields[f].operand >= 0) {
			isa_error(x->m, x->d, rc->order_locs[i], "Order<> names '%s' twice", oc->order[i]);
		} else if (op->noperands == ISA_MAX_OPERANDS) {
			isa_error(x->m, x->d, rc->order_locs[i], "more than %d operands", ISA_MAX_OPERANDS);
			return;
		} else {
			isa_operand *o = &op->operands[op->noperands];
			memset(o, 0, sizeof *o);
			o->field = f;
			o->sub[0] = o->sub[1] = -1;
			o->optional = op->fields[f].has_default;
			op->fields[f].operand = op->noperands++;
		}
	}
	for (int dir = 0; dir < 2; dir++) {
		const isa_class *lc = isa_nearest(x->c, dir ? ISA_NEAR_OUT : ISA_NEAR_IN);
		if (!lc)
			continue;
		const isa_raw_class *lr = raw_of(x->ast, lc);
		int n = dir ? lc->nout : lc->nin;
		for (int i = 0; i < n; i++) {
			const char *name = dir ? lc->out[i] : lc->in[i];
			int f = isa_field_find(op, name);
			if (f < 0 || op->fields[f].operand < 0) {
				isa_error(x->m, x->d, dir ? lr->out_locs[i] : lr->in_locs[i],
					  "%s<> names '%s', which is not an operand of '%s'",
					  dir ? "OutList" : "InList", name, op->name);
				continue;
			}
			isa_operand *o = &op->operands[op->fields[f].operand];
			if (dir)
				o->out = true;
			else
				o->in = true;
		}
	}
}

static int operand_named(const isa_opcode *op, const char *name)
{
	int f = isa_field_find(op, name);
	return f < 0 ? -1 : op->fields[f].operand;
}

static int sub_field(ctx *x, const isa_format_decl *fd, int arg)
{
	int f = isa_field_find(x->op, fd->args[arg]);
	if (f < 0)
		isa_error(x->m, x->d, fd->loc, "AsmFormat<%s> names '%s', which is not a field of '%s'",
			  fd->operand, fd->args[arg], x->op->name);
	return f;
}

static void apply_format(ctx *x, isa_operand *o, const isa_format_decl *fd)
{
	o->fmt = fd->fmt;
	o->shift = fd->shift;
	if (fd->fmt == ISA_FMT_SHIFT || fd->fmt == ISA_FMT_PCREL) {
		if (strcmp(fd->args[0], fd->operand) != 0)
			isa_error(x->m, x->d, fd->loc, "AsmFormat<%s> converts '%s'; it must convert itself",
				  fd->operand, fd->args[0]);
	} else if (fd->fmt == ISA_FMT_ADDR) {
		o->sub[0] = sub_field(x, fd, 0);
		o->sub[1] = sub_field(x, fd, 1);
	} else {
		sub_field(x, fd, 0);
		o->sub[0] = sub_field(x, fd, 1);
		o->sub[1] = sub_field(x, fd, 2);
	}
}

/* Bitwidth and AsmFormat: nearest declaration per operand; also report the
 * opcode's own declarations that name no operand. */
static void attach_operand_info(ctx *x)
{
	isa_opcode *op = x->op;
	for (int i = x->l.nbfs - 1; i >= 0; i--) { /* farthest first: nearer overwrite */
		const isa_class *a = x->l.bfs[i];
		for (int k = 0; k < a->nbitwidth; k++) {
			int o = operand_named(op, a->bitwidth_name[k]);
			if (o >= 0)
				op->operands[o].bitwidth = a->bitwidth[k];
			else if (a == x->c)
				isa_error(x->m, x->d, raw_of(x->ast, a)->bitwidth_locs[k],
					  "Bitwidth<> names '%s', which is not an operand of '%s'",
					  a->bitwidth_name[k], op->name);
		}
		for (int k = 0; k < a->nformat; k++) {
			int o = operand_named(op, a->formats[k].operand);
			if (o >= 0)
				apply_format(x, &op->operands[o], &a->formats[k]);
			else if (a == x->c)
				isa_error(x->m, x->d, a->formats[k].loc,
					  "AsmFormat<> names '%s', which is not an operand of '%s'",
					  a->formats[k].operand, op->name);
		}
	}
}

static bool is_control(const char *name)
{
	return !strcmp(name, ISA_FIELD_STALL) || !strcmp(name, ISA_FIELD_YIELD) ||
	       !strcmp(name, ISA_FIELD_WSB) || !strcmp(name, ISA_FIELD_REQ);
}

static bool is_sub_operand(const isa_opcode *op, int f)
{
	for (int i = 0; i < op->noperands; i++)
		if (op->operands[i].sub[0] == f || op->operands[i].sub[1] == f)
			return true;
	return false;
}

static void finish(ctx *x)
{
	isa_opcode *op = x->op;
	op->guard = isa_field_find(op, "pg");
	for (int i = 0; i < op->nfields; i++) {
		const isa_field *f = &op->fields[i];
		if (!f->width)
			continue;
		util_bits_set(&op->used_mask.lo, &op->used_mask.hi, f->pos, f->width, ~UINT64_C(0));
		if (f->is_const) {
			util_bits_set(&op->fixed_mask.lo, &op->fixed_mask.hi, f->pos, f->width,
				      ~UINT64_C(0));
			util_bits_set(&op->fixed_value.lo, &op->fixed_value.hi, f->pos, f->width,
				      f->value);
		}
		if (f->type && f->type->cls == ISA_KIND_ENUM && f->operand < 0 && !f->is_const &&
		    f->base < 0 && !strchr(f->name, '.') && !is_control(f->name) &&
		    !is_sub_operand(op, i))
			op->mods[op->nmods++] = i;
	}
	int n = 0;
	for (int i = 0; i < x->l.npost; i++)
		n += x->l.post[i]->nexc;
	op->exc = calloc((size_t)n + 1, sizeof *op->exc);
	if (!op->exc) {
		x->ast->nomem = true;
		return;
	}
	for (int i = 0; i < x->l.npost; i++)
		for (int k = 0; k < x->l.post[i]->nexc; k++)
			op->exc[op->nexc++] = &x->l.post[i]->exc[k];
}

static void build_opcode(isa_model *m, isa_ast *ast, simt_diags *d, const isa_class *c)
{
	isa_opcode *op = calloc(1, sizeof *op);
	if (!op || !util_grow((void **)&m->opcodes, &ast->opcodes_cap, m->nopcodes + 1,
			      sizeof *m->opcodes)) {
		free(op);
		ast->nomem = true;
		return;
	}
	op->index = m->nopcodes;
	m->opcodes[m->nopcodes++] = op;
	op->cls = c;
	op->name = util_strdup(c->name);
	if (!op->name || !util_names_add(&m->opcode_names, op->name, strlen(op->name), op->index)) {
		ast->nomem = true;
		return;
	}
	op->guard = -1;
	ctx x = {m, ast, d, op, c, {{0}, 0, {0}, 0, false}};
	post_order(&x.l, c);
	breadth_first(&x.l, c);
	if (x.l.overflow) {
		isa_error(m, d, c->loc, "'%s' has more than %d ancestors", c->name, MAX_ANCESTORS);
		return;
	}
	if (!find_optype(&x) || !collect_fields(&x))
		return;
	op->mnemonic = dotted(op->optype->name);
	link_modifiers(&x);
	build_operands(&x);
	attach_operand_info(&x);
	finish(&x);
}

/* Bitwidth/AsmFormat of groups and optypes must name an operand of at least
 * one opcode below them (the opcode's own ones are checked per opcode).
 * used[i] marks, per class i, its declarations some opcode uses: bits 0..n-1
 * of a list of Bitwidth then AsmFormat entries. */
static void check_inherited_info(isa_model *m, isa_ast *ast, simt_diags *d)
{
	bool **used = calloc((size_t)ast->nclasses + 1, sizeof *used);
	if (!used) {
		ast->nomem = true;
		return;
	}
	for (int i = 0; i < ast->nclasses; i++) {
		const isa_class *a = ast->classes[i].cls;
		used[i] = calloc((size_t)(a->nbitwidth + a->nformat) + 1, sizeof **used);
		if (!used[i])
			ast->nomem = true;
	}
	for (int o = 0; o < m->nopcodes && !ast->nomem; o++) {
		const isa_opcode *op = m->opcodes[o];
		lineage l = {0};
		breadth_first(&l, op->cls);
		for (int j = 0; j < l.nbfs; j++) {
			const isa_class *a = l.bfs[j];
			int ci = class_index(m, a->name);
			for (int k = 0; ci >= 0 && k < a->nbitwidth; k++)
				used[ci][k] |= operand_named(op, a->bitwidth_name[k]) >= 0;
			for (int k = 0; ci >= 0 && k < a->nformat; k++)
				used[ci][a->nbitwidth + k] |= operand_named(op, a->formats[k].operand) >= 0;
		}
	}
	for (int i = 0; i < ast->nclasses && !ast->nomem; i++) {
		const isa_raw_class *rc = &ast->classes[i];
		const isa_class *a = rc->cls;
		if (a->kind == ISA_OPCODE)
			continue;
		for (int k = 0; k < a->nbitwidth; k++)
			if (!used[i][k])
				isa_error(m, d, rc->bitwidth_locs[k],
					  "Bitwidth<> names '%s', which is no operand of any opcode below '%s'",
					  a->bitwidth_name[k], a->name);
		for (int k = 0; k < a->nformat; k++)
			if (!used[i][a->nbitwidth + k])
				isa_error(m, d, a->formats[k].loc,
					  "AsmFormat<> names '%s', which is no operand of any opcode below '%s'",
					  a->formats[k].operand, a->name);
	}
	for (int i = 0; i < ast->nclasses; i++)
		free(used[i]);
	free(used);
}

void isa_resolve(isa_model *m, isa_ast *ast, simt_diags *d)
{
	int before = d->errors;
	check_duplicates(m, d);
	resolve_parents(m, ast, d);
	if (ast->nomem || !check_cycles(m, ast, d))
		return;
	resolve_fields(m, ast, d);
	resolve_aliases(m, ast, d);
	if (d->errors != before)
		return;
	for (int i = 0; i < m->nclasses && !ast->nomem; i++)
		if (m->classes[i]->kind == ISA_OPCODE)
			build_opcode(m, ast, d, m->classes[i]);
	if (!ast->nomem)
		check_inherited_info(m, ast, d);
}
