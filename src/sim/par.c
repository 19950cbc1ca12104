/*
 * par.c - CTA groups on worker threads (`--threads N`, simt_launch.threads).
 *
 * Requires: sim_start marked the launch parallel (sched.c: a whole run,
 * more than one CTA group, more than one thread, nothing that needs one
 * thread: see sim_par_threads).  Produces: c in the state a sequential run
 * of the same groups leaves it in: the same diagnostics, stop, trace,
 * counters and readable CTAs (docs/semantics.md, "CTAs on worker threads").
 *
 * Why the result cannot depend on the threads: a group is a scheduler of
 * its own (sched.c: cycle 0, its own random stream, trace steps from 0),
 * so what happens inside it is a function of the program and of global
 * memory alone.  Each worker owns a copy of the context (counters, stop,
 * diagnostics, slots, scheduler) and a view of the memory with its own
 * page cache; what workers share is global memory (pages are mapped
 * before the launch and never during it), the kept CTAs (each worker
 * writes the CTAs of its own groups) and this file's record per group.
 * Workers take groups in increasing order; each group's diagnostics and
 * trace lines go into its record, and records are handed on in group
 * order: the trace as soon as every lower group is done, the rest after
 * the join.  When a group stops (fault, deadlock, cycle limit, ...) the
 * groups above it are abandoned and everything of theirs is dropped, as a
 * sequential run would never have run them; the lower ones finish, and
 * the lowest group that stopped is the one reported.  Atomics (ATOM,
 * ATOMG, RED) are host atomics on a worker (atomic.c), so atomics of
 * different groups stay atomic.
 *
 * The threads (struct sim_pool) are the context's, not the launch's: the
 * first launch that hands groups to a second worker starts them (a
 * context that only ever runs on the calling thread has none: a thread
 * started with the context cost the short runs of the PTX corpus about
 * 6%, bench/RESULTS.md "Idle-machine check after the session-11 merges");
 * between launches they sleep on a condition variable (a wake from it is
 * a fiftieth of a start: 0.02 ms against about a millisecond on this VM),
 * and sim_par_pool_free joins them.  simt_sim_prepare starts them before
 * the launch, while the caller sets up its buffers.  The calling thread is
 * worker 0 of every launch; pool thread k is worker k + 1.
 */
#if defined(__linux__) && !defined(_GNU_SOURCE)
#define _GNU_SOURCE /* pthread_attr_setaffinity_np, sched_getcpu */
#endif
#include <limits.h>
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "sim/mem.h"
#include "sim/sim.h"

void sim_free_ctas(sim_ctx *c);

/* What a group left for the merge. */
typedef struct sim_grp {
	bool done;            /* ran to its end or to its stop               */
	simt_status st;       /* an error of the launch machinery (NOMEM)    */
	sim_stop stop;
	char *stop_text;
	simt_diags diags;
	util_buf trace;       /* its trace lines, '\n'-separated             */
	uint64_t steps, thread_insts, mem_writes, cycles;
	int worker;           /* who ran it: whose slots hold its CTAs       */
	double cpu;           /* CPU seconds it took (simt_sim_stats)        */
} sim_grp;

/* Cache-line aligned (so padded): what one worker writes as it runs - its
 * context's counters, its group's clock - never shares a line with
 * another worker's. */
typedef struct sim_worker {
	_Alignas(64) sim_ctx c; /* first: a worker's context is its worker   */
	int index;
	uint64_t group;       /* in progress, UINT64_MAX: none yet           */
	uint64_t steps, thread_insts, mem_writes; /* at the group's start   */
	simt_status st;
	bool started;
	double cpu;           /* CPU seconds the worker's groups took       */
	double cpu0;          /* the thread's CPU clock at its group's start */
} sim_worker;

/* How long the calling thread spins before it sleeps at the end of a
 * launch, waiting for the last group of another worker (it comes soon).
 * The pool's threads do not spin between launches (session 12): a
 * one-launch run's thread spun 0.2 ms of CPU after its last group, counted
 * in the run, beside the caller's merge (on this VM a CPU is slower while
 * the other one is busy), to save a 0.02 ms wake at the next launch. */
#define POOL_SPIN_NS 200000

/* The context's threads.  gen counts the launches handed out: a thread
 * that has seen gen g waits for g + 1 (or quit); every thread answers
 * every launch (busy counts down to 0), those beyond the launch's workers
 * at once.  job and njob are written only while busy is 0. */
struct sim_pool {
	pthread_mutex_t lock;
	pthread_cond_t go;        /* gen moved, or quit                     */
	pthread_cond_t done;      /* busy reached 0                         */
	atomic_uint gen;
	atomic_int busy;          /* threads still in the current launch    */
	atomic_bool quit;
	sim_worker *job;          /* the launch's workers (job[0]: caller)  */
	int njob;
	int n;                    /* threads started                        */
#ifdef __linux__
	bool pin;                 /* cpus holds the caller's CPUs (>= 2)    */
	cpu_set_t cpus;
#endif
	struct pool_thread {
		struct sim_pool *pool;
		int k;            /* runs job[k + 1]                        */
		unsigned gen0;    /* gen when it started                    */
		bool pinned;      /* started on one CPU: widen to cpus      */
		pthread_t tid;
	} t[SIMT_MAX_THREADS];
};

struct sim_par {
	pthread_mutex_t lock;  /* records' done flags, the trace hand-over  */
	atomic_uint_fast64_t next;  /* next group to take                   */
	atomic_uint_fast64_t stopped; /* lowest group that stopped           */
	uint64_t ngroups, flushed;    /* groups whose trace was handed on    */
	sim_grp *grp;
	simt_trace_fn *trace;  /* the launch's trace callback                */
	void *trace_user;
};

/* The CPUs this process may run on: its affinity mask (so that `taskset
 * -c 0 simt run ...` or a batch system's CPU set gets one worker per CPU
 * it was given, as nproc(1) and OpenMP count them), the online CPUs where
 * there is no such mask. */
static long usable_cpus(void)
{
#ifdef __linux__
	cpu_set_t set;
	if (sched_getaffinity(0, sizeof set, &set) == 0 && CPU_COUNT(&set) > 0)
		return CPU_COUNT(&set);
#endif
	long n = sysconf(_SC_NPROCESSORS_ONLN);
	return n < 1 ? 1 : n;
}

/* The threads a launch l of c with ngroups groups runs on. */
static int threads_for(const sim_ctx *c, const simt_launch *l,
		       uint64_t ngroups)
{
	/* what needs one thread: a chooser (explore, --schedule), the checks
	   (race/init/sync... keep run-wide state), the relaxed memory model,
	   retire records (cosim), a step hook (fuzzers) */
	if (c->chooser || l->checks || l->memory != SIMT_MEMORY_SC ||
	    c->retire_fn || c->step_hook || ngroups < 2)
		return 1;
	long n = l->threads ? (long)l->threads : usable_cpus();
	if ((uint64_t)n > ngroups)
		n = (long)ngroups;
	return n > (long)SIMT_MAX_THREADS ? (int)SIMT_MAX_THREADS : (int)n;
}

int sim_par_threads(const sim_ctx *c, uint64_t ngroups)
{
	return threads_for(c, &c->launch, ngroups);
}

static sim_worker *worker_of(sim_ctx *w)
{
	return (sim_worker *)(void *)w; /* c is the first member */
}

/* The trace callback of a worker: the line goes to its group's record. */
static void trace_line(void *user, const char *json)
{
	sim_worker *wk = user;
	sim_grp *g = &wk->c.par->grp[wk->group];
	util_buf_puts(&g->trace, json);
	util_buf_putc(&g->trace, '\n');
}

/* Hand on the traces of the done groups no lower group holds back; the
 * first group that stopped is the last one (caller holds the lock). */
static void flush(struct sim_par *p)
{
	while (p->flushed < p->ngroups && p->grp[p->flushed].done) {
		sim_grp *g = &p->grp[p->flushed];
		char *line = g->trace.data;
		for (size_t k = 0; p->trace && k < g->trace.len; k++)
			if (g->trace.data[k] == '\n') {
				g->trace.data[k] = '\0';
				p->trace(p->trace_user, line);
				line = g->trace.data + k + 1;
			}
		util_buf_free(&g->trace);
		p->flushed = g->stop != SIM_STOP_NONE || g->st != SIMT_OK
				     ? p->ngroups : p->flushed + 1;
	}
}

static double thread_cpu(void)
{
	struct timespec t;
	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
	return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

/* Record the worker's group in progress as done. */
static void record(sim_worker *wk, simt_status st)
{
	struct sim_par *p = wk->c.par;
	sim_ctx *w = &wk->c;
	sim_grp *g = &p->grp[wk->group];
	sim_mem_red_flush(w->mem); /* the group's deferred reductions */
	g->st = st;
	g->stop = w->stop;
	g->stop_text = w->stop_text;
	w->stop_text = NULL;
	g->steps = w->steps - wk->steps;
	g->thread_insts = w->thread_insts - wk->thread_insts;
	g->mem_writes = w->mem_writes - wk->mem_writes;
	g->cycles = w->cycle;
	g->worker = wk->index;
	g->cpu = thread_cpu() - wk->cpu0;
	if (st != SIMT_OK || w->stop != SIM_STOP_NONE) {
		uint64_t cur = atomic_load(&p->stopped);
		while (wk->group < cur &&
		       !atomic_compare_exchange_weak(&p->stopped, &cur, wk->group))
			;
	}
	pthread_mutex_lock(&p->lock);
	g->done = true;
	flush(p);
	pthread_mutex_unlock(&p->lock);
}

uint64_t sim_par_next(sim_ctx *w)
{
	sim_worker *wk = worker_of(w);
	struct sim_par *p = w->par;
	if (wk->group != UINT64_MAX)
		record(wk, SIMT_OK);
	uint64_t g = atomic_fetch_add(&p->next, 1);
	if (g >= p->ngroups || g > atomic_load(&p->stopped))
		return UINT64_MAX;
	wk->group = g;
	wk->steps = w->steps;
	wk->thread_insts = w->thread_insts;
	wk->mem_writes = w->mem_writes;
	w->diags = &p->grp[g].diags;
	wk->cpu0 = thread_cpu();
	return g;
}

void sim_par_stopped(sim_ctx *w, simt_status st)
{
	sim_worker *wk = worker_of(w);
	if (wk->group != UINT64_MAX)
		record(wk, st);
}

bool sim_par_cancelled(const sim_ctx *w, uint64_t g)
{
	return g > atomic_load_explicit(&w->par->stopped, memory_order_relaxed);
}

static void *worker_main(void *arg)
{
	sim_worker *wk = arg;
	double t0 = thread_cpu();
	wk->st = sim_sched_worker(&wk->c);
	sim_mem_red_flush(wk->c.mem); /* a group given up half-way */
	wk->cpu = thread_cpu() - t0;
	return NULL;
}

/* ---- the pool -------------------------------------------------------------- */

static double now(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static void spin_pause(void)
{
#if defined(__x86_64__) || defined(__i386__)
	__builtin_ia32_pause();
#endif
}

/* True when what the thread waits for happened: gen moved past seen (a
 * pool thread; quit too) or busy reached 0 (the caller, seen UINT_MAX). */
static bool ready(struct sim_pool *p, unsigned seen)
{
	if (seen == UINT_MAX)
		return atomic_load(&p->busy) == 0;
	return atomic_load(&p->gen) != seen || atomic_load(&p->quit);
}

/* Wait until ready(p, seen): spin for POOL_SPIN_NS when spin (the caller
 * at the join), then sleep on cv.  The side that makes it ready changes
 * the atomic first and then broadcasts under the lock, so the check under
 * the lock cannot miss it. */
static void wait_for(struct sim_pool *p, unsigned seen, pthread_cond_t *cv,
		     bool spin)
{
	for (double end = spin ? now() + 1e-9 * POOL_SPIN_NS : 0;;) {
		for (int k = 0; k < 64; k++) {
			if (ready(p, seen))
				return;
			spin_pause();
		}
		if (!spin || now() > end)
			break;
	}
	pthread_mutex_lock(&p->lock);
	while (!ready(p, seen))
		pthread_cond_wait(cv, &p->lock);
	pthread_mutex_unlock(&p->lock);
}

static void wake(struct sim_pool *p, pthread_cond_t *cv)
{
	pthread_mutex_lock(&p->lock);
	pthread_cond_broadcast(cv);
	pthread_mutex_unlock(&p->lock);
}

/* A pool thread: answer every launch until quit, asleep in between (a
 * launch on one thread must not have the other CPU busy: on this VM a CPU
 * is slower then, bench/RESULTS.md, session 8). */
static void *pool_main(void *arg)
{
	struct pool_thread *t = arg;
	struct sim_pool *p = t->pool;
	unsigned seen = t->gen0;
#ifdef __linux__
	if (t->pinned) /* running: any of the caller's CPUs from now on */
		pthread_setaffinity_np(pthread_self(), sizeof p->cpus, &p->cpus);
#endif
	for (;;) {
		wait_for(p, seen, &p->go, false);
		if (atomic_load(&p->quit))
			return NULL;
		seen = atomic_load(&p->gen);
		if (t->k + 1 < p->njob)
			worker_main(&p->job[t->k + 1]);
		if (atomic_fetch_sub(&p->busy, 1) == 1)
			wake(p, &p->done);
	}
}

/*
 * Start pool thread t on a CPU other than the caller's (Linux).  Left to
 * the kernel, a new thread starts on its creator's CPU and waits there
 * until the idle CPU balances it over: about 1 ms on this VM (4 under
 * load) while the creator computes as worker 0, against 0.03-0.1 ms when
 * it starts on the idle CPU at once (bench/thread_wake.c's "pinned
 * start"; bench/RESULTS.md, "CTAs on worker threads, session 12").  The
 * thread widens its affinity back to the caller's CPUs as it begins
 * (pool_main), so the pin only chooses where it starts.
 */
static int create(struct sim_pool *p, struct pool_thread *t)
{
#ifdef __linux__
	int me = sched_getcpu(), ncpu = CPU_COUNT(&p->cpus);
	if (p->pin && me >= 0 && ncpu >= 2) {
		/* the (k+1)-th of the caller's CPUs after its own, cyclically */
		int skip = t->k % (ncpu - 1) + 1, cpu = me;
		while (skip > 0) {
			cpu = (cpu + 1) % CPU_SETSIZE;
			skip -= CPU_ISSET(cpu, &p->cpus) && cpu != me;
		}
		cpu_set_t one;
		CPU_ZERO(&one);
		CPU_SET(cpu, &one);
		pthread_attr_t a;
		if (pthread_attr_init(&a) == 0) {
			/* set before the thread reads it */
			t->pinned = pthread_attr_setaffinity_np(&a, sizeof one, &one) == 0;
			int e = t->pinned ? pthread_create(&t->tid, &a, pool_main, t) : -1;
			pthread_attr_destroy(&a);
			if (e == 0)
				return 0;
		}
	}
#endif
	t->pinned = false;
	return pthread_create(&t->tid, NULL, pool_main, t);
}

/* Start threads until the pool has n (as many as it can); false when it
 * has none. */
static bool pool_grow(struct sim_pool *p, int n)
{
	for (; p->n < n && p->n < (int)SIMT_MAX_THREADS; p->n++) {
		struct pool_thread *t = &p->t[p->n];
		*t = (struct pool_thread){p, p->n, atomic_load(&p->gen), false, 0};
		if (create(p, t) != 0)
			break;
	}
	return p->n > 0;
}

static void pool_start(sim_ctx *c)
{
	long n = usable_cpus();
	if (c->pool)
		return;
	struct sim_pool *p = calloc(1, sizeof *p);
	if (!p)
		return;
	pthread_mutex_init(&p->lock, NULL);
	pthread_cond_init(&p->go, NULL);
	pthread_cond_init(&p->done, NULL);
	atomic_init(&p->gen, 0);
	atomic_init(&p->busy, 0);
	atomic_init(&p->quit, false);
#ifdef __linux__
	p->pin = pthread_getaffinity_np(pthread_self(), sizeof p->cpus, &p->cpus) == 0 &&
		 CPU_COUNT(&p->cpus) >= 2;
#endif
	c->pool = p;
	/* --threads default: one per CPU (none more on one CPU); the launch
	   grows the pool to an explicit --threads beyond that */
	pool_grow(p, (int)n - 1);
}

/*
 * simt_sim_prepare: start the threads a simt_sim_run of l will hand groups
 * to, so that their start overlaps the caller's set-up.  The groups are
 * estimated from l alone (sched.c knows the resident count only at the
 * launch): a group is taken as at least as large as the resident count can
 * be (l->resident, or the default's ceiling of 64 CTAs), so the estimate
 * is never more groups than the launch has, and a launch that runs on the
 * calling thread alone (every launch of at most 256 CTAs, and so the PTX
 * corpus's) starts nothing here.
 */
void sim_par_prepare(sim_ctx *c, const simt_launch *l)
{
	const uint32_t *g = l->grid, *cl = l->cluster;
	uint64_t n = (uint64_t)g[0] * g[1];
	if (!n || !g[2] || n > UINT64_MAX / g[2] / 2)
		return; /* nothing to run, or an error at the launch */
	n *= g[2];
	uint64_t cn = cl[0] && cl[1] && cl[2] ? (uint64_t)cl[0] * cl[1] * cl[2] : 1;
	uint64_t k = l->cta_group ? l->cta_group : SIMT_DEFAULT_CTA_GROUP;
	uint64_t r = l->resident ? l->resident : 64;
	if (k < r)
		k = r;
	if (k < cn)
		k = cn;
	if (k < (n + 65535) / 65536)
		k = (n + 65535) / 65536;
	k = (k + cn - 1) / cn * cn;
	int t = threads_for(c, l, (n + k - 1) / k);
	if (t < 2)
		return;
	if (!c->pool)
		pool_start(c);
	if (c->pool)
		pool_grow(c->pool, t - 1);
}

void sim_par_pool_free(sim_ctx *c)
{
	struct sim_pool *p = c->pool;
	if (!p)
		return;
	atomic_store(&p->quit, true);
	wake(p, &p->go);
	for (int k = 0; k < p->n; k++)
		pthread_join(p->t[k].tid, NULL);
	pthread_cond_destroy(&p->go);
	pthread_cond_destroy(&p->done);
	pthread_mutex_destroy(&p->lock);
	free(p);
	c->pool = NULL;
}

/* Hand wk[1..n-1] to the pool's threads (started here when the context
 * has too few: more --threads than CPUs, or no pool yet); a worker
 * without a thread stays not started. */
static void pool_launch(sim_ctx *c, sim_worker *wk, int n)
{
	if (!c->pool)
		pool_start(c);
	struct sim_pool *p = c->pool;
	if (!p || !pool_grow(p, n - 1))
		return;
	for (int k = 1; k < n; k++)
		wk[k].started = k - 1 < p->n;
	p->job = wk;
	p->njob = n;
	atomic_store(&p->busy, p->n);
	atomic_fetch_add(&p->gen, 1);
	wake(p, &p->go);
}

/* The caller's groups are done: wait for the pool's threads. */
static void pool_wait(struct sim_pool *p)
{
	if (!p || !p->n)
		return;
	wait_for(p, UINT_MAX, &p->done, true);
	p->job = NULL;
	p->njob = 0;
}

/* A worker's context: c's program, launch and memory (a view), nothing of
 * its run state. */
static bool worker_init(sim_worker *wk, sim_ctx *c, struct sim_par *p, int k)
{
	wk->c = *c;
	sim_ctx *w = &wk->c;
	wk->index = k;
	wk->group = UINT64_MAX;
	w->par = p;
	w->pool = NULL;
	w->mem = sim_mem_view(c->mem);
	w->stop = SIM_STOP_NONE;
	w->stop_text = NULL;
	w->steps = w->thread_insts = w->mem_writes = 0;
	if (!c->kept) {
		w->ctas = NULL;
		w->nctas = 0;
	}
	if (c->launch.trace) {
		w->launch.trace = trace_line;
		w->launch.trace_user = wk;
	}
	return w->mem != NULL;
}

/* Merge the records into c, in group order up to the first that stopped. */
static simt_status merge(sim_ctx *c, struct sim_par *p, sim_worker *wk,
			 int n)
{
	simt_status st = SIMT_OK;
	uint64_t last = 0;
	for (uint64_t k = 0; k < p->ngroups; k++) {
		sim_grp *g = &p->grp[k];
		if (!g->done) { /* a worker could not start: no result */
			st = SIMT_ERR_NOMEM;
			break;
		}
		last = k;
		for (int d = 0; d < g->diags.count; d++) {
			const simt_diag *x = &g->diags.items[d];
			util_diag(c->diags, x->severity, x->file, x->source_line,
				  x->line, x->col, "%s", x->message);
		}
		c->steps += g->steps;
		c->thread_insts += g->thread_insts;
		c->mem_writes += g->mem_writes;
		if (g->cycles > c->cycle)
			c->cycle = g->cycles;
		if (g->st != SIMT_OK || g->stop != SIM_STOP_NONE) {
			st = g->st;
			c->stop = g->stop;
			free(c->stop_text);
			c->stop_text = g->stop_text;
			g->stop_text = NULL;
			break;
		}
	}
	/* what stays readable: the slots of the group that ran last */
	int keep = p->ngroups ? p->grp[last].worker : -1;
	for (int k = 0; k < n; k++) {
		sim_ctx *w = &wk[k].c;
		if (w->sched == c->sched) /* never ran: still the main's */
			w->sched = NULL;
		sim_sched_free(w);
		if (c->kept)
			continue;
		if (k == keep && st == SIMT_OK) {
			c->ctas = w->ctas;
			c->nctas = w->nctas;
		} else {
			sim_free_ctas(w);
		}
	}
	for (uint64_t k = 0; k < c->nctas; k++)
		for (int j = 0; c->ctas[k].warps && j < c->ctas[k].nwarps; j++)
			c->ctas[k].warps[j].ctx = c;
	return st;
}

/*
 * simt_sim_stats: the workers' CPU seconds, and the span - the groups' CPU
 * seconds laid out in group order on n equally fast workers, each group
 * going to the one that is free first (as workers take them): the time
 * the groups take on n idle cores, whatever else ran on the machine.
 */
static void stats(sim_ctx *c, const struct sim_par *p, const sim_worker *wk,
		  int n)
{
	double end[SIMT_MAX_THREADS] = {0};
	for (int k = 0; k < n; k++) {
		if (!wk[k].started)
			continue;
		c->par_workers++;
		c->par_cpu_sum += wk[k].cpu;
		if (wk[k].cpu > c->par_cpu_max)
			c->par_cpu_max = wk[k].cpu;
	}
	for (uint64_t g = 0; n && g < p->ngroups && p->grp[g].done; g++) {
		int k = 0;
		for (int j = 1; j < n; j++)
			if (end[j] < end[k])
				k = j;
		end[k] += p->grp[g].cpu;
		if (end[k] > c->par_cpu_span)
			c->par_cpu_span = end[k];
	}
}

simt_status sim_par_run(sim_ctx *c, uint64_t ngroups)
{
	int n = sim_par_threads(c, ngroups);
	struct sim_par p = {.ngroups = ngroups, .trace = c->launch.trace,
			    .trace_user = c->launch.trace_user};
	atomic_init(&p.next, 0);
	atomic_init(&p.stopped, UINT64_MAX);
	p.grp = calloc(ngroups, sizeof *p.grp);
	sim_worker *wk = aligned_alloc(64, (size_t)n * sizeof *wk);
	if (wk)
		memset(wk, 0, (size_t)n * sizeof *wk);
	if (!p.grp || !wk || !sim_mem_launch_words(c)) {
		free(p.grp);
		free(wk);
		return SIMT_ERR_NOMEM;
	}
	pthread_mutex_init(&p.lock, NULL);
	int made = 0;
	for (int k = 0; k < n; k++)
		if (worker_init(&wk[k], c, &p, k))
			made = k + 1;
		else
			break;
	/* the calling thread is worker 0: one thread fewer to start and to
	   wait for (a worker with no thread leaves its groups to others) */
	if (made > 1)
		pool_launch(c, wk, made);
	if (made) {
		wk[0].started = true;
		worker_main(&wk[0]);
	}
	if (made > 1)
		pool_wait(c->pool);
	stats(c, &p, wk, made);
	simt_status st = merge(c, &p, wk, made);
	for (int k = 0; k < made; k++)
		sim_mem_view_free(wk[k].c.mem);
	for (uint64_t k = 0; k < ngroups; k++) {
		simt_diags_free(&p.grp[k].diags);
		util_buf_free(&p.grp[k].trace);
		free(p.grp[k].stop_text);
	}
	pthread_mutex_destroy(&p.lock);
	free(p.grp);
	free(wk);
	return st;
}
