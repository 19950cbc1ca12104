#include "ref.h"

int main(void)
{
	enum { G = 2, B = 128, N = G * B };
	static uint32_t in[N], out[N];
	for (int i = 0; i < N; i++)
		in[i] = (uint32_t)i;
	for (int w = 0; w < N / 32; w++) {
		uint32_t v[32], n[32];
		for (int l = 0; l < 32; l++)
			v[l] = in[w * 32 + l] * 3u + 1u;
		for (int off = 16; off > 0; off >>= 1) {
			for (int l = 0; l < 32; l++)
				n[l] = v[l] + (l + off < 32 ? v[l + off] : v[l]);
			memcpy(v, n, sizeof v);
		}
		memcpy(&out[w * 32], v, sizeof v);
	}
	ref_launch("grid=%d block=%d", G, B);
	ref_buffer("in", U32, N, in);
	ref_buffer("out", U32, N, NULL);
	ref_param("in");
	ref_param("out");
	ref_expect("out", U32, N, out);
	return 0;
}
