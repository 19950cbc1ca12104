#include "ref.h"

int main(void)
{
	enum { G = 2, B = 64, N = G * B };
	static float in[N];
	float fm[1 + G] = {-INFINITY, -1000.0f, 0.5f};
	double dm[1] = {INFINITY};
	float f0[1 + G];
	double d0[1];
	memcpy(f0, fm, sizeof f0);
	memcpy(d0, dm, sizeof d0);
	for (int i = 0; i < N; i++) {
		/* arbitrary non-zero finite floats of both signs */
		uint32_t r = ref_rand();
		float f = u2f(0x3c000000u + (r & 0x07ffffffu));
		in[i] = (r >> 23) & 1 ? -f : f;
	}
	for (int i = 0; i < N; i++) {
		float x = in[i];
		if (x > fm[0])
			fm[0] = x;
		if (-x > fm[1 + i / B])
			fm[1 + i / B] = -x;
		double d = (double)x * (double)x - 2.0;
		if (d < dm[0])
			dm[0] = d;
	}
	ref_launch("grid=%d block=%d", G, B);
	ref_buffer("in", F32, N, in);
	ref_buffer("fmax_out", F32, 1 + G, f0);
	ref_buffer("dmin_out", F64, 1, d0);
	ref_param("in");
	ref_param("fmax_out");
	ref_param("dmin_out");
	ref_expect("fmax_out", F32, 1 + G, fm);
	ref_expect("dmin_out", F64, 1, dm);
	return 0;
}
