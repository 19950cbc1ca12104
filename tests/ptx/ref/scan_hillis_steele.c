#include "ref.h"

int main(void)
{
	enum { G = 2, B = 256, N = G * B };
	static int32_t in[N], sum[N], mx[N];
	for (int i = 0; i < N; i++)
		in[i] = (int32_t)(ref_rand() % 2001) - 1000;
	for (int b = 0; b < G; b++) {
		int32_t s = 0, m = INT32_MIN;
		for (int i = 0; i < B; i++) {
			int32_t v = in[b * B + i];
			s += v;
			m = v > m ? v : m;
			sum[b * B + i] = s;
			mx[b * B + i] = m;
		}
	}
	ref_launch("grid=%d block=%d", G, B);
	ref_buffer("in", S32, N, in);
	ref_buffer("sum", S32, N, NULL);
	ref_buffer("mx", S32, N, NULL);
	ref_param("in");
	ref_param("sum");
	ref_param("mx");
	ref_expect("sum", S32, N, sum);
	ref_expect("mx", S32, N, mx);
	return 0;
}
