#include "ref.h"

int main(void)
{
	enum { G = 4, B = 256, N = G * B };
	static uint32_t in[N], out[G];
	for (int i = 0; i < N; i++)
		in[i] = (uint32_t)i;
	for (int i = 0; i < N; i++)
		out[i / B] += in[i] * in[i] + 1u;
	ref_launch("grid=%d block=%d", G, B);
	ref_buffer("in", U32, N, in);
	ref_buffer("out", U32, G, NULL);
	ref_param("in");
	ref_param("out");
	ref_expect("out", U32, G, out);
	return 0;
}
