#include "ref.h"

/* cluster_reduce_sync: grid 8 = two clusters of 4, block 256.  out[g] =
 * 3 * in[g] + the sum of in over the cluster; flags[cta] = 0x3f (every
 * consistency check of the kernel holds). */
int main(void)
{
	enum { G = 8, B = 256, CL = 4, N = G * B };
	static int32_t in[N], out[N];
	static uint32_t flags[G];
	for (int i = 0; i < N; i++)
		in[i] = (int32_t)(ref_rand() % 2001) - 1000;
	for (int c = 0; c < G / CL; c++) {
		int32_t sum = 0;
		for (int i = c * CL * B; i < (c + 1) * CL * B; i++)
			sum += in[i];
		for (int i = c * CL * B; i < (c + 1) * CL * B; i++)
			out[i] = in[i] * 3 + sum;
	}
	for (int b = 0; b < G; b++)
		flags[b] = 0x3f;
	ref_launch("grid=%d block=%d cluster=%d", G, B, CL);
	ref_buffer("in", S32, N, in);
	ref_buffer("out", S32, N, NULL);
	ref_buffer("flags", U32, G, NULL);
	ref_param("in");
	ref_param("out");
	ref_param("flags");
	ref_expect("out", S32, N, out);
	ref_expect("flags", U32, G, flags);
	return 0;
}
