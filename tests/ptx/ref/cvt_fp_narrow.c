#include "ref.h"

static float d2f(double v, char m)
{
	float r = (float)v;
	switch (m) {
	case 'z': if (fabs((double)r) > fabs(v)) r = nextafterf(r, 0.0f); break;
	case 'u': if ((double)r < v) r = nextafterf(r, INFINITY); break;
	case 'd': if ((double)r > v) r = nextafterf(r, -INFINITY); break;
	}
	return r;
}

/* binary32 to binary16, round to nearest even ('n') or toward zero ('z');
 * finite, non-NaN inputs. */
static uint16_t f2h(float f, char m)
{
	uint16_t sign = signbit(f) ? 0x8000 : 0;
	double a = fabs((double)f);
	if (a == 0)
		return sign;
	int k;
	frexp(a, &k);
	int e = k - 1; /* a in [2^e, 2^(e+1)) */
	if (e > 15)
		e = 15;
	double q = ldexp(1.0, (e < -14 ? -14 : e) - 10);
	double n = m == 'n' ? nearbyint(a / q) : trunc(a / q);
	if (n * q >= 65536.0)
		return sign | (m == 'n' ? 0x7c00 : 0x7bff);
	double r = n * q;
	if (r < ldexp(1.0, -14))
		return sign | (uint16_t)n; /* subnormal */
	frexp(r, &k);
	int er = k - 1;
	return sign | (uint16_t)((er + 15) << 10) | (uint16_t)(ldexp(r, 10 - er) - 1024);
}

static float h2f(uint16_t h)
{
	int ex = (h >> 10) & 31, mant = h & 1023;
	double v = ex ? ldexp(1024 + mant, ex - 25) : ldexp(mant, -24);
	if (ex == 31)
		v = INFINITY;
	return (float)((h & 0x8000) ? -v : v);
}

static uint16_t f2bf(float f)
{
	uint32_t u = f2u(f);
	return (uint16_t)((u + 0x7fffu + ((u >> 16) & 1)) >> 16);
}

int main(void)
{
	enum { G = 1, B = 64, N = G * B };
	static double d[N], od[2 * N];
	static float f[N], of[5 * N];
	static uint16_t oh[3 * N];
	for (int i = 0; i < N; i++) {
		uint64_t r = (uint64_t)ref_rand() << 40 ^ (uint64_t)ref_rand() << 20 ^ ref_rand();
		/* doubles with exponents around the binary32 range (-160 .. 140) */
		d[i] = ldexp(1.0 + ldexp((double)(r & ((1ull << 52) - 1)), -52), (int)(ref_rand() % 301) - 160);
		if (ref_rand() & 1)
			d[i] = -d[i];
		/* floats with exponents around the binary16 range (-30 .. 20) */
		f[i] = ldexpf(1.0f + ldexpf((float)(ref_rand() & 0x7fffff), -23), (int)(ref_rand() % 51) - 30);
		if (ref_rand() % 3 == 0)
			f[i] = -f[i];
	}
	d[1] = 3.4028235677973366e38;  /* just above FLT_MAX */
	d[2] = -1e39;
	d[3] = 1.0000000000000002;     /* 1 + 2^-52 */
	d[4] = -1.0000000000000002;
	d[5] = 1e-45;                  /* subnormal binary32 results */
	d[6] = -7e-46;
	f[1] = 65519.0f; f[2] = 65520.0f; f[3] = -70000.0f; /* binary16 overflow edges */
	f[4] = 0.5f; f[5] = 1.0f; f[6] = 2.0f; f[7] = -0.25f;
	f[8] = ldexpf(1.0f, -24); f[9] = ldexpf(3.0f, -26);   /* binary16 subnormals */
	f[10] = 1.00048828125f;  /* a binary16 tie: 1 + 2^-11 */
	f[11] = 1.00390625f;     /* a bfloat16 tie: 1 + 2^-8 */
	for (int i = 0; i < N; i++) {
		double y = d[i];
		float x = f[i];
		of[5 * i + 0] = d2f(y, 'n');
		of[5 * i + 1] = d2f(y, 'z');
		of[5 * i + 2] = d2f(y, 'u');
		of[5 * i + 3] = d2f(y, 'd');
		of[5 * i + 4] = x < 0 ? 0.0f : x > 1 ? 1.0f : x;
		uint16_t h = f2h(x, 'n'), bf = f2bf(x);
		oh[3 * i + 0] = h;
		oh[3 * i + 1] = f2h(x, 'z');
		oh[3 * i + 2] = bf;
		od[2 * i + 0] = (double)x;
		od[2 * i + 1] = (double)h2f(h) + (double)u2f((uint32_t)bf << 16);
	}
	ref_launch("grid=%d block=%d", G, B);
	ref_buffer("d", F64, N, d);
	ref_buffer("f", F32, N, f);
	ref_buffer("of", F32, 5 * N, NULL);
	ref_buffer("oh", U16, 3 * N, NULL);
	ref_buffer("od", F64, 2 * N, NULL);
	ref_param("d");
	ref_param("f");
	ref_param("of");
	ref_param("oh");
	ref_param("od");
	ref_expect("of", F32, 5 * N, of);
	ref_expect("oh", U16, 3 * N, oh);
	ref_expect("od", F64, 2 * N, od);
	return 0;
}
