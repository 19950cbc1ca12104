/*
 * test_isa_seed.c - the project's ISA files keep the seeds' encodings.
 *
 * Loads isa/base.isa with the two seed files unchanged (seeds/000 barrier
 * unit, seeds/001 branch unit) and the builtin ISA, and checks that every
 * seed opcode exists in the builtin with the same mnemonic, operand order and
 * field list: name, position, width, type name, constant, and the default
 * wherever the seed gives one.  simtkit may add defaults (marked
 * `// simtkit:` in isa/bcu.isa, isa/bru.isa); it may not add or move fields.
 * It also checks the reverse: the builtin has no extra opcode of a seed
 * optype.  The seeds are found in shared/seeds beside the repository (or
 * one level higher for a worktree), or in $SIMT_SEEDS_DIR.
 */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "codec/codec.h"
#include "isa/isa.h"
#include "simt/simt.h"
#include "test.h"

/* Path of the seed file whose name starts with prefix ("000_"), or NULL. */
static char *seed_path(const char *prefix)
{
	const char *env = getenv("SIMT_SEEDS_DIR");
	char *dirs[3] = {
		util_strdup(env ? env : ""),
		util_format("%s/../../shared/seeds", test_dir()),
		util_format("%s/../../../shared/seeds", test_dir()),
	};
	char *found = NULL;
	for (int i = 0; i < 3 && !found; i++) {
		DIR *d = dirs[i][0] ? opendir(dirs[i]) : NULL;
		if (!d)
			continue;
		struct dirent *e;
		while (!found && (e = readdir(d)) != NULL)
			if (!strncmp(e->d_name, prefix, strlen(prefix)) &&
			    strstr(e->d_name, ".txt"))
				found = util_format("%s/%s", dirs[i], e->d_name);
		closedir(d);
	}
	for (int i = 0; i < 3; i++)
		free(dirs[i]);
	return found;
}

/* base.isa + seed 000 + seed 001, or NULL (with a recorded failure). */
static isa_model *load_seed_model(void)
{
	char *paths[3] = {util_format("%s/../isa/base.isa", test_dir()),
			  seed_path("000_"), seed_path("001_")};
	char *texts[3] = {NULL, NULL, NULL};
	isa_model *m = NULL;
	bool ok = true;
	for (int i = 0; i < 3; i++) {
		texts[i] = paths[i] ? util_read_file(paths[i], NULL) : NULL;
		if (!texts[i]) {
			test_fail(__FILE__, __LINE__, "cannot read %s",
				  paths[i] ? paths[i] : "a seed file (set SIMT_SEEDS_DIR)");
			ok = false;
		}
	}
	if (ok) {
		simt_diags d;
		simt_diags_init(&d);
		simt_status s = codec_isa_load((const char *const *)paths,
					 (const char *const *)texts, 3, &m, &d);
		for (int i = 0; i < d.count; i++)
			test_fail(__FILE__, __LINE__, "%s:%d:%d: %s",
				  d.items[i].file ? d.items[i].file : "?",
				  d.items[i].line, d.items[i].col,
				  d.items[i].message);
		CHECK(s == SIMT_OK && m);
		simt_diags_free(&d);
	}
	for (int i = 0; i < 3; i++) {
		free(paths[i]);
		free(texts[i]);
	}
	return m;
}

static isa_model *load_builtin(void)
{
	simt_diags d;
	simt_diags_init(&d);
	isa_model *m = NULL;
	simt_status s = codec_isa_builtin(&m, &d);
	for (int i = 0; i < d.count; i++)
		test_fail(__FILE__, __LINE__, "builtin: %s:%d:%d: %s",
			  d.items[i].file ? d.items[i].file : "?", d.items[i].line,
			  d.items[i].col, d.items[i].message);
	CHECK(s == SIMT_OK && m);
	simt_diags_free(&d);
	return m;
}

/* One seed field against the builtin opcode b. */
static void compare_field(const isa_opcode *s, const isa_field *sf,
			  const isa_opcode *b)
{
	int i = isa_field_find(b, sf->name);
	if (i < 0) {
		test_fail(__FILE__, __LINE__, "%s: field %s missing", s->name, sf->name);
		return;
	}
	const isa_field *bf = &b->fields[i];
	if (bf->pos != sf->pos || bf->width != sf->width)
		test_fail(__FILE__, __LINE__, "%s.%s: bits <%d,%d> in the seed, <%d,%d> in the builtin",
			  s->name, sf->name, sf->pos, sf->width, bf->pos, bf->width);
	if (strcmp(bf->type->name, sf->type->name) != 0)
		test_fail(__FILE__, __LINE__, "%s.%s: type %s in the seed, %s in the builtin",
			  s->name, sf->name, sf->type->name, bf->type->name);
	if (bf->is_const != sf->is_const || (sf->is_const && bf->value != sf->value))
		test_fail(__FILE__, __LINE__, "%s.%s: constant differs", s->name, sf->name);
	if (sf->has_default && (!bf->has_default || bf->value != sf->value))
		test_fail(__FILE__, __LINE__, "%s.%s: default differs", s->name, sf->name);
}

/* Enum constants (optype, stype) compare by value name: the numbering is ours. */
static void compare_opcode(const isa_opcode *s, const isa_opcode *b)
{
	CHECK_STR(b->mnemonic, s->mnemonic);
	if (b->nfields != s->nfields)
		test_fail(__FILE__, __LINE__, "%s: %d fields in the seed, %d in the builtin",
			  s->name, s->nfields, b->nfields);
	for (int i = 0; i < s->nfields; i++)
		compare_field(s, &s->fields[i], b);
	if (b->noperands != s->noperands) {
		test_fail(__FILE__, __LINE__, "%s: operand count differs", s->name);
		return;
	}
	for (int i = 0; i < s->noperands; i++)
		CHECK_STR(b->fields[b->operands[i].field].name,
			  s->fields[s->operands[i].field].name);
}

TEST(isa_seed_files_load_with_base)
{
	isa_model *m = load_seed_model();
	CHECK(m && m->nopcodes == 43);
	codec_isa_free(m);
}

TEST(isa_builtin_keeps_seed_encodings)
{
	isa_model *seed = load_seed_model(), *b = load_builtin();
	if (!seed || !b) {
		codec_isa_free(seed);
		codec_isa_free(b);
		return;
	}
	for (int i = 0; i < seed->nopcodes; i++) {
		const isa_opcode *s = seed->opcodes[i];
		const isa_opcode *o = isa_opcode_find(b, s->name);
		if (!o)
			test_fail(__FILE__, __LINE__, "builtin lacks seed opcode %s", s->name);
		else
			compare_opcode(s, o);
	}
	/* no extra forms of a seed optype */
	for (int i = 0; i < b->nopcodes; i++) {
		const isa_opcode *o = b->opcodes[i];
		if (isa_class_find(seed, o->optype->name) && !isa_opcode_find(seed, o->name))
			test_fail(__FILE__, __LINE__, "builtin adds opcode %s to seed optype %s",
				  o->name, o->optype->name);
	}
	codec_isa_free(seed);
	codec_isa_free(b);
}

/* The additions documented in docs/isa-decisions.md are really there. */
TEST(isa_builtin_simtkit_defaults)
{
	isa_model *b = load_builtin();
	if (!b)
		return;
	static const struct {
		const char *opcode, *field;
		uint64_t value;
	} want[] = {
		{"BAR_I", "cnt", 0},        {"BAR_RRI", "cnt", 0},
		{"BAR_RED_I", "cnt", 0},    {"B2R_I", "mode", 1},
		{"B2R_I", "barid", 0},      {"R2B_RI", "mode", 1},
		{"R2B_RI", "barid", 0},     {"B2R_RESULT_X", "pu", 7},
		{"BSSY_I", "syncpoint", 0}, {"CALL_R", "ra", 255},
		{"RET_R", "ra", 255},       {"CALL_U", "offset", 0},
		{"RET_U", "offset", 0},
	};
	for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
		const isa_opcode *o = isa_opcode_find(b, want[i].opcode);
		int f = o ? isa_field_find(o, want[i].field) : -1;
		if (f < 0 || !o->fields[f].has_default || o->fields[f].value != want[i].value)
			test_fail(__FILE__, __LINE__, "%s.%s: expected default 0x%llx",
				  want[i].opcode, want[i].field,
				  (unsigned long long)want[i].value);
	}
	/* BRA and BSSY show absolute targets; BRX/CALL/RET/LEPC byte offsets */
	const char *pcrel[][2] = {{"BRA_X", "offset"}, {"BRA_U", "offset"},
				  {"BSSY_I", "syncpoint"}};
	const char *shift[][2] = {{"BRX_R", "offset"}, {"CALL_R", "offset"},
				  {"RET_U", "offset"}, {"LEPC_I", "offset"}};
	for (int i = 0; i < 3; i++) {
		const isa_opcode *o = isa_opcode_find(b, pcrel[i][0]);
		int f = o ? isa_field_find(o, pcrel[i][1]) : -1;
		CHECK(f >= 0 && o->fields[f].operand >= 0 &&
		      o->operands[o->fields[f].operand].fmt == ISA_FMT_PCREL);
	}
	for (int i = 0; i < 4; i++) {
		const isa_opcode *o = isa_opcode_find(b, shift[i][0]);
		int f = o ? isa_field_find(o, shift[i][1]) : -1;
		CHECK(f >= 0 && o->fields[f].operand >= 0 &&
		      o->operands[o->fields[f].operand].fmt == ISA_FMT_SHIFT);
	}
	/* BAR.RESULT is an accepted spelling of B2R.RESULT */
	bool alias = false;
	for (int i = 0; i < b->naliases; i++)
		alias |= !strcmp(b->aliases[i].mnemonic, "BAR.RESULT") &&
			 !strcmp(b->aliases[i].optype->name, "B2R_RESULT");
	CHECK(alias);
	codec_isa_free(b);
}

/* Companion conventions: nothing in bits 109-127 but the control fields,
 * every opcode has the guard pg at 12-15. */
TEST(isa_builtin_field_conventions)
{
	isa_model *b = load_builtin();
	if (!b)
		return;
	for (int i = 0; i < b->nopcodes; i++) {
		const isa_opcode *o = b->opcodes[i];
		for (int k = 0; k < o->nfields; k++) {
			const isa_field *f = &o->fields[k];
			bool ctl = !strcmp(f->name, ISA_FIELD_STALL) || !strcmp(f->name, ISA_FIELD_YIELD) ||
				   !strcmp(f->name, ISA_FIELD_WSB) || !strcmp(f->name, ISA_FIELD_REQ);
			if (!ctl && f->pos + f->width > 109)
				test_fail(__FILE__, __LINE__, "%s.%s reaches the control bits",
					  o->name, f->name);
		}
		int pg = isa_field_find(o, "pg");
		CHECK(pg >= 0 && o->fields[pg].pos == 12 && o->guard == pg);
	}
	codec_isa_free(b);
}

/* ---- the __Examples of the builtin ISA are valid code ----------------------- */

/* The lines of the fenced blocks of text, comments and "..." lines dropped,
 * after a prologue that defines the labels the examples use. */
static char *example_source(const char *text)
{
	util_buf b = {0};
	util_buf_puts(&b, "k:\n.Base:\nlabel:\n.Target:\n.Label:\n");
	bool fenced = false;
	for (const char *p = text; *p;) {
		const char *e = strchr(p, '\n');
		size_t n = e ? (size_t)(e - p) : strlen(p);
		const char *t = p;
		while (t < p + n && (*t == ' ' || *t == '\t'))
			t++;
		if (!strncmp(t, "```", 3)) {
			fenced = !fenced;
		} else if (fenced) {
			const char *c = strstr(t, "//");
			size_t m = (c && c < p + n) ? (size_t)(c - t) : (size_t)(p + n - t);
			char *line = util_strndup(t, m);
			if (!strstr(line, "..."))
				util_buf_printf(&b, "%s\n", line);
			free(line);
		}
		p = e ? e + 1 : p + n;
	}
	return util_buf_take(&b);
}

/* Assemble the examples of class c; mark the opcodes they use in seen[]. */
static void assemble_examples(const isa_model *m, const isa_class *c,
			      const char *text, bool *seen)
{
	char *src = example_source(text);
	char *name = util_format("%s __Examples", c->name);
	simt_diags d;
	simt_diags_init(&d);
	simt_object *obj = NULL;
	simt_status s = simt_assemble(m, name, src, strlen(src), &obj, &d);
	for (int i = 0; i < d.count; i++)
		test_fail(__FILE__, __LINE__, "%s:%d:%d: %s (%s)", name,
			  d.items[i].line, d.items[i].col, d.items[i].message,
			  d.items[i].source_line ? d.items[i].source_line : "");
	CHECK(s == SIMT_OK);
	size_t len = 0;
	const uint8_t *code = obj && simt_object_kernel_count(obj) > 0
				      ? simt_object_kernel_code(obj, 0, &len)
				      : NULL;
	for (size_t off = 0; code && off + SIMT_INST_SIZE <= len; off += SIMT_INST_SIZE) {
		simt_inst in;
		if (simt_decode(m, code + off, off, &in, NULL) == SIMT_OK &&
		    in.opcode >= 0 && in.opcode < m->nopcodes)
			seen[in.opcode] = true;
	}
	simt_object_free(obj);
	simt_diags_free(&d);
	free(name);
	free(src);
}

TEST(isa_builtin_examples_assemble_and_cover_every_opcode)
{
	isa_model *m = load_builtin();
	if (!m)
		return;
	bool *seen = calloc((size_t)m->nopcodes, sizeof *seen);
	for (int i = 0; seen && i < m->nclasses; i++) {
		const isa_class *c = m->classes[i];
		for (int k = 0; k < c->ndocs; k++)
			if (!strcmp(c->docs[k].section, "Examples"))
				assemble_examples(m, c, c->docs[k].text, seen);
	}
	util_buf missing = {0};
	for (int i = 0; seen && i < m->nopcodes; i++)
		if (!seen[i])
			util_buf_printf(&missing, " %s", m->opcodes[i]->name);
	char *list = util_buf_take(&missing);
	if (list && *list)
		test_fail(__FILE__, __LINE__, "no __Examples line uses:%s", list);
	free(list);
	free(seen);
	codec_isa_free(m);
}
