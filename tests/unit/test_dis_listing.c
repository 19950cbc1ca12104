/*
 * test_dis_listing.c - data-driven listing tests: every tests/dis/NAME.s is
 * assembled (as "NAME.s", so the line table names the file without its
 * directory), written, read back and disassembled the way `simt dis --lines`
 * does (address column, labels, source lines); the listing must equal
 * tests/dis/NAME.dis byte for byte.  The listing is then assembled again:
 * with the line tables set aside (the listing is another source file, with
 * other lines), the two objects must be the same bytes - code, constant
 * banks, .nv.info (indirect branch targets included), symbols.
 *
 * And examples/brx_test.s (its jump table declared before the code, and
 * data symbols the listing does not show) must reassemble to the same
 * .text, .nv.constant2 and .nv.info sections.
 */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "obj/object.h"
#include "test.h"
#include "util/util.h"

#define LISTING_FLAGS (SIMT_DIS_ADDR | SIMT_DIS_LABELS | SIMT_DIS_LINES)

/* Assemble text (file name name) and read its image back: the object a
 * tool would get from disk.  NULL after a failed CHECK. */
static simt_object *assemble(const simt_isa *isa, const char *name,
			     const char *text, simt_diags *d)
{
	simt_object *o = NULL, *back = NULL;
	uint8_t *img = NULL;
	size_t len = 0;
	if (simt_assemble(isa, name, text, strlen(text), &o, d) != SIMT_OK) {
		test_fail(name, 0, "does not assemble: %s",
			  d->count ? d->items[0].message : "?");
		return NULL;
	}
	CHECK_EQ(simt_object_write(o, &img, &len, d), SIMT_OK);
	if (img)
		CHECK_EQ(simt_object_read(img, len, name, &back, d), SIMT_OK);
	free(img);
	simt_object_free(o);
	return back;
}

/* The image of o without its line tables. */
static uint8_t *image_without_lines(simt_object *o, size_t *len)
{
	uint8_t *img = NULL;
	for (int k = 0; k < o->nkernels; k++)
		obj_lines_free(&o->kernels[k].lines);
	CHECK_EQ(simt_object_write(o, &img, len, NULL), SIMT_OK);
	return img;
}

static void run_file(const simt_isa *isa, const char *dir, const char *base)
{
	char *src_path = util_format("%s/%s.s", dir, base);
	char *dis_path = util_format("%s/%s.dis", dir, base);
	char *name = util_format("%s.s", base);
	size_t n = 0;
	char *src = util_read_file(src_path, &n);
	char *want = util_read_file(dis_path, &n);
	simt_diags d;
	simt_diags_init(&d);
	simt_object *o = src ? assemble(isa, name, src, &d) : NULL;
	char *text = NULL;
	if (!src || !want)
		test_fail(src ? dis_path : src_path, 0, "cannot read");
	if (o)
		CHECK_EQ(simt_disassemble_object(isa, o, name, LISTING_FLAGS,
						 &text, &d), SIMT_OK);
	if (text && want && strcmp(text, want) != 0)
		test_fail(dis_path, 0, "listing differs; got:\n%s", text);
	simt_object *again = text ? assemble(isa, "listing.s", text, &d) : NULL;
	if (o && again) {
		size_t la = 0, lb = 0;
		uint8_t *a = image_without_lines(o, &la);
		uint8_t *b = image_without_lines(again, &lb);
		if (!a || !b || la != lb || memcmp(a, b, la) != 0)
			test_fail(src_path, 0, "the listing reassembles to other "
				  "bytes (%zu vs %zu)", la, lb);
		free(a);
		free(b);
	}
	simt_object_free(o);
	simt_object_free(again);
	free(text);
	free(src);
	free(want);
	free(src_path);
	free(dis_path);
	free(name);
	simt_diags_free(&d);
}

TEST(dis_listing_files)
{
	simt_isa *isa = NULL;
	CHECK_EQ(simt_isa_load_builtin(&isa, NULL), SIMT_OK);
	char *dir = util_format("%s/dis", test_dir());
	DIR *dp = opendir(dir);
	int files = 0;
	for (struct dirent *e; isa && dp && (e = readdir(dp));) {
		size_t n = strlen(e->d_name);
		if (n < 3 || strcmp(e->d_name + n - 2, ".s"))
			continue;
		char *base = util_strndup(e->d_name, n - 2);
		run_file(isa, dir, base);
		free(base);
		files++;
	}
	if (dp)
		closedir(dp);
	CHECK(files > 0);
	free(dir);
	simt_isa_free(isa);
}

/* Bytes of section name of o (NULL when missing). */
static const obj_section *section(const simt_object *o, const char *name)
{
	int i = obj_find_section(o, name);
	return i < 0 ? NULL : &o->sections[i];
}

TEST(dis_listing_brx_example_reassembles)
{
	char *path = util_format("%s/../examples/brx_test.s", test_dir());
	size_t n = 0;
	char *src = util_read_file(path, &n);
	simt_isa *isa = NULL;
	simt_diags d;
	simt_diags_init(&d);
	CHECK_EQ(simt_isa_load_builtin(&isa, &d), SIMT_OK);
	simt_object *o = src && isa ? assemble(isa, "brx_test.s", src, &d) : NULL;
	char *text = NULL;
	if (o)
		CHECK_EQ(simt_disassemble_object(isa, o, NULL, LISTING_FLAGS, &text,
						 &d), SIMT_OK);
	CHECK(text && strstr(text, "BRX R6, -0x70 (*\"BRANCH_TARGETS .L_x_0,"
				   ".L_x_1,.L_x_2,.L_x_5\"*) ;  // brx_test.s:47"));
	simt_object *again = text ? assemble(isa, "listing.s", text, &d) : NULL;
	static const char *const names[] = {".text.brx_test",
					    ".nv.constant2.brx_test"};
	for (size_t i = 0; again && i < 2; i++) {
		const obj_section *a = section(o, names[i]);
		const obj_section *b = section(again, names[i]);
		CHECK(a && b && a->size == b->size &&
		      memcmp(a->data, b->data, a->size) == 0);
	}
	if (again) { /* .nv.info: the attributes the writer makes from these */
		const obj_kernel *a = &o->kernels[0], *b = &again->kernels[0];
		CHECK_EQ(a->nbranches, 1);
		CHECK_EQ(b->nbranches, 1);
		CHECK_EQ(b->branches[0].offset, 0x60);
		CHECK_EQ(b->branches[0].ntargets, 4);
		for (int t = 0; t < 4 && b->nbranches; t++)
			CHECK_EQ(b->branches[0].targets[t], a->branches[0].targets[t]);
		CHECK_EQ(a->nexits, b->nexits);
		for (int e = 0; e < a->nexits && e < b->nexits; e++)
			CHECK_EQ(a->exit_offsets[e], b->exit_offsets[e]);
		CHECK_EQ(a->nregs, b->nregs);
		CHECK_EQ(a->nbarriers, b->nbarriers);
		CHECK_EQ(a->nmbarriers, b->nmbarriers);
		CHECK_EQ(a->shared_size, b->shared_size);
		CHECK_EQ(a->param_size, b->param_size);
		CHECK_EQ(a->nparams, b->nparams);
	}
	simt_object_free(o);
	simt_object_free(again);
	free(text);
	free(src);
	free(path);
	simt_isa_free(isa);
	simt_diags_free(&d);
}
