/*
 * fuzz_words.c - libFuzzer target: raw 128-bit words as a kernel's text.
 *
 * Input: FZ_CFG_BYTES of launch (fuzz_sim.h: <= 4 CTAs, <= 128 threads,
 * policy, shared size, P0, R4), then up to 64 words of 16 bytes that go
 * unchanged into the text of an in-memory object.  Words that do not decode
 * raise when issued, the others run with whatever field values they have
 * (wild branch targets included), so PCs are not required to stay inside
 * the text; every other invariant of sim_check_invariants() is checked
 * after every issue (fuzz_sim.h has the oracle).
 * Seeds: the text of the tests/sim programs (tests/fuzz/seeds.sh).
 */
#include "fuzz_sim.h"

#define FZ_MAX_WORDS 64

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	fz_cfg g;
	fz_cfg_read(&g, data, size);
	size_t skip = size < FZ_CFG_BYTES ? size : FZ_CFG_BYTES;
	size_t n = (size - skip) / SIMT_INST_SIZE;
	if (n > FZ_MAX_WORDS)
		n = FZ_MAX_WORDS;
	simt_object *o = obj_new();
	int k = o ? obj_add_kernel(o, "main") : -1;
	if (k < 0 || obj_section_append(&o->sections[o->kernels[k].text],
					data + skip, n * SIMT_INST_SIZE) < 0)
		abort();
	fz_result r;
	fz_run(o, &g, 0, &r);
	simt_object_free(o);
	return 0;
}
