#include "ref.h"

static uint64_t rnd64(void) { return (uint64_t)ref_rand() << 40 ^ (uint64_t)ref_rand() << 20 ^ ref_rand(); }

int main(void)
{
	enum { G = 1, B = 64, N = G * B };
	static uint64_t x[N], y[N], out[6 * N];
	static int64_t sout[5 * N];
	for (int i = 0; i < N; i++) {
		x[i] = rnd64();
		switch (i % 4) { /* divisors of every size, never 0 */
		case 0: y[i] = rnd64(); break;
		case 1: y[i] = (ref_rand() % 1000) + 1; break;
		case 2: y[i] = ~(uint64_t)(ref_rand() % 5000); break; /* small negative */
		default: y[i] = (rnd64() >> (ref_rand() % 40)) | 1; break;
		}
		if (i % 8 == 5)
			x[i] |= 1ull << 63;
	}
	x[7] = 0x8000000000000000ull; /* INT64_MIN / 3 and % 3 */
	y[7] = 3;
	for (int i = 0; i < N; i++) {
		uint64_t a = x[i], b = y[i];
		int64_t sa = (int64_t)a, sb = (int64_t)b;
		uint64_t *o = &out[6 * i];
		int64_t *so = &sout[5 * i];
		o[0] = (uint64_t)(((unsigned __int128)a * b) >> 64);
		o[1] = a * b;
		o[2] = a / b;
		o[3] = a % b;
		o[4] = (a >> (b & 63)) ^ (b << (a & 63));
		o[5] = (uint64_t)(uint32_t)a * (uint32_t)(b >> 32) + (uint64_t)((int64_t)(int32_t)a * (int32_t)b);
		so[0] = (int64_t)(((__int128)sa * sb) >> 64);
		so[1] = sa / sb;
		so[2] = sa % sb;
		so[3] = sa >> (sb & 63);
		so[4] = sa < sb ? (int64_t)((uint64_t)sb - (uint64_t)sa) : (int64_t)((uint64_t)sa - (uint64_t)sb);
	}
	ref_launch("grid=%d block=%d", G, B);
	ref_buffer("x", U64, N, x);
	ref_buffer("y", U64, N, y);
	ref_buffer("out", U64, 6 * N, NULL);
	ref_buffer("sout", S64, 5 * N, NULL);
	ref_param("x");
	ref_param("y");
	ref_param("out");
	ref_param("sout");
	ref_expect("out", U64, 6 * N, out);
	ref_expect("sout", S64, 5 * N, sout);
	return 0;
}
