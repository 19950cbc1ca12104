/*
 * warp_native.c - bench/warp_shfl_reduce.s in plain C, for the slowdown
 * column of bench/warp_bench.sh.  Usage: warp_native THREADS ITERS;
 * prints "CHECKSUM CPU_SECONDS" (checksum: sum of the per-warp outputs mod
 * 2^32, as the script computes it from `simt run --print out`).  The warp
 * sum a shuffle-down tree gives lane 0 is the plain sum of the 32 values.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double cpu_now(void)
{
	struct timespec t;
	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
	return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

int main(int argc, char **argv)
{
	if (argc < 3) {
		fprintf(stderr, "usage: warp_native THREADS ITERS\n");
		return 2;
	}
	uint32_t threads = (uint32_t)strtoul(argv[1], NULL, 0);
	uint32_t iters = (uint32_t)strtoul(argv[2], NULL, 0);
	uint32_t nwarps = threads / 32;
	uint32_t *out = calloc(nwarps ? nwarps : 1, sizeof *out);
	double t0 = cpu_now();
	for (uint32_t w = 0; w < nwarps; w++) {
		uint32_t v[32], acc = 0;
		for (int l = 0; l < 32; l++)
			v[l] = w * 32 + (uint32_t)l;
		for (uint32_t k = 0; k < iters; k++) {
			uint32_t s = 0;
			for (int l = 0; l < 32; l++) {
				v[l] = v[l] * 1664525u + k;
				s += v[l];
			}
			acc += s;
		}
		out[w] = acc;
	}
	double t1 = cpu_now();
	uint32_t sum = 0;
	for (uint32_t w = 0; w < nwarps; w++)
		sum += out[w];
	printf("%u %.6f\n", sum, t1 - t0);
	free(out);
	return 0;
}
