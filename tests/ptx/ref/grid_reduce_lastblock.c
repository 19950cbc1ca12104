#include "ref.h"

int main(void)
{
	enum { G = 8, B = 128, N = G * B };
	static uint32_t in[N], partial[G];
	uint32_t out = 0, ticket = 0; /* atomicInc wraps the ticket back to 0 */
	for (int i = 0; i < N; i++)
		in[i] = (uint32_t)i * (uint32_t)i;
	for (int i = 0; i < N; i++)
		partial[i / B] += in[i];
	for (int b = 0; b < G; b++)
		out += partial[b];
	ref_launch("grid=%d block=%d", G, B);
	ref_buffer("in", U32, N, in);
	ref_buffer("partial", U32, G, NULL);
	ref_buffer("ticket", U32, 1, NULL);
	ref_buffer("out", U32, 1, NULL);
	ref_param("in");
	ref_param("partial");
	ref_param("ticket");
	ref_param("out");
	ref_expect("partial", U32, G, partial);
	ref_expect("ticket", U32, 1, &ticket);
	ref_expect("out", U32, 1, &out);
	return 0;
}
