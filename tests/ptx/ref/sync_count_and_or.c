#include "ref.h"

int main(void)
{
	enum { G = 3, B = 96, N = G * B };
	const uint32_t limit = 1000, key = 77;
	static uint32_t in[N], out[N];
	for (int i = 0; i < N; i++)
		in[i] = ref_rand() % limit;
	for (int i = 0; i < N; i++)
		if (in[i] == key)
			in[i] = key + 1;
	in[B + 37] = key;          /* CTA 1 has the key */
	in[2 * B + 5] = limit + 4; /* CTA 2 has a value >= limit */
	for (int b = 0; b < G; b++) {
		uint32_t c = 0, a = 1, o = 0;
		for (int t = 0; t < B; t++) {
			uint32_t v = in[b * B + t];
			c += v % 3 == 0;
			a &= v < limit;
			o |= v == key;
		}
		for (int t = 0; t < B; t++)
			out[b * B + t] = c | a << 16 | o << 17;
	}
	ref_launch("grid=%d block=%d", G, B);
	ref_buffer("in", U32, N, in);
	ref_buffer("out", U32, N, NULL);
	ref_param("in");
	ref_param("out");
	ref_param("u32:%u", limit);
	ref_param("u32:%u", key);
	ref_expect("out", U32, N, out);
	return 0;
}
