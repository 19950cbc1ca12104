/*
 * test_sim_warp.c - warp collectives through the codec (sim_prog.h):
 * what the test files cannot see (VOTEU's uniform predicate) and a
 * randomised cross-check of SHFL against a second implementation of the
 * PTX shfl.sync pseudo-code, over random lane and clamp/segment registers
 * (bits 5-7 and 13-31 of c set at random: they must be ignored).
 */
#include "sim_prog.h"

TEST(sim_warp_voteu_uniform_predicate)
{
	static const struct {
		const char *mode;
		uint32_t p0;
		uint32_t ballot, vote;
	} cases[] = {
		{"ALL", 0xffffffffu, 0xffffffffu, 1}, {"ALL", 0x7fffffffu, 0x7fffffffu, 0},
		{"ANY", 0, 0, 0},                     {"ANY", 0x00010000u, 0x00010000u, 1},
		{"EQ", 0, 0, 1},                      {"EQ", 0x1u, 0x1u, 0},
	};
	for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
		sp_prog p;
		sp_init(&p);
		char a[128];
		snprintf(a, sizeof a, "mode=%s rd=UR4 pu=UP2 pp=P0", cases[k].mode);
		sp_add(&p, "VOTEU_I", a);
		sp_add(&p, "EXIT_X", "");
		sp_pred(&p, 0, cases[k].p0);
		CHECK_EQ(sp_run(&p, 32), SIMT_OK);
		CHECK_EQ(sp_warp(&p, 0)->ur[4], cases[k].ballot);
		CHECK_EQ(sp_warp(&p, 0)->up[2], cases[k].vote);
		sp_free(&p);
	}
}

/* PTX shfl.sync, written again: the source lane and whether it is in range. */
static int ref_src(int mode, int lane, uint32_t b, uint32_t c, int *ok)
{
	int bval = (int)(b % 32), clamp = (int)(c % 32), seg = (int)((c / 256) % 32);
	int hi = (lane & seg) | (clamp & (31 - seg)), lo = lane & seg, j;
	if (mode == 1) {
		j = lane - bval;
		*ok = j >= hi;
	} else if (mode == 2) {
		j = lane + bval;
		*ok = j <= hi;
	} else if (mode == 3) {
		j = lane ^ bval;
		*ok = j <= hi;
	} else {
		j = lo | (bval & (31 - seg));
		*ok = j <= hi;
	}
	return *ok ? j : lane;
}

TEST(sim_warp_shfl_random_registers)
{
	static const char *const modes[] = {"IDX", "UP", "DOWN", "BFLY"};
	uint64_t x = 0x9e3779b97f4a7c15ull;
	for (int trial = 0; trial < 200; trial++) {
		x ^= x << 13, x ^= x >> 7, x ^= x << 17;
		int mode = (int)(x & 3);
		uint32_t b = (uint32_t)(x >> 8), c = (uint32_t)(x >> 32);
		sp_prog p;
		sp_init(&p);
		char a[128];
		snprintf(a, sizeof a, "mode=%s pu=P1 rd=R5 ra=R4 b=R20 c=R21", modes[mode]);
		sp_add(&p, "SHFL_RRI", a);
		sp_add(&p, "EXIT_X", "");
		sp_reg(&p, 4, SIM_INIT_LANE, 0);
		sp_reg(&p, 20, SIM_INIT_VALUE, b);
		sp_reg(&p, 21, SIM_INIT_VALUE, c);
		CHECK_EQ(sp_run(&p, 32), SIMT_OK);
		sim_warp *w = sp_warp(&p, 0);
		for (int l = 0; l < 32; l++) {
			int ok, j = ref_src(mode, l, b, c, &ok);
			if (w->r[5][l] != (uint32_t)j || (int)(w->p[1] >> l & 1) != ok) {
				CHECK_EQ(w->r[5][l], (uint32_t)j);
				CHECK_EQ(w->p[1] >> l & 1, (uint32_t)ok);
				break;
			}
		}
		sp_free(&p);
	}
}
