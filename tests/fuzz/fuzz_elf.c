/*
 * fuzz_elf.c - libFuzzer target for the object reader (make fuzz-elf).
 *
 * Oracle, besides "no crash, no sanitizer report, no leak": an image the
 * reader accepts must be writable again, the rewritten image must be read
 * back, and writing that gives the very same bytes (the writer never sees an
 * object the reader let through half-checked).  Seeds: tests/object/good;
 * crashers go to tests/object/bad (NAME.elf + NAME.expect) with an expectation (test_object_bad.c).
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "obj/object.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	simt_diags d;
	simt_diags_init(&d);
	simt_object *o = NULL, *o2 = NULL;
	simt_status st = simt_object_read(data, size, "fuzz.o", &o, &d);
	if (st != SIMT_OK && d.errors == 0 && st != SIMT_ERR_NOMEM)
		__builtin_trap(); /* every rejection says why */
	if (st == SIMT_OK) {
		uint8_t *img = NULL, *img2 = NULL;
		size_t len = 0, len2 = 0;
		if (simt_object_write(o, &img, &len, &d) != SIMT_OK)
			__builtin_trap();
		if (simt_object_read(img, len, "again.o", &o2, &d) != SIMT_OK)
			__builtin_trap();
		if (simt_object_write(o2, &img2, &len2, &d) != SIMT_OK ||
		    len2 != len || memcmp(img, img2, len) != 0)
			__builtin_trap();
		free(img);
		free(img2);
	}
	simt_object_free(o);
	simt_object_free(o2);
	simt_diags_free(&d);
	return 0;
}
