#include "ref.h"

int main(void)
{
	enum { G = 2, B = 128, N = G * B };
	static uint32_t in[N], out[2 * N];
	for (int i = 0; i < N; i++)
		in[i] = ref_rand() % 100000;
	for (int k = 0; k < N; k++) {
		uint32_t v = in[k], acc = 0;
		for (uint32_t i = 0; i < (v & 15) + 1; i++) {
			if ((v >> i) & 1)
				continue;
			for (uint32_t j = 0; j < 8; j++) {
				if (((v ^ (i * 7 + j)) & 7) == 0)
					break;
				acc += i * j + (v >> (i + j));
				if (acc > 300000)
					goto done;
			}
			acc ^= i << 3;
		}
done:
		out[2 * k] = acc;
		uint32_t x = v | 1, steps = 0;
		while (x != 1 && steps < 60) {
			steps++;
			if (x & 1) {
				x = 3 * x + 1;
				continue;
			}
			x >>= 1;
		}
		out[2 * k + 1] = steps << 16 | (x & 0xffff);
	}
	ref_launch("grid=%d block=%d", G, B);
	ref_buffer("in", U32, N, in);
	ref_buffer("out", U32, 2 * N, NULL);
	ref_param("in");
	ref_param("out");
	ref_expect("out", U32, 2 * N, out);
	return 0;
}
