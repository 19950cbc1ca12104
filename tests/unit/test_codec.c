/*
 * test_codec.c - the codec and the printer on the hand-built fixture model
 * (codec_fixture.h): bit packing across the 64-bit boundary, byte order,
 * every decode error, and the canonical text of each operand shape.
 */
#include <stdio.h>

#include "asm/dis.h"
#include "codec/codec.h"
#include "codec_fixture.h"
#include "test.h"

static fx_model fx;

static const isa_opcode *fx_setup(const char *name, uint64_t *fields)
{
	codec_free(fx.m.decoder);
	fx_build(&fx);
	simt_diags d;
	simt_diags_init(&d);
	CHECK_EQ(codec_build(&fx.m, &d), SIMT_OK);
	simt_diags_free(&d);
	for (int i = 0; i < fx.m.nopcodes; i++)
		if (!strcmp(fx.ops[i].name, name)) {
			codec_defaults(&fx.ops[i], fields);
			return &fx.ops[i];
		}
	return NULL;
}

static void fx_teardown(void)
{
	codec_free(fx.m.decoder);
	fx.m.decoder = NULL;
}

static void set(const isa_opcode *op, uint64_t *fields, const char *name,
		uint64_t v)
{
	int i = fx_find(op, name);
	CHECK(i >= 0);
	if (i >= 0)
		fields[i] = v;
}

/* Print fields of op at pc into a static buffer. */
static const char *text_of(const isa_opcode *op, const uint64_t *fields,
			   uint64_t pc, const dis_labels *labels)
{
	static char s[256];
	util_buf b = {0};
	dis_print_inst(&fx.m, op, fields, pc, labels, &b);
	snprintf(s, sizeof s, "%s", b.data ? b.data : "");
	util_buf_free(&b);
	return s;
}

TEST(codec_simm50_crosses_word_halves)
{
	uint64_t f[ISA_MAX_FIELDS];
	const isa_opcode *op = fx_setup("BRA_X", f);
	set(op, f, "offset", (UINT64_C(1) << 50) - 1); /* -1 in 50 bits */
	isa_word w = codec_encode(op, f);
	CHECK_EQ(w.lo >> 32, 0xffffffffu);         /* bits 32-63 */
	CHECK_EQ(w.hi & 0x3ffff, 0x3ffff);         /* bits 64-81 */
	CHECK_EQ((w.hi >> 18) & 3, 0);             /* cond = NoCond at 82 */
	CHECK_EQ(w.lo & 0xff, FX_BRA);
	CHECK_EQ((w.lo >> 8) & 0xf, 2);
	CHECK_EQ((w.hi >> (114 - 64)) & 7, 7);     /* wsb default */
	uint64_t g[ISA_MAX_FIELDS];
	const char *why = "unset";
	CHECK(codec_decode(&fx.m, w, g, &why) == op);
	CHECK(why == NULL);
	for (int i = 0; i < op->nfields; i++)
		CHECK_EQ(g[i], f[i]);
	fx_teardown();
}

TEST(codec_bytes_little_endian)
{
	uint8_t b[16];
	isa_word w = {UINT64_C(0x0706050403020100), UINT64_C(0x0f0e0d0c0b0a0908)};
	codec_store(w, b);
	for (int i = 0; i < 16; i++)
		CHECK_EQ(b[i], i);
	isa_word r = codec_load(b);
	CHECK_EQ(r.lo, w.lo);
	CHECK_EQ(r.hi, w.hi);
}

TEST(codec_encode_forces_constants)
{
	uint64_t f[ISA_MAX_FIELDS];
	const isa_opcode *op = fx_setup("BAR_I", f);
	set(op, f, "optype", 0x77);
	set(op, f, "barid", 0xf);
	isa_word w = codec_encode(op, f);
	CHECK_EQ(w.lo & 0xfff, FX_BAR);
	CHECK_EQ((w.lo >> 40) & 0xf, 0xf);
	fx_teardown();
}

/* Decoding errors: each with its own explanation. */
TEST(codec_decode_errors)
{
	uint64_t f[ISA_MAX_FIELDS];
	char why[256];
	const char *r;
	const isa_opcode *op = fx_setup("BAR_I", f);
	isa_word w = codec_encode(op, f);

	isa_word none = {0x3ff, 0};
	CHECK(codec_decode(&fx.m, none, f, &r) == NULL);
	CHECK_STR(r, "no opcode has these fixed bits");
	CHECK_STR(codec_explain(&fx.m, none, why, sizeof why),
		  "no opcode has these fixed bits (optype 0xff, stype 0x3)");

	isa_word stray = {w.lo | (UINT64_C(0x3f) << 58), w.hi};
	CHECK(codec_decode(&fx.m, stray, f, &r) == NULL);
	CHECK_STR(codec_explain(&fx.m, stray, why, sizeof why),
		  "bits 58-63 are set but no field of BAR_I covers them");
	isa_word top = {w.lo, w.hi | (UINT64_C(1) << 63)};
	CHECK_STR(codec_explain(&fx.m, top, why, sizeof why),
		  "bit 127 is set but no field of BAR_I covers them");

	const isa_opcode *bra = fx_setup("BRA_X", f);
	set(bra, f, "cond", 3); /* a hole of BRACond */
	isa_word hole = codec_encode(bra, f);
	CHECK(codec_decode(&fx.m, hole, f, &r) == NULL);
	CHECK_STR(codec_explain(&fx.m, hole, why, sizeof why),
		  "field cond of BRA_X holds 0x3, which names no BRACond value");

	const isa_opcode *ldg = fx_setup("LDG_R", f);
	set(ldg, f, "rd", 5);
	isa_word odd = codec_encode(ldg, f);
	CHECK(codec_decode(&fx.m, odd, f, &r) == NULL);
	CHECK_STR(codec_explain(&fx.m, odd, why, sizeof why),
		  "operand rd of LDG_R is a 64-bit register pair but its "
		  "base register R5 is odd");
	fx_teardown();
}

TEST(print_guard_mods_control)
{
	uint64_t f[ISA_MAX_FIELDS];
	const isa_opcode *op = fx_setup("BAR_I", f);
	CHECK_STR(text_of(op, f, 0, NULL), "BAR.SYNC 0x0");
	set(op, f, "mode", 1);
	set(op, f, "barid", 3);
	set(op, f, "cnt", 0x40);
	set(op, f, "pg", 1);
	set(op, f, "pg.not", 1);
	set(op, f, "stall", 2);
	set(op, f, "wsb", 1);
	CHECK_STR(text_of(op, f, 0, NULL), "@!P1 BAR.ARV 0x3, 0x40 $sched(2) $wsb(1)");
	set(op, f, "pg.not", 0);
	set(op, f, "pg", 7);
	set(op, f, "stall", 0);
	set(op, f, "yield", 1);
	set(op, f, "wsb", 7);
	set(op, f, "req", 0x21);
	CHECK_STR(text_of(op, f, 0, NULL), "BAR.ARV 0x3, 0x40 $sched(0,1) $req(0x21)");
	set(op, f, "pg.not", 1);
	CHECK_STR(text_of(op, f, 0, NULL), "@!PT BAR.ARV 0x3, 0x40 $sched(0,1) $req(0x21)");
	fx_teardown();
}

TEST(print_pcrel_targets_and_labels)
{
	uint64_t f[ISA_MAX_FIELDS];
	const isa_opcode *op = fx_setup("BRA_X", f);
	set(op, f, "offset", (UINT64_C(1) << 50) - 3); /* -3 words */
	CHECK_STR(text_of(op, f, 0x100, NULL), "BRA 0xe0");
	set(op, f, "pp", 2);
	set(op, f, "pp.not", 1);
	set(op, f, "cond", 1);
	uint64_t addrs[] = {0x10, 0xe0};
	dis_labels l = {.count = 2, .addrs = addrs};
	CHECK_STR(text_of(op, f, 0x100, &l), "BRA.DIV !P2, .L_x_1");
	set(op, f, "offset", 0);
	CHECK_STR(text_of(op, f, 0x100, &l), "BRA.DIV !P2, 0x110");
	fx_teardown();
}

TEST(print_address_and_pairs)
{
	uint64_t f[ISA_MAX_FIELDS];
	const isa_opcode *op = fx_setup("LDG_R", f);
	set(op, f, "rd", 2);
	set(op, f, "ra", 4);
	CHECK_STR(text_of(op, f, 0, NULL), "LDG R[2:3], [R4.64]");
	set(op, f, "off", 0x10);
	CHECK_STR(text_of(op, f, 0, NULL), "LDG R[2:3], [R4.64+0x10]");
	set(op, f, "off", (UINT64_C(1) << 24) - 0x10);
	CHECK_STR(text_of(op, f, 0, NULL), "LDG R[2:3], [R4.64-0x10]");
	set(op, f, "ra", 0xff);
	set(op, f, "rd", 0xff);
	CHECK_STR(text_of(op, f, 0, NULL), "LDG RZ, [-0x10]");
	set(op, f, "off", 0x20);
	CHECK_STR(text_of(op, f, 0, NULL), "LDG RZ, [0x20]");
	fx_teardown();
}

TEST(print_float_and_cmem)
{
	static const struct {
		uint32_t bits;
		const char *text;
	} cases[] = {
		{0x3fc00000, "MOV R1, 1.5"},     {0xbe800000, "MOV R1, -0.25"},
		{0x3f800000, "MOV R1, 1.0"},     {0x501502f9, "MOV R1, 1e+10"},
		{0x7f800000, "MOV R1, +INF"},    {0xff800000, "MOV R1, -INF"},
		{0x7fc00000, "MOV R1, +QNAN"},   {0x7fc00001, "MOV R1, 0x7fc00001"},
		{0x00000000, "MOV R1, 0.0"},     {0x80000000, "MOV R1, -0.0"},
		{0x3dcccccd, "MOV R1, 0.1"},     {0x00000001, "MOV R1, 1e-45"},
	};
	uint64_t f[ISA_MAX_FIELDS];
	const isa_opcode *op = fx_setup("MOV_F", f);
	set(op, f, "rd", 1);
	for (size_t i = 0; i < UTIL_ARRAY_LEN(cases); i++) {
		set(op, f, "fimm", cases[i].bits);
		CHECK_STR(text_of(op, f, 0, NULL), cases[i].text);
	}
	const isa_opcode *c = fx_setup("MOV_C", f);
	set(c, f, "rd", 0);
	set(c, f, "vb", (UINT64_C(3) << 16) | 0x180);
	CHECK_STR(text_of(c, f, 0, NULL), "MOV R0, c[0x3][0x180]");
	set(c, f, "vb.bitnot", 1);
	CHECK_STR(text_of(c, f, 0, NULL), "MOV R0, ~c[0x3][0x180]");
	fx_teardown();
}

TEST(dis_buffer_listing)
{
	uint64_t f[ISA_MAX_FIELDS];
	const isa_opcode *bar = fx_setup("BAR_I", f);
	uint8_t code[4 * 16 + 3];
	memset(code, 0xab, sizeof code);
	codec_store(codec_encode(bar, f), code);
	const isa_opcode *bra = &fx.ops[1];
	codec_defaults(bra, f);
	set(bra, f, "offset", (UINT64_C(1) << 50) - 2); /* back to 0x0 */
	codec_store(codec_encode(bra, f), code + 16);
	set(bra, f, "offset", 0); /* to 0x30 */
	codec_store(codec_encode(bra, f), code + 32);
	util_buf out = {0};
	simt_diags d;
	simt_diags_init(&d);
	simt_status st = dis_buffer(&fx.m, "t.bin", code, sizeof code, 0,
				    SIMT_DIS_ADDR | SIMT_DIS_LABELS, NULL, &out, NULL, NULL,
				    &d);
	CHECK_EQ(st, SIMT_ERR_DECODE);
	CHECK_STR(out.data,
		  ".L_x_0:\n"
		  "        /*0000*/ BAR.SYNC 0x0 ;\n"
		  "        /*0010*/ BRA .L_x_0 ;\n"
		  "        /*0020*/ BRA .L_x_1 ;\n"
		  ".L_x_1:\n"
		  "        /*0030*/ .word 0xabababab, 0xabababab, 0xabababab, "
		  "0xabababab // does not decode: no opcode has these fixed "
		  "bits (optype 0xab, stype 0xb)\n"
		  "        .byte 0xab, 0xab, 0xab // not a whole instruction word\n");
	CHECK_EQ(d.errors, 2);
	if (d.count == 2) {
		CHECK_STR(d.items[0].message,
			  "word at 0x0030 does not decode: no opcode has these "
			  "fixed bits (optype 0xab, stype 0xb)");
		CHECK_STR(d.items[0].file, "t.bin");
	}
	util_buf_free(&out);
	util_buf hex = {0};
	simt_diags_clear(&d);
	CHECK_EQ(dis_buffer(&fx.m, "t.bin", code, 16, 0x1000, SIMT_DIS_HEX,
			    NULL, &hex, NULL, NULL, &d), SIMT_OK);
	CHECK_STR(hex.data, "        BAR.SYNC 0x0 ;                                          "
			    "/* 0x001c000000000000 0x0000000000007001 */\n");
	util_buf_free(&hex);
	/* an undecodable word keeps the same frame: address, raw-word comment */
	util_buf bad = {0};
	simt_diags_clear(&d);
	CHECK_EQ(dis_buffer(&fx.m, "t.bin", code + 48, 16, 0x12340,
			    SIMT_DIS_ADDR | SIMT_DIS_HEX, NULL, &bad, NULL, NULL, &d),
		 SIMT_ERR_DECODE);
	CHECK_STR(bad.data, "        /*12340*/ .word 0xabababab, 0xabababab, "
			    "0xabababab, 0xabababab // does not decode: no "
			    "opcode has these fixed bits (optype 0xab, stype "
			    "0xb) /* 0xabababababababab 0xabababababababab */\n");
	util_buf_free(&bad);
	simt_diags_free(&d);
	fx_teardown();
}
