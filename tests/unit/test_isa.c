/*
 * test_isa.c - the description-language front end: the seeds load unchanged
 * and resolve as specified; every file of tests/isa/bad fails with the error
 * written in its first line; decode conflicts are found; the JSON dump
 * matches its golden file.
 */
#include <dirent.h>
#include <glob.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "codec/codec.h"
#include "isa/isa.h"
#include "simt/simt.h"
#include "test.h"
#include "util/util.h"

static char *path_in(const char *rel)
{
	return util_format("%s/%s", test_dir(), rel);
}

/* The seed file matching pattern (e.g. "000_*.txt"), or NULL. */
static char *seed_path(const char *pattern)
{
	const char *dir = getenv("SIMT_SEEDS_DIR");
	char *pat = util_format("%s/%s", dir ? dir : "/work/shared/seeds", pattern);
	glob_t g;
	char *out = NULL;
	if (pat && glob(pat, 0, NULL, &g) == 0) {
		if (g.gl_pathc > 0)
			out = util_strdup(g.gl_pathv[0]);
		globfree(&g);
	}
	free(pat);
	return out;
}

static void print_diags(const simt_diags *d)
{
	char buf[2048];
	for (int i = 0; i < d->count && i < 10; i++) {
		simt_diag_format(&d->items[i], buf, sizeof buf);
		printf("    %s", buf);
	}
}

/* base.isa + seeds 000 and 001, unchanged. */
static isa_model *load_seeds(simt_diags *d)
{
	char *p[3] = {path_in("isa/base.isa"), seed_path("000_*.txt"), seed_path("001_*.txt")};
	isa_model *m = NULL;
	if (p[1] && p[2]) {
		simt_status st = simt_isa_load_files((const char *const *)p, 3, &m, d);
		if (st != SIMT_OK)
			print_diags(d);
	} else {
		printf("    (seeds not found: set SIMT_SEEDS_DIR)\n");
	}
	for (int i = 0; i < 3; i++)
		free(p[i]);
	return m;
}

TEST(isa_seeds_load)
{
	simt_diags d;
	simt_diags_init(&d);
	isa_model *m = load_seeds(&d);
	CHECK(m != NULL);
	CHECK_EQ(d.errors, 0);
	if (m) {
		CHECK_EQ(m->nopcodes, 43);
		CHECK(isa_opcode_find(m, "BAR_RED_RIR") != NULL);
		CHECK(isa_opcode_find(m, "SYSCALL_C") == NULL); /* commented out */
		CHECK(isa_type_find(m, "BRACond") != NULL);
		CHECK(isa_class_find(m, "BRU_Base") != NULL);
	}
	codec_isa_free(m);
	simt_diags_free(&d);
}

TEST(isa_seeds_model)
{
	simt_diags d;
	simt_diags_init(&d);
	isa_model *m = load_seeds(&d);
	const isa_opcode *op = m ? isa_opcode_find(m, "BRA_U") : NULL;
	CHECK(op != NULL);
	if (!op) {
		codec_isa_free(m);
		simt_diags_free(&d);
		return;
	}
	CHECK_STR(op->mnemonic, "BRA");
	CHECK_STR(op->optype->name, "BRA");
	/* ancestors first: ALL's control fields, then BRU, BRU_Imm, BRA, BRU_P, own */
	CHECK_STR(op->fields[0].name, "stall");
	CHECK_STR(op->fields[op->nfields - 1].name, "ura.bitnot");
	CHECK_EQ(op->noperands, 4);
	CHECK_EQ(op->guard, isa_field_find(op, "pg"));
	CHECK_EQ(op->operands[0].field, op->guard);
	int ura = isa_field_find(op, "ura"), not = isa_field_find(op, "ura.bitnot");
	CHECK(ura >= 0 && not >= 0);
	CHECK_EQ(op->fields[ura].modifier, not);
	CHECK_EQ(op->fields[not].base, ura);
	int off = isa_field_find(op, "offset");
	CHECK_EQ(op->operands[op->fields[off].operand].fmt, ISA_FMT_SHIFT);
	CHECK_EQ(op->operands[op->fields[off].operand].shift, 4);
	CHECK_EQ(op->operands[op->fields[ura].operand].bitwidth, 32);
	CHECK(op->operands[1].optional); /* pp = PT */
	CHECK(op->operands[op->fields[ura].operand].in);
	CHECK_STR(op->fields[off].type->name, "SImm50");
	CHECK_EQ(op->fields[off].type->cls, ISA_KIND_SIMM);
	/* fixed bits: optype (0-7) and stype (8-11) */
	CHECK_EQ(op->fixed_mask.lo, 0xfffu);
	CHECK_EQ(op->fixed_value.lo & 0xff, 6u); /* BRA is Optype value 6 in tests/isa/base.isa */
	CHECK_EQ((op->fixed_value.lo >> 8) & 0xf, 5u); /* SType U */
	CHECK_EQ(op->nmods, 1);
	CHECK_STR(op->fields[op->mods[0]].name, "cond");
	CHECK_EQ(op->nexc, 1);
	/* the exception: illegal unless cond is DIV or CONV */
	uint64_t vals[ISA_MAX_FIELDS] = {0};
	int64_t r = -1;
	int cond = isa_field_find(op, "cond");
	vals[cond] = 2; /* DIV */
	CHECK(isa_expr_eval(op, op->exc[0]->cond, vals, &r));
	CHECK_EQ(r, 0);
	vals[cond] = 0; /* NoCond */
	CHECK(isa_expr_eval(op, op->exc[0]->cond, vals, &r));
	CHECK_EQ(r, 1);
	/* prose kept verbatim, Chinese and fenced code included */
	const isa_class *bar = isa_class_find(m, "BAR");
	CHECK(bar && bar->syntax && strstr(bar->syntax, "BAR.SYNC SrcBarId, SrcCnt"));
	bool sem = false;
	for (int i = 0; bar && i < bar->ndocs; i++)
		if (!strcmp(bar->docs[i].section, "Semantics"))
			sem = strstr(bar->docs[i].text, "### BAR.ARV") != NULL;
	CHECK(sem);
	codec_isa_free(m);
	simt_diags_free(&d);
}

TEST(isa_seeds_check_again)
{
	simt_diags d;
	simt_diags_init(&d);
	isa_model *m = load_seeds(&d);
	CHECK(m && simt_isa_check(m, &d) == SIMT_OK);
	codec_isa_free(m);
	simt_diags_free(&d);
}

/* Load text after tests/isa/base.isa; returns the status, diags in d. */
static simt_status load_with_base(const char *name, const char *text, simt_diags *d,
				  isa_model **out)
{
	char *bp = path_in("isa/base.isa");
	char *base = bp ? util_read_file(bp, NULL) : NULL;
	const char *names[2] = {bp, name};
	const char *texts[2] = {base ? base : "", text};
	isa_model *m = NULL;
	simt_status st = isa_load(names, texts, 2, &m, d);
	if (out)
		*out = m;
	else
		codec_isa_free(m);
	free(bp);
	free(base);
	return st;
}

/* Each file tests/isa/bad/NAME.isa starts with "// expect: L:C: error: message". */
TEST(isa_bad_files)
{
	char *dir = path_in("isa/bad");
	DIR *dp = dir ? opendir(dir) : NULL;
	CHECK(dp != NULL);
	int n = 0;
	struct dirent *e;
	while (dp && (e = readdir(dp))) {
		size_t len = strlen(e->d_name);
		if (len < 5 || strcmp(e->d_name + len - 4, ".isa"))
			continue;
		char *p = util_format("%s/%s", dir, e->d_name);
		char *text = util_read_file(p, NULL);
		char want[512] = "";
		if (!text || sscanf(text, "// expect: %511[^\n]", want) != 1) {
			test_fail(__FILE__, __LINE__, "%s: no '// expect:' line", p);
		} else {
			simt_diags d;
			simt_diags_init(&d);
			simt_status st = load_with_base(p, text, &d, NULL);
			char *full = util_format("%s:%s\n", p, want);
			bool found = false;
			for (int i = 0; i < d.count && !found; i++) {
				char buf[2048];
				simt_diag_format(&d.items[i], buf, sizeof buf);
				found = !strncmp(buf, full, strlen(full));
			}
			if (st == SIMT_OK || !found) {
				test_fail(__FILE__, __LINE__, "%s: expected '%s'", p, want);
				print_diags(&d);
			}
			free(full);
			simt_diags_free(&d);
		}
		free(text);
		free(p);
		n++;
	}
	if (dp)
		closedir(dp);
	CHECK(n > 0);
	free(dir);
}

TEST(isa_decode_conflict)
{
	const char *text = "__DefOptype T : [ALL]\n"
			   "  __Encoding\n"
			   "    field<0, 8> Optype optype == BAR;\n"
			   "__DefOpcode T_A : [T]\n"
			   "  __Encoding\n"
			   "    field<8, 4> SType stype == I;\n"
			   "  __OperandInfo\n"
			   "    Order<>;\n"
			   "__DefOpcode T_B : [T]\n"
			   "  __Encoding\n"
			   "    field<8, 4> SType stype == I;\n"
			   "    field<16, 8> Reg rd;\n"
			   "  __OperandInfo\n"
			   "    Order<rd>;\n";
	simt_diags d;
	simt_diags_init(&d);
	CHECK_EQ(load_with_base("conflict.isa", text, &d, NULL), SIMT_ERR_CHECK);
	CHECK_EQ(d.errors, 1);
	if (d.count >= 1) {
		CHECK_STR(d.items[0].message,
			  "decoding conflict: T_A and T_B both match words with bits 0-7 = 0x1, "
			  "bits 8-11 = 0x0");
		CHECK_EQ(d.items[0].line, 9);
	}
	simt_diags_free(&d);
}

TEST(isa_nearest_format_wins)
{
	/* The optype's PCRel beats the group's CvtIShift (breadth first). */
	const char *text = "__DefGroup G : [ALL]\n"
			   "  __Encoding\n"
			   "    field<32, 50> SImm50 offset;\n"
			   "  __OperandInfo\n"
			   "    AsmFormat<offset> = CvtIShift(offset, 4);\n"
			   "__DefOptype BRA : [ALL]\n"
			   "  __Encoding\n"
			   "    field<0, 8> Optype optype == BRA;\n"
			   "  __OperandInfo\n"
			   "    AsmFormat<offset> = PCRel(offset, 4);\n"
			   "__DefOpcode BRA_I : [BRA, G]\n"
			   "  __Encoding\n"
			   "    field<8, 4> SType stype == I;\n"
			   "  __OperandInfo\n"
			   "    Order<offset>;\n"
			   "__DefAlias JMP : BRA;\n";
	simt_diags d;
	simt_diags_init(&d);
	isa_model *m = NULL;
	CHECK_EQ(load_with_base("near.isa", text, &d, &m), SIMT_OK);
	print_diags(&d);
	const isa_opcode *op = m ? isa_opcode_find(m, "BRA_I") : NULL;
	CHECK(op != NULL);
	if (op) {
		CHECK_EQ(op->noperands, 1);
		CHECK_EQ(op->operands[0].fmt, ISA_FMT_PCREL);
		CHECK_EQ(op->guard, -1);
		CHECK_EQ(m->naliases, 1);
		CHECK_STR(m->aliases[0].mnemonic, "JMP");
	}
	codec_isa_free(m);
	simt_diags_free(&d);
}

TEST(isa_json_golden)
{
	char *p = path_in("isa/dump.isa"), *g = path_in("isa/dump.json");
	char *text = p ? util_read_file(p, NULL) : NULL;
	char *want = g ? util_read_file(g, NULL) : NULL;
	CHECK(text && want);
	simt_diags d;
	simt_diags_init(&d);
	isa_model *m = NULL;
	if (text)
		load_with_base("tests/isa/dump.isa", text, &d, &m);
	print_diags(&d);
	char *got = m ? isa_dump_json(m) : NULL;
	CHECK(got && want && !strcmp(got, want));
	if (got && want && strcmp(got, want)) {
		FILE *f = fopen("build/dump.json.out", "w");
		if (f) {
			fputs(got, f);
			fclose(f);
			printf("    actual output in build/dump.json.out\n");
		}
	}
	free(got);
	codec_isa_free(m);
	simt_diags_free(&d);
	free(text);
	free(want);
	free(p);
	free(g);
}

TEST(isa_never_crashes_on_prefixes)
{
	/* Every prefix of a seed parses without crashing (truncated input). */
	char *s0 = seed_path("001_*.txt");
	char *text = s0 ? util_read_file(s0, NULL) : NULL;
	size_t len = text ? strlen(text) : 0;
	for (size_t cut = 0; cut < len; cut += 97) {
		char *t = util_strndup(text, cut);
		simt_diags d;
		simt_diags_init(&d);
		load_with_base("cut.isa", t, &d, NULL);
		simt_diags_free(&d);
		free(t);
	}
	free(text);
	free(s0);
	CHECK(1);
}

TEST(isa_reports_every_error)
{
	/* three syntax errors, each on its own line, and parsing goes on */
	const char *syntax = "__DefGroup G : [ALL]\n"
			     "  __Encoding\n"
			     "    field<16 8> Reg a;\n"
			     "    field<24, 8> Reg b\n"
			     "    field<32, 8> Reg c;\n"
			     "    field<40, 8> Reg d = ;\n"
			     "    field<48, 8> Reg e;\n";
	simt_diags d;
	simt_diags_init(&d);
	CHECK_EQ(load_with_base("syntax.isa", syntax, &d, NULL), SIMT_ERR_PARSE);
	CHECK_EQ(d.errors, 3);
	static const int lines[3] = {3, 5, 6}; /* the missing ';' shows at the next token */
	for (int i = 0; i < d.count && i < 3; i++)
		CHECK_EQ(d.items[i].line, lines[i]);
	simt_diags_clear(&d);
	/* three resolution errors */
	const char *names = "__DefGroup G : [ALL, NOPE]\n"
			    "  __Encoding\n"
			    "    field<16, 8> Foo a;\n"
			    "    field<24, 8> Reg b = P0;\n";
	CHECK_EQ(load_with_base("names.isa", names, &d, NULL), SIMT_ERR_PARSE);
	CHECK_EQ(d.errors, 3);
	simt_diags_free(&d);
}

/* Keeps README.md and NOP.md of the generated pages. */
static bool keep_page(void *user, const char *name, const char *text, size_t len)
{
	char **pages = user;
	if (!strcmp(name, "README.md"))
		pages[0] = util_strndup(text, len);
	else if (!strcmp(name, "NOP.md"))
		pages[1] = util_strndup(text, len);
	return true;
}

TEST(isa_doc_page_text)
{
	char *p = path_in("isa/dump.isa");
	char *text = p ? util_read_file(p, NULL) : NULL;
	simt_diags d;
	simt_diags_init(&d);
	isa_model *m = NULL;
	if (text)
		load_with_base("dump.isa", text, &d, &m);
	CHECK(m != NULL);
	char *pages[2] = {NULL, NULL};
	CHECK(m && isa_doc_pages(m, keep_page, pages) == SIMT_OK);
	char *readme = pages[0], *page = pages[1];
	CHECK(readme && strstr(readme, "| [NOP](NOP.md) | NOP_X |"));
	CHECK(page && strstr(page, "- `mode` (Mode, bits 80-81): `.LO` `.HI` (default)"));
	CHECK(page && strstr(page, "| 1 | `imm` | SImm16 | signed | 32-47 |"));
	/* the lowest row of the drawing: stype and optype fixed */
	CHECK(page && strstr(page, "|stype=X|  optype=NOP   |\n"));
	free(readme);
	free(page);
	codec_isa_free(m);
	simt_diags_free(&d);
	free(text);
	free(p);
}

TEST(isa_syntax_corners)
{
	const char *text =
		"__DefBitFieldType SReg<8>\n"
		"    SR_LANEID;\n"
		"    SR_TID.X = 0x21;   // explicit encoding, dotted name\n"
		"    SR_TID.Y;          /* continues at 0x22 */\n"
		"__DefOperandKind F32<32> = Float32();\n"
		"__DefOptype S2R : [ALL]\n"
		"  __Encoding\n"
		"    field<0,8> Optype optype==NOP;\n"
		"    field<16, 8> Reg rd = RZ;\n"
		"    field<32, 8> SReg sr = SR_TID.Y;\n"
		"    field<40, 32> F32 f = 0x3f800000;\n"
		"  __Syntax ```asm\n"
		"S2R Rd, SR\n"
		"__NotAKeyword inside the fence\n"
		"```\n"
		"  __OperandInfo\n"
		"    Some prose first.\n"
		"    Order<rd,\n"
		"          sr, f>;  // spans two lines\n"
		"    Bitwidth<rd>= 32;\n"
		"    More prose.\n"
		"__DefOpcode S2R_X : [S2R]\n"
		"  __Encoding\n"
		"    field<8, 4> SType stype == X;\n"
		"  __Exception\n"
		"    EncodingError<IllegalBitFieldValue, \"no lane id\"> = sr == \"SR_LANEID\" || !(f >> 31 == 0);\n";
	simt_diags d;
	simt_diags_init(&d);
	isa_model *m = NULL;
	CHECK_EQ(load_with_base("corners.isa", text, &d, &m), SIMT_OK);
	print_diags(&d);
	const isa_type *t = m ? isa_type_find(m, "SReg") : NULL;
	CHECK(t && t->nvalues == 0x23);
	CHECK(t && isa_enum_find(t, "SR_TID.Y", 8) == 0x22);
	CHECK(t && t->values[1] == NULL);
	const isa_opcode *op = m ? isa_opcode_find(m, "S2R_X") : NULL;
	CHECK(op != NULL);
	if (op) {
		CHECK_EQ(op->noperands, 3);
		CHECK_EQ(op->operands[0].bitwidth, 32);
		CHECK_EQ(op->fields[isa_field_find(op, "rd")].value, 255);
		CHECK_EQ(op->fields[isa_field_find(op, "sr")].value, 0x22);
		CHECK(strstr(op->optype->syntax, "__NotAKeyword") != NULL);
		uint64_t vals[ISA_MAX_FIELDS] = {0};
		int64_t r = -1;
		vals[isa_field_find(op, "sr")] = 0; /* SR_LANEID */
		CHECK(isa_expr_eval(op, op->exc[0]->cond, vals, &r) && r == 1);
		vals[isa_field_find(op, "sr")] = 0x21;
		CHECK(isa_expr_eval(op, op->exc[0]->cond, vals, &r) && r == 0);
		vals[isa_field_find(op, "f")] = 0xbf800000; /* sign bit: (f >> 31) == 0 is false */
		CHECK(isa_expr_eval(op, op->exc[0]->cond, vals, &r) && r == 1);
	}
	const isa_class *c = m ? isa_class_find(m, "S2R") : NULL;
	CHECK(c && c->ndocs == 1 && !strcmp(c->docs[0].text, "    Some prose first.\n    More prose."));
	codec_isa_free(m);
	simt_diags_free(&d);
}

TEST(isa_builtin_loads_and_checks)
{
	simt_diags d;
	simt_diags_init(&d);
	isa_model *m = NULL;
	CHECK_EQ(codec_isa_builtin(&m, &d), SIMT_OK);
	print_diags(&d);
	CHECK(m && m->nopcodes > 0 && m->decoder != NULL);
	/* every opcode: optype, mnemonic, fixed bits inside its fields */
	for (int i = 0; m && i < m->nopcodes; i++) {
		const isa_opcode *op = m->opcodes[i];
		CHECK(op->optype && op->mnemonic && op->index == i);
		CHECK_EQ(op->fixed_mask.lo & ~op->used_mask.lo, 0);
		CHECK_EQ(op->fixed_mask.hi & ~op->used_mask.hi, 0);
	}
	CHECK(m && simt_isa_check(m, &d) == SIMT_OK);
	codec_isa_free(m);
	simt_diags_free(&d);
}
