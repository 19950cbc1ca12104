#include "ref.h"

int main(void)
{
	enum { G = 2, B = 128, N = G * B };
	static uint32_t in[N], out[4 * N];
	for (int i = 0; i < N; i++)
		in[i] = ref_rand() % 1000;
	for (int t0 = 0; t0 < N; t0 += 16) {
		uint32_t s[16], n[16], b = 0;
		for (int l = 0; l < 16; l++) {
			s[l] = in[t0 + l];
			b |= (in[t0 + l] & 1) << l;
		}
		for (int o = 8; o > 0; o >>= 1) {
			for (int l = 0; l < 16; l++)
				n[l] = s[l] + (l + o < 16 ? s[l + o] : s[l]);
			memcpy(s, n, sizeof s);
		}
		for (int l = 0; l < 16; l++) {
			int g = t0 + l, tid = g % B;
			uint32_t *o = &out[4 * g], mx = 0;
			for (int i = g & ~7; i < (g & ~7) + 8; i++)
				mx = in[i] > mx ? in[i] : mx;
			o[0] = s[l];
			o[1] = b;
			o[2] = (uint32_t)(tid / 16) * 100 + (uint32_t)l;
			o[3] = 8 * 1000 + mx;
		}
	}
	ref_launch("grid=%d block=%d", G, B);
	ref_buffer("in", U32, N, in);
	ref_buffer("out", U32, 4 * N, NULL);
	ref_param("in");
	ref_param("out");
	ref_expect("out", U32, 4 * N, out);
	return 0;
}
