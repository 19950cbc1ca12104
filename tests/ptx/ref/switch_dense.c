#include "ref.h"

int main(void)
{
	enum { G = 2, B = 128, N = G * B };
	static uint32_t in[N], out[2 * N];
	for (int i = 0; i < N; i++)
		in[i] = ref_rand() % 100000;
	for (int i = 0; i < N; i++) {
		uint32_t v = in[i], r, j;
		switch (v % 11) {
		case 0: r = v * 3; break;
		case 1: r = v + 17; break;
		case 2: r = v ^ 0xabcu; break;
		case 3: r = v >> 2; break;
		case 4: r = v * v; break;
		case 5: r = ~v; break;
		case 6: r = v - 1000u; break;
		case 7: r = (v << 3) | 5u; break;
		case 8: r = v / 3u; break;
		case 9: r = (uint32_t)ref_popc(v) * 1000u; break;
		default: r = 42; break;
		}
		switch ((v >> 4) & 7) {
		case 0: j = v * 5; break;
		case 1: j = v + 99; break;
		case 2: j = v ^ 0x5555; break;
		case 3: j = v << 4; break;
		case 4: j = 7 - v; break;
		case 5: j = ~v; break;
		case 6: j = 66; break;
		default: j = v >> 3; break;
		}
		out[2 * i] = r;
		out[2 * i + 1] = j;
	}
	ref_launch("grid=%d block=%d", G, B);
	ref_buffer("in", U32, N, in);
	ref_buffer("out", U32, 2 * N, NULL);
	ref_param("in");
	ref_param("out");
	ref_expect("out", U32, 2 * N, out);
	return 0;
}
