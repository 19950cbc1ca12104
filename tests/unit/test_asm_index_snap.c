/*
 * test_asm_index_snap.c - the assembler's index tables that the ISA
 * snapshot holds (asm_index_snapshot, written by tools/isa_snap.c) are the
 * ones asm_index_build makes of the parsed built-in ISA: register kinds,
 * the enum name table slot by slot (the type hash does not depend on where
 * a type lies, so both lay it out alike), the mnemonic table, the optypes
 * and their opcodes, operand shapes and the guess tables.
 */
#include <stdlib.h>
#include <string.h>

#include "asm/index.h"
#include "codec/codec.h"
#include "test.h"

static int type_at(const isa_model *m, const isa_type *t)
{
	if (t == &asm_any_enum)
		return -2;
	for (int i = 0; i < m->ntypes; i++)
		if (m->types[i] == t)
			return i;
	return -1;
}

static bool same_text(const char *a, const char *b)
{
	return a == b || (a && b && !strcmp(a, b));
}

TEST(asm_index_snapshot_is_the_built_index)
{
	isa_model *snap = NULL, *parsed = NULL;
	struct asm_index *s = NULL, *p = NULL;
	CHECK(asm_index_snapshot != NULL);
	CHECK_EQ(codec_isa_builtin(&snap, NULL), SIMT_OK);
	CHECK_EQ(codec_isa_parse_builtin(&parsed, NULL), SIMT_OK);
	if (!snap || !parsed)
		goto done;
	CHECK_EQ(asm_index_build(snap, &s), SIMT_OK);
	CHECK_EQ(asm_index_build(parsed, &p), SIMT_OK);
	if (!s || !p)
		goto done;
	CHECK(s->tables_static && !p->tables_static);
	CHECK(s->enums == asm_index_snapshot->enums); /* taken, not built */
	CHECK_EQ(s->nreg, p->nreg);
	for (int i = 0; i < s->nreg && i < p->nreg; i++) {
		CHECK_EQ(type_at(snap, s->reg[i].t), type_at(parsed, p->reg[i].t));
		CHECK(s->reg[i].plen == p->reg[i].plen && s->reg[i].zlen == p->reg[i].zlen);
	}
	CHECK_EQ(s->ecap, p->ecap);
	for (int i = 0; i < s->ecap && i < p->ecap; i++) {
		const eslot *x = &s->enums[i], *y = &p->enums[i];
		CHECK_EQ(!x->t, !y->t);
		if (!x->t || !y->t)
			continue;
		CHECK_EQ(type_at(snap, x->t), type_at(parsed, y->t));
		CHECK(x->len == y->len && x->value == y->value && same_text(x->s, y->s));
	}
	CHECK_EQ(s->nnames, p->nnames);
	CHECK_EQ(s->numbered_in_enums, p->numbered_in_enums);
	CHECK(!memcmp(s->reg_first, p->reg_first, sizeof s->reg_first));
	CHECK_EQ(s->digits_ok, p->digits_ok);
	CHECK(!memcmp(s->label_first, p->label_first, sizeof s->label_first));
	CHECK_EQ(s->noptypes, p->noptypes);
	for (int i = 0; i < s->noptypes && i < p->noptypes; i++) {
		CHECK(same_text(s->optypes[i].mnem, p->optypes[i].mnem));
		CHECK(s->optypes[i].len == p->optypes[i].len &&
		      s->optypes[i].first == p->optypes[i].first &&
		      s->optypes[i].count == p->optypes[i].count);
	}
	CHECK_EQ(snap->nopcodes, parsed->nopcodes);
	for (int i = 0; i < snap->nopcodes && i < parsed->nopcodes; i++) {
		CHECK_EQ(s->ops[i]->index, p->ops[i]->index);
		CHECK(s->nent[i] == p->nent[i] && s->nmin[i] == p->nmin[i]);
		CHECK(!memcmp(&s->shape[i], &p->shape[i], sizeof s->shape[i]));
	}
	CHECK_EQ(s->hcap, p->hcap);
	for (int i = 0; i < s->hcap && i < p->hcap; i++)
		CHECK(same_text(s->h[i].s, p->h[i].s) && s->h[i].len == p->h[i].len &&
		      s->h[i].value == p->h[i].value);
done:
	asm_index_free(s);
	asm_index_free(p);
	codec_isa_free(snap);
	codec_isa_free(parsed);
}
