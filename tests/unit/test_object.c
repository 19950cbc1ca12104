/*
 * test_object.c - the object writer and reader: objects built by hand through
 * the obj_* API are written, checked with readelf (when present), read back
 * and compared field by field; write(read(write(x))) gives the same bytes.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "obj/elf.h"
#include "obj/object.h"
#include "test.h"
#include "test_object.h"

/* Two kernels: "vadd" (3 params, const bank 2 jump table with relocations,
 * 0x80 bytes of shared, two EXITs, a local label) and "tiny". */
simt_object *tobj_sample(void)
{
	simt_object *o = obj_new();
	int k = obj_add_kernel(o, "vadd");
	obj_section *t = &o->sections[o->kernels[k].text];
	uint8_t word[16];
	for (int i = 0; i < 6; i++) {
		memset(word, 0x10 + i, sizeof word);
		obj_section_append(t, word, sizeof word);
	}
	obj_kernel_add_param(o, k, 8);
	obj_kernel_add_param(o, k, 4);
	obj_kernel_add_param(o, k, 8);
	obj_kernel_add_exit(o, k, 0x30);
	obj_kernel_add_exit(o, k, 0x50);
	o->kernels[k].nregs = 12;
	o->kernels[k].nbarriers = 2;
	o->kernels[k].nmbarriers = 1;
	int sh = obj_kernel_shared(o, k);
	obj_section_append(&o->sections[sh], NULL, 0x80);
	o->kernels[k].shared_size = 0x80;
	int c2 = obj_kernel_const(o, k, 2);
	obj_section_append(&o->sections[c2], NULL, 16);
	int lab = obj_add_symbol(o, ".L_x_1");
	o->symbols[lab].section = o->kernels[k].text;
	o->symbols[lab].value = 0x40;
	obj_add_reloc(o, c2, 0, OBJ_R_ABS32, lab, 0);
	obj_add_reloc(o, c2, 8, OBJ_R_ABS64, lab, 0x10);
	obj_add_reloc(o, o->kernels[k].text, 0x20, OBJ_R_ABS64_SHIFT4, lab, 0);
	int k2 = obj_add_kernel(o, "tiny");
	memset(word, 0xee, sizeof word);
	obj_section_append(&o->sections[o->kernels[k2].text], word, sizeof word);
	o->symbols[obj_find_symbol(o, "tiny")].other = 0x10;
	obj_kernel_add_exit(o, k2, 0);
	return o;
}

uint8_t *tobj_image(simt_object *o, size_t *len)
{
	uint8_t *img = NULL;
	simt_status st = simt_object_write(o, &img, len, NULL);
	CHECK_EQ(st, SIMT_OK);
	return img;
}

/* readelf -a on the image: returns the number of Warning/Error lines, or -1
 * when readelf is not available (the caller then skips). */
int tobj_readelf_complaints(const uint8_t *img, size_t len, char *out,
			    size_t outsize)
{
	if (system("readelf --version >/dev/null 2>&1") != 0)
		return -1;
	char path[] = "/tmp/simt_test_objXXXXXX";
	int fd = mkstemp(path);
	if (fd < 0)
		return -1;
	FILE *f = fdopen(fd, "wb");
	fwrite(img, 1, len, f);
	fclose(f);
	char cmd[128];
	snprintf(cmd, sizeof cmd, "readelf -a -W %s 2>&1", path);
	FILE *p = popen(cmd, "r");
	int bad = 0;
	size_t used = 0;
	char line[512];
	if (out && outsize)
		out[0] = '\0';
	while (p && fgets(line, sizeof line, p)) {
		if (strstr(line, "Warning") || strstr(line, "Error") ||
		    strstr(line, "warning") || strstr(line, "error")) {
			bad++;
			printf("    readelf: %s", line);
		}
		size_t n = strlen(line);
		if (out && used + n < outsize) {
			memcpy(out + used, line, n + 1);
			used += n;
		}
	}
	if (p)
		pclose(p);
	remove(path);
	return bad;
}

TEST(object_readelf_clean)
{
	simt_object *o = tobj_sample();
	size_t len;
	uint8_t *img = tobj_image(o, &len);
	static char out[65536];
	int bad = tobj_readelf_complaints(img, len, out, sizeof out);
	if (bad < 0) {
		printf("    note: readelf not found, check skipped\n");
	} else {
		CHECK_EQ(bad, 0);
		CHECK(strstr(out, ".text.vadd") != NULL);
		CHECK(strstr(out, ".nv.constant0.vadd") != NULL);
		CHECK(strstr(out, ".nv.constant2.vadd") != NULL);
		CHECK(strstr(out, ".nv.shared.vadd") != NULL);
		CHECK(strstr(out, ".nv.info.vadd") != NULL);
		CHECK(strstr(out, ".rela.text.vadd") != NULL);
		CHECK(strstr(out, ".rela.nv.constant2.vadd") != NULL);
		CHECK(strstr(out, "REL (Relocatable file)") != NULL);
		CHECK(strstr(out, "FUNC    GLOBAL DEFAULT") != NULL);
	}
	free(img);
	simt_object_free(o);
}

static void compare_sections(const simt_object *a, const simt_object *b)
{
	for (int i = 0; i < a->nsections; i++) {
		const obj_section *x = &a->sections[i];
		int j = obj_find_section(b, x->name);
		CHECK(j >= 0);
		if (j < 0)
			continue;
		const obj_section *y = &b->sections[j];
		CHECK_EQ(x->kind, y->kind);
		CHECK_EQ(x->sh_type, y->sh_type);
		CHECK_EQ(x->sh_flags, y->sh_flags);
		CHECK_EQ(x->align, y->align);
		CHECK_EQ(x->size, y->size);
		CHECK_EQ(x->kernel, y->kernel);
		CHECK_EQ(x->bank, y->bank);
		if (x->data && y->data && x->size == y->size)
			CHECK(memcmp(x->data, y->data, x->size) == 0);
		CHECK_EQ(x->nrelocs, y->nrelocs);
		for (int r = 0; r < x->nrelocs && r < y->nrelocs; r++) {
			CHECK_EQ(x->relocs[r].offset, y->relocs[r].offset);
			CHECK_EQ(x->relocs[r].type, y->relocs[r].type);
			CHECK_EQ(x->relocs[r].addend, y->relocs[r].addend);
			CHECK_STR(a->symbols[x->relocs[r].symbol].name,
				  b->symbols[y->relocs[r].symbol].name);
		}
	}
}

static void compare_symbols(const simt_object *a, const simt_object *b)
{
	for (int i = 0; i < a->nsymbols; i++) {
		const obj_symbol *x = &a->symbols[i];
		int j = obj_find_symbol(b, x->name);
		CHECK(j >= 0);
		if (j < 0)
			continue;
		const obj_symbol *y = &b->symbols[j];
		CHECK_STR(a->sections[x->section].name, b->sections[y->section].name);
		CHECK_EQ(x->value, y->value);
		CHECK_EQ(x->bind, y->bind);
		CHECK_EQ(x->type, y->type);
		CHECK_EQ(x->other, y->other);
	}
}

static void compare_kernels(const simt_object *a, const simt_object *b)
{
	CHECK_EQ(a->nkernels, b->nkernels);
	for (int k = 0; k < a->nkernels && k < b->nkernels; k++) {
		const obj_kernel *x = &a->kernels[k], *y = &b->kernels[k];
		CHECK_STR(x->name, y->name);
		CHECK_STR(a->sections[x->text].name, b->sections[y->text].name);
		CHECK_EQ(x->nregs, y->nregs);
		CHECK_EQ(x->nbarriers, y->nbarriers);
		CHECK_EQ(x->nmbarriers, y->nmbarriers);
		CHECK_EQ(x->shared_size, y->shared_size);
		CHECK_EQ(x->param_size, y->param_size);
		CHECK_EQ(x->nparams, y->nparams);
		for (int p = 0; p < x->nparams && p < y->nparams; p++) {
			CHECK_EQ(x->param_offset[p], y->param_offset[p]);
			CHECK_EQ(x->param_size_of[p], y->param_size_of[p]);
		}
		CHECK_EQ(x->nexits, y->nexits);
		for (int e = 0; e < x->nexits && e < y->nexits; e++)
			CHECK_EQ(x->exit_offsets[e], y->exit_offsets[e]);
	}
}

TEST(object_roundtrip)
{
	simt_object *o = tobj_sample(), *back = NULL, *again = NULL;
	size_t len, len2 = 0;
	uint8_t *img = tobj_image(o, &len), *img2 = NULL;
	simt_diags d;
	simt_diags_init(&d);
	CHECK_EQ(simt_object_read(img, len, "sample.o", &back, &d), SIMT_OK);
	CHECK_EQ(d.count, 0);
	if (back) {
		compare_sections(o, back);
		compare_symbols(o, back);
		compare_kernels(o, back);
		/* the writer filled in the kernel symbol size */
		CHECK_EQ(back->symbols[obj_find_symbol(back, "vadd")].size, 0x60);
		CHECK_EQ(simt_object_kernel_count(back), 2);
		CHECK_STR(simt_object_kernel_name(back, 1), "tiny");
		size_t n = 0;
		const uint8_t *code = simt_object_kernel_code(back, 1, &n);
		CHECK_EQ(n, 16);
		CHECK(code && code[15] == 0xee);
		CHECK_EQ(back->kernels[0].param_offset[2], 0x10);
		CHECK_EQ(back->kernels[0].param_size, 0x18);
		int c0 = obj_find_section(back, ".nv.constant0.vadd");
		CHECK(c0 >= 0 && back->sections[c0].size == 0x118);
		/* same bytes when written again: nothing lost, deterministic */
		CHECK_EQ(simt_object_write(back, &img2, &len2, NULL), SIMT_OK);
		CHECK_EQ(len2, len);
		CHECK(img2 && len2 == len && memcmp(img, img2, len) == 0);
		CHECK_EQ(simt_object_read(img2, len2, "again.o", &again, &d), SIMT_OK);
	}
	free(img);
	free(img2);
	simt_object_free(o);
	simt_object_free(back);
	simt_object_free(again);
	simt_diags_free(&d);
}

TEST(object_params_aligned_to_size)
{
	simt_object *o = obj_new();
	int k = obj_add_kernel(o, "p");
	CHECK_EQ(obj_kernel_add_param(o, k, 1), 0x100);
	CHECK_EQ(obj_kernel_add_param(o, k, 4), 0x104);
	CHECK_EQ(obj_kernel_add_param(o, k, 2), 0x108);
	CHECK_EQ(obj_kernel_add_param(o, k, 8), 0x110);
	CHECK_EQ(obj_kernel_add_param(o, k, 1), 0x118);
	CHECK_EQ(o->kernels[k].param_size, 0x19);
	CHECK_EQ(o->sections[obj_find_section(o, ".nv.constant0.p")].size, 0x119);
	simt_object_free(o);
}

TEST(object_empty_and_writer_checks)
{
	simt_object *o = obj_new(), *back = NULL;
	size_t len;
	uint8_t *img = tobj_image(o, &len);
	CHECK_EQ(simt_object_read(img, len, "empty.o", &back, NULL), SIMT_OK);
	CHECK_EQ(simt_object_kernel_count(back), 0);
	free(img);
	simt_object_free(back);
	/* a code section that is not whole instructions is refused */
	int k = obj_add_kernel(o, "odd");
	obj_section_append(&o->sections[o->kernels[k].text], NULL, 8);
	simt_diags d;
	simt_diags_init(&d);
	img = NULL;
	CHECK_EQ(simt_object_write(o, &img, &len, &d), SIMT_ERR_ARG);
	CHECK(img == NULL);
	CHECK(d.count == 1 && strstr(d.items[0].message, "not a multiple of 16"));
	simt_diags_free(&d);
	simt_object_free(o);
}

/* The writer refuses what the reader would refuse, naming the culprit. */
TEST(object_writer_kernel_checks)
{
	static const struct {
		int what;
		const char *expect;
	} cases[] = {
		{0, "kernel k: no global function symbol k"},
		{1, "kernel k: code section is not .text.k"},
		{2, "relocation 0 names symbol 99"},
		{3, "section .text.k: alignment 3 is not a power of two"},
		{4, "section .rela.x: the name is reserved"},
		{5, "relocation 0 at 0xc is outside it"},
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		simt_object *o = obj_new();
		int k = obj_add_kernel(o, "k");
		int t = o->kernels[k].text;
		obj_section_append(&o->sections[t], NULL, 16);
		switch (cases[i].what) {
		case 0: o->symbols[obj_find_symbol(o, "k")].bind = 0; break;
		case 1: o->kernels[k].text = obj_kernel_const(o, k, 0); break;
		case 2: obj_add_reloc(o, t, 0, OBJ_R_ABS64_SHIFT4, 99, 0); break;
		case 3: o->sections[t].align = 3; break;
		case 4: obj_add_section(o, ".rela.x", OBJ_SEC_OTHER); break;
		case 5: obj_add_reloc(o, t, 12, OBJ_R_ABS64, 0, 0); break;
		}
		simt_diags d;
		simt_diags_init(&d);
		uint8_t *img = NULL;
		size_t len = 0;
		CHECK_EQ(simt_object_write(o, &img, &len, &d), SIMT_ERR_ARG);
		CHECK(img == NULL);
		bool found = false;
		for (int j = 0; j < d.count; j++)
			found |= strstr(d.items[j].message, cases[i].expect) != NULL;
		if (!found)
			test_fail(__FILE__, __LINE__, "case %zu: want \"%s\", got \"%s\"",
				  i, cases[i].expect,
				  d.count ? d.items[0].message : "(nothing)");
		simt_diags_free(&d);
		simt_object_free(o);
	}
}
