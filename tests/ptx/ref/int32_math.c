#include "ref.h"

static int32_t sext24(uint32_t v) { return (int32_t)(v << 8) >> 8; }

int main(void)
{
	enum { G = 1, B = 96, N = G * B };
	static int32_t x[N], y[N], out[14 * N];
	for (int i = 0; i < N; i++) {
		x[i] = (int32_t)(ref_rand() << 8 ^ ref_rand());
		y[i] = i % 3 == 0 ? (int32_t)(ref_rand() % 200) - 100 : (int32_t)(ref_rand() << 8 ^ ref_rand());
		if (y[i] == 0)
			y[i] = 9;
	}
	for (int i = 0; i < N; i++) {
		int32_t a = x[i], b = y[i];
		uint32_t ua = (uint32_t)a, ub = (uint32_t)b;
		int32_t *o = &out[14 * i];
		o[0] = (int32_t)(((int64_t)a * b) >> 32);
		o[1] = (int32_t)(uint32_t)(((uint64_t)ua * ub) >> 32);
		o[2] = (int32_t)((uint32_t)((int64_t)sext24(ua) * sext24(ub)));
		o[3] = (int32_t)((ua & 0xffffff) * (ub & 0xffffff));
		o[4] = (int32_t)((uint32_t)(a > b ? (int64_t)a - b : (int64_t)b - a) + 7u);
		o[5] = (int32_t)(ua > ub ? ua - ub : ub - ua);
		o[6] = (int32_t)(((int64_t)a + b) >> 1);
		o[7] = (int32_t)(((int64_t)a + b + 1) >> 1);
		o[8] = (int32_t)(uint32_t)(((uint64_t)ua + ub) >> 1);
		uint32_t ab = a < 0 ? 0u - ua : ua;
		o[9] = (int32_t)(ab + (uint32_t)(a > b ? a : b) - (uint32_t)(a < b ? a : b));
		o[10] = a / b;
		o[11] = a % b;
		int32_t d = 1000;
		for (int k = 0; k < 4; k++)
			d += (int8_t)(ua >> (8 * k)) * (int8_t)(ub >> (8 * k));
		o[12] = d;
		uint32_t e = 5;
		for (int k = 0; k < 2; k++)
			e += (uint32_t)(uint16_t)(ua >> (16 * k)) * (uint8_t)(ub >> (8 * k));
		o[13] = (int32_t)e;
	}
	ref_launch("grid=%d block=%d", G, B);
	ref_buffer("x", S32, N, x);
	ref_buffer("y", S32, N, y);
	ref_buffer("out", S32, 14 * N, NULL);
	ref_param("x");
	ref_param("y");
	ref_param("out");
	ref_expect("out", S32, 14 * N, out);
	return 0;
}
