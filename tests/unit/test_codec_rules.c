/*
 * test_codec_rules.c - the compiled __Exception rules (src/codec/rules.c)
 * give the same answers as isa_expr_eval on the builtin ISA, for random
 * field values of every opcode that has rules, and for hand-written rules
 * that exercise every operator, strings, division by zero and wide shifts
 * (unknown names and fields never reach the codec: isa_load refuses them).
 */
#include <stdlib.h>

#include "codec/codec.h"
#include "test.h"

static uint64_t st = UINT64_C(0x0123456789abcdef);

static uint64_t rnd(void)
{
	st ^= st >> 12;
	st ^= st << 25;
	st ^= st >> 27;
	return st * UINT64_C(2685821657736338717);
}

/* The first rule of op that holds, by isa_expr_eval. */
static const char *by_eval(const isa_opcode *op, const uint64_t *f)
{
	for (int i = 0; i < op->nexc; i++) {
		int64_t r = 0;
		if (isa_expr_eval(op, op->exc[i]->cond, f, &r) && r)
			return op->exc[i]->message;
	}
	return NULL;
}

static void agree_on(const isa_model *m, const codec_rules *r, int trials)
{
	uint64_t f[ISA_MAX_FIELDS];
	for (int k = 0; k < m->nopcodes; k++) {
		const isa_opcode *op = m->opcodes[k];
		for (int t = 0; t < trials && op->nexc; t++) {
			for (int i = 0; i < op->nfields; i++) {
				int w = op->fields[i].width;
				uint64_t v = rnd() % 3 ? rnd() % 4 : rnd();
				f[i] = w >= 64 ? v : v & ((UINT64_C(1) << w) - 1);
			}
			const char *a = codec_rules_check(r, op, f);
			const char *b = by_eval(op, f);
			if (a != b)
				test_fail(__FILE__, __LINE__, "%s: compiled \"%s\", "
					  "isa_expr_eval \"%s\"", op->name,
					  a ? a : "(none)", b ? b : "(none)");
		}
	}
}

TEST(codec_rules_agree_with_isa_eval)
{
	isa_model *m = NULL;
	simt_diags d;
	simt_diags_init(&d);
	CHECK_EQ(codec_isa_builtin(&m, &d), SIMT_OK);
	if (!m) {
		simt_diags_free(&d);
		return;
	}
	codec_rules *r = codec_rules_build(m);
	CHECK(r != NULL);
	int with_rules = 0;
	for (int k = 0; k < m->nopcodes; k++)
		with_rules += m->opcodes[k]->nexc > 0;
	CHECK(with_rules > 0);
	if (r)
		agree_on(m, r, 5000);
	codec_rules_free(r);
	codec_isa_free(m);
	simt_diags_free(&d);
}

/* Rules written for the test: every operator, True/False, enum names,
 * division by zero, wide shifts. */
static const char rules_isa[] =
	"__DefBitFieldType Optype<8>\n    NONE;\n    T;\n"
	"__DefBitFieldType Mode<2>\n    A;\n    B;\n    C;\n"
	"__DefBitFieldType Bool<1>\n    False;\n    True;\n"
	"__DefOperandKind UImm = Unsigned();\n"
	"__DefGroup ALL\n  __Encoding\n"
	"    field<109,4> UImm4 stall = 0;\n    field<113,1> UImm1 yield = 0;\n"
	"    field<114,3> UImm3 wsb = 7;\n    field<117,6> UImm6 req = 0;\n"
	"__DefOptype T : [ALL]\n  __Encoding\n    field<0,8> Optype optype == T;\n"
	"__DefOpcode T_X : [T]\n  __Encoding\n"
	"    field<8,2> Mode mode;\n    field<10,1> Bool flag = False;\n"
	"    field<16,8> UImm8 x;\n    field<24,8> UImm8 y;\n"
	"  __OperandInfo\n    Order<x, y>;\n"
	"  __Exception\n"
	"    EncodingError<IllegalBitFieldValue, \"r1\"> = (mode == \"C\") and (flag == True);\n"
	"    EncodingError<IllegalBitFieldValue, \"r2\"> = x / (y - 3) == 7 || y % 5 == 4 && !(x < y);\n"
	"    EncodingError<IllegalBitFieldValue, \"r3\"> = ((x << (y & 70)) >> 1) ^ ~x == -x + 3 * y;\n"
	"    EncodingError<IllegalBitFieldValue, \"r4\"> = (x | y) != (x & y) and x >= 200 and y <= 5 and x > y;\n"
	"    EncodingError<IllegalBitFieldValue, \"r5\"> = mode == \"A\" or x == 255 or flag != False;\n"
	"    EncodingError<IllegalBitFieldValue, \"r6\"> = not (x != 17) and \"B\" == mode;\n";

TEST(codec_rules_every_operator)
{
	const char *names[] = {"rules.isa"};
	const char *texts[] = {rules_isa};
	isa_model *m = NULL;
	simt_diags d;
	simt_diags_init(&d);
	simt_status s = codec_isa_load(names, texts, 1, &m, &d);
	CHECK_EQ(s, SIMT_OK);
	for (int i = 0; i < d.count && s; i++)
		test_fail(__FILE__, __LINE__, "%d:%d: %s", d.items[i].line,
			  d.items[i].col, d.items[i].message);
	if (!m) {
		simt_diags_free(&d);
		return;
	}
	codec_rules *r = codec_rules_build(m);
	CHECK(r != NULL);
	if (r)
		agree_on(m, r, 200000);
	const isa_opcode *op = isa_opcode_find(m, "T_X");
	CHECK(op && op->nexc == 6);
	if (op && r) {
		uint64_t f[ISA_MAX_FIELDS] = {0};
		f[isa_field_find(op, "mode")] = 2;
		f[isa_field_find(op, "flag")] = 1;
		f[isa_field_find(op, "y")] = 1;
		CHECK_STR(codec_rules_check(r, op, f), "r1");
	}
	codec_rules_free(r);
	codec_isa_free(m);
	simt_diags_free(&d);
}
