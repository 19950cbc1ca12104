/*
 * native.c - the computations of bench/sim_*.s in plain C, for the
 * slowdown column of bench/RESULTS.md.  Usage: native alu|diverge|barrier|
 * stream|histogram|nested|treered ARGS; prints "CHECKSUM CPU_SECONDS" (checksum: sum of the output
 * words mod 2^32, the same the script computes from `simt run --print`).
 * Each thread's work is a loop of the same operations the kernel runs.
 *
 * The threaded twins of bench/threads_bench.sh's rows (d) and (e)
 * (session 15): `native stream-groups N REPS T` and `native
 * histogram-groups CTAS ITERS T` cut a grid of 256-thread CTAs into the
 * simulator's groups of 256 CTAs and run them on T threads that take
 * groups in increasing order from one counter, as src/sim/par.c's workers
 * do, touching global memory in the order the simulator's groups do:
 * the stream's group g reads and writes, per grid-stride step k, the
 * 65536 consecutive elements from k * stride + g * 65536; the histogram's
 * group counts its 65536 threads' bins privately and adds them into the
 * shared 64 bins with one atomic add per bin at its end (as the
 * simulator's workers apply their deferred reductions).  They print
 * "CHECKSUM WALL_SECONDS" (of the timed part, set-up excluded): what two
 * threads of plain C with the same access pattern gain on this host.
 */
#include <pthread.h>
#include <stdatomic.h>
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

/* Fault in the pages of the zeroed buffer y of n words (a store of the
 * zero calloc gave may be left out by the compiler: a volatile one per
 * page is not), as the simulator's buffers are set up before its run. */
static void touch(uint32_t *y, size_t n)
{
	for (size_t i = 0; i < n; i += 1024)
		((volatile uint32_t *)y)[i] = 0;
}

/* stream: y[i] = 3 * x[i] + y[i] with x = iota, y = 0, repeated reps
 * times; timed from the first pass (until session 15 the first pass also
 * faulted in y's pages: a 128 MB y took 0.5 s of a 5-pass run's 0.8). */
static uint32_t stream(uint32_t n, uint32_t reps)
{
	uint32_t *x = malloc(n * sizeof *x), *y = calloc(n, sizeof *y);
	for (uint32_t i = 0; i < n; i++)
		x[i] = i;
	touch(y, n);
	t_begin = cpu_now();
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

/* ---- the threaded twins (rows (d) and (e) of bench/threads_bench.sh) ---- */

#define GROUP_CTAS 256u   /* SIMT_DEFAULT_CTA_GROUP */
#define CTA_THREADS 256u  /* the rows' --block     */
#define GROUP_THREADS (GROUP_CTAS * CTA_THREADS)

typedef struct twin {
	atomic_uint next;     /* the next group to take */
	uint32_t groups;
	uint32_t n, stride;   /* stream: elements, grid-stride step */
	uint32_t *x, *y;
	uint32_t iters;       /* histogram */
	_Atomic uint32_t hist[64];
} twin;

static double wall_now(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

/* Stream group g: per grid-stride step, its 65536 consecutive elements. */
static void stream_group(twin *t, uint32_t g)
{
	for (uint64_t base = (uint64_t)g * GROUP_THREADS; base < t->n; base += t->stride) {
		uint32_t *x = t->x + base, *y = t->y + base;
		uint32_t len = t->n - base < GROUP_THREADS ? (uint32_t)(t->n - base) : GROUP_THREADS;
		for (uint32_t i = 0; i < len; i++)
			y[i] = 3 * x[i] + y[i];
	}
}

/* Histogram group g: its threads' bins counted privately, then one
 * atomic add per bin into the shared histogram. */
static void histogram_group(twin *t, uint32_t g)
{
	uint32_t h[64] = {0};
	for (uint32_t i = g * GROUP_THREADS; i < (g + 1) * GROUP_THREADS; i++) {
		uint32_t x = i;
		for (uint32_t k = 0; k < t->iters; k++) {
			x = x * 1664525u + k;
			h[x >> 26]++;
		}
	}
	for (int b = 0; b < 64; b++)
		atomic_fetch_add(&t->hist[b], h[b]);
}

static void *twin_stream(void *arg)
{
	twin *t = arg;
	for (uint32_t g; (g = atomic_fetch_add(&t->next, 1)) < t->groups;)
		stream_group(t, g);
	return NULL;
}

static void *twin_histogram(void *arg)
{
	twin *t = arg;
	for (uint32_t g; (g = atomic_fetch_add(&t->next, 1)) < t->groups;)
		histogram_group(t, g);
	return NULL;
}

/* Run fn on nthreads threads (the caller is one of them): wall seconds. */
static double twin_run(twin *t, void *(*fn)(void *), uint32_t nthreads)
{
	pthread_t tid[8];
	uint32_t started = 0;
	atomic_store(&t->next, 0);
	double t0 = wall_now();
	for (; started + 1 < nthreads && started < 8; started++)
		if (pthread_create(&tid[started], NULL, fn, t) != 0)
			break;
	fn(t);
	for (uint32_t k = 0; k < started; k++)
		pthread_join(tid[k], NULL);
	return wall_now() - t0;
}

/* stream-groups N REPS T: y = 3 * x + y, REPS passes, grid 4096 x 256. */
static int stream_groups(uint32_t n, uint32_t reps, uint32_t nthreads)
{
	static twin t;
	t.n = n;
	t.stride = 4096 * CTA_THREADS;
	t.groups = (t.stride + GROUP_THREADS - 1) / GROUP_THREADS;
	t.x = malloc((size_t)n * sizeof *t.x);
	t.y = calloc(n, sizeof *t.y);
	if (!t.x || !t.y)
		return 1;
	for (uint32_t i = 0; i < n; i++)
		t.x[i] = i;
	touch(t.y, n);
	double secs = 0;
	for (uint32_t r = 0; r < reps; r++)
		secs += twin_run(&t, twin_stream, nthreads);
	printf("%u %.6f\n", sum(t.y, n), secs);
	free(t.x);
	free(t.y);
	return 0;
}

/* histogram-groups CTAS ITERS T: CTAS x 256 threads of ITERS bins each. */
static int histogram_groups(uint32_t ctas, uint32_t iters, uint32_t nthreads)
{
	static twin t;
	t.groups = (ctas + GROUP_CTAS - 1) / GROUP_CTAS;
	t.iters = iters;
	double secs = twin_run(&t, twin_histogram, nthreads);
	uint32_t s = 0;
	for (int b = 0; b < 64; b++)
		s += atomic_load(&t.hist[b]);
	printf("%u %.6f\n", s, secs);
	return 0;
}

int main(int argc, char **argv)
{
	if (argc < 4) {
		fprintf(stderr, "usage: native alu|diverge|histogram|nested THREADS ITERS | barrier CTAS NTID ITERS | stream N REPS | treered CTAS TILES | stream-groups N REPS T | histogram-groups CTAS ITERS T\n");
		return 2;
	}
	uint32_t a = (uint32_t)strtoul(argv[2], NULL, 0), b = (uint32_t)strtoul(argv[3], NULL, 0);
	uint32_t c = argc > 4 ? (uint32_t)strtoul(argv[4], NULL, 0) : 0;
	if (!strcmp(argv[1], "stream-groups"))
		return stream_groups(a, b, c ? c : 1);
	if (!strcmp(argv[1], "histogram-groups"))
		return histogram_groups(a, b, c ? c : 1);
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
