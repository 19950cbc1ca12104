#include "ref.h"

/* cluster_histogram: grid 8 = two clusters of 4, block 64; each cluster's
 * 64-bin histogram of in[i] % 64 over the elements its CTAs visit in the
 * grid-stride loop. */
int main(void)
{
	enum { G = 8, B = 64, CL = 4, NB = 64, N = 1000 };
	static uint32_t in[N], bins[G / CL * NB];
	for (int i = 0; i < N; i++)
		in[i] = ref_rand() % 100000;
	for (int i = 0; i < N; i++) {
		int cta = (i % (G * B)) / B; /* the CTA whose thread visits i */
		bins[(cta / CL) * NB + in[i] % NB]++;
	}
	ref_launch("grid=%d block=%d cluster=%d", G, B, CL);
	ref_buffer("in", U32, N, in);
	ref_buffer("bins", U32, G / CL * NB, NULL);
	ref_param("in");
	ref_param("u32:%d", N);
	ref_param("bins");
	ref_expect("bins", U32, G / CL * NB, bins);
	return 0;
}
