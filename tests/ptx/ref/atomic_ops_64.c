#include "ref.h"

int main(void)
{
	enum { B = 128, NC = 10 };
	static uint64_t in[B];
	static uint32_t tickets[B];
	uint64_t c0[NC] = {1, ~0ull, 0, ~0ull, 0, 0xfedcba9876543210ull, 5, 0, 0x100000000ull, 0};
	int64_t sc0[2] = {0, INT64_MIN};
	uint64_t c[NC];
	int64_t sc[2];
	for (int i = 0; i < B; i++)
		in[i] = (uint64_t)ref_rand() << 40 ^ (uint64_t)ref_rand() << 20 ^ ref_rand();
	in[3] |= 1ull << 63;
	in[90] |= 1ull << 63;
	memcpy(c, c0, sizeof c);
	memcpy(sc, sc0, sizeof sc);
	for (int t = 0; t < B; t++) {
		uint64_t v = in[t];
		int64_t s = (int64_t)v;
		c[0] += v;
		c[1] = v < c[1] ? v : c[1];
		c[2] = v > c[2] ? v : c[2];
		c[3] &= ~(1ull << (v & 63));
		c[4] |= 1ull << (v % 61);
		c[5] ^= v;
		c[7] += c[6];
		c[6] = v;
		c[8] += v >> 7;
		tickets[c[9]++] += 1;
		sc[0] = s < sc[0] ? s : sc[0];
		sc[1] = s > sc[1] ? s : sc[1];
	}
	c[7] += c[6];
	c[6] = 0;
	ref_launch("grid=1 block=%d", B);
	ref_buffer("in", U64, B, in);
	ref_buffer("c", U64, NC, c0);
	ref_buffer("sc", S64, 2, sc0);
	ref_buffer("tickets", U32, B, NULL);
	ref_param("in");
	ref_param("c");
	ref_param("sc");
	ref_param("tickets");
	ref_expect("c", U64, NC, c);
	ref_expect("sc", S64, 2, sc);
	ref_expect("tickets", U32, B, tickets);
	return 0;
}
