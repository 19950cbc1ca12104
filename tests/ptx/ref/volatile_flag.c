#include "ref.h"

int main(void)
{
	enum { G = 2, B = 64, N = G * B };
	static uint32_t in[N], out[G * 32], flag[G], data[G * 32];
	for (int i = 0; i < N; i++)
		in[i] = ref_rand() % 100000;
	for (int b = 0; b < G; b++) {
		uint32_t s0 = 0, s1 = 0;
		for (int l = 0; l < 32; l++) {
			s0 += in[b * B + l];
			s1 += in[b * B + 32 + l];
		}
		flag[b] = 1;
		for (int l = 0; l < 32; l++)
			data[b * 32 + l] = s1 + (uint32_t)l;
		for (int l = 0; l < 32; l++)
			out[b * 32 + l] = s0 * 2 + data[b * 32 + 31 - l];
	}
	ref_launch("grid=%d block=%d", G, B);
	ref_buffer("in", U32, N, in);
	ref_buffer("out", U32, G * 32, NULL);
	ref_buffer("flag", U32, G, NULL);
	ref_buffer("data", U32, G * 32, NULL);
	ref_param("in");
	ref_param("out");
	ref_param("flag");
	ref_param("data");
	ref_expect("out", U32, G * 32, out);
	ref_expect("flag", U32, G, flag);
	ref_expect("data", U32, G * 32, data);
	return 0;
}
