#include "ref.h"

int main(void)
{
	enum { G = 2, B = 64, N = G * 32 };
	static uint32_t in[N], out[N];
	for (int i = 0; i < N; i++)
		in[i] = ref_rand() % 100000;
	for (int b = 0; b < G; b++)
		for (int c = 0; c < 32; c++)
			out[b * 32 + c] = in[b * 32 + 31 - c] * 7u + 1u;
	ref_launch("grid=%d block=%d", G, B);
	ref_buffer("in", U32, N, in);
	ref_buffer("out", U32, N, NULL);
	ref_param("in");
	ref_param("out");
	ref_expect("out", U32, N, out);
	return 0;
}
