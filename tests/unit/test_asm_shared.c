/*
 * test_asm_shared.c - `.shared NAME, SIZE[, ALIGN]`: the symbols and the
 * static shared size the object gets, and the exact located text of the
 * size-mismatch and redefinition errors (tests/asm/shared_errors.s pins
 * every error by line; tests/sim/shared_*.s run the variables).
 */
#include <stdlib.h>
#include <string.h>

#include "obj/elf.h"
#include "obj/object.h"
#include "test.h"

static const char ok_src[] =
	"k:\n"
	"        .shared flag, 1\n"
	"        .shared vals, 0x20, 32\n"
	"        .global vals\n"
	"        .size vals, 0x20\n"
	"        EXIT ;\n";

TEST(asm_shared_symbols_and_size)
{
	simt_isa *isa = NULL;
	simt_object *o = NULL, *back = NULL;
	CHECK_EQ(simt_isa_load_builtin(&isa, NULL), SIMT_OK);
	CHECK_EQ(simt_assemble(isa, "s.s", ok_src, strlen(ok_src), &o, NULL),
		 SIMT_OK);
	uint8_t *img = NULL;
	size_t len = 0;
	if (o)
		CHECK_EQ(simt_object_write(o, &img, &len, NULL), SIMT_OK);
	if (img)
		CHECK_EQ(simt_object_read(img, len, "s.o", &back, NULL), SIMT_OK);
	if (back) {
		CHECK_EQ(back->kernels[0].shared_size, 0x40);
		int sh = obj_find_section(back, ".nv.shared.k");
		CHECK(sh >= 0 && back->sections[sh].size == 0x40 &&
		      back->sections[sh].align == 32);
		int f = obj_find_symbol(back, "flag");
		int v = obj_find_symbol(back, "vals");
		CHECK(f >= 0 && v >= 0);
		if (f >= 0 && v >= 0) {
			const obj_symbol *a = &back->symbols[f], *b = &back->symbols[v];
			CHECK(a->section == sh && a->value == 0 && a->size == 1 &&
			      a->type == ELF_STT_OBJECT && a->bind == ELF_STB_LOCAL);
			CHECK(b->section == sh && b->value == 0x20 && b->size == 0x20 &&
			      b->type == ELF_STT_OBJECT && b->bind == ELF_STB_GLOBAL);
		}
	}
	free(img);
	simt_object_free(o);
	simt_object_free(back);
	simt_isa_free(isa);
}

/* The one diagnostic of src, formatted as simt prints it. */
static void expect_diag(const simt_isa *isa, const char *src, const char *want)
{
	simt_diags d;
	simt_diags_init(&d);
	simt_object *o = NULL;
	CHECK_EQ(simt_assemble(isa, "s.s", src, strlen(src), &o, &d), SIMT_ERR_ASM);
	CHECK_EQ(d.count, 1);
	char buf[512];
	if (d.count)
		simt_diag_format(&d.items[0], buf, sizeof buf);
	CHECK_STR(d.count ? buf : NULL, want);
	simt_object_free(o);
	simt_diags_free(&d);
}

TEST(asm_shared_errors_located)
{
	simt_isa *isa = NULL;
	CHECK_EQ(simt_isa_load_builtin(&isa, NULL), SIMT_OK);
	expect_diag(isa,
		    "k:\n"
		    "        .shared buf, 16\n"
		    "        .size buf, 32\n"
		    "        EXIT ;\n",
		    "s.s:3:20: error: .size of 'buf' is 0x20, but its .shared "
		    "(line 2) declared 0x10 bytes\n"
		    "         .size buf, 32\n"
		    "                    ^\n");
	expect_diag(isa,
		    "k:\n"
		    "        .shared buf, 16\n"
		    "        .shared buf, 4\n"
		    "        EXIT ;\n",
		    "s.s:3:17: error: 'buf' is already defined (line 2)\n"
		    "         .shared buf, 4\n"
		    "                 ^\n");
	simt_isa_free(isa);
}
