#include "ref.h"

/* binary16 bits of a small exact value (integers and halves below 2048). */
static uint16_t h_of(double v)
{
	uint16_t sign = v < 0 ? 0x8000 : 0;
	v = fabs(v);
	if (v == 0)
		return sign;
	int k;
	frexp(v, &k);
	int e = k - 1;
	return sign | (uint16_t)((e + 15) << 10) | (uint16_t)(ldexp(v, 10 - e) - 1024);
}

int main(void)
{
	enum { G = 2, B = 128, N = G * B };
	static uint32_t in[N];
	uint32_t c0[8] = {0, 5, 0, 0, 0, 0, 0, 0}, c[8];
	uint64_t c64[1] = {1};
	uint32_t h2[1];
	double lo = 0, hi = 0;
	for (int i = 0; i < N; i++)
		in[i] = ref_rand() % 100000;
	memcpy(c, c0, sizeof c);
	for (int i = 0; i < N; i++) {
		uint32_t v = in[i];
		c[0] += 1;
		c[1] += v;
		c[2] = v > c[2] ? v : c[2];
		c[3] |= 1u << (v % 32);
		c[4] += v & 0xff;
		c[5] = (v ^ 0x5555u) > c[5] ? (v ^ 0x5555u) : c[5];
		c64[0] += (uint64_t)v << 24;
		lo += v % 8;
		hi += -0.5 * (v % 4);
		c[6 + i / B] += v;
	}
	/* partial sums: integers below 2048 (low half), multiples of 1/2 above
	 * -512 (high half), all exact in binary16, so any order gives these bits */
	h2[0] = (uint32_t)h_of(hi) << 16 | h_of(lo);
	ref_launch("grid=%d block=%d", G, B);
	ref_buffer("in", U32, N, in);
	ref_buffer("c", U32, 8, c0);
	ref_buffer("c64", U64, 1, (uint64_t[]){1});
	ref_buffer("h2", U32, 1, NULL);
	ref_param("in");
	ref_param("c");
	ref_param("c64");
	ref_param("h2");
	ref_expect("c", U32, 8, c);
	ref_expect("c64", U64, 1, c64);
	ref_expect("h2", U32, 1, h2);
	return 0;
}
