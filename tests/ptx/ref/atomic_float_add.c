#include "ref.h"

int main(void)
{
	enum { G = 2, B = 128, N = G * B };
	static float in[N];
	float fsum[1 + G] = {0.5f, 0, 0};
	double dsum[2] = {-3.0, 1.0};
	float f0[1 + G];
	double d0[2];
	memcpy(f0, fsum, sizeof f0);
	memcpy(d0, dsum, sizeof d0);
	/* multiples of 1/4 below 256: every partial sum is exact in binary32 */
	for (int i = 0; i < N; i++)
		in[i] = (float)((int)(ref_rand() % 2048) - 1024) * 0.25f;
	for (int i = 0; i < N; i++) {
		float x = in[i];
		fsum[0] += x;
		fsum[1 + i / B] += x;
		dsum[0] += (double)x * 0.5;
		dsum[1] += (double)x * 1048576.0 + 0.125;
	}
	ref_launch("grid=%d block=%d", G, B);
	ref_buffer("in", F32, N, in);
	ref_buffer("fsum", F32, 1 + G, f0);
	ref_buffer("dsum", F64, 2, d0);
	ref_param("in");
	ref_param("fsum");
	ref_param("dsum");
	ref_expect("fsum", F32, 1 + G, fsum);
	ref_expect("dsum", F64, 2, dsum);
	return 0;
}
