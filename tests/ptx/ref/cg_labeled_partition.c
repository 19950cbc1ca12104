#include "ref.h"

int main(void)
{
	enum { G = 1, B = 96, N = G * B };
	static uint32_t in[N], out[4 * N];
	for (int i = 0; i < N; i++)
		in[i] = ref_rand() % 1000;
	for (int i = 64; i < 96; i++) /* warp 2: one label only */
		in[i] = in[i] / 3 * 3 + 1;
	for (int i = 0; i < N; i++) {
		int w0 = i & ~31;
		uint32_t size = 0, rank = 0, sum = 0, lastv = 0;
		for (int l = 0; l < 32; l++) {
			uint32_t u = in[w0 + l];
			if (u % 3 != in[i] % 3)
				continue;
			size++;
			sum += u;
			lastv = u;
			if (w0 + l < i)
				rank++;
		}
		out[4 * i + 0] = size;
		out[4 * i + 1] = rank;
		out[4 * i + 2] = sum;
		out[4 * i + 3] = lastv;
	}
	ref_launch("grid=%d block=%d", G, B);
	ref_buffer("in", U32, N, in);
	ref_buffer("out", U32, 4 * N, NULL);
	ref_param("in");
	ref_param("out");
	ref_expect("out", U32, 4 * N, out);
	return 0;
}
