#include "ref.h"

static float rnd(int lo, int hi)
{
	uint32_t frac = ref_rand() & ((1u << 23) - 1);
	int e = lo + (int)(ref_rand() % (uint32_t)(hi - lo + 1));
	float v = ldexpf(1.0f + ldexpf((float)frac, -23), e);
	return ref_rand() & 1 ? -v : v;
}

int main(void)
{
	enum { G = 1, B = 64, N = G * B };
	static float x[N], y[N], z[N], den[N], out[20 * N];
	for (int i = 0; i < N; i++) {
		x[i] = rnd(-12, 12);
		y[i] = rnd(-12, 12);
		z[i] = rnd(-4, 20);
		den[i] = u2f(ref_rand() & 0x807fffffu); /* subnormal (or zero) */
	}
	x[1] = 2.5f; y[1] = -3.5f; z[1] = 4.0f;
	x[2] = 9.0f; y[2] = 0.5f; z[2] = -0.75f;
	x[3] = 1.0f; y[3] = 3.0f; z[3] = 2.0f;
	x[4] = -1.0f; y[4] = 3.0f; z[4] = 3.0f;
	x[5] = 7.5f; y[5] = -2.0f; z[5] = -7.5f; /* fmod sign, fma cancels exactly */
	den[6] = u2f(0x00000001u);
	den[7] = u2f(0x80000003u);
	for (int i = 0; i < N; i++) {
		float a = x[i], b = y[i], c = z[i], d = den[i];
		float *o = &out[20 * i];
		o[0] = fmaf(a, b, c);
		o[1] = sqrtf(fabsf(a));
		o[2] = a / b;
		o[3] = 1.0f / b;
		o[4] = ref_addf(a, b, 'z');
		o[5] = ref_mulf(a, b, 'd');
		o[6] = ref_divf(a, b, 'u');
		o[7] = ref_sqrtf(fabsf(c), 'd');
		o[8] = floorf(a);
		o[9] = nearbyintf(b);
		o[10] = truncf(c);
		o[11] = ceilf(a);
		o[12] = fmodf(a, b);
		o[13] = ldexpf(a, i % 9 - 4);
		o[14] = fminf(a, b);
		o[15] = fmaxf(b, c);
		o[16] = d + d;
		o[17] = d * 0.75f;
		o[18] = sqrtf(d);
		o[19] = d / 3.0f;
	}
	ref_launch("grid=%d block=%d", G, B);
	ref_buffer("x", F32, N, x);
	ref_buffer("y", F32, N, y);
	ref_buffer("z", F32, N, z);
	ref_buffer("den", F32, N, den);
	ref_buffer("out", F32, 20 * N, NULL);
	ref_param("x");
	ref_param("y");
	ref_param("z");
	ref_param("den");
	ref_param("out");
	ref_expect("out", F32, 20 * N, out);
	return 0;
}
