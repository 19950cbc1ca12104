#include "ref.h"

/* long double holds every int64 exactly (x86-64), so one rounding to float. */
static float i2f(long double v, char m)
{
	float r = (float)v;
	switch (m) {
	case 'z': if (fabsl((long double)r) > fabsl(v)) r = nextafterf(r, 0.0f); break;
	case 'u': if ((long double)r < v) r = nextafterf(r, INFINITY); break;
	case 'd': if ((long double)r > v) r = nextafterf(r, -INFINITY); break;
	}
	return r;
}

/* Float to integer: round (rint is ties-to-even), then clamp; NaN gives 0. */
static long double rnd(long double v, char m)
{
	switch (m) {
	case 'n': return nearbyintl(v);
	case 'z': return truncl(v);
	case 'u': return ceill(v);
	default: return floorl(v);
	}
}
static int64_t f2i(long double v, char m, long double lo, long double hi)
{
	if (isnan(v))
		return 0;
	v = rnd(v, m);
	return (int64_t)(v < lo ? lo : v > hi ? hi : v);
}
static uint64_t f2u64(long double v, char m)
{
	if (isnan(v))
		return 0;
	v = rnd(v, m);
	return v < 0 ? 0 : v >= 18446744073709551615.0L ? ~0ull : (uint64_t)v;
}

int main(void)
{
	enum { G = 1, B = 64, N = G * B };
	static int32_t i32[N], oi[6 * N];
	static int64_t i64[N], ol[2 * N];
	static float f[N], of[6 * N];
	static double d[N], od[N];
	for (int i = 0; i < N; i++) {
		i32[i] = (int32_t)(ref_rand() << 8 ^ ref_rand());
		i64[i] = (int64_t)((uint64_t)ref_rand() << 40 ^ (uint64_t)ref_rand() << 20 ^ ref_rand()) >> (ref_rand() % 40);
		f[i] = (float)((int32_t)(ref_rand() % 20001) - 10000) / 8.0f; /* halves and eighths: ties */
		d[i] = ((double)(int32_t)(ref_rand() << 8 ^ ref_rand())) * 1.25;
	}
	/* specials: saturation, NaN, negative to unsigned, huge doubles */
	f[1] = 3e9f; f[2] = -3e9f; f[3] = NAN; f[4] = -0.5f; f[5] = 2.5f; f[6] = -2.5f; f[7] = 1e20f;
	d[1] = 1e12; d[2] = -1e12; d[3] = -7.5; d[4] = 2.5; d[5] = NAN; d[6] = 3.5e19;
	i32[1] = 16777217; i32[2] = -16777217; i32[3] = INT32_MAX; i32[4] = INT32_MIN;
	i64[1] = INT64_MAX; i64[2] = INT64_MIN; i64[3] = -1;
	for (int i = 0; i < N; i++) {
		int32_t a = i32[i];
		int64_t l = i64[i];
		float x = f[i];
		double y = d[i];
		of[6 * i + 0] = i2f(a, 'n');
		of[6 * i + 1] = i2f(a, 'z');
		of[6 * i + 2] = i2f(a, 'u');
		of[6 * i + 3] = i2f(a, 'd');
		of[6 * i + 4] = i2f((uint32_t)a, 'n');
		of[6 * i + 5] = i2f(l, 'n') + i2f((uint64_t)l, 'z');
		oi[6 * i + 0] = (int32_t)f2i(x, 'n', INT32_MIN, INT32_MAX);
		oi[6 * i + 1] = (int32_t)f2i(x, 'z', INT32_MIN, INT32_MAX);
		oi[6 * i + 2] = (int32_t)f2i(x, 'u', INT32_MIN, INT32_MAX);
		oi[6 * i + 3] = (int32_t)f2i(x, 'd', INT32_MIN, INT32_MAX);
		oi[6 * i + 4] = (int32_t)(uint32_t)f2i(x, 'n', 0, UINT32_MAX);
		oi[6 * i + 5] = (int32_t)f2i(y, 'n', INT32_MIN, INT32_MAX);
		ol[2 * i + 0] = f2i(isnan(x) ? 1.5f : x, 'z', (long double)INT64_MIN, (long double)INT64_MAX);
		ol[2 * i + 1] = (int64_t)f2u64(isnan(y) ? 2.5 : y, 'd');
		od[i] = (double)(long double)l;
	}
	ref_launch("grid=%d block=%d", G, B);
	ref_buffer("i32", S32, N, i32);
	ref_buffer("i64", S64, N, i64);
	ref_buffer("f", F32, N, f);
	ref_buffer("d", F64, N, d);
	ref_buffer("of", F32, 6 * N, NULL);
	ref_buffer("oi", S32, 6 * N, NULL);
	ref_buffer("ol", S64, 2 * N, NULL);
	ref_buffer("od", F64, N, NULL);
	ref_param("i32");
	ref_param("i64");
	ref_param("f");
	ref_param("d");
	ref_param("of");
	ref_param("oi");
	ref_param("ol");
	ref_param("od");
	ref_expect("of", F32, 6 * N, of);
	ref_expect("oi", S32, 6 * N, oi);
	ref_expect("ol", S64, 2 * N, ol);
	ref_expect("od", F64, N, od);
	return 0;
}
