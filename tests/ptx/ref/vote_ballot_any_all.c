#include "ref.h"

int main(void)
{
	enum { G = 2, B = 80, N = G * B, W = (B + 31) / 32 };
	static uint32_t in[N], out[5 * N];
	for (int i = 0; i < N; i++)
		in[i] = ref_rand() % 900; /* no value > 900 by default */
	/* CTA 0 warp 1: one value > 900; CTA 0 warp 2 (partial): all odd, all >= 500. */
	in[32 + 17] = 950;
	for (int i = 64; i < 80; i++)
		in[i] = 501 + 2 * (uint32_t)i;
	/* CTA 1 warp 0: all even and < 500; warp 2: one value >= 1000. */
	for (int i = 0; i < 32; i++)
		in[B + i] = 2 * (uint32_t)i;
	in[B + 70] = 1003;
	for (int b = 0; b < G; b++)
		for (int w = 0; w < W; w++) {
			int n = B - 32 * w < 32 ? B - 32 * w : 32;
			const uint32_t *v = &in[b * B + 32 * w];
			uint32_t bal = 0, any = 0, all = 1, allodd = 1, cnt = 0;
			for (int l = 0; l < n; l++) {
				bal |= (v[l] & 1) << l;
				any |= v[l] > 900;
				all &= v[l] < 1000;
				allodd &= v[l] & 1;
				cnt += v[l] >= 500;
			}
			for (int l = 0; l < n; l++) {
				uint32_t *o = &out[5 * (b * B + 32 * w + l)];
				o[0] = bal;
				o[1] = any;
				o[2] = all;
				o[3] = allodd;
				o[4] = cnt == 0 || cnt == (uint32_t)n;
			}
		}
	ref_launch("grid=%d block=%d", G, B);
	ref_buffer("in", U32, N, in);
	ref_buffer("out", U32, 5 * N, NULL);
	ref_param("in");
	ref_param("out");
	ref_expect("out", U32, 5 * N, out);
	return 0;
}
