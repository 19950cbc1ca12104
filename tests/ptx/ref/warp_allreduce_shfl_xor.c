#include "ref.h"

int main(void)
{
	enum { G = 2, B = 64, N = G * B };
	static int32_t in[N], mx[N];
	static uint32_t sum[N];
	for (int i = 0; i < N; i++)
		in[i] = (int32_t)(ref_rand() % 200001) - 100000;
	for (int w = 0; w < N / 32; w++) {
		int32_t m = INT32_MIN;
		uint32_t s = 0;
		for (int l = 0; l < 32; l++) {
			int32_t v = in[w * 32 + l];
			m = v > m ? v : m;
			s += (uint32_t)v;
		}
		for (int l = 0; l < 32; l++) {
			mx[w * 32 + l] = m;
			sum[w * 32 + l] = s;
		}
	}
	ref_launch("grid=%d block=%d", G, B);
	ref_buffer("in", S32, N, in);
	ref_buffer("out_max", S32, N, NULL);
	ref_buffer("out_sum", U32, N, NULL);
	ref_param("in");
	ref_param("out_max");
	ref_param("out_sum");
	ref_expect("out_max", S32, N, mx);
	ref_expect("out_sum", U32, N, sum);
	return 0;
}
