#include "ref.h"

int main(void)
{
	enum { G = 2, B = 64, N = G * B };
	static uint32_t in[N], out[5 * N], tickets[N];
	uint32_t counter = 0;
	for (int i = 0; i < N; i++)
		in[i] = ref_rand() % 1000;
	for (int i = 0; i < 32; i++) /* one warp with every lane odd */
		in[B + i] |= 1;
	for (int i = 0; i < N; i++) {
		int lane = i % 32, w0 = i - lane;
		uint32_t odd = 0, even = 0, sum = 0;
		int first = -1;
		for (int l = 0; l < 32; l++) {
			if (in[w0 + l] & 1) {
				odd |= 1u << l;
				sum += in[w0 + l];
				if (first < 0)
					first = l;
			} else {
				even |= 1u << l;
			}
		}
		uint32_t *o = &out[5 * i];
		if (in[i] & 1) {
			o[0] = odd;
			o[1] = (uint32_t)ref_popc(odd & ((1u << lane) - 1));
			o[2] = (uint32_t)ref_popc(odd);
			o[3] = sum;
			o[4] = in[w0 + first];
			tickets[counter++] = 1;
		} else {
			o[0] = even;
		}
	}
	ref_launch("grid=%d block=%d", G, B);
	ref_buffer("in", U32, N, in);
	ref_buffer("out", U32, 5 * N, NULL);
	ref_buffer("counter", U32, 1, NULL);
	ref_buffer("tickets", U32, N, NULL);
	ref_param("in");
	ref_param("out");
	ref_param("counter");
	ref_param("tickets");
	ref_expect("out", U32, 5 * N, out);
	ref_expect("counter", U32, 1, &counter);
	ref_expect("tickets", U32, N, tickets);
	return 0;
}
