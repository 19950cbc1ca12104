#include "ref.h"

int main(void)
{
	enum { G = 2, B = 128, N = G * B };
	const uint32_t n = B;
	static uint32_t in[N], out[N];
	for (int i = 0; i < N; i++)
		in[i] = ref_rand() % 1000000;
	for (uint32_t g = 0; g < N; g++) {
		uint32_t t = g % B, b0 = g - t;
		out[g] = in[b0 + (t + 1) % n] + in[b0 + n - 1 - t] * 3u + (t % 32) * 1000u;
	}
	ref_launch("grid=%d block=%d shared=%u", G, B, 8 * n);
	ref_buffer("in", U32, N, in);
	ref_buffer("out", U32, N, NULL);
	ref_param("in");
	ref_param("out");
	ref_param("u32:%u", n);
	ref_expect("out", U32, N, out);
	return 0;
}
