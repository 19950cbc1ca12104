/*
 * simt/testfile.h - self-checking simulator test files (tests/sim/README.md).
 *
 * A test file is an assembly source with directive lines:
 *   .launch grid=X[,Y,Z] block=X[,Y,Z] [shared=N] [local=N] [policy=P]
 *           [max-cycles=N] [resident=N] [check=LIST] [cluster=X[,Y,Z]]
 *           [memory=sc|relaxed]
 *   .init REG = VALUE            R5 = 7 | lane | tid ; P0 = mask 0xHEX ;
 *                                UR4 = 7 ; UP0 = 0|1 (every warp)
 *   .buffer NAME TYPE[COUNT] = INIT     INIT: 0 | zero | iota |
 *                                random(SEED) | file(PATH) | {v0, v1, ...}
 *   .param NAME | .param TYPE:VALUE
 *   .expect NAME = INIT | .expect NAME[i] = v
 *   .expect URn = v | .expect UPn = 0|1   (after the run, in every warp)
 *   .expect-error "text"
 * written either at the start of a line or after `//!`.  The parser blanks
 * them out of the text it hands to the assembler (line numbers unchanged).
 *
 * Ownership: simt_testfile_parse fills a simt_testfile the caller releases
 * with simt_testfile_free.  Nothing here prints.
 */
#ifndef SIMT_TESTFILE_H
#define SIMT_TESTFILE_H

#include <stdbool.h>
#include <stdint.h>

#include "simt/simt.h"

#ifdef __cplusplus
extern "C" {
#endif

/* X-macro: element types (enum, name, bytes, is_float, is_signed). */
#define SIMT_ELEM_LIST(X)                                                      \
	X(SIMT_U8, "u8", 1, 0, 0)                                              \
	X(SIMT_U16, "u16", 2, 0, 0)                                            \
	X(SIMT_U32, "u32", 4, 0, 0)                                            \
	X(SIMT_U64, "u64", 8, 0, 0)                                            \
	X(SIMT_S8, "s8", 1, 0, 1)                                              \
	X(SIMT_S16, "s16", 2, 0, 1)                                            \
	X(SIMT_S32, "s32", 4, 0, 1)                                            \
	X(SIMT_S64, "s64", 8, 0, 1)                                            \
	X(SIMT_F32, "f32", 4, 1, 1)                                            \
	X(SIMT_F64, "f64", 8, 1, 1)

typedef enum simt_elem {
#define SIMT_X_ENUM(e, n, b, f, s) e,
	SIMT_ELEM_LIST(SIMT_X_ENUM)
#undef SIMT_X_ENUM
	SIMT_ELEM_COUNT
} simt_elem;

/* Where a directive was written (for located diagnostics). */
typedef struct simt_tloc {
	int line, col;
} simt_tloc;

/* Largest test buffer, in bytes (256 MiB). */
#define SIMT_BUFFER_MAX (256ull << 20)

/* A list of element values: explicit, or generated. */
typedef enum simt_init_kind {
	SIMT_INIT_LIST, SIMT_INIT_ZERO, SIMT_INIT_IOTA, SIMT_INIT_RANDOM,
	SIMT_INIT_FILE
} simt_init_kind;

typedef struct simt_values {
	simt_init_kind kind;
	uint64_t seed;      /* RANDOM */
	char *path;         /* FILE */
	int n;              /* LIST: number of values */
	uint64_t *bits;     /* LIST: each value encoded in the element type */
} simt_values;

typedef struct simt_tbuffer {
	char *name;
	simt_elem type;
	uint32_t count;     /* elements */
	simt_values init;
	simt_tloc loc;
} simt_tbuffer;

typedef struct simt_tparam {
	char *buffer;       /* NULL: an immediate value */
	simt_elem type;     /* immediate type (buffers are 64-bit addresses) */
	uint64_t bits;
	simt_tloc loc;
} simt_tparam;

typedef enum simt_tinit_kind {
	SIMT_TINIT_VALUE, SIMT_TINIT_LANE, SIMT_TINIT_TID, SIMT_TINIT_MASK
} simt_tinit_kind;

typedef struct simt_tinit {
	bool pred;          /* P register (mask), else R register */
	bool uniform;       /* UR (pred false) or UP (pred true): every warp */
	int reg;            /* 0..254, 0..6 (P, UP), 0..62 (UR) */
	simt_tinit_kind kind;
	uint64_t value;     /* VALUE: 32-bit value; MASK: lane mask */
	simt_tloc loc;
} simt_tinit;

/* What an .expect checks: a buffer, or a uniform register / predicate of
 * every warp of the launch. */
typedef enum simt_texpect_kind {
	SIMT_TEXPECT_BUFFER, SIMT_TEXPECT_UR, SIMT_TEXPECT_UP
} simt_texpect_kind;

typedef struct simt_texpect {
	char *name;
	int64_t index;      /* -1: the whole buffer */
	simt_values values; /* one value when index >= 0 or a register */
	simt_tloc loc;
	simt_texpect_kind kind;
	int reg;            /* SIMT_TEXPECT_UR / _UP: the register number */
} simt_texpect;

typedef struct simt_testfile {
	char *name;          /* for diagnostics */
	char *source;        /* the text as read */
	char *asm_text;      /* directives blanked out */
	/* .launch; has_* false when not given */
	bool has_grid, has_block, has_shared, has_local, has_policy, has_max_cycles;
	bool has_resident;   /* resident=N: CTAs resident at once            */
	uint32_t resident;
	bool has_threads, has_cta_group; /* threads=N, cta-group=N          */
	uint32_t threads, cta_group;
	uint32_t grid[3], block[3];
	uint32_t shared, local;
	char *policy;
	uint64_t max_cycles;
	bool has_cluster;       /* cluster=X[,Y,Z]: thread-block clusters */
	uint32_t cluster[3];
	bool has_copy_latency;  /* copy-latency=N (async copies, cycles) */
	uint32_t copy_latency;
	char *checks;        /* check=LIST (simt_launch_checks), NULL: none */
	int nbuffers, nparams, ninits, nexpects;
	simt_tbuffer *buffers;
	simt_tparam *params;
	simt_tinit *inits;
	simt_texpect *expects;
	char *expect_error;  /* NULL when the run must succeed */
	simt_tloc expect_error_loc;
	char *memory;        /* memory=sc|relaxed (simt_launch_memory), NULL:
				not given */
} simt_testfile;

SIMT_API simt_status simt_testfile_parse(const char *name, const char *text,
					 size_t len, simt_testfile *out,
					 simt_diags *d);
/*
 * Apply one directive line (e.g. ".buffer out u32[4] = 0", without "//!")
 * as if it were in the file; later directives naming the same buffer,
 * parameter list or launch key replace earlier ones.  The CLI turns its
 * options into such lines so that options override the file.
 */
SIMT_API simt_status simt_testfile_directive(simt_testfile *tf,
					     const char *line, simt_diags *d);
/* The same for a line that comes from elsewhere (a command-line option):
 * its diagnostics name `origin` (e.g. "--shared") instead of the file and
 * show the line itself with a caret. */
SIMT_API simt_status simt_testfile_directive_from(simt_testfile *tf,
						  const char *origin,
						  const char *line,
						  simt_diags *d);
SIMT_API void simt_testfile_free(simt_testfile *tf);
/* Index in tf->buffers of the buffer called name[0..n), or -1. */
SIMT_API int simt_testfile_buffer(const simt_testfile *tf, const char *name,
				  size_t n);

/* ---- running a test file ------------------------------------------------- */

struct simt_object;
struct simt_sim;
struct simt_launch;
typedef void simt_test_trace_fn(void *user, const char *json);
/* Runs the prepared launch in place of simt_sim_run (same contract): the
 * stepping test drives it by steps, simt run --timeline attaches its
 * retire callback. */
typedef simt_status simt_test_run_fn(void *user, struct simt_sim *s,
				     const struct simt_launch *l,
				     simt_diags *d);

typedef struct simt_test_opts {
	const char *kernel;          /* NULL: the object's first kernel        */
	const simt_object *object;   /* NULL: assemble tf->asm_text            */
	simt_test_trace_fn *trace;   /* NULL: no trace (docs/trace-format.md)  */
	void *trace_user;
	simt_test_run_fn *run;       /* NULL: simt_sim_run                     */
	void *run_user;
} simt_test_opts;

typedef struct simt_test_result {
	bool passed;
	bool program_failed;  /* assembly or run stopped with an error (an
				 .expect-error test passes when it did)   */
	char *reason;         /* why not (malloc'ed), NULL when passed        */
	uint64_t cycles, steps, thread_insts;
	double run_seconds;   /* CPU time of the kernel run alone (no set-up) */
	double run_wall;      /* its wall-clock time (worker threads)          */
	uint32_t workers;     /* simt_sim_stats: the run's worker threads and */
	double worker_cpu_max, worker_cpu_sum, worker_cpu_span; /* CPU s     */
	int nbuffers;         /* final contents of tf->buffers[i] (malloc'ed) */
	uint8_t **final;
} simt_test_result;

/*
 * Assemble (unless opts->object), set up buffers/params/inits/launch, run,
 * and check the expectations.  Returns SIMT_OK when the test could be
 * carried out (r->passed tells the verdict) - the diagnostics of the
 * program (assembly errors, faults, deadlocks) are appended to d either
 * way; an error status only for problems of the test file itself.
 */
SIMT_API simt_status simt_testfile_run(const simt_isa *isa, simt_testfile *tf,
				       const simt_test_opts *opts,
				       simt_test_result *r, simt_diags *d);
SIMT_API void simt_test_result_free(simt_test_result *r);

SIMT_API const char *simt_elem_name(simt_elem t);
SIMT_API int simt_elem_size(simt_elem t);
/* Fill out (count elements of type t) from v; false + diagnostic on error. */
SIMT_API simt_status simt_values_fill(const simt_values *v, simt_elem t,
				      uint32_t count, uint8_t *out,
				      const char *file, simt_diags *d);
/* Print element i of data as the directive syntax reads it back. */
SIMT_API size_t simt_elem_format(simt_elem t, const uint8_t *data,
				 char *buf, size_t size);

#ifdef __cplusplus
}
#endif
#endif
