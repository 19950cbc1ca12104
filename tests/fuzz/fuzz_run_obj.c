/*
 * fuzz_run_obj.c - libFuzzer target: an object file, read by the ELF
 * reader, loaded by simt_sim_new and run by simt_sim_run with small limits
 * (fuzz_sim.h: <= 4 CTAs, <= 128 threads, 20000 cycles).
 *
 * Input: FZ_CFG_BYTES of launch, then the ELF image.  Seeds: the objects
 * of the tests/sim programs (tests/fuzz/seeds.sh run_obj); the mutations are bit
 * flips, byte copies and splices of valid objects, so the reader's checks,
 * the relocations and constant banks of simt_sim_new and every simulator
 * path on damaged code are exercised.  A rejection with a diagnostic is
 * fine; a crash, a sanitizer report, a broken invariant, a refusal without
 * a reason or a hang is a bug.
 */
#include "fuzz_sim.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	fz_cfg g;
	fz_cfg_read(&g, data, size);
	size_t skip = size < FZ_CFG_BYTES ? size : FZ_CFG_BYTES;
	simt_diags d;
	simt_diags_init(&d);
	simt_object *o = NULL;
	simt_status st = simt_object_read(data + skip, size - skip, "fuzz.o",
					  &o, &d);
	if (st != SIMT_OK && d.errors == 0 && st != SIMT_ERR_NOMEM)
		fz_die("simt_object_read", "refused without a diagnostic", &d);
	if (st == SIMT_OK) {
		fz_result r;
		fz_run(o, &g, FZ_LOADED_OBJECT, &r);
	}
	simt_object_free(o);
	simt_diags_free(&d);
	return 0;
}
