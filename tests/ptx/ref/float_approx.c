#include "ref.h"

/* floor(v), provided v is at least margin(v) away from an integer. The
 * margin is far above the PTX bounds of the approximations used (relative
 * errors around 2^-22, sin/cos absolute 2^-20.9 on [-pi, pi]) scaled by
 * the factors of the kernel. */
static int safe_floor(double v, int32_t *r)
{
	double f = v - floor(v), m = 0.01 + 2e-5 * fabs(v);
	*r = (int32_t)floor(v);
	return f > m && f < 1 - m;
}

int main(void)
{
	enum { G = 1, B = 128, N = G * B };
	static float x[N], y[N];
	static int32_t out[7 * N];
	for (int i = 0; i < N; i++) {
		for (;;) {
			/* a in [-3.1, 3.1], b in [1/64, 1024] */
			float a = (float)(((int32_t)(ref_rand() % 62001) - 31000) * 1e-4);
			float b = ldexpf(1.0f + (float)(ref_rand() % 8192) / 8192.0f, (int)(ref_rand() % 16) - 6);
			int32_t *o = &out[7 * i];
			int ok = safe_floor(exp((double)a) * 64.0, &o[0]);
			ok &= safe_floor(sin((double)a) * 1024.0, &o[1]);
			ok &= safe_floor(cos((double)a) * 1024.0, &o[2]);
			ok &= safe_floor(log2((double)b) * 256.0, &o[3]);
			ok &= safe_floor(1.0 / sqrt((double)b) * 4096.0, &o[4]);
			ok &= safe_floor((double)a / (double)b * 4096.0, &o[5]);
			ok &= safe_floor(pow((double)b, 0.75) * 16.0, &o[6]);
			if (ok) {
				x[i] = a;
				y[i] = b;
				break;
			}
		}
	}
	ref_launch("grid=%d block=%d", G, B);
	ref_buffer("x", F32, N, x);
	ref_buffer("y", F32, N, y);
	ref_buffer("out", S32, 7 * N, NULL);
	ref_param("x");
	ref_param("y");
	ref_param("out");
	ref_expect("out", S32, 7 * N, out);
	return 0;
}
