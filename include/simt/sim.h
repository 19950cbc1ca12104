/*
 * simt/sim.h - the public simulator API.
 *
 * A simt_sim holds one kernel of an object, predecoded once, plus its
 * device memory (global buffers, constant banks).  Typical use:
 *
 *   simt_sim *s;  simt_sim_new(isa, obj, "main", &s, &d);
 *   simt_sim_alloc(s, 4096, &buf, &d);   simt_sim_write(s, buf, ...);
 *   simt_sim_set_params(s, &buf, 8, &d);           (bytes at c[0][0x100])
 *   simt_launch l;  simt_launch_init(&l);  l.grid[0] = 4; l.block[0] = 128;
 *   simt_sim_run(s, &l, &d);               (SIMT_ERR_RUNTIME + diagnostics
 *                                           on deadlock/exception/fault)
 *   simt_sim_read(s, buf, out, 4096, &d);  simt_sim_reg(...);
 *   simt_sim_free(s);
 *
 * The library never prints: the trace is delivered line by line through
 * launch.trace (format: docs/trace-format.md).
 */
#ifndef SIMT_SIM_PUBLIC_H
#define SIMT_SIM_PUBLIC_H

#include <stddef.h>
#include <stdint.h>

#include "simt/simt.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct simt_sim simt_sim;

/*
 * Resource limits (docs/limits.md says why each has its value and names the
 * test that pins its error).  Every launch field, allocation and size a
 * user gives is checked against them where it is read: simt_sim_run,
 * simt_sim_alloc, simt_sim_set_local_size here, the directives of a test
 * file (testfile.h) and the options of the simt command; a value above its
 * limit is an error naming the limit, never a silent wrap or a huge
 * allocation.
 */
#define SIMT_MAX_BLOCK_THREADS 1024u        /* threads per CTA (x*y*z)       */
#define SIMT_MAX_BLOCK_X 1024u              /* block dimensions              */
#define SIMT_MAX_BLOCK_Y 1024u
#define SIMT_MAX_BLOCK_Z 64u
#define SIMT_MAX_GRID_X 2147483647u         /* grid dimensions (2^31-1)      */
#define SIMT_MAX_GRID_Y 65535u
#define SIMT_MAX_GRID_Z 65535u
#define SIMT_MAX_SHARED (227u << 10)        /* static + dynamic shared bytes
					       per CTA (sm_90: 227 KiB)       */
#define SIMT_MAX_LOCAL (64u << 10)          /* local bytes per thread        */
#define SIMT_MAX_GLOBAL (1ull << 30)        /* global bytes allocated, total */
#define SIMT_MAX_CYCLES 1000000000000ull    /* launch max_cycles (1e12)      */
#define SIMT_DEFAULT_MAX_CYCLES 100000000ull /* max_cycles 0 means 1e8       */
#define SIMT_MAX_COPY_LATENCY 1000000u      /* cycles of an async copy       */
#define SIMT_MAX_RESIDENT 4096u             /* CTAs resident at once          */
#define SIMT_MAX_RESIDENT_BYTES (1ull << 30) /* their warp, shared and local
						state together               */
#define SIMT_MAX_CLUSTER 8u                 /* CTAs per thread-block cluster
					       (CUDA's portable limit)       */
#define SIMT_MAX_THREADS 64u                /* worker threads of a launch    */
#define SIMT_DEFAULT_CTA_GROUP 256u         /* CTAs per group (cta_group 0)  */

/* X-macro: every limit above with where a user meets it, for
 * docs/limits.md and its test (tests/unit/test_limits.c). */
#define SIMT_LIMIT_LIST(X)                                                     \
	X(SIMT_MAX_BLOCK_THREADS, "block=X,Y,Z, --block: threads per CTA")    \
	X(SIMT_MAX_BLOCK_X, "block x")                                        \
	X(SIMT_MAX_BLOCK_Y, "block y")                                        \
	X(SIMT_MAX_BLOCK_Z, "block z")                                        \
	X(SIMT_MAX_GRID_X, "grid x")                                          \
	X(SIMT_MAX_GRID_Y, "grid y")                                          \
	X(SIMT_MAX_GRID_Z, "grid z")                                          \
	X(SIMT_MAX_SHARED, "shared=N, --shared: static + dynamic shared bytes") \
	X(SIMT_MAX_LOCAL, "local=N, --local: local bytes per thread")         \
	X(SIMT_MAX_GLOBAL, "global memory allocated (all buffers)")           \
	X(SIMT_MAX_CYCLES, "max-cycles=N, --max-cycles")                      \
	X(SIMT_DEFAULT_MAX_CYCLES, "the cycle limit when none is given")      \
	X(SIMT_MAX_COPY_LATENCY, "copy-latency=N, --copy-latency")            \
	X(SIMT_MAX_RESIDENT, "resident=N, --resident-ctas")                   \
	X(SIMT_MAX_RESIDENT_BYTES, "memory of the resident CTAs")            \
	X(SIMT_MAX_CLUSTER, "cluster=X,Y,Z, --cluster: CTAs per cluster")    \
	X(SIMT_MAX_THREADS, "threads=N, --threads: worker threads")           \
	X(SIMT_DEFAULT_CTA_GROUP, "CTAs per group when cta-group=N is not given")

typedef enum simt_policy {
	SIMT_POLICY_RR,     /* round-robin over ready warps (default)      */
	SIMT_POLICY_GREEDY, /* keep issuing the same warp while it can     */
	SIMT_POLICY_RANDOM  /* pick a ready warp at random (seeded)        */
} simt_policy;

/*
 * Opt-in checks (simt_launch.checks; `simt run/test --check=LIST`, `.launch
 * check=LIST`): each reports uses that the simulator executes the way the
 * seeds define but that PTX leaves undefined, or that break what a compiler
 * assumed (uniform values).  A report is an error
 * diagnostic located like a run-time stop (kernel, CTA, warp, lanes, PC with
 * its source line, instruction), one per instruction and check; the run goes
 * on, and simt_sim_run then returns SIMT_ERR_RUNTIME.  One row per check:
 * X(enum name, bit, name in LIST, what it reports).
 */
#define SIMT_CHECK_LIST(X)                                                     \
	X(SIMT_CHECK_SYNC, 0x1u, "sync",                                       \
	  "synchronisation PTX leaves undefined: an mbarrier .NOCOMPLETE "      \
	  "arrival that leaves nothing pending, a CTA barrier reached by "     \
	  "part of a warp's live lanes (divergent code; docs/checks.md)")       \
	X(SIMT_CHECK_UNIFORM, 0x2u, "uniform",                                 \
	  "R2UR of a register whose value differs between the lanes of its "  \
	  "guard (docs/semantics.md, uniform datapath)")                        \
	X(SIMT_CHECK_RACE, 0x4u, "race",                                       \
	  "two accesses to one shared or global location, one a write, that "  \
	  "no synchronisation orders (happens-before; docs/checks.md)")         \
	X(SIMT_CHECK_INIT, 0x8u, "init",                                       \
	  "a read of shared or local memory no thread has written "            \
	  "(docs/checks.md)")

enum {
#define SIMT_X_CHECK(e, bit, name, what) e = bit,
	SIMT_CHECK_LIST(SIMT_X_CHECK)
#undef SIMT_X_CHECK
};

/* Receives one JSON object (no newline) per issued warp instruction. */
typedef void simt_trace_fn(void *user, const char *json);

typedef struct simt_launch {
	uint32_t grid[3];      /* CTAs per dimension (default 1,1,1)         */
	uint32_t block[3];     /* threads per dimension (default 32,1,1)     */
	uint32_t dyn_shared;   /* dynamic shared bytes (static + dynamic at
				  most SIMT_MAX_SHARED)                    */
	simt_policy policy;
	uint64_t seed;         /* SIMT_POLICY_RANDOM                          */
	uint64_t max_cycles;   /* 0: SIMT_DEFAULT_MAX_CYCLES; at most
				  SIMT_MAX_CYCLES                          */
	uint32_t copy_latency; /* LDGSTS/UBLKCP latency in cycles (0: 64; at
				  most SIMT_MAX_COPY_LATENCY)              */
	simt_trace_fn *trace;  /* NULL: no trace                              */
	void *trace_user;
	uint32_t resident;     /* CTAs resident (running interleaved) at once;
				  0: default, the whole grid up to 64 CTAs
				  and 16 warps, at least 2 CTAs; at most
				  SIMT_MAX_RESIDENT                        */
	uint32_t checks;       /* SIMT_CHECK_* bits (default 0: none)         */
	uint32_t cluster[3];   /* thread-block cluster shape in CTAs (sm_90);
				  0,0,0 (the default) or 1,1,1: every CTA
				  is a cluster of its own.  Each grid
				  dimension a multiple of it, at most
				  SIMT_MAX_CLUSTER CTAs (docs/semantics.md,
				  "Clusters")                              */
	uint32_t memory;       /* simt_memory_model (default SIMT_MEMORY_SC) */
	uint32_t keep;         /* 1: keep every finished CTA's warps (its
				  registers and control state) for
				  simt_sim_reg / simt_sim_warp after the
				  launch, when the grid's warp state fits in
				  256 MiB.  0 (the default): only the CTAs
				  still in their resident slots can be read;
				  finished CTAs' slots are reused without
				  allocating (docs/library.md, "Reading
				  state after a run")                      */
	uint32_t threads;      /* worker threads running CTA groups; 0: the
				  CPUs the process may run on (its affinity
				  mask); at most SIMT_MAX_THREADS.
				  Never changes a result (docs/semantics.md,
				  "CTAs on worker threads")                */
	uint32_t cta_group;    /* CTAs per group (0: SIMT_DEFAULT_CTA_GROUP;
				  raised to the resident count, whole
				  clusters): each group runs on its own
				  scheduler from cycle 0                   */
} simt_launch;

/*
 * Memory models (simt_launch.memory; `--memory=sc|relaxed`, `.launch
 * memory=...`; docs/memory-model.md).  SC: every access acts on the one
 * memory in issue order.  RELAXED: a load may read any store the PTX memory
 * model allows it to (coherence per word, release/acquire and fences with
 * their scopes); stores reach other threads after a delay seeded by
 * launch.seed, and simt_sim_set_chooser enumerates the choices.
 */
typedef enum simt_memory_model {
	SIMT_MEMORY_SC,
	SIMT_MEMORY_RELAXED
} simt_memory_model;

typedef struct simt_sim_stats {
	uint64_t cycles;       /* final value of the cycle counter           */
	uint64_t steps;        /* warp instructions issued                    */
	uint64_t thread_insts; /* sum over issues of active lanes             */
	/* the last simt_sim_run's worker threads (docs/semantics.md, "CTAs on
	   worker threads"; how far it is from a 2x speedup: bench/RESULTS.md) */
	uint32_t workers;      /* threads that ran its groups; 0: sequential  */
	double worker_cpu_max; /* CPU seconds of the busiest worker           */
	double worker_cpu_sum; /* CPU seconds of all workers together         */
	double worker_cpu_span; /* the groups' CPU seconds in group order on
				   `workers` equally fast threads: the time on
				   idle cores, measured under any load        */
} simt_sim_stats;

/* Register files readable after a run (simt_sim_reg). */
typedef enum simt_regfile {
	SIMT_REG_R,   /* GPR of the thread                                    */
	SIMT_REG_P,   /* predicate of the thread (0/1)                        */
	SIMT_REG_UR,  /* uniform register of the thread's warp                */
	SIMT_REG_B,   /* convergence barrier register of the warp             */
	SIMT_REG_PC,  /* the thread's PC (ActivePC or RPC)                    */
	SIMT_REG_UP   /* uniform predicate of the thread's warp (0/1)         */
} simt_regfile;

SIMT_API void simt_launch_init(simt_launch *l);
/* Parse "rr", "greedy", "random:SEED" into l. */
SIMT_API simt_status simt_launch_policy(simt_launch *l, const char *text,
					simt_diags *d);
/* Parse a comma list of check names (SIMT_CHECK_LIST), "all" or "none"
 * into l->checks (replacing it). */
SIMT_API simt_status simt_launch_checks(simt_launch *l, const char *list,
					simt_diags *d);

SIMT_API simt_status simt_sim_new(const simt_isa *isa, const simt_object *obj,
				  const char *kernel, simt_sim **out,
				  simt_diags *d);
SIMT_API void simt_sim_free(simt_sim *s);

/* Global memory: allocate (16-byte aligned, zeroed; SIMT_MAX_GLOBAL bytes
 * in all), write, read. */
SIMT_API simt_status simt_sim_alloc(simt_sim *s, uint64_t size,
				    uint64_t *addr, simt_diags *d);
SIMT_API simt_status simt_sim_write(simt_sim *s, uint64_t addr,
				    const void *src, uint64_t len,
				    simt_diags *d);
SIMT_API simt_status simt_sim_read(simt_sim *s, uint64_t addr, void *dst,
				   uint64_t len, simt_diags *d);
/*
 * Name the size bytes at addr of a space (SIMT_SPACE_GLOBAL or _SHARED) for
 * the reports of --check=race/init ("global 0x10000040 (out+0x40)").  Test
 * files name their buffers; the object's shared and global symbols are
 * named by simt_sim_new.  The name is copied.  Later names win.
 */
SIMT_API simt_status simt_sim_name(simt_sim *s, int space, uint64_t addr,
				   uint64_t size, const char *name,
				   simt_diags *d);
/* The reports of the last launch's --check=race/init as one JSON object
 * (docs/checks.md, "Report file"), NUL-terminated; caller frees with
 * simt_free.  NULL when out of memory. */
SIMT_API char *simt_sim_check_json(const simt_sim *s);

/* Kernel parameters: bytes placed at c[0][0x100]. */
SIMT_API simt_status simt_sim_set_params(simt_sim *s, const void *bytes,
					 size_t len, simt_diags *d);
/* Any constant bank bytes (bank 0 launch words are set by the run). */
SIMT_API simt_status simt_sim_set_const(simt_sim *s, unsigned bank,
					uint32_t off, const void *bytes,
					size_t len, simt_diags *d);

/*
 * Run the kernel.  SIMT_OK when every warp exited; SIMT_ERR_RUNTIME with a
 * diagnostic per problem (deadlock report, exception, fault, livelock,
 * cycle limit).  The final state stays readable until the next run.
 */
SIMT_API simt_status simt_sim_run(simt_sim *s, const simt_launch *l,
				  simt_diags *d);
/*
 * Optional: start now what a simt_sim_run with l will use - the worker
 * threads of a launch that hands CTA groups to more than one thread - so
 * that their start (about 1 ms on a VM) overlaps the caller's set-up of
 * buffers and parameters instead of the run.  Does nothing for a launch
 * that runs on the calling thread alone (docs/library.md, worker
 * threads).  Never changes a result; l is read, not kept.
 */
SIMT_API void simt_sim_prepare(simt_sim *s, const simt_launch *l);
SIMT_API void simt_sim_get_stats(const simt_sim *s, simt_sim_stats *out);

/*
 * Initial register values, applied to every CTA before its first issue:
 * rf SIMT_REG_R (a thread's GPR, index 0..254), SIMT_REG_P (0..6; value:
 * the lane mask of the predicate, the same for every warp), SIMT_REG_UR
 * (0..62; the 32-bit value of every warp's uniform register) or
 * SIMT_REG_UP (0..6; value 0 or 1, every warp's uniform predicate).  kind
 * SIMT_RINIT_LANE / _TID give each thread its lane id / flat thread index
 * instead of value (SIMT_REG_R only).  Replaces any earlier list; n = 0
 * clears it.
 */
typedef enum simt_reg_init_kind {
	SIMT_RINIT_VALUE,
	SIMT_RINIT_LANE,
	SIMT_RINIT_TID
} simt_reg_init_kind;

typedef struct simt_reg_init {
	simt_regfile rf;
	unsigned index;
	simt_reg_init_kind kind;
	uint64_t value;
} simt_reg_init;

SIMT_API simt_status simt_sim_set_inits(simt_sim *s, const simt_reg_init *v,
					int n, simt_diags *d);
/* Local memory bytes per thread (default 1024, at most SIMT_MAX_LOCAL). */
SIMT_API simt_status simt_sim_set_local_size(simt_sim *s, uint32_t bytes,
					     simt_diags *d);

/* After a run, or during a stepped launch: register `index` of file `rf`
 * of thread tid of CTA cta (SIMT_REG_UR / _UP / _B: of the thread's warp). */
SIMT_API simt_status simt_sim_reg(const simt_sim *s, const uint32_t cta[3],
				  const uint32_t tid[3], simt_regfile rf,
				  unsigned index, uint64_t *value,
				  simt_diags *d);


/* ---- stepping and inspection (docs/library.md, "Stepping") --------------
 *
 * A launch can be started without running it and then advanced in pieces:
 *
 *   simt_sim_start(s, &l, &d);                 (checks l like simt_sim_run)
 *   simt_sim_step(s, 1, &stop, &d);            (one warp instruction)
 *   simt_sim_step_cycles(s, 100, &stop, &d);
 *   simt_until u = {0};  u.npcs = 1;  u.pcs = &pc;
 *   simt_sim_run_until(s, &u, &stop, &d);      (breakpoint, barrier event)
 *   ... simt_sim_warp(), simt_sim_reg(), simt_sim_barrier(), ...
 *   simt_sim_run_until(s, NULL, &stop, &d);    (to the end)
 *
 * simt_sim_run IS simt_sim_start + simt_sim_run_until(NULL): one scheduler
 * loop, so a launch advanced in any pieces issues the same instructions in
 * the same order on the same cycles as simt_sim_run with the same launch
 * and policy (tests/unit/test_sim_step.c checks every tests/sim file).
 * Pausing never changes a decision of the scheduler.
 *
 * Each advancing call returns SIMT_OK while the launch is paused or when it
 * ended with every warp exited, SIMT_ERR_RUNTIME (with the diagnostics
 * simt_sim_run would give) when it ended with a stop, SIMT_ERR_ARG when no
 * launch is in progress.  *stop (may be NULL) says why the call returned.
 */
typedef enum simt_stop {
	SIMT_STOP_RUNNING,   /* not started                                    */
	SIMT_STOP_STEPS,     /* paused: the instruction count was reached      */
	SIMT_STOP_CYCLES,    /* paused: the cycle counter reached its target   */
	SIMT_STOP_BREAKPOINT,/* paused: a warp is about to issue at a break PC
				(it issues first when the launch resumes)      */
	SIMT_STOP_SYNC,      /* paused: after a synchronisation issue
				(simt_until.sync)                             */
	SIMT_STOP_DONE,      /* ended: every warp exited (an opt-in check that
				reported makes the status SIMT_ERR_RUNTIME)    */
	SIMT_STOP_FAULT,     /* ended: memory fault                             */
	SIMT_STOP_EXCEPTION, /* ended: exception of the spec, TRAP, SYSCALL    */
	SIMT_STOP_DEADLOCK,
	SIMT_STOP_LIVELOCK,
	SIMT_STOP_LIMIT,     /* ended: launch.max_cycles                       */
	SIMT_STOP_ERROR      /* ended: set-up failed (out of memory, limits)   */
} simt_stop;

/* Name of a simt_stop ("steps", "breakpoint", "done", ...). */
SIMT_API const char *simt_stop_name(simt_stop k);
/* The launch ended (DONE or a stop). */
#define SIMT_STOP_ENDED(k) ((k) >= SIMT_STOP_DONE)

/* Pause conditions of simt_sim_run_until; any combination, NULL or all
 * zero: run to the end. */
typedef struct simt_until {
	uint64_t steps;        /* pause after this many more issues (0: no)    */
	uint64_t cycles;       /* pause when the counter passed this many more
				  cycles (0: no)                               */
	const uint64_t *pcs;   /* pause before a warp issues at one of these   */
	int npcs;
	int sync;              /* pause after an issue of BAR, BAR.RED, BSYNC,
				  WARPSYNC, an mbarrier arrive/wait, DEPBAR,
				  ARRIVES, or one that blocked its warp        */
} simt_until;

SIMT_API simt_status simt_sim_start(simt_sim *s, const simt_launch *l,
				    simt_diags *d);
SIMT_API simt_status simt_sim_step(simt_sim *s, uint64_t n, simt_stop *stop,
				   simt_diags *d);
SIMT_API simt_status simt_sim_step_cycles(simt_sim *s, uint64_t n,
					  simt_stop *stop, simt_diags *d);
SIMT_API simt_status simt_sim_run_until(simt_sim *s, const simt_until *u,
					simt_stop *stop, simt_diags *d);
/* Where the launch stands (SIMT_STOP_RUNNING before any start). */
SIMT_API simt_stop simt_sim_status(const simt_sim *s);

/* ---- retired-instruction records --------------------------------------- */

/* A destination register write.  rf SIMT_REG_R: value[lane] for the lanes
 * of mask; SIMT_REG_P: value[0] = the predicate's lane mask after the write
 * (mask: the lanes written); SIMT_REG_UR / _UP / _B: value[0], mask 0. */
typedef struct simt_reg_write {
	simt_regfile rf;
	unsigned index;
	uint32_t mask;
	uint32_t value[32];
} simt_reg_write;

typedef enum simt_space {
	SIMT_SPACE_GLOBAL, SIMT_SPACE_SHARED, SIMT_SPACE_LOCAL,
	SIMT_SPACE_CONST, SIMT_SPACE_GENERIC
} simt_space;

/* A memory access of the lanes of mask: size bytes at addr[lane] (in the
 * space the instruction named; generic addresses as given), data[lane] the
 * bytes stored, or loaded. */
typedef struct simt_mem_access {
	int store;             /* 0 load, 1 store                              */
	simt_space space;
	unsigned size;
	uint32_t mask;
	uint64_t addr[32];
	uint8_t data[32][16];
} simt_mem_access;

#define SIMT_RETIRE_MAX_WRITES 16
#define SIMT_RETIRE_MAX_ACCESSES 4

/* One issued warp instruction: the record an RTL scoreboard compares.
 * Valid during the callback only. */
typedef struct simt_retire {
	uint64_t step;         /* issue number (the trace's "step")            */
	uint64_t cycle;        /* cycle of the issue                           */
	uint32_t cta[3];
	int warp;
	uint64_t pc;           /* the instruction                              */
	uint64_t word[2];      /* its encoding: bits 0..63, 64..127            */
	uint32_t active;       /* ActiveMask at issue                          */
	uint32_t exec;         /* lanes that executed it (active, guard, Pp)   */
	uint64_t next_pc;      /* ActivePC after it                            */
	uint32_t active_after, valid_after;
	int blocked;           /* the warp waits after it (BAR, mbarrier,
				  DEPBAR, NANOSLEEP)                          */
	int has_mbar;          /* it names an mbarrier (MBAR.*, ARRIVES,
				  UBLKCP): mbar is its shared address (of the
				  first executing lane)                        */
	uint32_t mbar;
	int nwrites;
	const simt_reg_write *writes;
	int naccesses;         /* at most SIMT_RETIRE_MAX_ACCESSES; more are
				  counted in dropped                          */
	int dropped;
	const simt_mem_access *accesses;
} simt_retire;

typedef void simt_retire_fn(void *user, const simt_retire *r);
/* Call fn for every issued warp instruction from now on (NULL: none; also
 * during a launch in progress).  Costs nothing when unset.  SIMT_ERR_NOMEM
 * leaves no callback set.  fn may inspect the simulator (simt_sim_warp,
 * _reg, _barrier, ...) but must not advance, start or free it. */
SIMT_API simt_status simt_sim_on_retire(simt_sim *s, simt_retire_fn *fn,
					void *user);

/* ---- inspection (any time after a start; a CTA not resident and not
 * kept, simt_sim_reg's rule, is an error) ---------------------------------- */

typedef enum simt_warp_status {
	SIMT_WARP_READY, SIMT_WARP_BAR, SIMT_WARP_SLEEP, SIMT_WARP_MBAR,
	SIMT_WARP_EXITED
} simt_warp_status;

typedef struct simt_warp_state {
	simt_warp_status status;
	uint64_t pc;           /* ActivePC                                     */
	uint32_t lanes;        /* lanes that exist                             */
	uint32_t active, valid;
	uint32_t exited;       /* lanes ... that exited: lanes & ~valid        */
	uint32_t yield, sleep;
	uint32_t breg[16];     /* convergence barriers B0..B15                 */
	int bar_id;            /* SIMT_WARP_BAR: the CTA barrier waited on     */
	uint32_t mbar_addr;    /* SIMT_WARP_MBAR: the mbarrier (shared)        */
	uint64_t clock;        /* cycle at which it may issue next             */
	uint64_t steps;        /* its issues so far                            */
} simt_warp_state;

SIMT_API simt_status simt_sim_warp(const simt_sim *s, const uint32_t cta[3],
				   int warp, simt_warp_state *out,
				   simt_diags *d);

/* CTA barrier (0..15) of a CTA. */
typedef struct simt_barrier_state {
	int kind;              /* 0 idle, 1 BAR.SYNC/ARV phase, 2 BAR.RED      */
	uint32_t arrived;      /* threads arrived (warp arrivals * 32)         */
	uint32_t expected;     /* thread count of the phase (0: all live)      */
	uint32_t arrived_warps;/* bit w: warp w arrived in this phase          */
	uint32_t waiting_warps;/* bit w: warp w is blocked on it               */
	int redop;             /* BAR.RED: 0 AND, 1 OR, 2 POPC                 */
	uint32_t red;          /* the RED accumulator (popcount or 0/1)        */
	uint32_t state;        /* the barrier state word B2R reads             */
} simt_barrier_state;

SIMT_API simt_status simt_sim_barrier(const simt_sim *s, const uint32_t cta[3],
				      unsigned id, simt_barrier_state *out,
				      simt_diags *d);

/* The mbarrier object at shared byte address addr of a CTA. */
typedef struct simt_mbarrier_state {
	int valid;             /* MBAR.INIT made it an object (not INVAL'd)     */
	unsigned phase;        /* current phase parity                          */
	uint32_t expected;     /* participants per phase                        */
	uint32_t pending;      /* arrivals still pending in this phase          */
	uint32_t tx;           /* transaction bytes pending                     */
	uint64_t word;         /* the 64-bit object                             */
} simt_mbarrier_state;

SIMT_API simt_status simt_sim_mbarrier(const simt_sim *s, const uint32_t cta[3],
				       uint32_t addr, simt_mbarrier_state *out,
				       simt_diags *d);

/* Shared memory of a resident CTA. */
SIMT_API simt_status simt_sim_read_shared(const simt_sim *s,
					  const uint32_t cta[3], uint32_t off,
					  void *dst, uint32_t len,
					  simt_diags *d);
/* Cycle counter and issue count now. */
SIMT_API uint64_t simt_sim_cycle(const simt_sim *s);

/* ---- choice points (schedule exploration, docs/explore.md) --------------
 *
 * Every decision of a run that can change its outcome goes through one
 * function of the simulator (src/sim/choice.c).  Without a chooser it
 * follows the launch's policy; with one it asks the chooser, which returns
 * the option to take (0 .. n-1; anything else means `def`).  Kinds:
 *   WARP   which warp issues next (a sleeping warp among the options is
 *          woken early: when NANOSLEEP releases)
 *   GROUP  which divergent lane group a warp runs after a switch (YIELD,
 *          NANOSLEEP, BSYNC, WARPSYNC)
 *   COPY   which pending asynchronous copy completes first (early)
 *   READ   which store a load reads (SIMT_MEMORY_RELAXED)
 *   WRITE  where a store goes in its word's coherence order (RELAXED)
 *   REORDER whether a store independent of the load before it is
 *          performed first: load buffering (RELAXED)
 * With a chooser, warps issue one at a time and stall cycles do not limit
 * which warp may issue; unless SIMT_CHOOSE_EVERY_ISSUE, a WARP choice is
 * offered only when every ready warp is about to issue an instruction that
 * other warps can observe or be affected by (a global, shared or generic
 * access, an atomic, a fence, a barrier, an mbarrier or copy operation):
 * instructions that touch only a warp's own registers and local memory run
 * without a choice (partial-order reduction).
 */
typedef enum simt_choice_kind {
	SIMT_CHOICE_WARP,
	SIMT_CHOICE_GROUP,
	SIMT_CHOICE_COPY,
	SIMT_CHOICE_READ,
	SIMT_CHOICE_WRITE,
	SIMT_CHOICE_REORDER
} simt_choice_kind;

#define SIMT_CHOICE_MAX 64 /* options of one choice point at most */

typedef struct simt_choice {
	simt_choice_kind kind;
	int n;            /* options 0 .. n-1 (2 <= n <= SIMT_CHOICE_MAX)    */
	int def;          /* what the policy takes                          */
	uint64_t step;    /* warp instructions issued before this choice     */
	/* what each option is: WARP: CTA linear id << 8 | warp; GROUP: the
	   first lane of the group; COPY: the step of the copy's issue; READ:
	   the value the store wrote; WRITE: the position in the coherence
	   order; REORDER: the PC of the instruction performed first (0: the
	   load, 1: the store) */
	const uint64_t *what;
} simt_choice;

/* Returns the option taken. */
typedef int simt_chooser_fn(void *user, const simt_choice *ch);

#define SIMT_CHOOSE_EVERY_ISSUE 1u /* a WARP choice before every issue   */

/* Install (fn non-NULL) or remove the chooser for the following runs. */
SIMT_API void simt_sim_set_chooser(simt_sim *s, simt_chooser_fn *fn,
				   void *user, unsigned flags);
/*
 * Footprints (address-aware partial-order reduction, docs/explore.md): the
 * global words more than one warp touched, over the runs it is attached
 * to.  With a footprint attached and a chooser installed, an LDG or STG
 * whose words no other warp has touched runs without a WARP choice.  The
 * explorer starts over when a run adds shared words; a schedule file lists
 * the words shared when its run began (simt_footprint_add replays them).
 */
typedef struct simt_footprint simt_footprint;
SIMT_API simt_footprint *simt_footprint_new(void);
SIMT_API void simt_footprint_free(simt_footprint *f);
/* Words shared so far, and the k-th (its address) in the order they
 * became shared. */
SIMT_API uint64_t simt_footprint_count(const simt_footprint *f);
SIMT_API uint64_t simt_footprint_word(const simt_footprint *f, uint64_t k);
/* Mark the word at addr shared. */
SIMT_API simt_status simt_footprint_add(simt_footprint *f, uint64_t addr);
/* Record the following runs' global accesses into f and consult it (NULL:
 * none).  f must outlive the runs; it is not freed with s. */
SIMT_API void simt_sim_set_footprint(simt_sim *s, simt_footprint *f);
/* Parse "sc" or "relaxed" into l->memory. */
SIMT_API simt_status simt_launch_memory(simt_launch *l, const char *text,
					simt_diags *d);
/* The name of a choice kind ("warp", "group", ...), NULL when none;
 * simt_choice_kind_parse is its inverse (-1 when unknown). */
SIMT_API const char *simt_choice_kind_name(simt_choice_kind k);
SIMT_API int simt_choice_kind_parse(const char *name);

#ifdef __cplusplus
}
#endif
#endif
