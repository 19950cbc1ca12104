#include "ref.h"

int main(void)
{
	enum { G = 2, B = 256, E = 2 * B, N = G * E };
	static uint32_t in[N], out[N], total[G];
	for (int i = 0; i < N; i++)
		in[i] = ref_rand() % 1000;
	for (int b = 0; b < G; b++) {
		uint32_t s = 0;
		for (int i = 0; i < E; i++) {
			out[b * E + i] = s;
			s += in[b * E + i];
		}
		total[b] = s;
	}
	ref_launch("grid=%d block=%d", G, B);
	ref_buffer("in", U32, N, in);
	ref_buffer("out", U32, N, NULL);
	ref_buffer("total", U32, G, NULL);
	ref_param("in");
	ref_param("out");
	ref_param("total");
	ref_expect("out", U32, N, out);
	ref_expect("total", U32, G, total);
	return 0;
}
