#include "ref.h"

int main(void)
{
	enum { B = 64, N = B };
	static uint32_t key[N], out[4 * N];
	static uint64_t key64[N];
	for (int i = 0; i < N; i++) {
		int w = i / 32;
		/* low byte: one of 5 classes; bits 8+: the same in warp 0, not in warp 1 */
		key[i] = (ref_rand() % 5) | (w == 0 ? 0x4200u : (uint32_t)(i % 3) << 8);
		/* 64-bit keys equal in the low word across classes, different above */
		key64[i] = (uint64_t)(ref_rand() % 4) << 40 | 0x1234u;
	}
	for (int i = 0; i < N; i++) {
		int w0 = i & ~31;
		uint32_t any = 0, any64 = 0, all = 1;
		for (int l = 0; l < 32; l++) {
			any |= (uint32_t)(key[w0 + l] == key[i]) << l;
			any64 |= (uint32_t)(key64[w0 + l] == key64[i]) << l;
			all &= (key[w0 + l] >> 8) == (key[i] >> 8);
		}
		out[4 * i + 0] = any;
		out[4 * i + 1] = any64;
		out[4 * i + 2] = all ? 0xffffffffu : 0;
		out[4 * i + 3] = all;
	}
	ref_launch("grid=1 block=%d", B);
	ref_buffer("key", U32, N, key);
	ref_buffer("key64", U64, N, key64);
	ref_buffer("out", U32, 4 * N, NULL);
	ref_param("key");
	ref_param("key64");
	ref_param("out");
	ref_expect("out", U32, 4 * N, out);
	return 0;
}
