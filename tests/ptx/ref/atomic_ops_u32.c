#include "ref.h"

static uint32_t inc(uint32_t x, uint32_t lim) { return x >= lim ? 0 : x + 1; }
static uint32_t dec(uint32_t x, uint32_t lim) { return x == 0 || x > lim ? lim : x - 1; }

int main(void)
{
	enum { B = 256, NC = 15 };
	static uint32_t in[B], tickets[B];
	uint32_t c0[NC] = {1000, 5, 0xffffffffu, 3, 0, 10, 0xffffffffu, 0x100u, 0x12345678u,
			   77, 1, 9, 0, 0, 0};
	int32_t sc0[4] = {0, 0, -7, 7};
	uint32_t c[NC];
	int32_t sc[4];
	for (int i = 0; i < B; i++)
		in[i] = ref_rand() % 100000;
	memcpy(c, c0, sizeof c);
	memcpy(sc, sc0, sizeof sc);
	for (int t = 0; t < B; t++) {
		uint32_t v = in[t];
		int32_t s = (int32_t)v - 50000;
		c[0] += v;
		c[1] -= v;
		c[2] = v < c[2] ? v : c[2];
		c[3] = v > c[3] ? v : c[3];
		c[13] += c[4];
		c[4] = inc(c[4], 100);
		c[14] += c[5];
		c[5] = dec(c[5], 50);
		c[6] &= ~(1u << (v & 31));
		c[7] |= 1u << (v % 29);
		c[8] ^= v;
		c[10] += c[9];
		c[9] = v;
		c[11] += v ^ 0x5a5au;
		tickets[c[12]++] += 1;
		sc[0] = s < sc[0] ? s : sc[0];
		sc[1] = s > sc[1] ? s : sc[1];
		sc[2] += s;
		sc[3] -= s;
	}
	c[10] += c[9];
	c[9] = 0;
	ref_launch("grid=1 block=%d", B);
	ref_buffer("in", U32, B, in);
	ref_buffer("c", U32, NC, c0);
	ref_buffer("sc", S32, 4, sc0);
	ref_buffer("tickets", U32, B, NULL);
	ref_param("in");
	ref_param("c");
	ref_param("sc");
	ref_param("tickets");
	ref_expect("c", U32, NC, c);
	ref_expect("sc", S32, 4, sc);
	ref_expect("tickets", U32, B, tickets);
	return 0;
}
