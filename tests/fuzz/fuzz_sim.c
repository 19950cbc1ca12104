/*
 * fuzz_sim.c - libFuzzer target: the fuzzer's bytes drive fuzz_gen.h's
 * generator ("wild" mode) to a valid random program - barriers with random
 * ids and counts, divergence with and without BSSY/BSYNC, loops with BREAK,
 * YIELD, NANOSLEEP, WARPSYNC, EXIT in branches, collectives with random
 * membermasks, atomics, mbarriers and asynchronous copies - which is
 * assembled in-process and run on <= 4 CTAs of <= 128 threads for at most
 * 20000 cycles, with sim_check_invariants() after every issue, PCs
 * included (every branch target is in the text).  Deadlocks, exceptions,
 * faults, livelocks and the cycle limit are fine; see fuzz_sim.h for the
 * oracle.  Input: FZ_CFG_BYTES of launch, then the generator's choices.
 * FZ_PRINT=1 in the environment prints each generated program.
 */
#include "fuzz_gen.h"
#include "fuzz_sim.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	fz_cfg g;
	fz_cfg_read(&g, data, size);
	g.shared = FZ_GEN_SHARED;
	size_t skip = size < FZ_CFG_BYTES ? size : FZ_CFG_BYTES;
	unsigned threads = g.l.block[0] * g.l.block[1];
	simt_object *o = fz_build(data + skip, size - skip, true, threads);
	fz_result r;
	if (!fz_run(o, &g, SIM_INV_PCS, &r))
		fz_die("fz_run", "a generated program did not load", NULL);
	simt_object_free(o);
	return 0;
}
