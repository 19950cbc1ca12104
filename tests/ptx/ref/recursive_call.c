#include "ref.h"

static uint32_t fib(uint32_t n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }

static uint32_t range_sum(const uint32_t *a, uint32_t lo, uint32_t hi)
{
	if (hi - lo <= 2) {
		uint32_t s = 0;
		for (uint32_t i = lo; i < hi; i++)
			s += a[i] * (i + 1);
		return s;
	}
	uint32_t mid = lo + (hi - lo) / 2;
	return range_sum(a, lo, mid) ^ (range_sum(a, mid, hi) << 1);
}

int main(void)
{
	enum { G = 1, B = 64, N = G * B };
	static uint32_t in[N], out[2 * N];
	for (int i = 0; i < N; i++)
		in[i] = ref_rand() % 1000;
	for (uint32_t g = 0; g < N; g++) {
		uint32_t v = in[g];
		out[2 * g] = fib(v % 13);
		out[2 * g + 1] = range_sum(in, g & ~31u, (g & ~31u) + 1 + (v % 32));
	}
	ref_launch("grid=%d block=%d", G, B);
	ref_buffer("in", U32, N, in);
	ref_buffer("out", U32, 2 * N, NULL);
	ref_param("in");
	ref_param("out");
	ref_expect("out", U32, 2 * N, out);
	return 0;
}
