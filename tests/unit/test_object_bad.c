/*
 * test_object_bad.c - malformed images are refused with SIMT_ERR_OBJECT and
 * a diagnostic that names the problem.  Two sources of bad images:
 *  - a table of patches to the sample image (tobj_sample): which header
 *    field to overwrite and the message the reader must give;
 *  - the files tests/object/bad/NAME.elf (fuzzer finds kept as regressions),
 *    each with NAME.expect beside it holding the expected message text.
 */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "obj/elf.h"
#include "obj/object.h"
#include "test.h"
#include "test_object.h"
#include "util/util.h"

/* Where a patch goes. */
enum { AT_EHDR, AT_SHDR, AT_SECTION, AT_TRUNCATE };

typedef struct patch {
	int where;     /* AT_*                                             */
	const char *sec; /* section name for AT_SHDR / AT_SECTION          */
	uint64_t off;  /* byte offset in the header or the section         */
	int width;     /* 1, 2, 4, 8                                       */
	uint64_t value;
	const char *expect; /* substring of the diagnostic                 */
} patch;

static const patch patches[] = {
	{AT_EHDR, NULL, 0, 1, 0x7e, "not an ELF file"},
	{AT_EHDR, NULL, 4, 1, 1, "not a 64-bit little-endian ELF file"},
	{AT_EHDR, NULL, 16, 2, 2, "is not a relocatable object"},
	{AT_EHDR, NULL, 18, 2, 190, "ELF machine 0xbe is not simtkit's"},
	{AT_EHDR, NULL, 48, 4, 2, "unsupported e_flags 0x2"},
	{AT_EHDR, NULL, 40, 8, 0x100000, "section header table (offset 0x100000"},
	{AT_EHDR, NULL, 60, 2, 0, "section count 0 out of range"},
	{AT_EHDR, NULL, 62, 2, 99, "section name table index 99 out of range"},
	{AT_EHDR, NULL, 62, 2, 6, "(section names) is not a string table"},
	{AT_TRUNCATE, NULL, 0, 0, 40, "not an ELF file"},
	{AT_SHDR, ".text.vadd", 32, 8, 0x10000, "section 6 (.text.vadd) extends past end of file"},
	{AT_SHDR, ".text.vadd", 24, 8, ~0ull, "section 6 (.text.vadd) extends past end of file"},
	{AT_SHDR, ".text.vadd", 32, 8, 0x58, "(.text.vadd): size 0x58 is not a multiple of 16"},
	{AT_SHDR, ".text.vadd", 48, 8, 3, "alignment 3 is not a power of two"},
	{AT_SHDR, ".text.vadd", 48, 8, 1u << 20, "alignment 1048576 is not a power of two"},
	{AT_SHDR, ".text.vadd", 8, 8, 2, "code section is not executable"},
	{AT_SHDR, ".text.vadd", 8, 8, 0x16, "section 6 (.text.vadd) has unsupported flags 0x16"},
	{AT_SHDR, ".text.vadd", 4, 4, 0x6fffffff, "section 6 (.text.vadd) has unsupported type"},
	{AT_SHDR, ".text.vadd", 0, 4, 0xfff0, "section 6: name offset 0xfff0 outside"},
	{AT_SECTION, ".shstrtab", 0xab, 1, 0x80, "section 13: name has the unprintable byte 0x80"},
	{AT_SECTION, ".strtab", 1, 1, 0x1b, "symbol 1: name has the unprintable byte 0x1b"},
	{AT_SHDR, ".text.tiny", 0, 4, 0x0b, "name used by section"},
	{AT_SECTION, ".shstrtab", 0xab, 8, 0x62615f616c65722eull, "(.rela_abtant0.tiny): code or data section with a reserved name"},
	{AT_SHDR, ".symtab", 56, 8, 16, "do not hold 24-byte symbols"},
	{AT_SHDR, ".symtab", 40, 4, 6, "link 6 is not a string table"},
	{AT_SHDR, ".symtab", 44, 4, 0, "first global 0 out of range"},
	{AT_SHDR, ".symtab", 44, 4, 9, "global symbol on the wrong side"},
	{AT_SHDR, ".symtab", 4, 4, ELF_SHT_PROGBITS, "no symbol table"},
	{AT_SHDR, ".rela.text.vadd", 40, 4, 2, "link 2 is not the symbol table"},
	{AT_SHDR, ".rela.text.vadd", 44, 4, 9, "relocated section 9 is not a code or data section"},
	{AT_SHDR, ".rela.nv.constant2.vadd", 44, 4, 6, "second relocation section for .text.vadd"},
	{AT_SHDR, ".nv.info.vadd", 44, 4, 12, "info 12 is not section .text.vadd"},
	{AT_SHDR, ".nv.info.vadd", 40, 4, 0, "link 0 is not the symbol table"},
	{AT_SHDR, ".nv.info.vadd", 32, 8, 0x62, "truncated attribute at 0x60"},
	{AT_SHDR, ".nv.constant0.vadd", 44, 4, 8, "info 8 is not a code section"},
	{AT_SHDR, ".nv.shared.vadd", 32, 8, 0x40, "size 0x40 differs from the kernel's SHARED_SIZE 0x80"},
	{AT_SECTION, ".symtab", 8 * 24 + 0, 4, 0xffff, "symbol 8: name offset 0xffff outside .strtab"},
	{AT_SECTION, ".symtab", 8 * 24 + 4, 1, 0x32, "symbol 8 (vadd): unknown binding 3"},
	{AT_SECTION, ".symtab", 8 * 24 + 6, 2, 77, "symbol 8 (vadd): section index 77"},
	{AT_SECTION, ".symtab", 8 * 24 + 16, 8, 0x61, "symbol 8 (vadd): [0x0, +0x61) lies outside section 6"},
	{AT_SECTION, ".symtab", 8 * 24 + 4, 1, 0x11, "no global function symbol vadd"},
	{AT_SECTION, ".symtab", 7 * 24 + 4, 1, 0x10, "symbol 7 (.L_x_1): global symbol on the wrong side"},
	{AT_SECTION, ".symtab", 4, 1, 1, "symbol 0 is not the null symbol"},
	{AT_SECTION, ".rela.text.vadd", 8, 4, 9, "relocation 0 has unknown type 9"},
	{AT_SECTION, ".rela.text.vadd", 12, 4, 10, "relocation 0 names symbol 10 of 10"},
	{AT_SECTION, ".rela.text.vadd", 12, 4, 0, "relocation 0 names symbol 0 of 10"},
	{AT_SECTION, ".rela.text.vadd", 0, 8, 0x5c, "relocation 0 at 0x5c lies outside .text.vadd"},
	{AT_SECTION, ".rela.text.vadd", 0, 8, 0x24, "relocation 0 at 0x24 lies outside .text.vadd"},
	{AT_SECTION, ".rela.text.vadd", 0, 8, 0x60, "relocation 0 at 0x60 lies outside .text.vadd"},
	{AT_SECTION, ".rela.nv.constant2.vadd", 0, 8, 0xd, "relocation 0 at 0xd lies outside"},
	{AT_SECTION, ".rela.nv.constant2.vadd", 24, 8, 0x9, "relocation 1 at 0x9 lies outside"},
	{AT_SECTION, ".nv.info.vadd", 0, 1, 0x03, "malformed attribute at 0x0 (format 0x3"},
	{AT_SECTION, ".nv.info.vadd", 1, 1, 0x7f, "unknown attribute 0x7f"},
	{AT_SECTION, ".nv.info.vadd", 2, 2, 0x1000, "malformed attribute at 0x0"},
	{AT_SECTION, ".nv.info.vadd", 2, 2, 8, "attribute 0x1 has 2 values"},
	{AT_SECTION, ".nv.info.vadd", 1, 1, 0x02, "attribute 0x2 given twice"},
	{AT_SECTION, ".nv.info.vadd", 0x24, 4, 0x104, "parameters must start at c[0x0][0x100]"},
	{AT_SECTION, ".nv.info.vadd", 0x34, 4, 1, "parameter 1 out of order"},
	{AT_SECTION, ".nv.info.vadd", 0x58, 4, 0x14, "parameter 2 [0x14, +0x8) outside"},
	{AT_SECTION, ".nv.info.vadd", 0x64, 4, 0x34, "EXIT offset 0x34 is not an instruction"},
	{AT_SECTION, ".nv.info.vadd", 0x68, 4, 0x60, "EXIT offset 0x60 is not an instruction"},
};

/* Header of the section with this name in an image written by us. */
static uint8_t *find_shdr(uint8_t *img, const char *name)
{
	uint64_t shoff = elf_get(img + 40, 8);
	int n = (int)elf_get(img + 60, 2);
	uint8_t *names = img + elf_get(img + shoff + 64 + 24, 8);
	for (int i = 0; i < n; i++) {
		uint8_t *h = img + shoff + (uint64_t)i * 64;
		if (strcmp((char *)names + elf_get(h, 4), name) == 0)
			return h;
	}
	return NULL;
}

/* Read a bad image: must fail with exactly one matching diagnostic. */
static void expect_bad(const uint8_t *img, size_t len, const char *expect,
		       const char *what)
{
	simt_diags d;
	simt_diags_init(&d);
	simt_object *o = NULL;
	simt_status st = simt_object_read(img, len, "bad.o", &o, &d);
	CHECK_EQ(st, SIMT_ERR_OBJECT);
	CHECK(o == NULL);
	bool ok = d.count == 1 && strstr(d.items[0].message, expect);
	if (!ok)
		test_fail(__FILE__, __LINE__, "%s: want \"%s\", got \"%s\"", what,
			  expect, d.count ? d.items[0].message : "(nothing)");
	if (d.count == 1) {
		char line[512];
		simt_diag_format(&d.items[0], line, sizeof line);
		CHECK(strncmp(line, "bad.o: error: ", 14) == 0);
	}
	simt_object_free(o);
	simt_diags_free(&d);
}

TEST(object_bad_patches)
{
	simt_object *o = tobj_sample();
	size_t len;
	uint8_t *good = tobj_image(o, &len);
	uint8_t *img = malloc(len);
	for (size_t i = 0; i < UTIL_ARRAY_LEN(patches); i++) {
		const patch *p = &patches[i];
		memcpy(img, good, len);
		size_t n = len;
		uint8_t *at = img + p->off;
		if (p->where == AT_SHDR || p->where == AT_SECTION) {
			uint8_t *h = find_shdr(img, p->sec);
			CHECK(h != NULL);
			if (!h)
				continue;
			at = p->where == AT_SHDR ? h + p->off
						  : img + elf_get(h + 24, 8) + p->off;
		}
		if (p->where == AT_TRUNCATE)
			n = (size_t)p->value;
		else
			elf_put(at, p->width, p->value);
		char what[64];
		snprintf(what, sizeof what, "patch %zu", i);
		expect_bad(img, n, p->expect, what);
	}
	/* every proper prefix of a good image is refused, none crashes */
	for (size_t n = 0; n < len; n++) {
		simt_object *x = NULL;
		CHECK_EQ(simt_object_read(good, n, "cut.o", &x, NULL), SIMT_ERR_OBJECT);
		simt_object_free(x);
	}
	free(img);
	free(good);
	simt_object_free(o);
}

TEST(object_bad_files)
{
	char *dir = util_format("%s/object/bad", test_dir());
	DIR *dp = opendir(dir);
	int seen = 0;
	CHECK(dp != NULL);
	for (struct dirent *e; dp && (e = readdir(dp));) {
		size_t n = strlen(e->d_name);
		if (n < 5 || strcmp(e->d_name + n - 4, ".elf") != 0)
			continue;
		char *obj = util_format("%s/%s", dir, e->d_name);
		char *exp = util_format("%s/%.*s.expect", dir, (int)n - 4, e->d_name);
		size_t len = 0, elen = 0;
		char *img = util_read_file(obj, &len);
		char *want = util_read_file(exp, &elen);
		CHECK(img && want);
		if (img && want) {
			want[strcspn(want, "\n")] = '\0';
			expect_bad((const uint8_t *)img, len, want, e->d_name);
		}
		seen++;
		free(img);
		free(want);
		free(obj);
		free(exp);
	}
	if (dp)
		closedir(dp);
	CHECK(seen > 0);
	free(dir);
}

/* Read a good image, write it, read that, write again: same bytes. */
static void expect_good(const uint8_t *img, size_t len, const char *what)
{
	simt_diags d;
	simt_diags_init(&d);
	simt_object *o = NULL, *o2 = NULL;
	uint8_t *w1 = NULL, *w2 = NULL;
	size_t l1 = 0, l2 = 0;
	if (simt_object_read(img, len, what, &o, &d) != SIMT_OK)
		test_fail(__FILE__, __LINE__, "%s: %s", what,
			  d.count ? d.items[0].message : "refused");
	CHECK(o && simt_object_write(o, &w1, &l1, &d) == SIMT_OK);
	CHECK(w1 && simt_object_read(w1, l1, what, &o2, &d) == SIMT_OK);
	CHECK(o2 && simt_object_write(o2, &w2, &l2, &d) == SIMT_OK);
	CHECK(w1 && w2 && l1 == l2 && memcmp(w1, w2, l1) == 0);
	free(w1);
	free(w2);
	simt_object_free(o);
	simt_object_free(o2);
	simt_diags_free(&d);
}

/* Every tests/object/good/<name>.elf is read and round-trips. */
TEST(object_good_files)
{
	char *dir = util_format("%s/object/good", test_dir());
	DIR *dp = opendir(dir);
	int seen = 0;
	CHECK(dp != NULL);
	for (struct dirent *e; dp && (e = readdir(dp));) {
		size_t n = strlen(e->d_name), len = 0;
		if (n < 5 || strcmp(e->d_name + n - 4, ".elf") != 0)
			continue;
		char *path = util_format("%s/%s", dir, e->d_name);
		char *img = util_read_file(path, &len);
		CHECK(img != NULL);
		if (img)
			expect_good((const uint8_t *)img, len, e->d_name);
		seen++;
		free(img);
		free(path);
	}
	if (dp)
		closedir(dp);
	CHECK(seen >= 2);
	free(dir);
}
