#include "ref.h"

int main(void)
{
	enum { G = 1, B = 96, N = G * B, W = N / 32 };
	static uint32_t in[N], out[N], count[W];
	for (int i = 0; i < N; i++)
		in[i] = ref_rand() % 1000;
	for (int i = 64; i < 96; i++) /* warp 2: nobody takes the branch */
		if (in[i] % 4 == 1)
			in[i]++;
	for (int w = 0; w < W; w++) {
		uint32_t n = 0;
		for (int l = 0; l < 32; l++)
			n += in[32 * w + l] % 4 == 1;
		count[w] = 1 + (n ? 100 : 0);
		/* the branch runs after the first invoke_one: count[w] % 100 == 1 */
		for (int l = 0; l < 32; l++) {
			uint32_t c = in[32 * w + l] % 4 == 1 ? 1 + n : 0;
			out[32 * w + l] = in[w] * 3u + (c << 16);
		}
	}
	ref_launch("grid=%d block=%d", G, B);
	ref_buffer("in", U32, N, in);
	ref_buffer("out", U32, N, NULL);
	ref_buffer("count", U32, W, NULL);
	ref_param("in");
	ref_param("out");
	ref_param("count");
	ref_expect("out", U32, N, out);
	ref_expect("count", U32, W, count);
	return 0;
}
