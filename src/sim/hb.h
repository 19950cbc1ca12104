/*
 * hb.h - the happens-before checker (--check=race, init; part of sync):
 * the events the simulator reports to it.  Internal to src/sim.
 *
 * Off unless launch.checks asks for race or init: then c->hb is non-NULL
 * and every unit calls the one hook of its event behind `if (c->hb)`, so a
 * run without the checks pays one test per event.  The rules (which
 * events order which accesses) are in docs/checks.md; hb.c implements
 * them with a vector clock per thread (and per thread's async-copy agent)
 * and a shadow cell per 4 bytes of shared and global memory.
 */
#ifndef SIMT_SIM_HB_H
#define SIMT_SIM_HB_H

#include "sim/sim.h"

typedef struct sim_hb sim_hb;

/* Access kinds. */
enum { HB_READ, HB_WRITE, HB_ATOMIC };

/* Launch set-up (after sim_start made the CTAs' table) and teardown. */
simt_status hb_start(sim_ctx *c, int resident, int wpc);
void hb_finish(sim_ctx *c);  /* end of the launch: the summary note */
void hb_free(sim_ctx *c);    /* everything, reports too */
void hb_cta_begin(sim_ctx *c, sim_cta *cta);
void hb_cta_end(sim_ctx *c, sim_cta *cta);

/* A load, store or atomic of the lanes of `lanes` that succeeded. */
void hb_access(sim_warp *w, const sim_inst *i, sim_space sp, uint32_t lanes,
	       const uint64_t addr[SIM_LANES], unsigned size, int kind);
/* Atomic ordering (after hb_access of the same lanes) and fences. */
void hb_atomic_order(sim_warp *w, const sim_inst *i, sim_space sp,
		     uint32_t lanes, const uint64_t addr[SIM_LANES]);
void hb_fence(sim_warp *w, const sim_inst *i, uint32_t lanes);
/* CTA barriers: an arrival of the lanes of `lanes` (block: it waits);
 * a completion. */
void hb_bar_arrive(sim_warp *w, const sim_inst *i, uint32_t lanes,
		   unsigned id, bool block);
void hb_bar_release(sim_ctx *c, sim_cta *cta, unsigned id);
/* The lanes of `lanes` of w synchronise with each other (WARPSYNC, the
 * convergence at BSYNC, a collective's group). */
void hb_warp_join(sim_warp *w, uint32_t lanes);
/* mbarrier objects: an arrival (engine: on behalf of the lane's copy
 * agent), a phase completion, a wait that observed a completed phase. */
void hb_mbar_arrive(sim_warp *w, unsigned lane, const sim_cta *t,
		    uint32_t addr);
void hb_mbar_complete(sim_ctx *c, const sim_cta *t, uint32_t addr,
		      unsigned new_phase);
void hb_mbar_waited(sim_warp *w, unsigned lane, const sim_cta *t,
		    uint32_t addr, unsigned parity);
/* Async copies: issue by a lane (returns the stamp the completion
 * carries), a commit (LDGDEPBAR), a wait (DEPBAR), the completion's write
 * into t's shared memory and the engine acting for a lane. */
uint32_t hb_async_issue(sim_warp *w, unsigned lane);
void hb_async_commit(sim_warp *w, uint32_t lanes);
void hb_async_wait(sim_warp *w, uint32_t lanes);
void hb_async_write(sim_ctx *c, sim_cta *t, const sim_cta *owner, int warp,
		    unsigned lane, const sim_inst *i, uint32_t dst,
		    uint32_t size, uint32_t stamp);
void hb_engine(sim_ctx *c, const sim_cta *owner, int warp, unsigned lane,
		bool on);
/* An mbarrier word written by an mbarrier operation (defined for init). */
void hb_mbar_word(sim_ctx *c, const sim_cta *t, uint32_t addr);
/* The cluster barrier (key: its first CTA's linear id): arrival, phase
 * completion, a wait that passed. */
void hb_cl_arrive(sim_warp *w, uint64_t key, uint32_t lanes);
void hb_cl_complete(sim_ctx *c, uint64_t key);
void hb_cl_waited(sim_warp *w, uint64_t key, uint32_t lanes);

#endif
