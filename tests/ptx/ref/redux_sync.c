#include "ref.h"

int main(void)
{
	enum { B = 96, N = B };
	static uint32_t in[N], out[7 * N];
	for (int i = 0; i < N; i++) {
		uint32_t r = ref_rand();
		in[i] = (r << 9) ^ ref_rand(); /* full 32-bit range, signs mixed */
	}
	in[40] |= 0x80000000u;
	for (int w = 0; w < N / 32; w++) {
		const uint32_t *v = &in[32 * w];
		uint32_t add = 0, and = ~0u, or = 0, xor = 0, half = 0;
		int32_t mn = INT32_MAX, mx = INT32_MIN;
		for (int l = 0; l < 32; l++) {
			add += v[l];
			and &= v[l];
			or |= v[l];
			xor ^= v[l];
			mn = (int32_t)v[l] < mn ? (int32_t)v[l] : mn;
			mx = (int32_t)v[l] > mx ? (int32_t)v[l] : mx;
			if (l < 16)
				half += v[l] * 5u;
		}
		for (int l = 0; l < 32; l++) {
			uint32_t *o = &out[7 * (32 * w + l)];
			o[0] = add;
			o[1] = (uint32_t)mn;
			o[2] = (uint32_t)mx;
			o[3] = and;
			o[4] = or;
			o[5] = xor;
			o[6] = l < 16 ? half : 0xdeadbeefu;
		}
	}
	ref_launch("grid=1 block=%d", B);
	ref_buffer("in", U32, N, in);
	ref_buffer("out", U32, 7 * N, NULL);
	ref_param("in");
	ref_param("out");
	ref_expect("out", U32, 7 * N, out);
	return 0;
}
