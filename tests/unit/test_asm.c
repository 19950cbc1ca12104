/*
 * test_asm.c - assembler behaviour that the data files cannot show: the
 * object's kernels and attributes, relocations, symbols, the diagnostics'
 * locations and caret, asm_line, robustness on odd input.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "asm/asm.h"
#include "obj/elf.h"
#include "codec/codec.h"
#include "test.h"

static simt_isa *isa(void)
{
	static simt_isa *m;
	if (!m && simt_isa_load_builtin(&m, NULL) != SIMT_OK)
		m = NULL;
	return m;
}

/* Assemble src; returns the object (NULL on error), diagnostics in d. */
static simt_object *as(const char *src, simt_diags *d)
{
	simt_object *o = NULL;
	simt_diags_init(d);
	simt_assemble(isa(), "t.s", src, strlen(src), &o, d);
	return o;
}

static int field_of(const isa_opcode *op, const uint64_t *f, const char *name)
{
	int i = isa_field_find(op, name);
	return i < 0 ? -1 : (int)f[i];
}

TEST(asm_line_fields)
{
	isa_word w;
	uint64_t f[ISA_MAX_FIELDS];
	CHECK(isa() != NULL);
	CHECK_EQ(asm_line(isa(), "BAR.SYNC 0x3, 0x40 $sched(5)", 0, &w, NULL), SIMT_OK);
	const isa_opcode *op = codec_decode(isa(), w, f, NULL);
	CHECK(op != NULL);
	if (op) {
		CHECK_STR(op->name, "BAR_I");
		CHECK_EQ(field_of(op, f, "barid"), 3);
		CHECK_EQ(field_of(op, f, "cnt"), 0x40);
		CHECK_EQ(field_of(op, f, "stall"), 5);
	}
	/* PC-relative: the word stores (target - (pc + 16)) >> 4 */
	CHECK_EQ(asm_line(isa(), "BRA 0x1000", 0x800, &w, NULL), SIMT_OK);
	op = codec_decode(isa(), w, f, NULL);
	CHECK(op != NULL);
	if (op)
		CHECK_EQ(f[isa_field_find(op, "offset")], (0x1000 - 0x810) >> 4);
	/* `.` is the instruction's own address */
	CHECK_EQ(asm_line(isa(), "BRA `(. + 0x20)", 0x800, &w, NULL), SIMT_OK);
	op = codec_decode(isa(), w, f, NULL);
	if (op)
		CHECK_EQ(f[isa_field_find(op, "offset")], 1);
	simt_diags d;
	simt_diags_init(&d);
	CHECK_EQ(asm_line(isa(), "BAR.SYNC 0x0 ; EXIT", 0, &w, &d), SIMT_ERR_ASM);
	CHECK_EQ(asm_line(isa(), "", 0, &w, &d), SIMT_ERR_ASM);
	CHECK_EQ(asm_line(isa(), "BRA `(.L1)", 0, &w, &d), SIMT_ERR_ASM);
	simt_diags_free(&d);
}

TEST(asm_kernel_attributes)
{
	simt_diags d;
	simt_object *o = as("k:\n"
			    "  BAR.SYNC 0x5 ;\n"
			    "  LDG.E R8, [R20.64+0x10] ;\n"
			    "  @P0 EXIT ;\n"
			    "  BAR.ARV 0x2, 0x40 ;\n"
			    "  EXIT ;\n",
			    &d);
	CHECK(o != NULL);
	CHECK_EQ(d.errors, 0);
	if (o) {
		CHECK_EQ(simt_object_kernel_count(o), 1);
		CHECK_STR(simt_object_kernel_name(o, 0), "k");
		obj_kernel *k = &o->kernels[0];
		CHECK_EQ(k->nbarriers, 6);
		CHECK_EQ(k->nregs, 22);
		CHECK_EQ(k->nexits, 2);
		if (k->nexits == 2) {
			CHECK_EQ(k->exit_offsets[0], 0x20);
			CHECK_EQ(k->exit_offsets[1], 0x40);
		}
		size_t len;
		CHECK(simt_object_kernel_code(o, 0, &len) != NULL);
		CHECK_EQ(len, 5 * 16);
	}
	simt_object_free(o);
	simt_diags_free(&d);
	/* a register barrier id may name any of the 16 barriers */
	o = as("BAR.SYNC R4 ;\nEXIT ;\n", &d);
	CHECK(o != NULL);
	if (o) {
		CHECK_STR(simt_object_kernel_name(o, 0), "main");
		CHECK_EQ(o->kernels[0].nbarriers, 16);
		CHECK_EQ(o->kernels[0].nregs, 5);
	}
	simt_object_free(o);
	simt_diags_free(&d);
}

TEST(asm_relocations_and_symbols)
{
	simt_diags d;
	simt_object *o = as(".section .text.k,\"ax\",@progbits\n"
			    ".global k\n"
			    "k:\n"
			    "  CALL.ABS `(ext_func + 0x10) ;\n"
			    ".Lloop:\n"
			    "  EXIT ;\n"
			    ".section .nv.constant2.k,\"a\"\n"
			    "  .word ext_data, (.Lloop - k)\n",
			    &d);
	CHECK(o != NULL);
	CHECK_EQ(d.errors, 0);
	if (!o) {
		simt_diags_free(&d);
		return;
	}
	int text = obj_find_section(o, ".text.k");
	int c2 = obj_find_section(o, ".nv.constant2.k");
	CHECK(text >= 0 && c2 >= 0);
	if (text >= 0 && c2 >= 0) {
		obj_section *t = &o->sections[text], *c = &o->sections[c2];
		CHECK_EQ(t->nrelocs, 1);
		if (t->nrelocs == 1) {
			CHECK_EQ(t->relocs[0].type, OBJ_R_ABS64_SHIFT4);
			CHECK_EQ(t->relocs[0].offset, 0);
			CHECK_EQ(t->relocs[0].addend, 0x10);
			CHECK_STR(o->symbols[t->relocs[0].symbol].name, "ext_func");
			CHECK_EQ(o->symbols[t->relocs[0].symbol].section, -1);
		}
		CHECK_EQ(c->nrelocs, 1);
		if (c->nrelocs == 1) {
			CHECK_EQ(c->relocs[0].type, OBJ_R_ABS32);
			CHECK_STR(o->symbols[c->relocs[0].symbol].name, "ext_data");
		}
		CHECK_EQ(c->size, 8);
		if (c->size == 8)
			CHECK_EQ(c->data[4], 0x10); /* .Lloop - k */
		CHECK_EQ(c->kernel, 0);
	}
	/* .L labels stay local to the assembler */
	CHECK_EQ(obj_find_symbol(o, ".Lloop"), -1);
	CHECK(obj_find_symbol(o, "k") >= 0);
	simt_object_free(o);
	simt_diags_free(&d);
}

TEST(asm_params_and_shared)
{
	simt_diags d;
	simt_object *o = as(".param u32:5\n.param buf\n.param u16:1\n"
			    "k:\n  EXIT ;\n"
			    ".section .nv.shared.k,\"aw\",@nobits\n  .zero 0x40\n",
			    &d);
	CHECK(o != NULL);
	if (o) {
		obj_kernel *k = &o->kernels[0];
		CHECK_STR(k->name, "main"); /* .param before the first label */
		CHECK_EQ(k->nparams, 3);
		if (k->nparams == 3) {
			CHECK_EQ(k->param_offset[0], 0);
			CHECK_EQ(k->param_offset[1], 8);
			CHECK_EQ(k->param_offset[2], 16);
		}
	}
	simt_object_free(o);
	simt_diags_free(&d);
	o = as("k:\n  EXIT ;\n.section .nv.shared.k,\"aw\",@nobits\n  .zero 0x40\n", &d);
	CHECK(o != NULL);
	if (o)
		CHECK_EQ(o->kernels[0].shared_size, 0x40);
	simt_object_free(o);
	simt_diags_free(&d);
}

TEST(asm_all_errors_located)
{
	simt_diags d;
	simt_object *o = as("BAR.SYNC 0x10 ;\nEXIT ;\n  FOO R1 ;\nBRA `(.nowhere) ;\n", &d);
	CHECK(o == NULL);
	CHECK_EQ(d.errors, 3);
	if (d.count == 3) {
		CHECK_EQ(d.items[0].line, 1);
		CHECK_EQ(d.items[0].col, 10);
		CHECK_EQ(d.items[1].line, 3);
		CHECK_EQ(d.items[1].col, 3);
		CHECK_EQ(d.items[2].line, 4);
		CHECK_STR(d.items[2].source_line, "BRA `(.nowhere) ;");
		char buf[512];
		simt_diag_format(&d.items[1], buf, sizeof buf);
		CHECK_STR(buf, "t.s:3:3: error: unknown instruction 'FOO'\n   FOO R1 ;\n   ^\n");
	}
	simt_diags_free(&d);
}

TEST(asm_odd_input)
{
	static const char bytes[] = "BAR.SYNC 0x0\0garbage\xff\xfe ;\n/* open";
	simt_diags d;
	simt_diags_init(&d);
	simt_object *o = NULL;
	simt_status st = simt_assemble(isa(), "odd.s", bytes, sizeof bytes - 1, &o, &d);
	CHECK_EQ(st, SIMT_ERR_ASM);
	CHECK(d.errors >= 2);
	simt_diags_free(&d);
	/* not NUL-terminated: the text ends inside a number */
	char *tail = malloc(13);
	if (tail) {
		memcpy(tail, "BAR.SYNC 0x1", 12);
		simt_diags_init(&d);
		st = simt_assemble(isa(), "tail.s", tail, 12, &o, &d);
		CHECK_EQ(st, SIMT_OK);
		simt_object_free(o);
		simt_diags_free(&d);
		free(tail);
	}
	/* an empty source is one empty kernel */
	simt_diags_init(&d);
	o = NULL;
	CHECK_EQ(simt_assemble(isa(), "e.s", "", 0, &o, &d), SIMT_OK);
	CHECK_EQ(simt_object_kernel_count(o), 1);
	simt_object_free(o);
	simt_diags_free(&d);
}
