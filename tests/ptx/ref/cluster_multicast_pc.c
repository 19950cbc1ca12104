#include "ref.h"

/* cluster_multicast_pc: grid 8 = two clusters of 4, block 128; cluster c
 * streams tiles k = 0..5 of src[c*768 + 128k ...]; thread t of rank r
 * computes out[cta*128 + t] = sum_k tile_k[t] * (r+1) * (k+1). */
int main(void)
{
	enum { G = 8, B = 128, CL = 4, NT = 6, N = G / CL * NT * B };
	static int32_t src[N], out[G * B];
	for (int i = 0; i < N; i++)
		src[i] = (int32_t)(ref_rand() % 20001) - 10000;
	for (int cta = 0; cta < G; cta++) {
		int c = cta / CL, r = cta % CL;
		for (int t = 0; t < B; t++) {
			int32_t acc = 0;
			for (int k = 0; k < NT; k++)
				acc += src[(c * NT + k) * B + t] * (r + 1) * (k + 1);
			out[cta * B + t] = acc;
		}
	}
	ref_launch("grid=%d block=%d cluster=%d", G, B, CL);
	ref_buffer("src", S32, N, src);
	ref_buffer("out", S32, G * B, NULL);
	ref_param("src");
	ref_param("out");
	ref_expect("out", S32, G * B, out);
	return 0;
}
