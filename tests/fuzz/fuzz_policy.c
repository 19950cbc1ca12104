/*
 * fuzz_policy.c - differential libFuzzer target: one race-free random
 * program (fuzz_gen.h, race-free mode) runs under the round-robin, greedy
 * and random:SEED policies; the three runs must end with the same stop
 * kind and, when they complete, leave the same global buffer (every
 * thread's output slot and the atomics area).  Each run also has the
 * invariant oracle of fuzz_sim.h.
 *
 * Excluded by construction (fuzz_gen.h): shared or global data read
 * before the barrier that orders its write, atomics whose old value is
 * used, non-commutative atomics, clock reads, mbarrier tests without a
 * wait - the legitimate nondeterminism of a racy program.  Excluded at
 * run time: the cycle limit (a slower interleaving may reach it where
 * another does not); the limit is 10x fuzz_sim's so that it is rare.
 * Input: FZ_CFG_BYTES of launch (its policy byte is ignored; byte 3 is
 * the random seed), then the generator's choices.
 */
#include "fuzz_gen.h"
#include "fuzz_sim.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	fz_cfg g;
	fz_cfg_read(&g, data, size);
	g.shared = FZ_GEN_SHARED;
	g.l.max_cycles = 10 * FZ_MAX_CYCLES;
	size_t skip = size < FZ_CFG_BYTES ? size : FZ_CFG_BYTES;
	unsigned threads = g.l.block[0] * g.l.block[1];
	simt_object *o = fz_build(data + skip, size - skip, false, threads);
	static fz_result r[3]; /* 3 x 16 KiB: not on the stack */
	static const simt_policy pol[3] = {SIMT_POLICY_RR, SIMT_POLICY_GREEDY,
					   SIMT_POLICY_RANDOM};
	bool limit = false;
	for (int k = 0; k < 3; k++) {
		g.l.policy = pol[k];
		if (!fz_run(o, &g, SIM_INV_PCS, &r[k]))
			fz_die("fz_run", "a generated program did not load", NULL);
		limit |= r[k].stop == SIM_STOP_LIMIT;
	}
	simt_object_free(o);
	if (limit)
		return 0;
	for (int k = 1; k < 3; k++) {
		char why[160];
		if (r[k].stop != r[0].stop) {
			snprintf(why, sizeof why, "stop kind %d under rr, %d under %s",
				 (int)r[0].stop, (int)r[k].stop,
				 k == 1 ? "greedy" : "random");
			fz_die("policies disagree", why, NULL);
		}
		if (r[0].stop != SIM_STOP_DONE)
			continue;
		for (unsigned b = 0; b < FZ_BUF_BYTES; b++)
			if (r[k].out[b] != r[0].out[b]) {
				snprintf(why, sizeof why,
					 "global byte 0x%x: 0x%02x under rr, 0x%02x "
					 "under %s", b, r[0].out[b], r[k].out[b],
					 k == 1 ? "greedy" : "random");
				fz_die("policies disagree", why, NULL);
			}
	}
	return 0;
}
