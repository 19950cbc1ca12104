/*
 * ops_mbar.h - the mbarrier / asynchronous-copy rows of the simulator
 * handler list (mbarrier.c, async.c) and the hooks the core calls.
 * Format: X(OPTYPE, exec, prep, flags), see SIM_OPS_CORE in sim.h.
 *
 * The waits (MBAR.TRY.WAIT*, DEPBAR) and the arrivals are control handlers
 * (SIM_F_CTRL): a wait that cannot succeed yet leaves ActivePC on the wait
 * and parks the warp in SIM_W_MBAR until an mbarrier phase completes, its
 * time limit passes or the copies it waits for are done; it then issues the
 * wait again.  Every row writes memory (the object, or shared data later),
 * so every row has SIM_F_MEMW.
 */
#ifndef SIMT_SIM_OPS_MBAR_H
#define SIMT_SIM_OPS_MBAR_H

#define SIM_OPS_MBAR(X)                                                        \
	X(MBAR_INIT, sim_mb_init, sim_mb_prep, SIM_F_MEMW)                     \
	X(MBAR_INVAL, sim_mb_inval, sim_mb_prep, SIM_F_MEMW)                   \
	X(MBAR_ARRIVE, sim_mb_arrive, sim_mb_prep, SIM_F_MEMW)                 \
	X(MBAR_EXPECT_TX, sim_mb_expect_tx, sim_mb_prep, SIM_F_MEMW)           \
	X(MBAR_COMPLETE_TX, sim_mb_complete_tx, sim_mb_prep, SIM_F_MEMW)       \
	X(MBAR_TEST_WAIT, sim_mb_test_wait, sim_mb_prep, 0)                    \
	X(MBAR_TEST_WAIT_PARITY, sim_mb_test_wait, sim_mb_prep, 0)             \
	X(MBAR_TRY_WAIT, sim_mb_try_wait, sim_mb_prep, SIM_F_CTRL)             \
	X(MBAR_TRY_WAIT_PARITY, sim_mb_try_wait, sim_mb_prep, SIM_F_CTRL)      \
	X(LDGSTS, sim_as_ldgsts, sim_as_prep, SIM_F_MEMW)                      \
	X(LDGDEPBAR, sim_as_ldgdepbar, sim_as_prep, 0)                         \
	X(DEPBAR, sim_as_depbar, sim_as_prep, SIM_F_CTRL)                      \
	X(ARRIVES, sim_as_arrives, sim_as_prep, SIM_F_MEMW)                    \
	X(UBLKCP, sim_as_ublkcp, sim_as_prep, SIM_F_MEMW)

sim_prep_fn sim_mb_prep, sim_as_prep;

/* Why a warp is in SIM_W_MBAR (sim_warp.mbar_kind). */
enum { SIM_MBW_PHASE = 1, SIM_MBW_DEPBAR = 2 };

/* Per-CTA state of mbarriers and the copy engine (async.c), in
 * sim_cta.async, allocated on first use. */
typedef struct sim_async sim_async;

/* CTA retirement: drop the CTA's objects, copies and waits. */
void sim_async_cta_end(sim_ctx *c, sim_cta *cta);
/* The same for a slot the next CTA reuses: the state is emptied (as if
 * new) but its allocations stay. */
void sim_async_cta_reset(sim_ctx *c, sim_cta *cta);
/* Copies of cta still in flight (a CTA whose warps all exited stays
 * resident until they complete). */
bool sim_async_pending(const sim_cta *cta);
void sim_async_free(sim_ctx *c);
/* Scheduler hook: run the copy completions due at c->cycle in each of the
 * n resident CTAs (per CTA in cycle, then issue order; CTAs in linear
 * order), wake waits whose time came; recomputes c->async_next over all.
 * True when a CTA it visited has ended (every warp exited, no copy left):
 * only a completion can end a CTA between two issues. */
bool sim_async_tick(sim_ctx *c, sim_cta *const *ctas, int n);
/* Deadlock report: what a warp in SIM_W_MBAR waits for (into b). */
void sim_mbar_describe(util_buf *b, const sim_ctx *c, const sim_warp *w);
/* Cycle-limit report: one note per valid mbarrier object of cta whose
 * current phase still waits for arrivals or bytes. */
void sim_mbar_note_incomplete(sim_ctx *c, const sim_cta *cta);
/* For a cycle-limit report: " while the mbarrier at shared 0x.. never
 * completes phase N: <why>" for the first incomplete mbarrier of cta
 * (false: none). */
bool sim_mbar_incomplete_cause(util_buf *b, const sim_cta *cta);

#endif
