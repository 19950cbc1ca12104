/*
 * test_load_bitflip.c - loading never crashes (issue 9, item 3): valid
 * objects with bits flipped go through exactly what `simt run X.o` does
 * (simt_object_read, then simt_testfile_run with the object: kernel
 * lookup, predecode, constant banks and relocations, buffers, parameters,
 * the run) with a small cycle limit.  Every one must be either refused
 * with an error diagnostic or run to a verdict; a run that stops with an
 * error carries an error diagnostic too.  2000 deterministic mutants
 * (xorshift, fixed seed); make check runs this under ASan/UBSan too.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "simt/simt.h"
#include "simt/testfile.h"
#include "util/util.h"
#include "test.h"

#define BITFLIP_MUTANTS 2000

/* Programs with the parts a reader can get wrong: BRX, CALL/RET, LEPC
 * relocations (bru_brx_call_ret), constant banks (mem_const), shared
 * memory, mbarriers and async copies (mbar_pipeline). */
static const char *const sources[] = {
	"sim/bru_brx_call_ret.s",
	"sim/mem_const.s",
	"sim/mbar_pipeline.s",
};

typedef struct source {
	simt_testfile tf;
	uint8_t *image;
	size_t len;
} source;

static bool load_source(const simt_isa *isa, const char *rel, source *s)
{
	char *path = util_format("%s/%s", test_dir(), rel);
	size_t len = 0;
	char *text = path ? util_read_file(path, &len) : NULL;
	simt_diags d;
	simt_diags_init(&d);
	simt_object *obj = NULL;
	bool ok = text && simt_testfile_parse(path, text, len, &s->tf, &d) == SIMT_OK &&
		  simt_testfile_directive(&s->tf, ".launch max-cycles=3000", &d) == SIMT_OK &&
		  simt_assemble(isa, path, s->tf.asm_text, strlen(s->tf.asm_text), &obj,
				&d) == SIMT_OK &&
		  simt_object_write(obj, &s->image, &s->len, &d) == SIMT_OK;
	if (!ok)
		test_fail(__FILE__, __LINE__, "%s: %s", rel,
			  d.count ? d.items[0].message : "cannot read");
	simt_object_free(obj);
	simt_diags_free(&d);
	free(text);
	free(path);
	return ok;
}

static uint64_t bf_state = 0x2545f4914f6cdd1dull;
static uint64_t bf_next(void)
{
	bf_state ^= bf_state << 13;
	bf_state ^= bf_state >> 7;
	bf_state ^= bf_state << 17;
	return bf_state;
}

static bool has_error(const simt_diags *d)
{
	for (int k = 0; k < d->count; k++)
		if (d->items[k].severity == SIMT_SEV_ERROR && d->items[k].message &&
		    d->items[k].message[0])
			return true;
	return false;
}

TEST(load_bitflipped_objects_never_crash)
{
	simt_diags d;
	simt_diags_init(&d);
	simt_isa *isa = NULL;
	CHECK(simt_isa_load_builtin(&isa, &d) == SIMT_OK);
	simt_diags_free(&d);
	enum { NSRC = sizeof sources / sizeof sources[0] };
	source src[NSRC];
	memset(src, 0, sizeof src);
	for (int k = 0; k < NSRC; k++)
		if (!load_source(isa, sources[k], &src[k]))
			goto out;
	/* outcome counts: refused by the reader, refused at load, ran and
	 * passed, ran and stopped (fault, expectation, ...) */
	int refused_read = 0, refused_load = 0, passed = 0, stopped = 0;
	for (int m = 0; m < BITFLIP_MUTANTS; m++) {
		source *s = &src[m % NSRC];
		uint8_t *img = malloc(s->len);
		memcpy(img, s->image, s->len);
		int flips = 1 + (int)(bf_next() % 4);
		for (int f = 0; f < flips; f++) {
			uint64_t bit = bf_next() % (s->len * 8);
			img[bit / 8] ^= (uint8_t)(1u << (bit % 8));
		}
		simt_diags_init(&d);
		simt_object *obj = NULL;
		if (simt_object_read(img, s->len, "mutant.o", &obj, &d) != SIMT_OK) {
			if (!has_error(&d))
				test_fail(__FILE__, __LINE__, "mutant %d: refused without an error", m);
			refused_read++;
		} else {
			simt_test_opts o = {.object = obj};
			simt_test_result r;
			CHECK_EQ(simt_testfile_run(isa, &s->tf, &o, &r, &d), SIMT_OK);
			if (r.passed) {
				passed++;
			} else if (!r.reason || (r.program_failed && !has_error(&d))) {
				test_fail(__FILE__, __LINE__, "mutant %d: failed without a reason (%s)",
					  m, r.reason ? r.reason : "-");
			} else if (r.program_failed && r.cycles == 0 && r.steps == 0) {
				refused_load++;
			} else {
				stopped++;
			}
			simt_test_result_free(&r);
		}
		simt_object_free(obj);
		simt_diags_free(&d);
		free(img);
	}
	CHECK_EQ(refused_read + refused_load + passed + stopped, BITFLIP_MUTANTS);
	/* every path is exercised */
	CHECK(refused_read > 0 && refused_load > 0 && passed > 0 && stopped > 0);
	if (getenv("SIMT_TEST_VERBOSE"))
		fprintf(stderr, "bitflip: %d refused by the reader, %d at load, %d passed, "
			"%d stopped\n", refused_read, refused_load, passed, stopped);
out:
	for (int k = 0; k < NSRC; k++) {
		simt_testfile_free(&src[k].tf);
		free(src[k].image);
	}
	simt_isa_free(isa);
}
