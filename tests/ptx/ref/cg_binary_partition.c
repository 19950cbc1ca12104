#include "ref.h"

int main(void)
{
	enum { G = 1, B = 64, N = G * B };
	static uint32_t in[N], out[5 * N];
	for (int i = 0; i < N; i++)
		in[i] = ref_rand() % 1000;
	for (int i = 32; i < 64; i++) /* warp 1: the low group is all even */
		if (in[i] <= 500)
			in[i] &= ~1u;
	for (int i = 0; i < N; i++) {
		int w0 = i & ~31, hi = in[i] > 500;
		uint32_t size = 0, rank = 0, bal = 0, any = 0, all = 1, first = 0;
		for (int l = 0; l < 32; l++) {
			uint32_t u = in[w0 + l];
			if ((u > 500) != hi)
				continue;
			if (size == 0)
				first = u;
			bal |= (u & 1) << size;
			size++;
			any |= u % 7 == 0;
			all &= u % 2 == 0;
			if (w0 + l < i)
				rank++;
		}
		uint32_t *o = &out[5 * i];
		o[0] = size;
		o[1] = rank;
		o[2] = bal;
		o[3] = any | all << 1;
		o[4] = first;
	}
	ref_launch("grid=%d block=%d", G, B);
	ref_buffer("in", U32, N, in);
	ref_buffer("out", U32, 5 * N, NULL);
	ref_param("in");
	ref_param("out");
	ref_expect("out", U32, 5 * N, out);
	return 0;
}
