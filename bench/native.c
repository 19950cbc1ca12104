/*
 * native.c - the computations of bench/sim_*.s in plain C, for the
 * slowdown column of bench/RESULTS.md.  Usage: native alu|diverge|barrier|
 * stream|histogram|nested|treered ARGS; prints "CHECKSUM CPU_SECONDS" (checksum: sum of the output
 * words mod 2^32, the same the script computes from `simt run --print`).
 * Each thread's work is a loop of the same operations the kernel runs.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double cpu_now(void)
{
	struct timespec t;
	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
	return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

/* Start of the timed work: main sets it, a computation with set-up of its
 * own (treered) moves it past the set-up. */
static double t_begin;

static uint32_t sum(const uint32_t *v, size_t n)
{
	uint32_t s = 0;
	for (size_t k = 0; k < n; k++)
		s += v[k];
	return s;
}

/* alu / diverge: thread i runs iters (+ i % 32) iterations. */
static uint32_t alu(uint32_t threads, uint32_t iters, int diverge)
{
	uint32_t *out = malloc(threads * sizeof *out);
	for (uint32_t i = 0; i < threads; i++) {
		uint32_t n = iters + (diverge ? (i & 31) : 0);
		uint32_t x = i, y = 0;
		for (uint32_t k = 0; k < n; k++) {
			x = x * 1664525u + k;
			y ^= x;
		}
		out[i] = y;
	}
	uint32_t s = sum(out, threads);
	free(out);
	return s;
}

/* barrier: per CTA, iters rounds of x[t] += x[(t + 1) % ntid]. */
static uint32_t barrier(uint32_t ctas, uint32_t ntid, uint32_t iters)
{
	uint32_t *out = malloc((size_t)ctas * ntid * sizeof *out);
	uint32_t *x = malloc(ntid * sizeof *x), *s = malloc(ntid * sizeof *s);
	for (uint32_t c = 0; c < ctas; c++) {
		for (uint32_t t = 0; t < ntid; t++)
			x[t] = c * ntid + t;
		for (uint32_t k = 0; k < iters; k++) {
			memcpy(s, x, ntid * sizeof *x);
			for (uint32_t t = 0; t < ntid; t++)
				x[t] += s[t + 1 == ntid ? 0 : t + 1];
		}
		memcpy(out + (size_t)c * ntid, x, ntid * sizeof *x);
	}
	uint32_t r = sum(out, (size_t)ctas * ntid);
	free(out);
	free(x);
	free(s);
	return r;
}

/* stream: y[i] = 3 * x[i] + y[i] with x = iota, y = 0, repeated reps times. */
static uint32_t stream(uint32_t n, uint32_t reps)
{
	uint32_t *x = malloc(n * sizeof *x), *y = calloc(n, sizeof *y);
	for (uint32_t i = 0; i < n; i++)
		x[i] = i;
	for (uint32_t r = 0; r < reps; r++)
		for (uint32_t i = 0; i < n; i++)
			y[i] = 3 * x[i] + y[i];
	uint32_t s = sum(y, n);
	free(x);
	free(y);
	return s;
}

/* histogram: thread i runs iters LCG steps, bin x >> 26 of 64 counted. */
static uint32_t histogram(uint32_t threads, uint32_t iters)
{
	uint32_t hist[64] = {0};
	for (uint32_t i = 0; i < threads; i++) {
		uint32_t x = i;
		for (uint32_t k = 0; k < iters; k++) {
			x = x * 1664525u + k;
			hist[x >> 26]++;
		}
	}
	return sum(hist, 64);
}

/* nested: as diverge, with y ^= x or y += x by bit 3 of x. */
static uint32_t nested(uint32_t threads, uint32_t iters)
{
	uint32_t *out = malloc(threads * sizeof *out);
	for (uint32_t i = 0; i < threads; i++) {
		uint32_t n = iters + (i & 31);
		uint32_t x = i, y = 0;
		for (uint32_t k = 0; k < n; k++) {
			x = x * 1664525u + k;
			if (x & 8)
				y ^= x;
			else
				y += x;
		}
		out[i] = y;
	}
	uint32_t s = sum(out, threads);
	free(out);
	return s;
}

/* treered: out[c] = sum of the tiles * 256 elements of CTA c, x = iota. */
static uint32_t treered(uint32_t ctas, uint32_t tiles)
{
	size_t n = (size_t)ctas * tiles * 256;
	uint32_t *x = malloc(n * sizeof *x), *out = malloc(ctas * sizeof *out);
	for (size_t i = 0; i < n; i++)
		x[i] = (uint32_t)i;
	t_begin = cpu_now(); /* the simulator's run time excludes set-up too */
	for (uint32_t c = 0; c < ctas; c++)
		out[c] = sum(x + (size_t)c * tiles * 256, (size_t)tiles * 256);
	uint32_t s = sum(out, ctas);
	free(x);
	free(out);
	return s;
}

int main(int argc, char **argv)
{
	if (argc < 4) {
		fprintf(stderr, "usage: native alu|diverge|histogram|nested THREADS ITERS | barrier CTAS NTID ITERS | stream N REPS | treered CTAS TILES\n");
		return 2;
	}
	uint32_t a = (uint32_t)strtoul(argv[2], NULL, 0), b = (uint32_t)strtoul(argv[3], NULL, 0);
	uint32_t c = argc > 4 ? (uint32_t)strtoul(argv[4], NULL, 0) : 0;
	t_begin = cpu_now();
	uint32_t s;
	if (!strcmp(argv[1], "alu"))
		s = alu(a, b, 0);
	else if (!strcmp(argv[1], "diverge"))
		s = alu(a, b, 1);
	else if (!strcmp(argv[1], "barrier"))
		s = barrier(a, b, c);
	else if (!strcmp(argv[1], "histogram"))
		s = histogram(a, b);
	else if (!strcmp(argv[1], "nested"))
		s = nested(a, b);
	else if (!strcmp(argv[1], "treered"))
		s = treered(a, b);
	else
		s = stream(a, b);
	double t1 = cpu_now();
	printf("%u %.6f\n", s, t1 - t_begin);
	return 0;
}
