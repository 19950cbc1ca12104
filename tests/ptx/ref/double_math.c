#include "ref.h"

static double rnd(int lo, int hi)
{
	/* sign * (1 + 52-bit fraction) * 2^e, e in [lo, hi] */
	uint64_t frac = ((uint64_t)ref_rand() << 28 ^ ref_rand()) & ((1ull << 52) - 1);
	int e = lo + (int)(ref_rand() % (uint32_t)(hi - lo + 1));
	double v = ldexp(1.0 + ldexp((double)frac, -52), e);
	return ref_rand() & 1 ? -v : v;
}

int main(void)
{
	enum { G = 1, B = 64, N = G * B };
	static double x[N], y[N], z[N], out[13 * N];
	for (int i = 0; i < N; i++) {
		x[i] = rnd(-30, 30);
		y[i] = rnd(-30, 30);
		z[i] = rnd(-10, 50);
	}
	x[1] = 2.5; y[1] = -3.5; z[1] = 4.0;      /* rint ties to even, exact cases */
	x[2] = 9.0; y[2] = 0.5; z[2] = -0.75;
	x[3] = 1.0; y[3] = 3.0; z[3] = 2.0;       /* 1/3 in every direction */
	x[4] = -1.0; y[4] = 3.0; z[4] = 3.0;
	x[5] = 1e300; y[5] = -1e-300; z[5] = -1e300; /* large quotient, fma cancels */
	for (int i = 0; i < N; i++) {
		double a = x[i], b = y[i], c = z[i];
		double *o = &out[13 * i];
		o[0] = fma(a, b, c);
		o[1] = sqrt(fabs(a));
		o[2] = a / b;
		o[3] = 1.0 / b;
		o[4] = ref_add(a, b, 'z');
		o[5] = ref_mul(a, b, 'u');
		o[6] = ref_div(a, b, 'd');
		o[7] = ref_sqrt(fabs(c), 'u');
		o[8] = floor(a);
		o[9] = nearbyint(b);
		o[10] = trunc(c);
		o[11] = ceil(a);
		o[12] = copysign(a, b);
	}
	ref_launch("grid=%d block=%d", G, B);
	ref_buffer("x", F64, N, x);
	ref_buffer("y", F64, N, y);
	ref_buffer("z", F64, N, z);
	ref_buffer("out", F64, 13 * N, NULL);
	ref_param("x");
	ref_param("y");
	ref_param("z");
	ref_param("out");
	ref_expect("out", F64, 13 * N, out);
	return 0;
}
