#include "ref.h"

static uint32_t mix(uint32_t a, uint64_t b, float f, uint32_t *side)
{
	uint32_t h = a * 2654435761u ^ (uint32_t)(b >> 29) ^ (uint32_t)b;
	*side += h & 0xff;
	if (f > 0.5f)
		h = (h << 7) | (h >> 25);
	return h;
}

int main(void)
{
	enum { G = 2, B = 64, N = G * B };
	static uint32_t in[N], out[N], side[N];
	for (int i = 0; i < N; i++)
		in[i] = ref_rand();
	for (uint32_t g = 0; g < N; g++) {
		uint32_t v = in[g], r;
		if (v & 1)
			r = mix(v, (uint64_t)v << 32 | g, 0.25f, &side[g]);
		else
			r = mix(g, 0x123456789ull * v, 0.75f, &side[g]);
		for (uint32_t i = 0; i < (v & 3); i++)
			r = mix(r, i, (float)i, &side[g]);
		out[g] = r;
	}
	ref_launch("grid=%d block=%d", G, B);
	ref_buffer("in", U32, N, in);
	ref_buffer("out", U32, N, NULL);
	ref_buffer("side", U32, N, NULL);
	ref_param("in");
	ref_param("out");
	ref_param("side");
	ref_expect("out", U32, N, out);
	ref_expect("side", U32, N, side);
	return 0;
}
