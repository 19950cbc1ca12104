#include "ref.h"

int main(void)
{
	enum { G = 2, B = 128, N = G * 256 };
	static uint32_t in[N], out[G * 64];
	for (int i = 0; i < N; i++)
		in[i] = ref_rand() % 100000;
	for (int b = 0; b < G; b++)
		for (int c = 0; c < 64; c++) {
			uint32_t acc = 0;
			for (uint32_t it = 0; it < 4; it++)
				acc += (in[b * 256 + 64 * it + (c ^ 5)] + it) * (it + 1);
			out[b * 64 + c] = acc;
		}
	ref_launch("grid=%d block=%d", G, B);
	ref_buffer("in", U32, N, in);
	ref_buffer("out", U32, G * 64, NULL);
	ref_param("in");
	ref_param("out");
	ref_param("u32:2");
	ref_expect("out", U32, G * 64, out);
	return 0;
}
