#include "ref.h"

int main(void)
{
	enum { G = 2, B = 128, N = G * B };
	const int n = 200;
	static int32_t in[N], out0[N], out[N], cta[G];
	for (int i = 0; i < N; i++) {
		in[i] = (int32_t)(ref_rand() % 4000) - 500;
		out0[i] = 7;
	}
	memcpy(out, out0, sizeof out);
	for (int b = 0; b < G; b++)
		cta[b] = in[b * B + 5] + in[b * B + 63];
	for (int g = 0; g < N; g++) {
		if (g % B >= 96 || g >= n)
			continue;
		int32_t v = in[g];
		if (v < 0) {
			out[g] = -1;
			continue;
		}
		if (v % 5 == 0)
			continue;
		int32_t r = 0, done = 0;
		for (int i = 0; i < 20 && !done; i++) {
			r += (v >> i) & 3;
			if (r > 12) {
				out[g] = 1000 + i;
				done = 1;
			}
		}
		if (!done)
			out[g] = r;
	}
	ref_launch("grid=%d block=%d", G, B);
	ref_buffer("in", S32, N, in);
	ref_buffer("out", S32, N, out0);
	ref_buffer("cta", S32, G, NULL);
	ref_param("in");
	ref_param("out");
	ref_param("cta");
	ref_param("s32:%d", n);
	ref_expect("out", S32, N, out);
	ref_expect("cta", S32, G, cta);
	return 0;
}
