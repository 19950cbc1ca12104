#include "ref.h"

int main(void)
{
	enum { GX = 2, GY = 1, BX = 16, BY = 4, T = BX * BY, N = GX * GY * T };
	static uint32_t out[6 * N], flags[N];
	for (int g = 0; g < N; g++) {
		uint32_t lane = (uint32_t)(g % T) % 32;
		uint32_t *o = &out[6 * g];
		o[0] = lane;
		o[1] = 1u << lane;
		o[2] = (1u << lane) - 1;
		o[3] = lane == 31 ? 0xffffffffu : (2u << lane) - 1;
		o[4] = lane == 31 ? 0 : ~((2u << lane) - 1);
		o[5] = ~((1u << lane) - 1);
		flags[g] = 0x3f;
	}
	ref_launch("grid=%d,%d block=%d,%d shared=256", GX, GY, BX, BY);
	ref_buffer("out", U32, 6 * N, NULL);
	ref_buffer("flags", U32, N, NULL);
	ref_param("out");
	ref_param("flags");
	ref_expect("out", U32, 6 * N, out);
	ref_expect("flags", U32, N, flags);
	return 0;
}
