#include "ref.h"

int main(void)
{
	enum { G = 2, B = 128, S = 4, N = G * S * B * 4 };
	static int32_t in[N], out[G * B];
	for (int i = 0; i < N; i++)
		in[i] = (int32_t)(ref_rand() % 2001) - 1000;
	for (int bk = 0; bk < G; bk++)
		for (int t = 0; t < B; t++) {
			uint32_t acc = 0;
			for (int s = 0; s < S; s++) {
				const int32_t *v = &in[4 * (bk * S * B + s * B + t)];
				acc = acc * 3u + (uint32_t)v[0] - (uint32_t)v[1] + 2u * (uint32_t)v[2] +
				      (uint32_t)(v[3] ^ s);
			}
			out[bk * B + t] = (int32_t)acc;
		}
	ref_launch("grid=%d block=%d", G, B);
	ref_buffer("in", S32, N, in);
	ref_buffer("out", S32, G * B, NULL);
	ref_param("in");
	ref_param("out");
	ref_param("s32:%d", S);
	ref_expect("out", S32, G * B, out);
	return 0;
}
