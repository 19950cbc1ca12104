#include "ref.h"

static const uint32_t ctab[16] = {
	0x9e3779b9u, 0x7f4a7c15u, 0xf39cc060u, 0x5ced1d2eu, 0x1b873593u, 0xcc9e2d51u, 0x85ebca6bu, 0xc2b2ae35u,
	0x27d4eb2fu, 0x165667b1u, 0xd3a2646cu, 0xfd7046c5u, 0xb55a4f09u, 0x68e31da4u, 0x2127599bu, 0x3c6ef372u};
static const float cscale[4] = {0.5f, -1.25f, 3.0f, 1024.0f};
static const uint32_t gtab[8] = {1, 1, 2, 6, 24, 120, 720, 5040};

int main(void)
{
	enum { G = 2, B = 64, N = G * B };
	static uint32_t in[N], out[2 * N];
	static float fout[N];
	for (int i = 0; i < N; i++)
		in[i] = ref_rand();
	for (uint32_t g = 0; g < N; g++) {
		uint32_t v = in[g], h = v;
		for (int r = 0; r < 3; r++)
			h = (h ^ ctab[(h >> 7) & 15]) * 0x01000193u;
		out[2 * g] = h;
		out[2 * g + 1] = gtab[v & 7] + ctab[g & 15];
		fout[g] = (float)(v & 255) * cscale[v % 4];
	}
	ref_launch("grid=%d block=%d", G, B);
	ref_buffer("in", U32, N, in);
	ref_buffer("out", U32, 2 * N, NULL);
	ref_buffer("fout", F32, N, NULL);
	ref_param("in");
	ref_param("out");
	ref_param("fout");
	ref_expect("out", U32, 2 * N, out);
	ref_expect("fout", F32, N, fout);
	return 0;
}
