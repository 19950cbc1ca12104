#include "ref.h"

int main(void)
{
	enum { G = 2, B = 128, N = G * 512 };
	static int32_t in[N], out[G * B];
	for (int i = 0; i < N; i++)
		in[i] = (int32_t)(ref_rand() % 20001) - 10000;
	for (int bk = 0; bk < G; bk++) {
		const int32_t *src = &in[bk * 512];
		for (int t = 0; t < B; t++) {
			int32_t a = src[t] - src[256 + 255 - t];
			int32_t b = src[t + 128] + src[256 + t];
			int32_t c = src[511 - (t + 1) % 128];
			out[bk * B + t] = a * 3 + b + c * 7;
		}
	}
	ref_launch("grid=%d block=%d", G, B);
	ref_buffer("in", S32, N, in);
	ref_buffer("out", S32, G * B, NULL);
	ref_param("in");
	ref_param("out");
	ref_expect("out", S32, G * B, out);
	return 0;
}
