/*
 * test_isa_snap.c - the built-in ISA snapshot (tools/isa_snap.c, loaded by
 * codec_isa_builtin) is the model that parsing isa/ gives
 * (codec_isa_parse_builtin): every type, class, opcode, name map and the
 * whole decode table, compared member by member; the snapshot's struct is
 * the caller's to free and its data is shared.
 */
#include <stdlib.h>
#include <string.h>

#include "codec/codec.h"
#include "test.h"

static bool same_str(const char *a, const char *b)
{
	return a == b || (a && b && !strcmp(a, b));
}

#define SAME(what, a, b)                                                       \
	do {                                                                   \
		if (!(a))                                                      \
			test_fail(__FILE__, __LINE__, "%s: %s differs", name, \
				  what);                                       \
		(void)(b);                                                     \
	} while (0)

static int type_idx(const isa_model *m, const isa_type *t)
{
	for (int i = 0; i < m->ntypes; i++)
		if (m->types[i] == t)
			return i;
	return -1;
}

static void same_field(const char *name, const isa_model *a, const isa_field *x,
		       const isa_model *b, const isa_field *y)
{
	SAME("field name", same_str(x->name, y->name), 0);
	SAME("field bits", x->pos == y->pos && x->width == y->width, 0);
	SAME("field type", type_idx(a, x->type) == type_idx(b, y->type), 0);
	SAME("field value", x->has_default == y->has_default &&
		 x->is_const == y->is_const && x->value == y->value, 0);
	SAME("field links", x->operand == y->operand && x->base == y->base &&
		 x->modifier == y->modifier, 0);
	SAME("field loc", !memcmp(&x->loc, &y->loc, sizeof x->loc), 0);
}

static bool same_expr(const isa_expr *x, const isa_expr *y)
{
	if (!x || !y)
		return x == y;
	return x->op == y->op && x->value == y->value && same_str(x->str, y->str) &&
	       !memcmp(&x->loc, &y->loc, sizeof x->loc) && same_expr(x->a, y->a) &&
	       same_expr(x->b, y->b);
}

static void same_types(const isa_model *a, const isa_model *b)
{
	CHECK_EQ(a->ntypes, b->ntypes);
	for (int i = 0; i < a->ntypes && i < b->ntypes; i++) {
		const isa_type *x = a->types[i], *y = b->types[i];
		const char *name = x->name;
		SAME("type name", same_str(x->name, y->name), 0);
		SAME("type kind", x->width == y->width && x->cls == y->cls &&
			 x->family == y->family, 0);
		SAME("type values", x->nvalues == y->nvalues, 0);
		for (int v = 0; v < x->nvalues && v < y->nvalues; v++)
			SAME("type value", same_str(x->values[v], y->values[v]), 0);
		SAME("type register", same_str(x->prefix, y->prefix) && same_str(x->zero, y->zero), 0);
		SAME("type cmem", x->bank_pos == y->bank_pos && x->bank_width == y->bank_width &&
			 x->off_pos == y->off_pos && x->off_width == y->off_width, 0);
		SAME("type family", type_idx(a, x->family_of) == type_idx(b, y->family_of), 0);
		SAME("type name map", util_names_find(&a->type_names, x->name, strlen(x->name)) ==
			 util_names_find(&b->type_names, y->name, strlen(y->name)), 0);
	}
}

static void same_opcodes(const isa_model *a, const isa_model *b)
{
	CHECK_EQ(a->nopcodes, b->nopcodes);
	for (int i = 0; i < a->nopcodes && i < b->nopcodes; i++) {
		const isa_opcode *x = a->opcodes[i], *y = b->opcodes[i];
		const char *name = x->name;
		SAME("name", same_str(x->name, y->name) && same_str(x->mnemonic, y->mnemonic), 0);
		SAME("index", x->index == i && y->index == i, 0);
		SAME("class", same_str(x->cls->name, y->cls->name) &&
			 same_str(x->optype->name, y->optype->name), 0);
		SAME("nfields", x->nfields == y->nfields, 0);
		for (int k = 0; k < x->nfields && k < y->nfields; k++)
			same_field(name, a, &x->fields[k], b, &y->fields[k]);
		SAME("operands", x->noperands == y->noperands &&
			 !memcmp(x->operands, y->operands, sizeof x->operands), 0);
		SAME("guard", x->guard == y->guard, 0);
		SAME("exceptions", x->nexc == y->nexc, 0);
		for (int k = 0; k < x->nexc && k < y->nexc; k++)
			SAME("exception", same_str(x->exc[k]->message, y->exc[k]->message) &&
				 same_str(x->exc[k]->kind, y->exc[k]->kind) &&
				 same_expr(x->exc[k]->cond, y->exc[k]->cond), 0);
		SAME("masks", !memcmp(&x->fixed_mask, &y->fixed_mask, sizeof x->fixed_mask) &&
			 !memcmp(&x->fixed_value, &y->fixed_value, sizeof x->fixed_value) &&
			 !memcmp(&x->used_mask, &y->used_mask, sizeof x->used_mask), 0);
		SAME("mods", x->nmods == y->nmods && !memcmp(x->mods, y->mods, sizeof x->mods), 0);
		SAME("opcode name map",
		     util_names_find(&a->opcode_names, x->name, strlen(x->name)) ==
			     util_names_find(&b->opcode_names, y->name, strlen(y->name)), 0);
	}
}

/* The decode tables: every member, texts by content. */
static void same_decoder(const isa_model *a, const isa_model *b)
{
	const struct codec_table *x = a->decoder, *y = b->decoder;
	const char *name = "decoder";
	SAME("start", !memcmp(x->start, y->start, sizeof x->start), 0);
	SAME("pcrel keys", !memcmp(x->pcrel_keys, y->pcrel_keys, sizeof x->pcrel_keys), 0);
	for (uint32_t k = 0; k < x->start[1u << CODEC_KEY_BITS]; k++)
		SAME("candidate", x->cand[k]->index == y->cand[k]->index, 0);
	CHECK_EQ(x->nopcodes, y->nopcodes);
	for (int o = 0; o < x->nopcodes && o < y->nopcodes; o++) {
		codec_opinfo p = x->info[o], q = y->info[o];
		name = a->opcodes[o]->name;
		for (int i = 0; i < ISA_MAX_FIELDS; i++) {
			SAME("text count", p.ntext[i] == q.ntext[i], 0);
			for (uint32_t v = 0; v < p.ntext[i] && v < q.ntext[i]; v++)
				SAME("text", !memcmp(&p.text[i][v], &q.text[i][v], sizeof p.text[i][v]), 0);
			p.text[i] = q.text[i] = NULL;
		}
		SAME("opinfo", !memcmp(&p, &q, sizeof p), 0);
	}
	const codec_rules *r = x->rules, *s = y->rules;
	name = "rules";
	CHECK_EQ(r->nnodes, s->nnodes);
	for (int i = 0; i < r->nnodes && i < s->nnodes; i++) /* members: padding */
		SAME("node", r->nodes[i].op == s->nodes[i].op && r->nodes[i].a == s->nodes[i].a &&
			 r->nodes[i].b == s->nodes[i].b && r->nodes[i].v == s->nodes[i].v, 0);
	SAME("first", !memcmp(r->first, s->first, (size_t)x->nopcodes * sizeof *r->first), 0);
	int nroots = 0;
	for (int o = 0; o < a->nopcodes; o++)
		nroots += a->opcodes[o]->nexc;
	SAME("roots", !memcmp(r->roots, s->roots, (size_t)nroots * sizeof *r->roots), 0);
	CHECK_EQ(r->ntable, s->ntable);
	for (int o = 0; o < r->ntable && o < s->ntable; o++)
		SAME("table", (!r->table[o] && !s->table[o]) ||
			 (r->table[o] && s->table[o] &&
			  !memcmp(r->table[o], s->table[o], sizeof *r->table[o])), 0);
}

TEST(isa_snapshot_is_the_parsed_model)
{
	isa_model *snap = NULL, *parsed = NULL;
	simt_diags d;
	simt_diags_init(&d);
	CHECK(codec_snapshot != NULL);
	CHECK_EQ(codec_isa_builtin(&snap, &d), SIMT_OK);
	CHECK_EQ(codec_isa_parse_builtin(&parsed, &d), SIMT_OK);
	if (!snap || !parsed)
		goto done;
	CHECK(snap->static_data && !parsed->static_data);
	CHECK_EQ(snap->nfiles, parsed->nfiles);
	for (int i = 0; i < snap->nfiles && i < parsed->nfiles; i++) {
		CHECK_STR(snap->files[i], parsed->files[i]);
		CHECK_STR(snap->sources[i], parsed->sources[i]);
	}
	CHECK_EQ(snap->nclasses, parsed->nclasses);
	CHECK_EQ(snap->naliases, parsed->naliases);
	for (int i = 0; i < snap->naliases && i < parsed->naliases; i++)
		CHECK_STR(snap->aliases[i].optype->name, parsed->aliases[i].optype->name);
	same_types(snap, parsed);
	same_opcodes(snap, parsed);
	same_decoder(snap, parsed);
	/* classes, docs, syntax and exception trees as the JSON dump shows them */
	char *js = isa_dump_json(snap), *jp = isa_dump_json(parsed);
	CHECK(js && jp && !strcmp(js, jp));
	free(js);
	free(jp);
done:
	codec_isa_free(snap);
	codec_isa_free(parsed);
	simt_diags_free(&d);
}

/* Two loads share the data but not the struct; each is freed on its own. */
TEST(isa_snapshot_loads_are_independent)
{
	isa_model *a = NULL, *b = NULL;
	CHECK_EQ(codec_isa_builtin(&a, NULL), SIMT_OK);
	CHECK_EQ(codec_isa_builtin(&b, NULL), SIMT_OK);
	CHECK(a && b && a != b);
	if (a && b)
		CHECK(a->opcodes == b->opcodes && a->decoder == b->decoder);
	codec_isa_free(a);
	uint64_t f[ISA_MAX_FIELDS];
	const char *why = NULL;
	CHECK(b && b->nopcodes > 0);
	if (b) {
		const isa_opcode *op = b->opcodes[0];
		uint64_t v[ISA_MAX_FIELDS];
		codec_defaults(op, v);
		CHECK(codec_decode(b, codec_encode(op, v), f, &why) == op);
	}
	codec_isa_free(b);
}
