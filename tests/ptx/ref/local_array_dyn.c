#include "ref.h"

int main(void)
{
	enum { G = 2, B = 64, N = G * B };
	static uint32_t in[N], out[N];
	for (int i = 0; i < N; i++)
		in[i] = ref_rand();
	for (uint32_t g = 0; g < N; g++) {
		uint32_t v = in[g], a[24], r = 0;
		for (uint32_t i = 0; i < 24; i++)
			a[i] = v * i + (i ^ g);
		uint32_t idx = v % 24;
		a[idx] += 100;
		a[(idx * 7 + 3) % 24] ^= 0xffff;
		for (uint32_t k = 0; k < 10; k++)
			r = r * 31 + a[(idx + k * 5) % 24];
		out[g] = r;
	}
	ref_launch("grid=%d block=%d", G, B);
	ref_buffer("in", U32, N, in);
	ref_buffer("out", U32, N, NULL);
	ref_param("in");
	ref_param("out");
	ref_expect("out", U32, N, out);
	return 0;
}
