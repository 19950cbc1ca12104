#include "ref.h"

int main(void)
{
	enum { G = 4, B = 128, N = 1024, BINS = 64 };
	const uint32_t n = 1000; /* the tail past n is never counted */
	static uint32_t in[N], hist[BINS];
	for (int i = 0; i < N; i++) {
		uint32_t r = ref_rand();
		in[i] = (r % 3 ? r % 16 : r % 64) + (r & 0xff00); /* low bins crowded */
	}
	for (uint32_t i = 0; i < n; i++)
		hist[in[i] & 63]++;
	ref_launch("grid=%d block=%d", G, B);
	ref_buffer("in", U32, N, in);
	ref_buffer("hist", U32, BINS, NULL);
	ref_param("in");
	ref_param("hist");
	ref_param("u32:%u", n);
	ref_expect("hist", U32, BINS, hist);
	return 0;
}
