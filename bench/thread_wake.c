/*
 * thread_wake.c - the fixed cost of a launch on two threads that no
 * simt code controls: how long a new thread takes to run its first
 * instruction while its creator keeps computing (simt's calling thread
 * runs groups as worker 0 meanwhile: src/sim/par.c), and how long a
 * thread sleeping in pthread_join takes to return once the thread it
 * waits for has ended.  On a machine whose idle CPU is halted (a VM
 * without halt polling) both are a wake-up of that CPU
 * (bench/RESULTS.md, "CTAs on worker threads, session 10").  Since
 * session 11 simt starts its threads with the context and parks them on a
 * condition variable between launches (src/sim/par.c): the third figure is
 * how long such a parked thread takes to run once signalled, the cost a
 * launch still pays when its thread is parked.  Since session 12 simt
 * starts a pool thread on another CPU than its creator's (Linux:
 * pthread_attr_setaffinity_np, widened again once it runs): the fourth
 * figure is that start, the same thread as the first pinned to the CPU
 * after the creator's.
 *
 *   thread_wake [ROUNDS]   prints "thread start ms median M max X, join
 *                          wake ms median M max X, parked wake ms median
 *                          M max X, pinned start ms median M max X (N
 *                          rounds)" over ROUNDS (default 21)
 */
#if defined(__linux__) && !defined(_GNU_SOURCE)
#define _GNU_SOURCE /* pthread_attr_setaffinity_np, sched_getcpu */
#endif
#include <pthread.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double now(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

/* About ms milliseconds of work that the compiler keeps. */
static double work(double ms)
{
	volatile double x = 0;
	double end = now() + ms * 1e-3;
	while (now() < end)
		for (int k = 0; k < 1000; k++)
			x = x + k;
	return x;
}

typedef struct {
	double entered, left;
} times;

static void *child(void *arg)
{
	times *t = arg;
	t->entered = now();
	work(5);
	t->left = now();
	return NULL;
}

/* A thread parked on a condition variable, woken once a round. */
static struct {
	pthread_mutex_t lock;
	pthread_cond_t cv;
	int round;            /* rounds signalled; -1: end */
	double woke;          /* when the thread saw the last one */
	int seen;             /* the last round it saw */
} park = {PTHREAD_MUTEX_INITIALIZER, PTHREAD_COND_INITIALIZER, 0, 0, 0};

static void *parked(void *arg)
{
	int seen = 0;
	(void)arg;
	pthread_mutex_lock(&park.lock);
	while (park.round >= 0) {
		while (park.round == seen)
			pthread_cond_wait(&park.cv, &park.lock);
		park.woke = now();
		seen = park.seen = park.round;
	}
	pthread_mutex_unlock(&park.lock);
	return NULL;
}

/* Start child on another CPU than the caller's (the next one it may use),
 * as src/sim/par.c starts its pool threads; unpinned where that is not
 * possible. */
static int create_pinned(pthread_t *id, times *t)
{
#ifdef __linux__
	cpu_set_t all, one;
	int me = sched_getcpu();
	if (me >= 0 && pthread_getaffinity_np(pthread_self(), sizeof all, &all) == 0 &&
	    CPU_COUNT(&all) >= 2) {
		int cpu = me;
		do
			cpu = (cpu + 1) % CPU_SETSIZE;
		while (!CPU_ISSET(cpu, &all) || cpu == me);
		CPU_ZERO(&one);
		CPU_SET(cpu, &one);
		pthread_attr_t a;
		if (pthread_attr_init(&a) == 0) {
			int e = pthread_attr_setaffinity_np(&a, sizeof one, &one) == 0
					? pthread_create(id, &a, child, t) : -1;
			pthread_attr_destroy(&a);
			if (e == 0)
				return 0;
		}
	}
#endif
	return pthread_create(id, NULL, child, t);
}

static int cmp(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return x < y ? -1 : x > y;
}

int main(int argc, char **argv)
{
	int n = argc > 1 ? atoi(argv[1]) : 21;
	if (n < 1 || n > 1000)
		n = 21;
	double *start = malloc(sizeof *start * (size_t)n);
	double *join = malloc(sizeof *join * (size_t)n);
	double *wake = malloc(sizeof *wake * (size_t)n);
	double *pinned = malloc(sizeof *pinned * (size_t)n);
	pthread_t pid;
	if (!start || !join || !wake || !pinned ||
	    pthread_create(&pid, NULL, parked, NULL) != 0)
		return 1;
	for (int r = 0; r < n; r++) {
		times t = {0, 0};
		pthread_t id;
		work(20); /* let both CPUs go idle in between */
		struct timespec nap = {0, 20000000};
		nanosleep(&nap, NULL);
		double t0 = now();
		if (pthread_create(&id, NULL, child, &t) != 0)
			return 1;
		work(1); /* the creator computes, as simt's worker 0 does */
		pthread_join(id, NULL);
		double t1 = now();
		start[r] = 1e3 * (t.entered - t0);
		join[r] = 1e3 * (t1 - t.left);
		/* the parked thread: both CPUs idle again, then a signal */
		work(20);
		nanosleep(&nap, NULL);
		pthread_mutex_lock(&park.lock);
		double t2 = now();
		park.round = r + 1;
		pthread_cond_signal(&park.cv);
		pthread_mutex_unlock(&park.lock);
		work(1);
		pthread_mutex_lock(&park.lock);
		while (park.seen != r + 1) { /* not yet woken (a loaded machine) */
			pthread_mutex_unlock(&park.lock);
			nanosleep(&(struct timespec){0, 100000}, NULL);
			pthread_mutex_lock(&park.lock);
		}
		wake[r] = 1e3 * (park.woke - t2);
		pthread_mutex_unlock(&park.lock);
		/* a new thread again, started on the other CPU */
		work(20);
		nanosleep(&nap, NULL);
		t = (times){0, 0};
		t0 = now();
		if (create_pinned(&id, &t) != 0)
			return 1;
		work(1);
		pthread_join(id, NULL);
		pinned[r] = 1e3 * (t.entered - t0);
	}
	pthread_mutex_lock(&park.lock);
	park.round = -1;
	pthread_cond_signal(&park.cv);
	pthread_mutex_unlock(&park.lock);
	pthread_join(pid, NULL);
	qsort(start, (size_t)n, sizeof *start, cmp);
	qsort(join, (size_t)n, sizeof *join, cmp);
	qsort(wake, (size_t)n, sizeof *wake, cmp);
	qsort(pinned, (size_t)n, sizeof *pinned, cmp);
	printf("thread start ms median %.3f max %.3f, join wake ms median %.3f max %.3f, "
	       "parked wake ms median %.3f max %.3f, pinned start ms median %.3f max %.3f "
	       "(%d rounds)\n",
	       start[n / 2], start[n - 1], join[n / 2], join[n - 1],
	       wake[n / 2], wake[n - 1], pinned[n / 2], pinned[n - 1], n);
	free(start);
	free(join);
	free(wake);
	free(pinned);
	return 0;
}
