#include "ref.h"

int main(void)
{
	enum { G = 2, B = 128, N = G * B };
	static uint32_t in[N], out[12 * G];
	static uint64_t out64[2 * G];
	static float outf[G];
	for (int i = 0; i < N; i++)
		in[i] = ref_rand();
	for (int b = 0; b < G; b++) {
		uint32_t c[12];
		uint64_t c64[2] = {1ull << 40, 1ull << 40};
		float cf = 1.0f;
		for (int t = 0; t < 12; t++)
			c[t] = t == 2 || t == 6 ? 0xffffffffu : (uint32_t)t;
		for (int t = 0; t < B; t++) {
			uint32_t v = in[b * B + t];
			c[0] += v;
			c[1] -= v;
			c[2] = v < c[2] ? v : c[2];
			c[3] = v > c[3] ? v : c[3];
			c[4] = c[4] >= 7 ? 0 : c[4] + 1;
			c[5] = c[5] == 0 || c[5] > 9 ? 9 : c[5] - 1;
			c[6] &= ~(1u << (v & 31));
			c[7] |= 1u << (v % 23);
			c[8] ^= v * 2654435761u;
			c[10] += c[9];
			c[9] = v;
			c[11] ^= 1u << (v % 32);
			c64[0] += (uint64_t)v << 20;
			c64[1] += v;
			cf += (float)(v & 255) * 0.5f;
		}
		c[10] += c[9];
		for (int i = 0; i < 12; i++)
			out[12 * b + i] = i == 9 ? 0 : c[i];
		out64[2 * b] = c64[0];
		out64[2 * b + 1] = c64[1];
		outf[b] = cf;
	}
	ref_launch("grid=%d block=%d", G, B);
	ref_buffer("in", U32, N, in);
	ref_buffer("out", U32, 12 * G, NULL);
	ref_buffer("out64", U64, 2 * G, NULL);
	ref_buffer("outf", F32, G, NULL);
	ref_param("in");
	ref_param("out");
	ref_param("out64");
	ref_param("outf");
	ref_expect("out", U32, 12 * G, out);
	ref_expect("out64", U64, 2 * G, out64);
	ref_expect("outf", F32, G, outf);
	return 0;
}
