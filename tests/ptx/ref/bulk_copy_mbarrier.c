#include "ref.h"

int main(void)
{
	enum { G = 2, B = 256, N = G * 512 };
	static int32_t in[N], out[G * B];
	for (int i = 0; i < N; i++)
		in[i] = (int32_t)(ref_rand() % 200001) - 100000;
	for (int bk = 0; bk < G; bk++)
		for (int t = 0; t < B; t++)
			out[bk * B + t] = in[bk * 512 + t] * 2 + in[bk * 512 + 256 + 255 - t];
	ref_launch("grid=%d block=%d", G, B);
	ref_buffer("in", S32, N, in);
	ref_buffer("out", S32, G * B, NULL);
	ref_param("in");
	ref_param("out");
	ref_expect("out", S32, G * B, out);
	return 0;
}
