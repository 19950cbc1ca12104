/*
 * isa_snap.c - build-time generator of the ISA snapshot: loads the built-in
 * ISA exactly as a process without a snapshot would (the isa/ files parsed,
 * resolved, checked, then codec_build), and writes C source that holds the
 * result - the model, its name maps and its decode table - as static const
 * data, with the public symbol codec_snapshot pointing at it, and the
 * assembler's index of it (asm_index_snapshot, asm/index.h).  Run by the
 * Makefile into build/gen/isa_snap.c; never checked in.
 *
 * It is linked from the library's own objects, the embedded ISA texts
 * (build/gen/isa_builtin.c) and tools/isa_snap_stub.c (codec_snapshot =
 * NULL, so the library parses).  Exit status 1 with the diagnostics when the
 * ISA does not load: a broken .isa file fails the build.
 *
 * Output shape: one array per kind of object (ty[] types, cl[] classes,
 * op[] opcodes, ex[] expressions), per-object arrays beside them, every
 * pointer written as the address of the object it points to.  The model
 * struct keeps its mutable types, so pointers are cast from the const data;
 * nothing writes to a loaded model (a write would fault: the data is
 * read-only), see docs/isa-language.md "Built-in ISA snapshot".
 */
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "asm/index.h"
#include "codec/codec.h"
#include "simt/simt.h"

static const isa_model *M;
static FILE *out;

static void p(const char *fmt, ...) SIMT_PRINTF(1, 2);
static void p(const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vfprintf(out, fmt, ap);
	va_end(ap);
}

/* A C string literal for s (NULL for a null pointer). */
static void str(const char *s)
{
	if (!s) {
		p("NULL");
		return;
	}
	p("\"");
	for (const unsigned char *c = (const unsigned char *)s; *c; c++) {
		if (*c == '"' || *c == '\\')
			p("\\%c", *c);
		else if (*c == '\n')
			p("\\n\"\n\"");
		else if (*c < 32 || *c >= 127 || *c == '?')
			p("\\%03o", *c); /* octal: never swallows a following digit */
		else
			p("%c", *c);
	}
	p("\"");
}

/* Exactly n bytes as a literal (a char array that need not end in NUL). */
static void bytes(const char *s, size_t n)
{
	p("\"");
	for (size_t i = 0; i < n; i++)
		p("\\%03o", (unsigned char)s[i]);
	p("\"");
}

static void loc(isa_loc l)
{
	p("{%d, %d, %d}", l.file, l.line, l.col);
}

/* ---- object indices: every pointer becomes &kind[index] -------------- */

static int type_index(const isa_type *t)
{
	for (int i = 0; i < M->ntypes; i++)
		if (M->types[i] == t)
			return i;
	fprintf(stderr, "isa_snap: a type outside the model\n");
	exit(1);
}

static int class_index(const isa_class *c)
{
	for (int i = 0; i < M->nclasses; i++)
		if (M->classes[i] == c)
			return i;
	fprintf(stderr, "isa_snap: a class outside the model\n");
	exit(1);
}

static void type_ref(const isa_type *t)
{
	if (t)
		p("&ty[%d]", type_index(t));
	else
		p("NULL");
}

static void class_ref(const isa_class *c)
{
	if (c)
		p("&cl[%d]", class_index(c));
	else
		p("NULL");
}

/* Expressions, numbered in the order they are written (children first). */
static const isa_expr **exprs;
static int nexprs, cap_exprs;

static int expr_index(const isa_expr *e)
{
	for (int i = 0; i < nexprs; i++)
		if (exprs[i] == e)
			return i;
	return -1;
}

static void expr_collect(const isa_expr *e)
{
	if (!e || expr_index(e) >= 0)
		return;
	expr_collect(e->a);
	expr_collect(e->b);
	if (!util_grow((void **)&exprs, &cap_exprs, nexprs + 1, sizeof *exprs)) {
		fprintf(stderr, "isa_snap: out of memory\n");
		exit(1);
	}
	exprs[nexprs++] = e;
}

static void expr_ref(const isa_expr *e)
{
	if (e)
		p("(isa_expr *)&ex[%d]", expr_index(e));
	else
		p("NULL");
}

/* An array of strings named NAME (nothing when n <= 0). */
static void str_array(const char *name, char *const *v, int n)
{
	if (n <= 0 || !v)
		return;
	p("static char *const %s[] = {", name);
	for (int i = 0; i < n; i++) {
		str(v[i]);
		p(", ");
	}
	p("};\n");
}

/* A numeric array initializer of n elements, trailing zeros left out. */
#define NUMS(fmt, a, n)                                                      \
	do {                                                                 \
		int last_ = -1;                                              \
		for (int i_ = 0; i_ < (int)(n); i_++)                        \
			if ((a)[i_])                                         \
				last_ = i_;                                  \
		p("{");                                                      \
		for (int i_ = 0; i_ <= last_; i_++)                          \
			p(fmt ",", (a)[i_]);                                 \
		p("}");                                                      \
	} while (0)

/* ---- the model ----------------------------------------------------------- */

static void emit_exprs(void)
{
	for (int c = 0; c < M->nclasses; c++)
		for (int x = 0; x < M->classes[c]->nexc; x++)
			expr_collect(M->classes[c]->exc[x].cond);
	p("static const isa_expr ex[%d] = {\n", nexprs ? nexprs : 1);
	for (int i = 0; i < nexprs; i++) {
		const isa_expr *e = exprs[i];
		p("  {.op = %d, .value = %lld, .str = ", (int)e->op, (long long)e->value);
		str(e->str);
		p(", .a = ");
		expr_ref(e->a);
		p(", .b = ");
		expr_ref(e->b);
		p(", .loc = ");
		loc(e->loc);
		p("},\n");
	}
	p("};\n\n");
}

static void emit_field(const isa_field *f)
{
	p("{.name = ");
	str(f->name);
	p(", .pos = %d, .width = %d, .type = ", f->pos, f->width);
	type_ref(f->type);
	p(", .has_default = %d, .is_const = %d, .value = %lluu, .loc = ", f->has_default,
	  f->is_const, (unsigned long long)f->value);
	loc(f->loc);
	p(", .operand = %d, .base = %d, .modifier = %d}", f->operand, f->base, f->modifier);
}

static void emit_class_parts(int ci)
{
	const isa_class *c = M->classes[ci];
	char name[64];
	if (c->nparents > 0) {
		p("static isa_class *const c%d_parents[] = {", ci);
		for (int i = 0; i < c->nparents; i++) {
			p("(isa_class *)");
			class_ref(c->parents[i]);
			p(", ");
		}
		p("};\n");
	}
	if (c->nfields > 0) {
		p("static const isa_field c%d_fields[] = {\n", ci);
		for (int i = 0; i < c->nfields; i++) {
			p("  ");
			emit_field(&c->fields[i]);
			p(",\n");
		}
		p("};\n");
	}
	snprintf(name, sizeof name, "c%d_order", ci);
	str_array(name, c->order, c->norder);
	snprintf(name, sizeof name, "c%d_in", ci);
	str_array(name, c->in, c->nin);
	snprintf(name, sizeof name, "c%d_out", ci);
	str_array(name, c->out, c->nout);
	snprintf(name, sizeof name, "c%d_bitwidth_name", ci);
	str_array(name, c->bitwidth_name, c->nbitwidth);
	if (c->nbitwidth > 0) {
		p("static const int c%d_bitwidth[] = {", ci);
		for (int i = 0; i < c->nbitwidth; i++)
			p("%d, ", c->bitwidth[i]);
		p("};\n");
	}
	if (c->nformat > 0) {
		p("static const isa_format_decl c%d_formats[] = {\n", ci);
		for (int i = 0; i < c->nformat; i++) {
			const isa_format_decl *f = &c->formats[i];
			p("  {.operand = ");
			str(f->operand);
			p(", .fmt = %d, .shift = %d, .args = {", (int)f->fmt, f->shift);
			for (int k = 0; k < 3; k++) {
				str(f->args[k]);
				p(", ");
			}
			p("}, .loc = ");
			loc(f->loc);
			p("},\n");
		}
		p("};\n");
	}
	if (c->nexc > 0) {
		p("static const isa_exception c%d_exc[] = {\n", ci);
		for (int i = 0; i < c->nexc; i++) {
			const isa_exception *x = &c->exc[i];
			p("  {.kind = ");
			str(x->kind);
			p(", .message = ");
			str(x->message);
			p(", .cond = ");
			expr_ref(x->cond);
			p(", .loc = ");
			loc(x->loc);
			p("},\n");
		}
		p("};\n");
	}
	if (c->ndocs > 0) {
		p("static const isa_doc c%d_docs[] = {\n", ci);
		for (int i = 0; i < c->ndocs; i++) {
			p("  {.section = ");
			str(c->docs[i].section);
			p(",\n   .text = ");
			str(c->docs[i].text);
			p("},\n");
		}
		p("};\n");
	}
}

/* A cast pointer to a per-object array, or NULL when it is empty. */
static void part(const char *type, int n, const char *fmt, int i)
{
	if (n > 0) {
		p("(%s)", type);
		p(fmt, i);
	} else {
		p("NULL");
	}
}

static void emit_classes(void)
{
	for (int i = 0; i < M->nclasses; i++)
		emit_class_parts(i);
	p("static const isa_class cl[%d] = {\n", M->nclasses ? M->nclasses : 1);
	for (int i = 0; i < M->nclasses; i++) {
		const isa_class *c = M->classes[i];
		p(" {.kind = %d, .name = ", (int)c->kind);
		str(c->name);
		p(", .nparents = %d, .parents = ", c->nparents);
		part("isa_class **", c->nparents, "c%d_parents", i);
		p(",\n  .nfields = %d, .fields = ", c->nfields);
		part("isa_field *", c->nfields, "c%d_fields", i);
		p(", .norder = %d, .order = ", c->norder);
		part("char **", c->norder, "c%d_order", i);
		p(", .nin = %d, .nout = %d, .in = ", c->nin, c->nout);
		part("char **", c->nin, "c%d_in", i);
		p(", .out = ");
		part("char **", c->nout, "c%d_out", i);
		p(",\n  .nbitwidth = %d, .bitwidth_name = ", c->nbitwidth);
		part("char **", c->nbitwidth, "c%d_bitwidth_name", i);
		p(", .bitwidth = ");
		part("int *", c->nbitwidth, "c%d_bitwidth", i);
		p(", .nformat = %d, .formats = ", c->nformat);
		part("isa_format_decl *", c->nformat, "c%d_formats", i);
		p(", .nexc = %d, .exc = ", c->nexc);
		part("isa_exception *", c->nexc, "c%d_exc", i);
		p(", .ndocs = %d, .docs = ", c->ndocs);
		part("isa_doc *", c->ndocs, "c%d_docs", i);
		p(",\n  .syntax = ");
		str(c->syntax);
		p(", .loc = ");
		loc(c->loc);
		p("},\n");
	}
	p("};\n\n");
}

static void emit_types(void)
{
	char name[64];
	for (int i = 0; i < M->ntypes; i++) {
		snprintf(name, sizeof name, "t%d_values", i);
		str_array(name, M->types[i]->values, M->types[i]->nvalues);
	}
	p("static const isa_type ty[%d] = {\n", M->ntypes ? M->ntypes : 1);
	for (int i = 0; i < M->ntypes; i++) {
		const isa_type *t = M->types[i];
		p(" {.name = ");
		str(t->name);
		p(", .width = %d, .cls = %d, .nvalues = %d, .values = ", t->width, (int)t->cls,
		  t->nvalues);
		part("char **", t->nvalues > 0 && t->values, "t%d_values", i);
		p(", .prefix = ");
		str(t->prefix);
		p(", .zero = ");
		str(t->zero);
		p(", .bank_pos = %d, .bank_width = %d, .off_pos = %d, .off_width = %d", t->bank_pos,
		  t->bank_width, t->off_pos, t->off_width);
		p(", .family = %d, .family_of = ", t->family);
		type_ref(t->family_of);
		p(", .loc = ");
		loc(t->loc);
		p("},\n");
	}
	p("};\n\n");
}

/* The index of exception x among class c's, for &cN_exc[k]. */
static void exc_ref(const isa_exception *x)
{
	for (int c = 0; c < M->nclasses; c++) {
		const isa_class *k = M->classes[c];
		if (k->nexc > 0 && x >= k->exc && x < k->exc + k->nexc) {
			p("&c%d_exc[%d]", c, (int)(x - k->exc));
			return;
		}
	}
	fprintf(stderr, "isa_snap: an exception outside the model\n");
	exit(1);
}

static void word(isa_word w)
{
	p("{0x%llxu, 0x%llxu}", (unsigned long long)w.lo, (unsigned long long)w.hi);
}

static void emit_opcodes(void)
{
	for (int i = 0; i < M->nopcodes; i++) {
		const isa_opcode *o = M->opcodes[i];
		if (o->nexc <= 0)
			continue;
		p("static const isa_exception *const o%d_exc[] = {", i);
		for (int k = 0; k < o->nexc; k++) {
			exc_ref(o->exc[k]);
			p(", ");
		}
		p("};\n");
	}
	p("static const isa_opcode op[%d] = {\n", M->nopcodes ? M->nopcodes : 1);
	for (int i = 0; i < M->nopcodes; i++) {
		const isa_opcode *o = M->opcodes[i];
		p(" {.index = %d, .cls = ", o->index);
		class_ref(o->cls);
		p(", .optype = ");
		class_ref(o->optype);
		p(", .name = ");
		str(o->name);
		p(", .mnemonic = ");
		str(o->mnemonic);
		p(",\n  .nfields = %d, .fields = {\n", o->nfields);
		for (int k = 0; k < o->nfields; k++) {
			p("   ");
			emit_field(&o->fields[k]);
			p(",\n");
		}
		p("  },\n  .noperands = %d, .operands = {", o->noperands);
		for (int k = 0; k < o->noperands; k++) {
			const isa_operand *a = &o->operands[k];
			p("{%d, %d, %d, %d, {%d, %d}, %d, %d, %d}, ", a->field, a->bitwidth, (int)a->fmt,
			  a->shift, a->sub[0], a->sub[1], a->in, a->out, a->optional);
		}
		p("},\n  .guard = %d, .nexc = %d, .exc = ", o->guard, o->nexc);
		part("const isa_exception **", o->nexc, "o%d_exc", i);
		p(",\n  .fixed_mask = ");
		word(o->fixed_mask);
		p(", .fixed_value = ");
		word(o->fixed_value);
		p(", .used_mask = ");
		word(o->used_mask);
		p(",\n  .nmods = %d, .mods = ", o->nmods);
		NUMS("%d", o->mods, o->nmods);
		p("},\n");
	}
	p("};\n\n");
}

/* A util_names map whose names point at the same strings of the snapshot. */
static void emit_names(const char *name, const util_names *n)
{
	if (!n->cap)
		return;
	p("static const util_name_slot %s[%zu] = {\n", name, n->cap);
	for (size_t i = 0; i < n->cap; i++) {
		const util_name_slot *s = &n->slots[i];
		if (s->index < 0) {
			p(" {NULL, 0, -1},\n");
			continue;
		}
		p(" {");
		bytes(s->name, s->len);
		p(", %zu, %d},\n", s->len, s->index);
	}
	p("};\n");
}

/* ---- the decode table (codec.h) -------------------------------------------- */

static int text_index(const struct codec_table *t, const codec_text *x)
{
	for (int i = 0; i < t->ntexts; i++)
		if (t->texts[i] == x)
			return i;
	fprintf(stderr, "isa_snap: a text table outside the decoder\n");
	exit(1);
}

static void emit_texts(const struct codec_table *t)
{
	/* the count of each table: the largest ntext any opcode names it with */
	for (int k = 0; k < t->ntexts; k++) {
		uint32_t n = 0;
		for (int o = 0; o < t->nopcodes; o++)
			for (int i = 0; i < t->info[o].nfields; i++)
				if (t->info[o].text[i] == t->texts[k] && t->info[o].ntext[i] > n)
					n = t->info[o].ntext[i];
		if (!t->texts[k] || !n)
			continue;
		p("static const codec_text tx%d[%u] = {\n", k, n);
		for (uint32_t v = 0; v < n; v++) {
			p(" {");
			bytes(t->texts[k][v].s, sizeof t->texts[k][v].s);
			p(", %u},\n", t->texts[k][v].len);
		}
		p("};\n");
	}
	p("static codec_text *const texts[%d] = {", t->ntexts ? t->ntexts : 1);
	for (int k = 0; k < t->ntexts; k++) {
		bool used = false;
		for (int o = 0; o < t->nopcodes && !used; o++)
			for (int i = 0; i < t->info[o].nfields; i++)
				used |= t->info[o].text[i] == t->texts[k] && t->info[o].ntext[i];
		if (t->texts[k] && used)
			p("(codec_text *)tx%d, ", k);
		else
			p("NULL, ");
	}
	p("};\n");
}

static void emit_info(const struct codec_table *t)
{
	p("static const codec_opinfo info[%d] = {\n", t->nopcodes ? t->nopcodes : 1);
	for (int o = 0; o < t->nopcodes; o++) {
		const codec_opinfo *x = &t->info[o];
		p(" {.stall = %d, .yield = %d, .wsb = %d, .req = %d", x->stall, x->yield, x->wsb,
		  x->req);
		p(", .enum_check = 0x%llxu, .pair_check = 0x%llxu, .has_pcrel = %d",
		  (unsigned long long)x->enum_check, (unsigned long long)x->pair_check, x->has_pcrel);
		p(",\n  .skip_operands = 0x%xu, .addr64_operands = 0x%xu", x->skip_operands,
		  x->addr64_operands);
		p(", .bitnot_fields = 0x%llxu, .default_fields = 0x%llxu, .nfields = %d",
		  (unsigned long long)x->bitnot_fields, (unsigned long long)x->default_fields,
		  x->nfields);
		p(",\n  .pos = ");
		NUMS("%u", x->pos, ISA_MAX_FIELDS);
		p(", .nlo = %u, .nhi = %u, .ncross = %u, .nconst = %u", x->nlo, x->nhi, x->ncross,
		  x->nconst);
		p(",\n  .order = ");
		NUMS("%u", x->order, ISA_MAX_FIELDS);
		p(", .shift = ");
		NUMS("%u", x->shift, ISA_MAX_FIELDS);
		p(", .width = ");
		NUMS("%u", x->width, ISA_MAX_FIELDS);
		p(",\n  .mask = ");
		NUMS("0x%" PRIx64 "u", x->mask, ISA_MAX_FIELDS);
		p(",\n  .enum_valid = ");
		NUMS("0x%" PRIx64 "u", x->enum_valid, ISA_MAX_FIELDS);
		p(",\n  .modifier = ");
		NUMS("%d", x->modifier, ISA_MAX_FIELDS);
		p(",\n  .value = ");
		NUMS("0x%" PRIx64 "u", x->value, ISA_MAX_FIELDS);
		p(",\n  .text = {");
		for (int i = 0; i < ISA_MAX_FIELDS; i++)
			if (x->text[i] && x->ntext[i])
				p("[%d] = tx%d, ", i, text_index(t, x->text[i]));
		p("}, .ntext = ");
		NUMS("%u", x->ntext, ISA_MAX_FIELDS);
		p(", .mnemonic_len = %zu},\n", x->mnemonic_len);
	}
	p("};\n\n");
}

static void emit_rules(const codec_rules *r, int nopcodes)
{
	p("static const cx_node rule_nodes[%d] = {\n", r->nnodes ? r->nnodes : 1);
	for (int i = 0; i < r->nnodes; i++)
		p(" {%d, %d, %d, %lld},\n", (int)r->nodes[i].op, r->nodes[i].a, r->nodes[i].b,
		  (long long)r->nodes[i].v);
	p("};\nstatic const int rule_first[%d] = ", nopcodes + 1);
	NUMS("%d", r->first, nopcodes + 1);
	int nroots = 0;
	for (int i = 0; i < nopcodes; i++)
		nroots += M->opcodes[i]->nexc;
	p(";\nstatic const int rule_roots[%d] = ", nroots + 1);
	NUMS("%d", r->roots, nroots + 1);
	p(";\n");
	for (int i = 0; i < r->ntable; i++) {
		const cx_table *t = r->table[i];
		if (!t)
			continue;
		p("static const cx_table rule_table%d = {%d, ", i, t->nf);
		NUMS("%u", t->f, CX_TABLE_FIELDS);
		p(", ");
		NUMS("%u", t->shift, CX_TABLE_FIELDS);
		p(", ");
		NUMS("%u", t->width, CX_TABLE_FIELDS);
		p(", ");
		NUMS("%u", t->res, 1 << CX_TABLE_BITS);
		p("};\n");
	}
	p("static cx_table *const rule_table[%d] = {", nopcodes + 1);
	for (int i = 0; i < r->ntable; i++)
		if (r->table[i])
			p("[%d] = (cx_table *)&rule_table%d, ", i, i);
	p("};\n");
	p("static const codec_rules rules = {.nodes = (cx_node *)rule_nodes, .nnodes = %d, "
	  ".cap = %d,\n  .first = (int *)rule_first, .roots = (int *)rule_roots, "
	  ".table = (cx_table **)rule_table, .ntable = %d};\n\n",
	  r->nnodes, r->nnodes, r->ntable);
}

static void emit_decoder(const struct codec_table *t)
{
	emit_texts(t);
	emit_info(t);
	emit_rules(t->rules, t->nopcodes);
	uint32_t total = t->start[1u << CODEC_KEY_BITS];
	p("static const isa_opcode *const cand[%u] = {", total ? total : 1);
	for (uint32_t i = 0; i < total; i++)
		p("%s&op[%d],", i % 8 ? " " : "\n ", t->cand[i]->index);
	p("};\n");
	p("static const struct codec_table decoder = {\n .start = ");
	NUMS("%u", t->start, (1u << CODEC_KEY_BITS) + 1);
	p(",\n .cand = (const isa_opcode **)cand, .nopcodes = %d, .info = (codec_opinfo *)info,\n",
	  t->nopcodes);
	p(" .rules = (codec_rules *)&rules, .texts = (codec_text **)texts, .ntexts = %d,\n",
	  t->ntexts);
	p(" .pcrel_keys = ");
	NUMS("0x%" PRIx64 "u", t->pcrel_keys, (1u << CODEC_KEY_BITS) / 64);
	p("};\n\n");
}

static void emit_model(void)
{
	char name[64];
	str_array("files", M->files, M->nfiles);
	p("static isa_type *const types[%d] = {", M->ntypes ? M->ntypes : 1);
	for (int i = 0; i < M->ntypes; i++)
		p("%s(isa_type *)&ty[%d],", i % 8 ? " " : "\n ", i);
	p("};\nstatic isa_class *const classes[%d] = {", M->nclasses ? M->nclasses : 1);
	for (int i = 0; i < M->nclasses; i++)
		p("%s(isa_class *)&cl[%d],", i % 8 ? " " : "\n ", i);
	p("};\nstatic isa_opcode *const opcodes[%d] = {", M->nopcodes ? M->nopcodes : 1);
	for (int i = 0; i < M->nopcodes; i++)
		p("%s(isa_opcode *)&op[%d],", i % 8 ? " " : "\n ", i);
	p("};\n");
	if (M->naliases > 0) {
		p("static const isa_alias aliases[] = {\n");
		for (int i = 0; i < M->naliases; i++) {
			p(" {");
			str(M->aliases[i].mnemonic);
			p(", ");
			class_ref(M->aliases[i].optype);
			p("},\n");
		}
		p("};\n");
	}
	emit_names("type_slots", &M->type_names);
	emit_names("class_slots", &M->class_names);
	emit_names("opcode_slots", &M->opcode_names);
	p("\nstatic const isa_model model = {\n");
	p(" .nfiles = %d, .files = %s, .sources = NULL, /* codec_isa_builtin sets sources */\n",
	  M->nfiles, M->nfiles > 0 ? "(char **)files" : "NULL");
	p(" .ntypes = %d, .types = (isa_type **)types,\n", M->ntypes);
	p(" .nclasses = %d, .classes = (isa_class **)classes,\n", M->nclasses);
	p(" .nopcodes = %d, .opcodes = (isa_opcode **)opcodes,\n", M->nopcodes);
	p(" .naliases = %d, .aliases = %s,\n", M->naliases,
	  M->naliases > 0 ? "(isa_alias *)aliases" : "NULL");
	const util_names *maps[3] = {&M->type_names, &M->class_names, &M->opcode_names};
	const char *slots[3] = {"type_slots", "class_slots", "opcode_slots"};
	const char *fields[3] = {"type_names", "class_names", "opcode_names"};
	for (int i = 0; i < 3; i++) {
		snprintf(name, sizeof name, "(util_name_slot *)%s", slots[i]);
		p(" .%s = {%s, %zu, %zu},\n", fields[i], maps[i]->cap ? name : "NULL", maps[i]->cap,
		  maps[i]->count);
	}
	p(" .decoder = (struct codec_table *)&decoder,\n .static_data = true,\n};\n\n");
	p("const isa_model *const codec_snapshot = &model;\n");
}

/* ---- the assembler's index of the model (asm/index.h) -------------------- */

/* The tables asm_index_build makes of the model, as static data, and the
 * index they make with every per-process part empty. */
static void emit_asm_index(void)
{
	struct asm_index *ix = NULL;
	if (asm_index_build(M, &ix) != SIMT_OK) {
		fprintf(stderr, "isa_snap: out of memory building the assembler's index\n");
		exit(1);
	}
	int n = M->nopcodes;
	p("static const eslot asm_enums[%d] = {\n", ix->ecap);
	for (int i = 0; i < ix->ecap; i++) {
		const eslot *e = &ix->enums[i];
		if (!e->t)
			continue;
		p(" [%d] = {", i);
		if (e->t == &asm_any_enum)
			p("&asm_any_enum");
		else
			type_ref(e->t);
		p(", ");
		str(e->s);
		p(", %d, %d},\n", e->len, e->value);
	}
	p("};\nstatic const asm_hslot asm_h[%d] = {\n", ix->hcap);
	for (int i = 0; i < ix->hcap; i++) {
		if (!ix->h[i].s)
			continue;
		p(" [%d] = {", i);
		str(ix->h[i].s);
		p(", %d, %d},\n", ix->h[i].len, ix->h[i].value);
	}
	p("};\nstatic const asm_optype asm_optypes[%d] = {\n", n + 1);
	for (int i = 0; i < ix->noptypes; i++) {
		p(" {");
		str(ix->optypes[i].mnem);
		p(", %d, %d, %d},\n", ix->optypes[i].len, ix->optypes[i].first,
		  ix->optypes[i].count);
	}
	p("};\nstatic const isa_opcode *const asm_ops[%d] = {", n + 1);
	for (int i = 0; i < n; i++)
		p("%s&op[%d],", i % 8 ? " " : "\n ", ix->ops[i]->index);
	p("};\nstatic const short asm_nent[%d] = ", n + 1);
	NUMS("%d", ix->nent, n + 1);
	p(";\nstatic const short asm_nmin[%d] = ", n + 1);
	NUMS("%d", ix->nmin, n + 1);
	p(";\nstatic const asm_opshape asm_shape[%d] = {\n", n + 1);
	for (int i = 0; i < n; i++) {
		const asm_opshape *sh = &ix->shape[i];
		p(" {%d, %d, ", sh->nentries, sh->nmin);
		NUMS("%d", sh->skip, ISA_MAX_OPERANDS);
		p(", ");
		NUMS("%d", sh->addr64, ISA_MAX_OPERANDS);
		p("},\n");
	}
	p("};\n\nstatic const struct asm_index snap_index = {\n .tables_static = true,\n");
	p(" .nreg = %d, .reg = {", ix->nreg);
	for (int i = 0; i < ix->nreg; i++) {
		p("{");
		type_ref(ix->reg[i].t);
		p(", %d, %d}, ", ix->reg[i].plen, ix->reg[i].zlen);
	}
	p("},\n .ecap = %d, .enums = (eslot *)asm_enums, .nnames = %d, .numbered_in_enums = %d,\n",
	  ix->ecap, ix->nnames, ix->numbered_in_enums);
	p(" .reg_first = ");
	NUMS("%u", ix->reg_first, 256);
	p(",\n .digits_ok = %u, .label_first = ", ix->digits_ok);
	NUMS("%d", ix->label_first, 256);
	p(",\n .noptypes = %d, .optypes = (asm_optype *)asm_optypes,\n"
	  " .ops = (const isa_opcode **)asm_ops, .nent = (short *)asm_nent, .nmin = (short *)asm_nmin,\n"
	  " .shape = (asm_opshape *)asm_shape, .hcap = %d, .h = (asm_hslot *)asm_h,\n};\n",
	  ix->noptypes, ix->hcap);
	p("const struct asm_index *const asm_index_snapshot = &snap_index;\n");
	asm_index_free(ix);
}

int main(void)
{
	simt_diags d;
	simt_diags_init(&d);
	isa_model *m = NULL;
	if (codec_isa_parse_builtin(&m, &d) != SIMT_OK) {
		for (int i = 0; i < d.count; i++)
			fprintf(stderr, "isa_snap: %s\n", d.items[i].message);
		fprintf(stderr, "isa_snap: the built-in ISA does not load\n");
		return 1;
	}
	M = m;
	out = stdout;
	p("/* Generated by tools/isa_snap.c from the isa/ files (via build/gen/isa_builtin.c):\n"
	  " * the loaded built-in ISA as static data.  Do not edit; never checked in. */\n");
	p("#include \"asm/index.h\"\n#include \"codec/codec.h\"\n\n");
	p("static const isa_type ty[%d];\nstatic const isa_class cl[%d];\n"
	  "static const isa_opcode op[%d];\n\n",
	  m->ntypes ? m->ntypes : 1, m->nclasses ? m->nclasses : 1, m->nopcodes ? m->nopcodes : 1);
	emit_exprs();
	emit_types();
	emit_classes();
	emit_opcodes();
	emit_decoder(m->decoder);
	emit_model();
	emit_asm_index();
	free(exprs);
	codec_isa_free(m);
	simt_diags_free(&d);
	if (fflush(stdout) != 0 || ferror(stdout)) {
		perror("isa_snap");
		return 1;
	}
	return 0;
}
