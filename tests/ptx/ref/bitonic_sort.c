#include "ref.h"

static int cmp(const void *a, const void *b)
{
	uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
	return x < y ? -1 : x > y;
}

int main(void)
{
	enum { G = 2, B = 256, N = G * B };
	static uint32_t in[N], out[N];
	for (int i = 0; i < N; i++)
		in[i] = ref_rand() % 5000; /* duplicates included */
	memcpy(out, in, sizeof out);
	for (int b = 0; b < G; b++)
		qsort(&out[b * B], B, sizeof out[0], cmp);
	ref_launch("grid=%d block=%d", G, B);
	ref_buffer("in", U32, N, in);
	ref_buffer("out", U32, N, NULL);
	ref_param("in");
	ref_param("out");
	ref_expect("out", U32, N, out);
	return 0;
}
