#include "ref.h"

int main(void)
{
	enum { G = 2, B = 64, N = G * B };
	static float f[4 * N], of[4 * N];
	static int32_t iv[4 * N], oi[4 * N], op[2 * N];
	static double d[2 * N], od[2 * N];
	static uint8_t c[4 * N];
	static int16_t s[2 * N];
	for (int k = 0; k < 4 * N; k++) {
		f[k] = (float)((int)(ref_rand() % 4001) - 2000) * 0.25f;
		iv[k] = (int32_t)(ref_rand() << 8 ^ ref_rand());
		c[k] = (uint8_t)ref_rand();
	}
	for (int k = 0; k < 2 * N; k++) {
		d[k] = (double)((int)(ref_rand() % 100001) - 50000) * 0.125;
		s[k] = (int16_t)(ref_rand() % 65536);
	}
	for (int g = 0; g < N; g++) {
		const float *a = &f[4 * g], *b = &f[4 * ((g + 1) % N)];
		const int32_t *v = &iv[4 * g];
		const uint8_t *u = &c[4 * g];
		of[4 * g + 0] = a[0] + b[3];
		of[4 * g + 1] = a[1] - b[2];
		of[4 * g + 2] = a[2] * 2.0f;
		of[4 * g + 3] = a[3] + 0.5f;
		oi[4 * g + 0] = (int32_t)((uint32_t)v[3] + u[0]);
		oi[4 * g + 1] = (int32_t)((uint32_t)v[2] - u[1]);
		oi[4 * g + 2] = v[1] ^ u[2];
		oi[4 * g + 3] = (int32_t)((uint32_t)v[0] + u[3]);
		const double *w = &d[2 * g], *q = &d[2 * ((g + 3) % N)];
		od[2 * g + 0] = w[0] + q[1];
		od[2 * g + 1] = w[1] - q[0];
		op[2 * g + 0] = s[2 * g] * 3;
		op[2 * g + 1] = s[2 * g + 1] - 7;
	}
	ref_launch("grid=%d block=%d", G, B);
	ref_buffer("f", F32, 4 * N, f);
	ref_buffer("i", S32, 4 * N, iv);
	ref_buffer("d", F64, 2 * N, d);
	ref_buffer("c", U8, 4 * N, c);
	ref_buffer("s", S16, 2 * N, s);
	ref_buffer("of", F32, 4 * N, NULL);
	ref_buffer("oi", S32, 4 * N, NULL);
	ref_buffer("od", F64, 2 * N, NULL);
	ref_buffer("op", S32, 2 * N, NULL);
	ref_param("f");
	ref_param("i");
	ref_param("d");
	ref_param("c");
	ref_param("s");
	ref_param("of");
	ref_param("oi");
	ref_param("od");
	ref_param("op");
	ref_expect("of", F32, 4 * N, of);
	ref_expect("oi", S32, 4 * N, oi);
	ref_expect("od", F64, 2 * N, od);
	ref_expect("op", S32, 2 * N, op);
	return 0;
}
