/*
 * test_object_asm.c - the object path end to end: examples/brx_test.s is
 * assembled, written, checked with readelf (no Warning/Error lines), read
 * back, and written again to the same bytes.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "obj/object.h"
#include "test.h"
#include "test_object.h"
#include "util/util.h"

TEST(object_asm_brx_test)
{
	char *path = util_format("%s/../examples/brx_test.s", test_dir());
	size_t n = 0, len = 0, len2 = 0;
	char *src = util_read_file(path, &n);
	simt_isa *isa = NULL;
	simt_object *o = NULL, *back = NULL;
	uint8_t *img = NULL, *img2 = NULL;
	simt_diags d;
	simt_diags_init(&d);
	CHECK(src != NULL);
	CHECK_EQ(simt_isa_load_builtin(&isa, &d), SIMT_OK);
	if (src && isa)
		CHECK_EQ(simt_assemble(isa, path, src, n, &o, &d), SIMT_OK);
	if (o) {
		CHECK_EQ(simt_object_write(o, &img, &len, &d), SIMT_OK);
		static char out[65536];
		int bad = img ? tobj_readelf_complaints(img, len, out, sizeof out) : 0;
		if (bad < 0)
			printf("    note: readelf not found, check skipped\n");
		else
			CHECK_EQ(bad, 0);
		CHECK(bad < 0 || strstr(out, ".text.brx_test") != NULL);
		CHECK(bad < 0 || strstr(out, "FUNC    GLOBAL DEFAULT") != NULL);
		CHECK_EQ(simt_object_read(img, len, "brx_test.o", &back, &d), SIMT_OK);
	}
	if (back) {
		CHECK_EQ(simt_object_kernel_count(back), 1);
		CHECK_STR(simt_object_kernel_name(back, 0), "brx_test");
		size_t a = 0, b = 0;
		const uint8_t *ca = simt_object_kernel_code(o, 0, &a);
		const uint8_t *cb = simt_object_kernel_code(back, 0, &b);
		CHECK(a > 0 && a == b && ca && cb && memcmp(ca, cb, a) == 0);
		CHECK_EQ(back->kernels[0].nexits, o->kernels[0].nexits);
		CHECK_EQ(simt_object_write(back, &img2, &len2, &d), SIMT_OK);
		CHECK(img2 && len2 == len && memcmp(img, img2, len) == 0);
	}
	for (int i = 0; i < d.count; i++)
		printf("    %s\n", d.items[i].message);
	free(img);
	free(img2);
	free(src);
	free(path);
	simt_object_free(o);
	simt_object_free(back);
	simt_isa_free(isa);
	simt_diags_free(&d);
}
