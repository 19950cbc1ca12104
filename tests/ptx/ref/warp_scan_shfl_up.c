#include "ref.h"

int main(void)
{
	enum { G = 2, B = 64, N = G * B };
	static uint32_t in[N], scan[N], seg[N], raw[N];
	for (int i = 0; i < N; i++)
		in[i] = ref_rand() % 1000;
	for (int i = 0; i < N; i++) {
		int lane = i % 32, w0 = i - lane;
		uint32_t s = 0, t = 0;
		for (int l = 0; l <= lane; l++)
			s += in[w0 + l];
		for (int l = lane & ~7; l <= lane; l++)
			t += in[w0 + l];
		scan[i] = s;
		seg[i] = t;
		raw[i] = (lane & 15) >= 3 ? in[i - 3] : in[i];
	}
	ref_launch("grid=%d block=%d", G, B);
	ref_buffer("in", U32, N, in);
	ref_buffer("scan", U32, N, NULL);
	ref_buffer("seg", U32, N, NULL);
	ref_buffer("raw", U32, N, NULL);
	ref_param("in");
	ref_param("scan");
	ref_param("seg");
	ref_param("raw");
	ref_expect("scan", U32, N, scan);
	ref_expect("seg", U32, N, seg);
	ref_expect("raw", U32, N, raw);
	return 0;
}
