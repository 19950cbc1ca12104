#include "ref.h"

int main(void)
{
	enum { G = 1, B = 128, N = G * B, W = N / 32 };
	static uint32_t in[N], out[N], elected[W], work[W];
	for (int i = 0; i < N; i++)
		in[i] = ref_rand() % 100;
	for (int i = 96; i < 128; i++) /* warp 3: no odd lane, no second election */
		in[i] &= ~1u;
	for (int w = 0; w < W; w++) {
		uint32_t sub = 0;
		for (int l = 0; l < 32; l++)
			sub |= (in[32 * w + l] & 1) << l;
		elected[w] = 1 + (sub != 0);
		work[w] = 32 + (uint32_t)ref_popc(sub);
	}
	for (int i = 0; i < N; i++)
		out[i] = 1;
	ref_launch("grid=%d block=%d", G, B);
	ref_buffer("in", U32, N, in);
	ref_buffer("out", U32, N, NULL);
	ref_buffer("elected", U32, W, NULL);
	ref_buffer("work", U32, W, NULL);
	ref_param("in");
	ref_param("out");
	ref_param("elected");
	ref_param("work");
	ref_expect("out", U32, N, out);
	ref_expect("elected", U32, W, elected);
	ref_expect("work", U32, W, work);
	return 0;
}
