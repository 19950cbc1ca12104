/*
 * mbar_native.c - the computation of bench/mbar_pipeline.s in plain C, for
 * the slowdown column of bench/RESULTS.md: per CTA, ntiles tiles of 64
 * words pass through a 4-stage ring buffer (a memcpy per tile, the
 * producer's bulk copy) and each word becomes 3 * in + t (t = the tile's
 * index within its CTA).  Usage: mbar_native CTAS NTILES [REPS]; prints
 * "CHECKSUM CPU_SECONDS" (checksum: sum of out mod 2^32; seconds per
 * repetition).  The input is iota, as the script's --buffer in=...:iota.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define TILE 64
#define STAGES 4

static double cpu_now(void)
{
	struct timespec t;
	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
	return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static void pipeline(const uint32_t *in, uint32_t *out, uint32_t ctas,
		     uint32_t ntiles)
{
	uint32_t ring[STAGES][TILE];
	for (uint32_t c = 0; c < ctas; c++)
		for (uint32_t t = 0; t < ntiles; t++) {
			size_t g = ((size_t)c * ntiles + t) * TILE;
			uint32_t *buf = ring[t % STAGES];
			memcpy(buf, in + g, sizeof ring[0]);
			for (uint32_t k = 0; k < TILE; k++)
				out[g + k] = 3 * buf[k] + t;
		}
}

int main(int argc, char **argv)
{
	if (argc < 3) {
		fprintf(stderr, "usage: mbar_native CTAS NTILES [REPS]\n");
		return 2;
	}
	uint32_t ctas = (uint32_t)strtoul(argv[1], NULL, 0);
	uint32_t ntiles = (uint32_t)strtoul(argv[2], NULL, 0);
	uint32_t reps = argc > 3 ? (uint32_t)strtoul(argv[3], NULL, 0) : 1;
	size_t n = (size_t)ctas * ntiles * TILE;
	uint32_t *in = malloc(n * sizeof *in), *out = calloc(n, sizeof *out);
	if (!in || !out)
		return 1;
	for (size_t k = 0; k < n; k++)
		in[k] = (uint32_t)k;
	double t0 = cpu_now();
	for (uint32_t r = 0; r < reps; r++)
		pipeline(in, out, ctas, ntiles);
	double t1 = cpu_now();
	uint32_t s = 0;
	for (size_t k = 0; k < n; k++)
		s += out[k];
	printf("%u %.6f\n", s, (t1 - t0) / reps);
	free(in);
	free(out);
	return 0;
}
