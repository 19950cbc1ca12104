#include "ref.h"

/* PTX shfl.sync.idx: lane j = minLane | (b & ~segmask), copy own value if j > maxLane. */
static uint32_t shfl_idx(const uint32_t *w, int lane, int b, int width)
{
	int segmask = (32 - width) & 31;
	int cval = 0x1f;
	int maxl = (lane & segmask) | (cval & ~segmask);
	int minl = lane & segmask;
	int j = minl | (b & 31 & ~segmask);
	return j <= maxl ? w[j] : w[lane];
}

int main(void)
{
	enum { G = 2, B = 64, N = G * B };
	const int src = 5;
	static uint32_t in[N], out[4 * N];
	for (int i = 0; i < N; i++)
		in[i] = 1000u * (uint32_t)i + 7u;
	for (int i = 0; i < N; i++) {
		int lane = i % 32;
		const uint32_t *w = &in[i - lane];
		out[4 * i + 0] = shfl_idx(w, lane, src, 32);
		out[4 * i + 1] = shfl_idx(w, lane, (lane * 7 + 3) & 31, 32);
		out[4 * i + 2] = shfl_idx(w, lane, 2, 8);
		out[4 * i + 3] = shfl_idx(w, lane, src + 40, 16);
	}
	ref_launch("grid=%d block=%d", G, B);
	ref_buffer("in", U32, N, in);
	ref_buffer("out", U32, 4 * N, NULL);
	ref_param("in");
	ref_param("out");
	ref_param("s32:%d", src);
	ref_expect("out", U32, 4 * N, out);
	return 0;
}
