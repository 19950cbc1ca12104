/*
 * sim.h - the simulator's internal contract (shared by the core: predecode,
 * sched, warp, bru, bcu, diag, trace; and the runtime: mem, alu, fp, ldst).
 *
 * Pipeline: object text --predecode.c--> sim_inst[] (one per 16-byte word,
 * decoded once) --sched.c--> picks a warp --sim_step()--> common prologue
 * (guard + Pp -> pmask) --> handler --> epilogue (ActivePC += 16 unless the
 * handler is a control handler) --> trace.c (JSON line) / diag.c (stops).
 *
 * Contract for handlers:
 *   - A handler is `void fn(sim_warp *w, const sim_inst *i, uint32_t pmask)`.
 *     pmask = ActiveMask & guard(Pg) & Pp, computed by the prologue.
 *   - Plain handlers (flags 0) are called only when pmask != 0, operate on the
 *     lanes of pmask, never touch PC or masks; the epilogue advances ActivePC.
 *   - Control handlers (SIM_F_CTRL: every BRU op, BAR.*) are always called
 *     and own ActivePC/ActiveMask/RPC updates (and may block the warp).
 *   - A handler that meets a fault calls sim_raise() and returns; the step
 *     loop stops the run after the current instruction.  Handlers never
 *     allocate, print or exit.
 *
 * Register file (register-major, row = register, column = lane):
 *   w->r[0..254][lane]  R0..R254
 *   w->r[SIM_RZ=255]    RZ: always zero (reads)
 *   w->r[SIM_RSINK=256] write sink: predecode maps a destination RZ here, so
 *                       handlers write unconditionally and RZ stays zero.
 *   Same scheme for predicates (7 = PT all ones, 8 = sink), uniform
 *   registers (63 = URZ, 64 = sink) and uniform predicates (7 = UPT, 8 sink).
 *   A 64-bit pair R[n:n+1] is rows n (low word) and n+1 (high word).
 */
#ifndef SIMT_SIM_H
#define SIMT_SIM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "isa/isa.h"
#include "obj/lines.h"
#include "simt/sim.h"
#include "simt/simt.h"
#include "util/util.h"

#define SIM_INST_SIZE 16u
#define SIM_LANES 32
#define SIM_NBARRIERS 16
#define SIM_NBREGS 16

#define SIM_RZ 255
#define SIM_RSINK 256
#define SIM_NROWS 257
#define SIM_PT 7
#define SIM_PSINK 8
#define SIM_NPRED 9
#define SIM_URZ 63
#define SIM_URSINK 64
#define SIM_NUR 65
#define SIM_UPT 7
#define SIM_UPSINK 8

typedef struct sim_ctx sim_ctx;
typedef struct sim_cta sim_cta;
typedef struct sim_warp sim_warp;
typedef struct sim_inst sim_inst;

/* ---- predecoded instruction --------------------------------------------- */

/* How an operand was written, resolved once by predecode.c. */
typedef enum sim_opnd_kind {
	SIM_O_NONE,
	SIM_O_REG,   /* GPR: reg (dest RZ -> SIM_RSINK); width 64 = pair   */
	SIM_O_UREG,  /* uniform register: reg (dest URZ -> SIM_URSINK)      */
	SIM_O_PRED,  /* predicate: reg (dest PT -> SIM_PSINK), neg          */
	SIM_O_UPRED, /* uniform predicate                                   */
	SIM_O_BREG,  /* B0..B15: reg                                        */
	SIM_O_IMM,   /* immediate: imm (sign-extended for SImm, raw bits of F32) */
	SIM_O_CMEM,  /* c[bank][off]: bank, imm = byte offset; reg = index GPR
			(SIM_RZ when absolute)                                   */
	SIM_O_ADDR,  /* [Ra(+.64) + off]: reg = Ra, imm = offset, width 32/64 */
	SIM_O_ENUM   /* a modifier written as an operand: imm = value        */
} sim_opnd_kind;

typedef struct sim_opnd {
	uint8_t kind;   /* sim_opnd_kind */
	uint8_t neg;    /* .not (predicates) or .bitnot / ~ (registers)      */
	uint8_t width;  /* Bitwidth<> of the operand (32 default, 64 pairs)   */
	uint8_t bank;   /* SIM_O_CMEM                                       */
	uint16_t reg;   /* register index after the RZ/PT mapping            */
	int16_t field;  /* index in opc->fields                              */
	int64_t imm;
} sim_opnd;

#define SIM_MAX_OPNDS 8

typedef void sim_exec_fn(sim_warp *w, const sim_inst *i, uint32_t pmask);
/* Optional per-optype predecode hook: fills i->aux from i->fields. */
typedef simt_status sim_prep_fn(sim_ctx *c, sim_inst *i, simt_diags *d);

/* Handler flags. */
#define SIM_F_CTRL 1u  /* control handler: always called, owns PC/masks */
#define SIM_F_MEMW 2u  /* may write memory (livelock detector resets)   */
#define SIM_F_PPGUARD 4u /* the field pp is a second guard (seed 001's Pp,
			    BRU_P group): predecode folds it into pmask.
			    Without this flag pp stays an operand in op[]
			    (BAR.RED's reduction input, IADD3.X's carry).  */
#define SIM_F_STRONG 8u /* a .STRONG.<scope> load/store (ldst.c prep sets it
			   and its scope) */
#define SIM_F_NOGUARD 16u /* guard and pp are PT (predecode.c): pmask is
			     ActiveMask, no predicate to read */
#define SIM_F_JUMP 32u /* a BRA of one target without .U/.DIV/.CONV or a UR
			  mask (bru.c prep): aux[2] its target, aux[3] the
			  target's record (sim_ip); the plain step jumps a
			  whole or an empty pmask itself */

struct sim_inst {
	sim_exec_fn *exec;        /* never NULL (invalid words raise)       */
	uint32_t flags;           /* SIM_F_*                               */
	uint16_t optype;          /* sim_optype of its SIM_OPS row          */
	/* guard and extra predicate (pp): index into w->p, negation; pg_up:
	   the guard is a uniform predicate (index into w->up, the uniform
	   datapath's U* instructions) */
	uint8_t pg, pg_not, pp, pp_not, pg_up;
	/* pg_not and pp_not as -1 or 0 (predecode.c), sign-extended to
	   masks: the plain step's guard is (p[pg] ^ pg_xor) & (p[pp] ^
	   pp_xor), no branch (bytes: they fill padding before op[]) */
	int8_t pg_xor, pp_xor;
	/* control slots ($sched $wsb $req); stall is the issue distance,
	   never 0 (predecode.c: a stall field of 0 counts as 1) */
	uint8_t stall, yield, wsb, req;
	/* Memory order, read once from the fields: sem (the `sem` field's
	   value, 0 when none: relaxed for atomics, .SC for FENCE) and scope
	   (the `scope` field's MemScope value, or a strong access's; .GPU
	   when none). */
	uint8_t sem, scope;
	uint8_t nops;
	/* Operands in the opcode's Order<> without the guard and without pp. */
	sim_opnd op[SIM_MAX_OPNDS];
	/* Per-optype values a prep hook computed (modifiers, targets, ...). */
	int64_t aux[4];
	/* A plan handler's operands (alu.c), resolved by its prep hook: the
	   byte offsets of its GPR rows in the warp's register file w->r
	   (sim_row_off), so that an issue adds one to w->r and decodes
	   nothing, and its
	   predicates (index in w->p, bit 4 the negation). */
	uint16_t prow[6];
	uint8_t ppred[4];
	/* SHFL with immediate lane and clamp operands (warp_ops.c): the
	   source lane of every lane, computed once by its prep hook. */
	uint8_t lane_src[SIM_LANES];
	uint64_t pc;              /* byte address of this instruction       */
	uint64_t word[2];         /* its encoding (retire records)          */
	const isa_opcode *opc;    /* NULL when the word did not decode      */
	uint64_t fields[ISA_MAX_FIELDS]; /* the decoded field values        */
	const char *why;          /* decode failure reason (opc == NULL)     */
};

/* Value of the field called name of i's opcode (def if it has none). */
uint64_t sim_field(const sim_inst *i, const char *name, uint64_t def);
/* Index in names[] (NULL-terminated) of the value name of enum field
 * `field`: def when the opcode has no such field, -1 when the value is not
 * in names[].  For prep hooks that map modifiers by name. */
int sim_enum_index(const sim_inst *i, const char *field,
		   const char *const *names, int def);
/* The handler prep hooks install when they refuse an operand shape. */
sim_exec_fn sim_exec_malformed;
/* Operand index (in i->op) of the operand whose field is called name, or -1. */
int sim_opnd_find(const sim_inst *i, const char *name);
/* Operand k of i is in its opcode's OutList (a destination). */
bool sim_opnd_out(const sim_inst *i, int k);
/* The operand whose field is called name exists and is of kind `kind`. */
bool sim_opnd_is(const sim_inst *i, const char *name, int kind);
/*
 * The operand shapes a handler relies on (the builtin ISA has them; a
 * user's --isa may not): a prep hook passes ok = "the shape is there";
 * when not, the word raises when issued (sim_exec_malformed, naming `need`)
 * instead of its handler reading a missing operand.  Returns SIMT_OK.
 */
simt_status sim_prep_need(sim_inst *i, bool ok, const char *need);
/* Role slots: a prep hook packs operand indices, 4 bits each, into aux[0]
 * (slot s holds the index of the operand playing role s); SIM_SLOT_NONE
 * marks an absent role. */
#define SIM_SLOT_NONE 0xF
static inline int sim_slot(const sim_inst *i, int s)
{
	return (int)((uint64_t)i->aux[0] >> (4 * s)) & 0xF;
}
/* The aux[0] word with ks[s] in slot s, s < n (ks[s] < 0: SIM_SLOT_NONE). */
uint64_t sim_slots_pack(const int *ks, int n);

/*
 * Handler registry: ONE list, X(OPTYPE, exec, prep, flags).  OPTYPE is the
 * __DefOptype name of the ISA.  The core owns SIM_OPS_CORE (below); the
 * runtime owns SIM_OPS_RUNTIME in src/sim/ops_runtime.h.  predecode.c builds
 * its name -> handler table by expanding SIM_OPS once; an optype with no
 * row decodes but raises "no execution handler" when issued.
 */
#define SIM_OPS_CORE(X)                                                        \
	X(BRA, sim_bru_bra, sim_prep_bra, SIM_F_CTRL | SIM_F_PPGUARD)          \
	X(BRX, sim_bru_brx, sim_prep_jump, SIM_F_CTRL | SIM_F_PPGUARD)         \
	X(CALL, sim_bru_brx, sim_prep_jump, SIM_F_CTRL | SIM_F_PPGUARD)        \
	X(RET, sim_bru_brx, sim_prep_jump, SIM_F_CTRL | SIM_F_PPGUARD)         \
	X(LEPC, sim_bru_lepc, sim_prep_lepc, 0)                                \
	X(EXIT, sim_bru_exit, NULL, SIM_F_CTRL | SIM_F_PPGUARD)       \
	X(BMOV, sim_bru_bmov, sim_prep_bmov, 0)                                \
	X(BSSY, sim_bru_bssy, sim_prep_breg, 0)                                \
	X(BSYNC, sim_bru_bsync, sim_prep_breg, SIM_F_CTRL)                     \
	X(YIELD, sim_bru_yield, NULL, SIM_F_CTRL | SIM_F_PPGUARD)     \
	X(BREAK, sim_bru_break, sim_prep_breg, SIM_F_PPGUARD)                  \
	X(WARPSYNC, sim_bru_warpsync, sim_prep_warpsync, SIM_F_CTRL | SIM_F_PPGUARD) \
	X(NANOSLEEP, sim_bru_nanosleep, sim_prep_nanosleep, SIM_F_CTRL | SIM_F_PPGUARD) \
	X(RTT, sim_bru_rtt, NULL, SIM_F_CTRL)                         \
	X(TRAP, sim_bru_trap, NULL, SIM_F_CTRL)                       \
	X(SYSCALL, sim_bru_syscall, NULL, SIM_F_CTRL)                 \
	X(BAR, sim_bcu_bar, sim_prep_bar, SIM_F_CTRL)                          \
	X(BAR_RED, sim_bcu_bar_red, sim_prep_bar_red, SIM_F_CTRL)                  \
	X(B2R, sim_bcu_b2r, sim_prep_b2r, 0)                                   \
	X(B2R_RESULT, sim_bcu_b2r_result, sim_prep_b2r_result, 0)                    \
	X(R2B, sim_bcu_r2b, sim_prep_r2b, 0)

#include "sim/ops_runtime.h" /* defines SIM_OPS_RUNTIME(X) */
#include "sim/ops_warp.h"    /* defines SIM_OPS_WARP(X) */
#include "sim/ops_mbar.h"    /* defines SIM_OPS_MBAR(X) */
#include "sim/ops_uniform.h" /* defines SIM_OPS_UNIFORM(X) */
#include "sim/ops_fp.h"      /* defines SIM_OPS_FP(X) */
#include "sim/ops_cluster.h" /* defines SIM_OPS_CLUSTER(X) */

#define SIM_OPS(X)                                                             \
	SIM_OPS_CORE(X) SIM_OPS_RUNTIME(X) SIM_OPS_WARP(X) SIM_OPS_MBAR(X)     \
	SIM_OPS_UNIFORM(X) SIM_OPS_FP(X) SIM_OPS_CLUSTER(X)

/* One value per SIM_OPS row: prep hooks that serve several optypes switch
 * on sim_inst.optype instead of comparing optype names. */
typedef enum sim_optype {
	SIM_OP_NONE, /* undecoded word, or an optype without a row */
#define SIM_X_ENUM(name, exec, prep, flags) SIM_OP_##name,
	SIM_OPS(SIM_X_ENUM)
#undef SIM_X_ENUM
	SIM_OP_COUNT
} sim_optype;

#define SIM_X_DECL(name, exec, prep, flags) sim_exec_fn exec;
SIM_OPS(SIM_X_DECL)
#undef SIM_X_DECL
sim_prep_fn sim_prep_bra, sim_prep_jump, sim_prep_lepc, sim_prep_bmov,
	sim_prep_breg, sim_prep_warpsync, sim_prep_nanosleep, sim_prep_bar,
	sim_prep_bar_red, sim_prep_b2r, sim_prep_b2r_result, sim_prep_r2b;

/* ---- warp, CTA, context state -------------------------------------------- */

typedef enum sim_wstate {
	SIM_W_READY,     /* can issue when its clock comes                   */
	SIM_W_BAR,       /* blocked in BAR.SYNC / BAR.RED on w->bar_id       */
	SIM_W_SLEEP,     /* warpSleep(): until w->wake_cycle                  */
	SIM_W_MBAR,      /* parked in an mbarrier wait or DEPBAR (mbarrier.c) */
	SIM_W_CLUSTER,   /* parked in CGABAR.WAIT (cluster.c)                */
	SIM_W_EXITED     /* warpExit()                                        */
} sim_wstate;
#define SIM_W_NSTATES (SIM_W_EXITED + 1)

/*
 * The per-warp copy of the last completed BAR.RED (B2R.WARP, B2R.RESULT,
 * R2B.WARP): the barrier state word at completion, which holds the result.
 */
typedef struct sim_redcopy {
	bool valid;       /* a reduction has completed (or R2B.WARP ran)      */
	uint32_t state;   /* barrier state word (bcu.c, docs/semantics.md)    */
} sim_redcopy;

struct sim_warp {
	/* What every issue reads and writes, together at the start (two
	   cache lines: the prologue, the epilogue and the scheduler's
	   eligibility test touch nothing else of the warp). */
	uint32_t p[SIM_NPRED];            /* lane mask per predicate        */
	uint32_t valid, active, yield, sleep, switch_mask; /* BRU (seed 001) */
	/* SIM_LANES - popc(active), kept with it (every write of active goes
	   through sim_set_active): an issue counts its thread instructions
	   from it without a population count (the PTX corpus issues most of
	   its warp instructions with lanes off) */
	uint32_t idle;
	sim_wstate state;
	bool timer_armed;     /* a NANOSLEEP timer is pending                */
	uint64_t active_pc;
	uint64_t clock;       /* cycle at which it may issue next            */
	sim_ctx *ctx;
	sim_cta *cta;
	uint64_t steps;       /* instructions issued by this warp            */
	uint64_t timer_cycle; /* expiry of that timer (clears SleepMask)     */
	/* The record of active_pc (sim_ip: c->code[ncode], the record that
	   raises "outside the code", when active_pc is not in the code), so
	   that the plain step reads it without computing it: set at launch,
	   by the plain step (ip + 1 after a plain instruction, sim_ip after
	   a control one: only control handlers write active_pc) and by
	   sim_step. */
	const sim_inst *ip;
	/* The warp after this one in the round-robin order of the resident
	   set (the next warp of the CTA, or warp 0 of the next resident
	   CTA, wrapping): sched.c keeps it whenever the set changes, its
	   burst follows it. */
	sim_warp *rr_next;
	/* the rest of the BRU state, next to it (convergence reads both).
	   RPC, the per-lane return PC of seed 001, is kept as lane groups:
	   lanes rg_mask[k] have RPC rg_pc[k], k < nrg; the masks are
	   disjoint, non-empty and cover all 32 lanes, so "the lanes whose
	   RPC is pc" is one mask (sim_rpc_eq) and convergence is mask
	   arithmetic.  Written only through sim_rpc_set (warp.c). */
	int nrg;
	uint32_t rg_mask[SIM_LANES];
	uint64_t rg_pc[SIM_LANES];
	uint32_t breg[SIM_NBREGS];
	uint32_t ur[SIM_NUR];
	uint32_t up[SIM_NPRED];           /* bit 0: uniform predicate value  */
	/* scheduling */
	uint64_t wake_cycle;  /* SLEEP: NANOSLEEP timer expiry               */
	/* BCU state */
	int bar_id;           /* SIM_W_BAR: barrier waited on                */
	sim_redcopy red;
	/* mbarrier waits (mbarrier.c, async.c): SIM_W_MBAR */
	uint8_t mbar_kind;    /* SIM_MBW_PHASE, SIM_MBW_DEPBAR              */
	bool mbar_waiting;    /* a TRY.WAIT at mbar_pc is in progress        */
	bool mbar_whole;      /* its lanes name one object and one parity    */
	uint32_t mbar_addr;   /* object of the first waiting lane            */
	uint32_t mbar_want;   /* its phase bit meaning "not complete yet"    */
	uint32_t mbar_lanes;  /* lanes still waiting                         */
	uint64_t mbar_pc;
	uint64_t mbar_deadline; /* time limit / DEPBAR wake (UINT64_MAX: none) */
	/* identity */
	int id;               /* warp index in the CTA                       */
	uint32_t nlanes_mask; /* lanes that exist (partial last warp)         */
	uint32_t tid[3][SIM_LANES]; /* thread index x/y/z of each lane      */
	void *local;          /* per-thread local memory (owned by mem.c)    */
	uint64_t skip_pc;     /* a store issued early (load buffering,
				 relaxed.c): skipped when ActivePC reaches
				 it; 0 none                                   */
	/* livelock detector (warp.c): sampled state hashes of switch events */
	uint64_t ll_events;
	uint64_t ll_hash[16], ll_writes[16], ll_others[16];
	uint64_t ll_pcs[32];  /* ActivePC after the last 32 events           */
	/* The register file: rows r[0..SIM_NROWS) (see the top comment), in
	   the CTA slot's register block (sched.c, cta_init).  A launch
	   reaches only rows [0, c->rows_dirty), RZ and the sink: the other
	   rows of a warp are not its memory (the block packs the warps'
	   files into each other's unused rows, so a launch touches a few KB
	   per warp, not 33), and nothing reads or writes them (simt_sim_reg
	   reads them as zero, api.c). */
	uint32_t (*r)[SIM_LANES]; /* R[reg][lane]                            */
};

/* A warp's state as the residency budget counts it (docs/limits.md): the
 * control state and a whole register file. */
#define SIM_WARP_BYTES \
	(offsetof(sim_warp, r) + sizeof(uint32_t) * SIM_NROWS * SIM_LANES)

typedef enum sim_bar_kind { SIM_BAR_IDLE, SIM_BAR_SYNC, SIM_BAR_RED } sim_bar_kind;

/* One CTA barrier. */
typedef struct sim_barrier {
	uint32_t count;     /* arrivals * 32 in the current phase            */
	uint32_t expected;  /* SrcCnt of the phase (0: all live warps)        */
	uint8_t kind;       /* sim_bar_kind of the current phase              */
	uint8_t redop;      /* BAR.RED op (0 AND, 1 OR, 2 POPC)               */
	bool red_acc_pred;  /* running AND / OR                                */
	uint32_t red_popc;  /* running popcount                               */
	uint32_t waiting;   /* bit w: warp w is blocked on this barrier        */
	uint32_t arrived;   /* bit w: warp w arrived in this phase            */
	uint64_t first_pc;  /* PC of the first arrival of the phase (diags)    */
} sim_barrier;

struct sim_cta {
	uint32_t id[3];
	uint64_t lin;       /* linear id (x fastest): launch and RR order     */
	int nwarps;
	sim_warp *warps;
	sim_barrier bar[SIM_NBARRIERS];
	uint32_t nthreads;
	int exited_warps;   /* warps whose ValidMask became 0                 */
	uint8_t *shared;    /* static + dynamic shared memory (mem.c)         */
	uint32_t shared_size;
	struct sim_async *async; /* mbarriers and copies (async.c), or NULL  */
	struct sim_cluster *cluster; /* its thread-block cluster (cluster.c) */
	uint32_t crank;     /* its rank in the cluster (x fastest)            */
	int hb_slot;        /* its slot in the race checker (hb.c), -1 none   */
	/* bit j of in_state[s]: warps[j].state == s (sim_warp_set_state), so
	   the scheduler visits only READY warps and a waker only the warps
	   parked in its state: a parked warp costs nothing until its event */
	uint32_t in_state[SIM_W_NSTATES];
	int rpos;           /* its position in the resident set (sched.c)    */
	/* No copy of this CTA completes and no wait of its warps times out
	   before this cycle (async.c; earlier than the truth is allowed:
	   sim_async_tick then visits the CTA and recomputes it): the tick
	   skips the CTAs with nothing due */
	uint64_t async_due;
};

/* A stop of the run: fault, exception, deadlock, livelock, trap, limit. */
typedef enum sim_stop {
	SIM_STOP_NONE,
	SIM_STOP_DONE,      /* every warp exited                              */
	SIM_STOP_FAULT,     /* memory fault                                    */
	SIM_STOP_EXCEPTION, /* runtime exception of the spec, TRAP, SYSCALL    */
	SIM_STOP_DEADLOCK,
	SIM_STOP_LIVELOCK,
	SIM_STOP_LIMIT      /* --max-cycles                                   */
} sim_stop;

typedef struct sim_mem sim_mem; /* owned by mem.c */

struct sim_ctx {
	const isa_model *isa;
	char *kernel;              /* kernel name, for diagnostics            */
	/* program: one sim_inst per word of the kernel's text, at code_base */
	sim_inst *code;
	uint64_t ncode;
	uint64_t code_base;        /* address of code[0] (0: kernel-relative)  */
	sim_inst bad_pc;           /* issued when ActivePC is outside the code */
	obj_linetab lines;         /* the kernel's line table (a copy)         */
	/* launch */
	simt_launch launch;
	uint32_t warps_per_cta;
	uint32_t static_shared;
	sim_mem *mem;              /* global, constant banks, local (mem.c)    */
	sim_cta *cta;              /* CTA of the warp issuing now (sched.c)    */
	/* run state */
	uint64_t cycle;
	uint64_t steps;            /* warp instructions issued                 */
	uint64_t step_base;        /* c->steps when the CTA group began: trace
				      steps count from it (sched.c)          */
	uint64_t thread_insts;     /* sum of popcount(ActiveMask) at issue     */
	uint64_t mem_writes;       /* incremented by every store/atomic (mem.c) */
	uint64_t rng;              /* random policy state                      */
	uint64_t next_wake;        /* earliest timer of a sleeping warp        */
	uint64_t ready_gen;        /* warps made READY so far (set_state)      */
	sim_stop stop;
	simt_diags *diags;         /* where stops are reported                 */
	char *stop_text;           /* message of the stop (owned)              */
	int rows_used;             /* GPR rows the code names (livelock hash)  */
	int rows_dirty;            /* GPR rows (RZ and the sink included) that
				      an instruction of the code can write:
				      what a reused warp slot clears         */
	/* CTAs of the last run (all kept when launch.keep asks and the grid
	   is small, else the R slots of the resident set, for simt_sim_reg) */
	sim_cta *ctas;
	uint64_t nctas;            /* CTAs allocated in ctas[]                 */
	bool kept;                 /* ctas[k] is the CTA of linear id k        */
	int ctas_prepared;         /* 0, or 1 + the rows_dirty for which
				      sim_sched_prepare made ctas[] the
				      cleared slots of the next launch      */
	uint64_t async_next;       /* earliest copy completion or wait limit
				      of any resident CTA (async.c)           */
	uint64_t event_next;       /* min(next_wake, async_next, the cycle
				      after the limit), 0 after a stop: the
				      burst loop's one bound (sched.c); the
				      three are written only by
				      sim_set_events (and sim_raise)        */
	uint64_t burst_end;        /* a round-robin burst returns to run_grid
				      by this cycle (sched.c): event_next
				      is at most it while set; 0 none.  Set:
				      c->steps counts the burst's issues
				      when it ends (sim_steps)              */
	uint64_t burst_now0;       /* the cycle at which that burst began    */
	/* opt-in checks (launch.checks): reports of this run; the (check, PC)
	   of the first 64, so that each is reported once (later sites are
	   counted, not reported) */
	int nchecked;
	struct { uint32_t check; uint64_t pc; } checked[64];
	/* Called after every issue when non-NULL (fuzzers and tests check
	   invariants through it; sched.c); w is the warp that issued.
	   Kept across runs; a NULL hook costs one test per issue. */
	void (*step_hook)(sim_ctx *c, sim_warp *w, void *user);
	void *step_hook_user;
	/* The launch in progress (sched.c), NULL when none: the scheduler's
	   state lives here between the calls of a stepped launch. */
	struct sim_sched *sched;
	bool sync_event;           /* the last issue was a synchronisation one */
	/* Retired-instruction records (retire.c): the callback and the record
	   under construction, NULL when no callback is set. */
	simt_retire_fn *retire_fn;
	void *retire_user;
	struct sim_rec *rec;
	/* Choice points (choice.c): the chooser, NULL when the policy decides
	   (kept across runs), and SIMT_CHOOSE_* flags. */
	simt_chooser_fn *chooser;
	void *chooser_user;
	unsigned choose_flags;
	/* The explorer's footprint (choice.c): global words and the warps
	   that touched them, recorded by memdev.c and async.c, consulted by
	   the partial-order reduction; NULL when none.  fp_lost: a word
	   could not be recorded (out of memory): no access is private. */
	struct simt_footprint *fp;
	bool fp_lost;
	/* --memory=relaxed (relaxed.c): its state, NULL under SC. */
	struct sim_rx *rx;
	/* The happens-before checker (hb.h): non-NULL during a launch with
	   --check=race or init, and after it (its reports). */
	struct sim_hb *hb;
	/* Names of memory regions for reports (simt_sim_name): test-file
	   buffers, shared and global symbols of the object. */
	struct sim_name *names;
	int nnames;
	/* CTA groups on worker threads (par.c): set on a worker's context
	   (global atomics take its lock), NULL in a sequential run.
	   whole_run: the launch runs to its end without pausing (simt_sim_run),
	   so sim_start may hand its groups to workers. */
	struct sim_par *par;
	bool whole_run;
	/* The context's worker threads (par.c), parked between launches;
	   NULL on one CPU, on a worker and before the first need. */
	struct sim_pool *pool;
	/* The last run's workers (par.c; simt_sim_stats): how many (0: the
	   run was sequential), the CPU seconds of the busiest one, of all of
	   them together, and the span of its groups on idle workers. */
	uint32_t par_workers;
	double par_cpu_max, par_cpu_sum, par_cpu_span;
};

/* ---- services the handlers call ------------------------------------------- */

/*
 * Stop the run with a located runtime error: "kernel K, CTA (x,y,z), warp W,
 * lanes 0x..., PC 0x...: `ASM`: message".  kind is SIM_STOP_FAULT or
 * SIM_STOP_EXCEPTION.  Only the first stop of a run is recorded.
 */
void sim_raise(sim_warp *w, const sim_inst *i, uint32_t lanes, sim_stop kind,
	       const char *fmt, ...) SIMT_PRINTF(5, 6);

/*
 * Report an opt-in check (SIMT_CHECK_* bit `check`, enabled in
 * launch.checks - the caller tests that) at instruction i: an error
 * diagnostic located like sim_raise's, "--check=NAME: message", once per
 * (check, PC), at most 64 sites a run; the run goes on.
 */
void sim_check_report(sim_warp *w, const sim_inst *i, uint32_t lanes,
		      uint32_t check, const char *fmt, ...) SIMT_PRINTF(5, 6);

/* Disassembled text of i (into buf, like snprintf). */
size_t sim_inst_text(const sim_ctx *c, const sim_inst *i, char *buf,
		     size_t size);
/*
 * Where the instruction at pc was written, from the object's line table:
 * " (FILE:LINE)", or " (FILE:LINE, ORIGFILE:LINE)" when the front end also
 * recorded the original source (PTX .loc); "" when the table has no row
 * for pc.  Into buf (at least 1 byte); returns buf.  Every PC a run-time
 * diagnostic names is followed by this (docs/semantics.md, diagnostics).
 */
const char *sim_loc(const sim_ctx *c, uint64_t pc, char *buf, size_t size);
/* The rows of the line table for pc (NULL when none). */
void sim_loc_rows(const sim_ctx *c, uint64_t pc, const obj_line **site,
		  const obj_line **orig);

/* 32-bit source operand value of lane (REG, UREG, IMM, CMEM with RZ index). */
uint32_t sim_src32(sim_warp *w, const sim_inst *i, int opnd, int lane);
/* 64-bit source (pairs, UR pairs, 64-bit constants, sign-extended imm). */
uint64_t sim_src64(sim_warp *w, const sim_inst *i, int opnd, int lane);

/* Lane mask of a predicate operand, negation applied. */
static inline uint32_t sim_pred(const sim_warp *w, unsigned reg, unsigned neg)
{
	uint32_t m = w->p[reg];
	return neg ? ~m : m;
}

/* Value (0/1) of a uniform predicate operand, negation applied. */
static inline uint32_t sim_upred(const sim_warp *w, unsigned reg, unsigned neg)
{
	return (w->up[reg] ^ neg) & 1;
}

/* The guard of i as a lane mask: a P predicate's lanes, or all / no lanes
 * for a uniform predicate (uniform datapath). */
static inline uint32_t sim_guard(const sim_warp *w, const sim_inst *i)
{
	if (i->pg_up)
		return 0u - sim_upred(w, i->pg, i->pg_not);
	return sim_pred(w, i->pg, i->pg_not);
}

/* Every change of w->state goes through here: it keeps the CTA's masks of
 * warps per state (at most SIMT_MAX_BLOCK_THREADS / 32 = 32 warps), and
 * counts the warps made READY (c->ready_gen: sched.c's burst knows that
 * no CTA gained a ready warp while the count stands still). */
static inline void sim_warp_set_state(sim_warp *w, sim_wstate s)
{
	uint32_t bit = 1u << w->id;
	w->cta->in_state[w->state] &= ~bit;
	w->cta->in_state[s] |= bit;
	w->state = s;
	if (s == SIM_W_READY)
		w->ctx->ready_gen++;
}

/* ---- memory (implemented by the runtime in mem.c) ---------------------- */

typedef enum sim_space {
	SIM_SPACE_GLOBAL,
	SIM_SPACE_SHARED,
	SIM_SPACE_LOCAL,
	SIM_SPACE_CONST,
	SIM_SPACE_GENERIC
} sim_space;

sim_mem *sim_mem_new(void);
void sim_mem_free(sim_mem *m);
/* Global allocation for the host API (simt_sim_alloc). */
simt_status sim_mem_alloc(sim_mem *m, uint64_t size, uint64_t *addr,
			  simt_diags *d);
/* Host access to global memory and constant banks; false = out of range. */
bool sim_mem_host_write(sim_mem *m, uint64_t addr, const void *src,
			uint64_t len);
bool sim_mem_host_read(sim_mem *m, uint64_t addr, void *dst, uint64_t len);
bool sim_mem_const_write(sim_mem *m, unsigned bank, uint32_t off,
			 const void *src, uint32_t len);
/*
 * Device access for the lanes of `lanes`: addr[lane] per lane, size bytes
 * (1, 2, 4, 8, 16) per lane, data[lane] holds up to 16 bytes of the lane.
 * A fault calls sim_raise() (naming the faulting lanes) and returns false.
 * Stores increment w->ctx->mem_writes.
 */
bool sim_mem_load(sim_warp *w, const sim_inst *i, sim_space sp,
		  uint32_t lanes, const uint64_t addr[SIM_LANES],
		  unsigned size, uint8_t data[SIM_LANES][16]);
bool sim_mem_store(sim_warp *w, const sim_inst *i, sim_space sp,
		   uint32_t lanes, const uint64_t addr[SIM_LANES],
		   unsigned size, const uint8_t data[SIM_LANES][16]);
/* One constant read (warp-uniform address); false after sim_raise(). */
bool sim_mem_const_read(sim_warp *w, const sim_inst *i, unsigned bank,
			uint32_t off, unsigned size, void *out);
/* Per-CTA / per-warp storage set-up at CTA launch and release. */
simt_status sim_mem_cta_begin(sim_ctx *c, sim_cta *cta, simt_diags *d);
void sim_mem_cta_end(sim_ctx *c, sim_cta *cta);
/* Worker threads (par.c): a view of m sharing its pages, banks and inits
 * (none of which a launch changes) with a lookup cache and deferred
 * reductions of its own (mem.h, sim_mem_red); freed with
 * sim_mem_view_free().  sim_mem_launch_words writes bank 0's launch words once
 * before the workers start (a worker's sim_mem_cta_begin does not). */
sim_mem *sim_mem_view(const sim_mem *m);
bool sim_mem_launch_words(sim_ctx *c);

/* ---- core entry points (predecode.c, sched.c, warp.c, diag.c, trace.c) -- */

simt_status sim_predecode(sim_ctx *c, const uint8_t *code, uint64_t len,
			  simt_diags *d);
/* One word at pc into *i (never fails on a bad word: see predecode.c). */
simt_status sim_predecode_one(sim_ctx *c, sim_inst *i, const uint8_t *word,
			      uint64_t pc, simt_diags *d);
/* Issue one instruction of w (prologue, handler, epilogue, trace). */
void sim_step(sim_warp *w);
/* Run every CTA of the launch to completion or the first stop (CTAs
 * resident concurrently, see sched.c): sim_start + sim_advance(NULL). */
simt_status sim_run(sim_ctx *c);
/*
 * Stepping (sched.c).  sim_start sets up the launch of c->launch (the first
 * CTAs resident, nothing issued).  sim_advance runs the one scheduler loop
 * until the launch ends or a condition of u (absolute targets; NULL: none)
 * holds; *why says which.  When the launch ends its resources are released
 * and the return is sim_run's.  sim_sched_free drops a launch in progress.
 */
typedef struct sim_until {
	uint64_t steps;        /* pause when c->steps reaches it (UINT64_MAX no) */
	uint64_t cycle;        /* pause when c->cycle reaches it (UINT64_MAX no) */
	const uint64_t *pcs;   /* pause before an issue at one of these         */
	int npcs;
	bool sync;             /* pause after a synchronisation issue           */
} sim_until;
simt_status sim_start(sim_ctx *c);
simt_status sim_advance(sim_ctx *c, const sim_until *u, simt_stop *why);
void sim_sched_free(sim_ctx *c);
/* simt_sim_prepare: the CTA slots a run of l (checked) will use, set up
 * before it (sched.c); sim_start takes them. */
void sim_sched_prepare(sim_ctx *c, const simt_launch *l);
/*
 * CTA groups (sched.c, docs/semantics.md "CTAs on worker threads"): the
 * launch order is cut into groups of whole clusters, each run by its own
 * scheduler from cycle 0 with its own random stream; par.c runs groups on
 * worker threads.  sim_sched_worker runs groups on a worker context (a
 * copy of the main one whose sched is the main's) until none is left or
 * one stops.
 */
simt_status sim_sched_worker(sim_ctx *w);
/* par.c: worker threads for the groups of c's launch (sim_start marked it
 * parallel): runs them all and merges their results into c in group order. */
int sim_par_threads(const sim_ctx *c, uint64_t ngroups);
simt_status sim_par_run(sim_ctx *c, uint64_t ngroups);
/* The context's worker threads: started by its first launch that hands
 * groups to a second worker, parked between launches, joined here when
 * the context is freed. */
void sim_par_pool_free(sim_ctx *c);
/* simt_sim_prepare: start the threads a run of l would use. */
void sim_par_prepare(sim_ctx *c, const simt_launch *l);
/* On a worker: the group in progress ended (no stop): record it; return
 * the next group to run (>= ngroups: none).  Called first with no group. */
uint64_t sim_par_next(sim_ctx *w);
/* On a worker: the group in progress ended with a stop or error st. */
void sim_par_stopped(sim_ctx *w, simt_status st);
/* A lower group stopped: the worker's group g need not finish. */
bool sim_par_cancelled(const sim_ctx *w, uint64_t g);
/* retire.c: the record of the issue in progress (only with c->rec): begin
 * before the handler, accesses from mem, end (calls retire_fn) after. */
void sim_rec_begin(sim_warp *w, const sim_inst *i, uint32_t pmask);
void sim_rec_access(sim_warp *w, sim_space sp, bool store, uint32_t lanes,
		    const uint64_t addr[SIM_LANES], unsigned size,
		    const uint8_t data[SIM_LANES][16]);
void sim_rec_end(sim_warp *w, const sim_inst *i);
bool sim_rec_alloc(sim_ctx *c);
void sim_rec_free(sim_ctx *c);
/* The instruction at pc, or NULL (outside the code, misaligned). */
const sim_inst *sim_inst_at(const sim_ctx *c, uint64_t pc);
/* Deadlock: report every blocked warp of the n resident CTAs (ascending
 * linear id); pending = CTAs of the grid not launched yet. */
/* One note per warp of w's CTA, w excepted, that is blocked (at a barrier,
 * an mbarrier wait, a convergence point): what a livelock of w waits on. */
void sim_report_blocked_others(sim_ctx *c, const sim_warp *w);
/* Why a livelock of w cannot end, when it is one of the known shapes (a
 * collective's member mask naming lanes that wait elsewhere, crossed
 * convergence barriers, another warp parked at a CTA barrier it reached
 * diverged): a malloc'd sentence ending in "; ", or NULL. */
char *sim_livelock_cause(sim_warp *w);
void sim_report_deadlock(sim_ctx *c, sim_cta *const *ctas, int n,
			 uint64_t pending);
/* Emit one trace line for the instruction just issued, if tracing. */
void sim_trace_step(sim_warp *w, const sim_inst *i);

/* warp.c: warpSleep(), warpExit() of the seed; livelock sampling event. */
void sim_warp_sleep(sim_warp *w);
void sim_timer_expire(sim_warp *w);
/* RPC of the lanes of `lanes` := pc (the groups of sim_warp kept in step);
 * sim_rpc_reset: every lane's RPC := pc. */
void sim_rpc_set(sim_warp *w, uint32_t lanes, uint64_t pc);
void sim_rpc_reset(sim_warp *w, uint64_t pc);
void sim_warp_exit(sim_warp *w);
void sim_ll_sample(sim_warp *w);
/* A switch between lane groups or a taken backward jump (livelock
 * detector): cheap bookkeeping, a state hash every 64th event. */
static inline void sim_ll_event(sim_warp *w)
{
	w->ll_pcs[w->ll_events & 31] = w->active_pc;
	if ((++w->ll_events & 63) == 0)
		sim_ll_sample(w);
}
/* bcu.c: the barrier state word; re-check count-0 barriers after an exit. */
uint32_t sim_bar_state(const sim_barrier *b);
void sim_bar_set_state(sim_barrier *b, uint32_t s);
void sim_bcu_warp_exited(sim_ctx *c, sim_cta *cta);
/* bru.c: getGoldenBranchCondition on lane masks. */
uint32_t sim_bra_mask(uint32_t active, uint32_t valid, uint32_t pg, int cond,
		      bool has_ur, uint32_t ur);

/* choice.c: one decision among n options (def: the policy's; what[k]
 * names option k for the chooser); returns def without a chooser. */
int sim_choose(sim_ctx *c, simt_choice_kind kind, int n, int def,
	       const uint64_t *what);
/* The warp to issue under a chooser (sched.c's pick; NULL: none ready). */
sim_warp *sim_choice_pick(sim_ctx *c, sim_cta *const *res, int nres, int wpc,
			  int *lp, int *lj);
/* choice.c: w touched the global bytes [addr, addr + size) (c->fp set). */
void sim_fp_note(sim_warp *w, uint64_t addr, uint64_t size);
/* ldst.c: the access size of an LDG or STG (0: another instruction), with
 * the lanes it runs on now and their addresses. */
unsigned sim_ldst_global(sim_warp *w, const sim_inst *i,
			 uint64_t addr[SIM_LANES], uint32_t *lanes);
/* The lane group to switch to (bru.c; lid: the seed's pick). */
uint32_t sim_choice_group(sim_warp *w, uint32_t cmask, uint32_t lid);

/* relaxed.c: --memory=relaxed.  begin/end around a launch; the hooks are
 * called by mem (loads, stores: ptr the host bytes of each lane), atomic.c
 * (after the read-modify-write of each lane) and the fences. */
simt_status sim_rx_begin(sim_ctx *c);
void sim_rx_end(sim_ctx *c);
/* One lane's access of size bytes at host address p of space sp (after
 * resolution; local memory is private and ignored): a load may replace
 * data with an older store's bytes; a store does the write itself (false:
 * not followed, the caller writes). */
void sim_rx_load(sim_warp *w, sim_space sp, const uint8_t *p, unsigned size,
		 uint8_t *data);
bool sim_rx_store(sim_warp *w, sim_space sp, uint8_t *p, unsigned size,
		  const uint8_t *data);
/* After one lane's read-modify-write at p (old: the value it read).  sem: 0 relaxed, 1 acquire,
 * 2 release, 3 acq_rel; scope: 0 CTA, 1 GPU, 2 SYS, 3 CLUSTER (the ISA's
 * AtomSem and MemScope orders). */
void sim_rx_rmw(sim_warp *w, uint8_t *p, unsigned size, uint64_t old,
		int sem, int scope);
/* FENCE.SC / MEMBAR (sc) or FENCE.ACQ_REL of a scope. */
void sim_rx_fence(sim_warp *w, bool sc, int scope);
/* Barriers, mbarriers: an arrival releases the warp's view to the CTA's
 * synchronisation view, a completed wait acquires it. */
void sim_rx_arrive(sim_warp *w);
void sim_rx_acquire(sim_warp *w);
/* An arrival on (or bytes completed for) the mbarrier of CTA at, another
 * of the cluster: the release reaches at's synchronisation view.  A
 * cluster-barrier arrival: every CTA of the cluster's. */
void sim_rx_arrive_at(sim_warp *w, const sim_cta *at);
void sim_rx_cluster_arrive(sim_warp *w);
/* Load buffering: the store to issue in place of the load ld (w->skip_pc
 * then skips it), or NULL (docs/memory-model.md). */
const sim_inst *sim_rx_reorder(sim_warp *w, const sim_inst *ld);
/* ldst.c: the store st (lanes stm) reads no register the load ld (lanes
 * ldm) writes and writes no word it reads. */
bool sim_ldst_independent(sim_warp *w, const sim_inst *ld, uint32_t ldm,
			  const sim_inst *st, uint32_t stm);
/* ldst.c: i writes a register or predicate the store st reads. */
bool sim_ldst_feeds(const sim_inst *i, const sim_inst *st);
/* Shared memory of a CTA goes away: forget its words. */
void sim_rx_forget(sim_ctx *c, const uint8_t *base, uint32_t size);
/* api.c: the name of the region holding addr in space sp (NULL: none),
 * *off the offset in it. */
const char *sim_name_of(const sim_ctx *c, sim_space sp, uint64_t addr,
			uint64_t *off);
/* hb.c: the reports of the last launch with --check=race/init as JSON
 * (docs/checks.md); caller frees; NULL when out of memory. */
char *hb_json(const sim_ctx *c);

/* api.c: the context of a public simulator (tests, the runner). */
sim_ctx *sim_ctx_of(simt_sim *s);

/* invariants.c: true when the state invariants hold (listed there), else
 * false with the first broken one in why.  SIM_INV_PCS also requires every
 * PC of a live lane inside the text (or at its end). */
#define SIM_INV_PCS 1u
bool sim_check_invariants(const sim_ctx *c, unsigned flags, char *why,
			  size_t size);
/* The same for one CTA (a hook after an issue: the issuing warp's CTA;
 * its own state is all one issue can change, copy completions aside). */
bool sim_check_cta_invariants(const sim_ctx *c, const sim_cta *cta,
			      unsigned flags, char *why, size_t size);

/* Inline helpers shared by handlers. */
static inline uint32_t sim_ffs(uint32_t m) /* lowest set lane; m != 0 */
{
	return (uint32_t)__builtin_ctz(m);
}
static inline uint32_t sim_popc(uint32_t m) /* SWAR: no libgcc call */
{
	m = m - ((m >> 1) & 0x55555555u);
	m = (m & 0x33333333u) + ((m >> 2) & 0x33333333u);
	return (((m + (m >> 4)) & 0x0f0f0f0fu) * 0x01010101u) >> 24;
}
/* ActiveMask := m, and w->idle with it (the only writer of w->active).
 * A whole warp (convergence, the commonest) needs no count. */
static inline void sim_set_active(sim_warp *w, uint32_t m)
{
	w->active = m;
	w->idle = m == 0xffffffffu ? 0 : SIM_LANES - sim_popc(m);
}
/* Byte offset of GPR row r in its warp's register file w->r (sim_inst.prow). */
static inline uint16_t sim_row_off(unsigned r)
{
	return (uint16_t)(r * sizeof(uint32_t[SIM_LANES]));
}
/* Every row's offset fits sim_inst.prow's 16 bits. */
_Static_assert(SIM_NROWS * sizeof(uint32_t[SIM_LANES]) <= 65536,
	       "prow: 16-bit row offsets");
/* 1u << l for each lane l (a table lets lane loops vectorise). */
extern const uint32_t sim_lane_bit[SIM_LANES];
/* Lanes of w whose RPC equals pc (one lookup among the RPC groups). */
static inline uint32_t sim_rpc_eq(const sim_warp *w, uint64_t pc)
{
	for (int k = 0; k < w->nrg; k++)
		if (w->rg_pc[k] == pc)
			return w->rg_mask[k];
	return 0;
}
/* RPC of lane l. */
static inline uint64_t sim_rpc(const sim_warp *w, uint32_t l)
{
	for (int k = 0; k < w->nrg; k++)
		if (w->rg_mask[k] >> l & 1)
			return w->rg_pc[k];
	return 0; /* not reached: the groups cover every lane */
}

/* The instruction at ActivePC, or a record that raises "PC outside the
 * kernel's code" (warp.c). */
const sim_inst *sim_fetch_bad(sim_ctx *c, uint64_t pc);
/* The handler of c->code[c->ncode] (sim_ip): issues sim_fetch_bad's record
 * for w's ActivePC. */
sim_exec_fn sim_exec_off_code;
static inline const sim_inst *sim_fetch(sim_ctx *c, uint64_t pc)
{
	/* the offset rotated right by 4: the index, or (misaligned, below
	   the base) a number with a top bit set, so one compare tests all */
	uint64_t d = pc - c->code_base, k = d >> 4 | d << 60;
	if (k < c->ncode)
		return &c->code[k];
	return sim_fetch_bad(c, pc);
}

/* sim_warp.ip for pc: its record, or c->code[c->ncode] (predecode.c),
 * whose handler raises as the record of sim_fetch_bad does. */
static inline const sim_inst *sim_ip(const sim_ctx *c, uint64_t pc)
{
	uint64_t d = pc - c->code_base, k = d >> 4 | d << 60;
	return &c->code[k < c->ncode ? k : c->ncode];
}

/* The next timer expiry (wake) and copy-engine event (async), and
 * c->event_next, the burst loop's one bound: their minimum, or the first
 * cycle past the cycle limit when that comes first (launch.max_cycles is
 * at most SIMT_MAX_CYCLES), or 0 once the run stops (sim_raise): every
 * write of the three goes through here or sim_raise. */
static inline void sim_set_events(sim_ctx *c, uint64_t wake, uint64_t async)
{
	uint64_t e = wake < async ? wake : async;
	c->next_wake = wake;
	c->async_next = async;
	if (e > c->launch.max_cycles)
		e = c->launch.max_cycles + 1;
	if (c->burst_end && e > c->burst_end)
		e = c->burst_end;
	c->event_next = c->stop != SIM_STOP_NONE ? 0 : e;
}

/* c->steps as sim_step counts it (its handlers see their own issue
 * counted): during a round-robin burst (sched.c, c->burst_end set) the
 * burst's issues so far, one per cycle, are added when it ends. */
static inline uint64_t sim_steps(const sim_ctx *c)
{
	return c->burst_end ? c->steps + (c->cycle - c->burst_now0) + 1
			    : c->steps;
}

/*
 * sim_step when nothing observes the issue: no trace, no retire records,
 * no --memory=relaxed (so skip_pc stays 0), no step hook, no chooser.
 * The scheduler decides once per launch (sched.c, plain) and inlines this
 * into its burst loops; the effects are exactly sim_step's.  now is
 * c->cycle (no handler writes it).  A plain handler neither reads nor
 * writes its own warp's clock (a waker sets the clocks of the warps it
 * wakes, which are parked, not issuing), so the clock is set before the
 * call and nothing but w lives across it.  Returns true for a control
 * instruction (SIM_F_CTRL): only those change the warp's state (EXIT,
 * BAR, the waits), so the caller tests for an exit only then.  The
 * caller adds SIM_LANES to c->thread_insts per issue (a burst once at its
 * end: nothing reads the count during a launch's issues).
 */
#ifdef __GNUC__
__attribute__((always_inline)) /* into both burst loops of sched.c */
#endif
static inline bool sim_step_plain(sim_ctx *c, sim_warp *w, uint64_t now)
{
	const sim_inst *i = w->ip;
	if (w->timer_armed && now >= w->timer_cycle)
		sim_timer_expire(w);
	uint32_t active = w->active, f = i->flags;
	w->steps++;
	/* the caller counts the issue in c->steps (a round-robin burst once
	   when it ends: sim_steps) and SIM_LANES thread instructions per
	   issue; a warp with lanes off takes them back (w->idle: no
	   population count per issue).  The test of the full mask stays:
	   without it the compiler no longer knows that a full warp's
	   active is not 0 and tests it before the call (+3 instructions a
	   full warp's issue, sim_alu +3 %) */
	if (active != 0xffffffffu)
		c->thread_insts -= w->idle;
	uint64_t clock = now + i->stall; /* never 0 (predecode.c) */
	if (__builtin_expect((f & (SIM_F_NOGUARD | SIM_F_CTRL)) ==
				     SIM_F_NOGUARD, 1)) {
		w->clock = clock; /* the commonest: no predicate, plain */
		if (__builtin_expect(active != 0, 1))
			i->exec(w, i, active);
		w->active_pc += SIM_INST_SIZE;
		w->ip = i + 1; /* c->code[ncode] past the last */
		return false;
	}
	uint32_t pmask = active;
	if (!(f & SIM_F_NOGUARD))
		pmask &= (w->p[i->pp] ^ (uint32_t)(int32_t)i->pp_xor) &
			 (i->pg_up ? sim_guard(w, i)
				   : w->p[i->pg] ^ (uint32_t)(int32_t)i->pg_xor);
	if (f & SIM_F_CTRL) {
		if ((f & SIM_F_JUMP) && (pmask == 0 || pmask == active)) {
			/* sim_bru_bra's jump of every active lane or of none */
			if (!pmask) {
				w->active_pc += SIM_INST_SIZE;
				w->ip = i + 1;
			} else {
				uint64_t t = (uint64_t)i->aux[2];
				bool back = t <= w->active_pc;
				w->active_pc = t;
				w->ip = (const sim_inst *)(intptr_t)i->aux[3];
				if (back)
					sim_ll_event(w);
			}
			w->clock = clock;
			return false; /* its warp goes on */
		}
		i->exec(w, i, pmask);
		w->clock = clock;
		w->ip = sim_ip(c, w->active_pc);
		return true;
	}
	w->clock = clock;
	if (pmask)
		i->exec(w, i, pmask);
	w->active_pc += SIM_INST_SIZE;
	w->ip = i + 1;
	return false;
}

#endif
