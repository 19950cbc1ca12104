#include "ref.h"

int main(void)
{
	enum { G = 2, B = 64 };
	static uint32_t in[G * 32], out[G * 32], flags[2 * G], data[G * 64], count[G];
	for (int i = 0; i < G * 32; i++)
		in[i] = ref_rand() % 1000000;
	for (int b = 0; b < G; b++) {
		flags[2 * b] = flags[2 * b + 1] = 1;
		count[b] = 32;
		for (int l = 0; l < 32; l++) {
			data[b * 64 + l] = in[b * 32 + l] * 3u;
			data[b * 64 + 32 + l] = in[b * 32 + l] ^ 0xffu;
		}
		for (int l = 0; l < 32; l++)
			out[b * 32 + l] = data[b * 64 + 31 - l] + data[b * 64 + 32 + l];
	}
	ref_launch("grid=%d block=%d", G, B);
	ref_buffer("in", U32, G * 32, in);
	ref_buffer("out", U32, G * 32, NULL);
	ref_buffer("flags", U32, 2 * G, NULL);
	ref_buffer("data", U32, G * 64, NULL);
	ref_buffer("count", U32, G, NULL);
	ref_param("in");
	ref_param("out");
	ref_param("flags");
	ref_param("data");
	ref_param("count");
	ref_expect("out", U32, G * 32, out);
	ref_expect("flags", U32, 2 * G, flags);
	ref_expect("data", U32, G * 64, data);
	ref_expect("count", U32, G, count);
	return 0;
}
