#include "ref.h"

int main(void)
{
	enum { G = 1, B = 64, N = G * B };
	static uint32_t in[N], out[N], r1[N], r[N];
	for (int i = 0; i < N; i++)
		in[i] = ref_rand() % 1000000;
	/* shfl.down by 2 among even lanes: lane+2 past 31 reads its own value
	 * (the source lane is outside the warp); even+2 is even, so it is in the mask. */
	for (int i = 0; i < N; i++) {
		int lane = i % 32, w0 = i - lane;
		uint32_t v = in[i];
		if (lane & 1)
			r1[i] = in[i ^ 2] * 3u + in[w0 + ((lane + 4) & 31)];
		else {
			int t = i % B, src = (t + 30) % 32 + (t & ~31);
			uint32_t down = lane + 2 < 32 ? in[i + 2] : v;
			r1[i] = in[(i - t) + src] + 11u - down;
		}
	}
	for (int i = 0; i < N; i++)
		r[i] = (i % 32) & 1 ? r1[i] ^ r1[i ^ 8] : r1[i] + r1[i ^ 16];
	for (int i = 0; i < N; i++) {
		int lane = i % 32;
		out[i] = r[i] + r[i - lane + 31 - lane];
	}
	ref_launch("grid=%d block=%d", G, B);
	ref_buffer("in", U32, N, in);
	ref_buffer("out", U32, N, NULL);
	ref_param("in");
	ref_param("out");
	ref_expect("out", U32, N, out);
	return 0;
}
