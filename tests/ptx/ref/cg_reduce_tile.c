#include "ref.h"

int main(void)
{
	enum { G = 2, B = 64, N = G * B, T = N / 16 };
	static uint32_t in[N], out[4 * T];
	for (int i = 0; i < N; i++)
		in[i] = ref_rand() % 1000;
	for (int t = 0; t < T; t++) {
		uint32_t sum = 0, x = 0;
		int32_t mn = INT32_MAX, mx = INT32_MIN;
		for (int l = 0; l < 16; l++) {
			uint32_t v = in[16 * t + l];
			int32_t s = (int32_t)v - 500;
			sum += v;
			x ^= v;
			mn = s < mn ? s : mn;
			mx = s > mx ? s : mx;
		}
		out[4 * t + 0] = sum;
		out[4 * t + 1] = (uint32_t)mn;
		out[4 * t + 2] = (uint32_t)mx;
		out[4 * t + 3] = x;
	}
	ref_launch("grid=%d block=%d", G, B);
	ref_buffer("in", U32, N, in);
	ref_buffer("out", U32, 4 * T, NULL);
	ref_param("in");
	ref_param("out");
	ref_expect("out", U32, 4 * T, out);
	return 0;
}
