/*
 * mbarrier.h - what mbarrier.c and async.c share: the per-CTA state of
 * mbarrier objects and of the copy engine, and the object transitions that
 * both the instructions and the copy completions perform.
 *
 * The 64-bit mbarrier object in shared memory (seed 002; docs/semantics.md):
 *
 *   63  62    60 59            40 39            20 19             0
 *  +---+-------+----------------+----------------+----------------+
 *  |ph | 0 0 0 | tx (pending     | pending        | participants   |
 *  |   |       |  bytes, 20)     | arrivals (20)  | (20)           |
 *  +---+-------+----------------+----------------+----------------+
 *
 * Whether an address holds an initialised object is not in the word: the
 * simulator keeps a table of the addresses MBAR.INIT made valid (and
 * MBAR.INVAL invalidated) with the value it last wrote there, so ordinary
 * loads read the word and an ordinary store over a live object is caught.
 */
#ifndef SIMT_SIM_MBARRIER_H
#define SIMT_SIM_MBARRIER_H

#include "sim/sim.h"

#define MB_MAX 0xfffffu /* 20-bit counts */
#define MB_PART(v) ((uint32_t)(v) & MB_MAX)
#define MB_PEND(v) ((uint32_t)((v) >> 20) & MB_MAX)
#define MB_TX(v) ((uint32_t)((v) >> 40) & MB_MAX)
#define MB_PHASE(v) ((unsigned)((v) >> 63))

static inline uint64_t mb_pack(uint32_t part, uint32_t pend, uint32_t tx,
			       unsigned phase)
{
	return (uint64_t)part | (uint64_t)pend << 20 | (uint64_t)tx << 40 |
	       (uint64_t)(phase & 1) << 63;
}

enum { MB_VALID = 1, MB_INVALID = 2 };

typedef struct sim_mbobj {
	uint32_t addr;   /* shared byte address                            */
	uint8_t state;   /* MB_VALID, MB_INVALID (after MBAR.INVAL)        */
	/* the warps that parked on a phase of this object since its last
	   completion (bit = warp id): a superset of those parked on it now
	   (mb_wake tests each one's state and address), so a completion
	   visits only them */
	uint32_t waiters;
	uint64_t shadow; /* the value the simulator last wrote             */
} sim_mbobj;

/* One pending completion of the copy engine. */
enum { AEV_LDGSTS, AEV_BULK, AEV_ARRIVE };
typedef struct sim_aev {
	uint64_t cycle, seq;     /* due cycle; issue order breaks ties      */
	uint64_t op;             /* c->steps at issue: the lanes of one copy
				    share it (completion order choices)      */
	uint8_t kind, lane;
	uint16_t warp;
	uint32_t dst, size, mbar;
	const sim_inst *inst;    /* the issuing instruction (diagnostics)   */
	uint32_t hb_stamp;       /* the race checker's clock of the copy    */
	sim_cta *src;            /* the issuing CTA (multicast: not t)      */
	uint8_t data[16];        /* AEV_LDGSTS                              */
	uint8_t *bulk;           /* AEV_BULK, owned                         */
	uint32_t bulk_cap;       /* its allocated size (>= size)            */
} sim_aev;

/* A payload buffer kept for the next bulk copy (async.c). */
typedef struct sim_payload {
	uint8_t *p;
	uint32_t cap;
} sim_payload;

/* LDGSTS bookkeeping of one thread: completion cycles.  A fresh thread
 * has the first three zero; ring[k % 64] is read only for a group
 * k < committed, which LDGDEPBAR wrote, so the ring is never cleared
 * (async.c, athr_clear: ~0.5 KB a thread a CTA otherwise). */
#define AS_RING 64
typedef struct sim_athr {
	uint64_t last_done;      /* latest completion of any LDGSTS         */
	uint64_t open_done;      /* latest completion in the open group     */
	uint32_t committed;      /* groups committed by LDGDEPBAR           */
	uint64_t ring[AS_RING];  /* completion of committed group k % 64    */
} sim_athr;

struct sim_async {
	sim_mbobj *obj;
	size_t nobj, capobj;
	/* shared offset / 8 -> obj index + 1 (0: no object), one entry per
	   8 bytes of the CTA's shared memory (allocated by the CTA's first
	   MBAR.INIT, kept with the slot): an object is found by one load */
	uint32_t *dix;
	size_t ndix;
	/* The pending completions ev[0..nev), sorted on (cycle, seq) (a
	   sorted array is a binary heap too: ev[0] is the next; the copies
	   of one launch share a latency, so a new one mostly goes at the
	   end), at evhead in the allocation evbase of capev events: a
	   completion leaves the front by ev++, with no sift. */
	sim_aev *ev, *evbase;
	size_t nev, evhead, capev;
	uint64_t seq;
	sim_athr *thr;           /* warps * 32, allocated on first LDGSTS   */
	size_t nthr;
	bool thr_used;
	/* payload buffers of completed bulk copies, reused by the next ones
	   (no malloc per copy); they stay with the CTA slot */
	sim_payload *spare;
	size_t nspare, capspare;
};

/* The CTA's state (w->cta->async), allocated on first use (NULL: out of
 * memory, after sim_raise). */
sim_async *sim_async_get(sim_warp *w, const sim_inst *i);
/* An event of cta (a copy completion, a wait limit) at cycle t:
 * c->async_next = min(c->async_next, t), the same for cta->async_due. */
static inline void sim_async_note(sim_ctx *c, sim_cta *cta, uint64_t t)
{
	if (t < c->async_next)
		sim_set_events(c, c->next_wake, t);
	if (t < cta->async_due)
		cta->async_due = t;
}

/*
 * Object transitions on behalf of lane `lane` of w issuing i (or, from the
 * copy engine, the instruction that issued the copy; `why` is appended to
 * error messages).  Each returns false after sim_raise.
 */
bool sim_mb_arrive_at(sim_warp *w, const sim_inst *i, unsigned lane,
		      uint32_t addr, uint32_t n, uint32_t tx, bool drop,
		      bool nocomplete, uint64_t *token, const char *why);
bool sim_mb_complete_tx_at(sim_warp *w, const sim_inst *i, unsigned lane,
			   uint32_t addr, uint32_t bytes, const char *why);
/* Raise the pending arrivals by one (ARRIVES.LDGSTSBAR without .NOINC). */
bool sim_mb_add_pending_at(sim_warp *w, const sim_inst *i, unsigned lane,
			   uint32_t addr);
/* Is addr a valid object (checks only, for issue-time validation)? */
bool sim_mb_check_at(sim_warp *w, const sim_inst *i, unsigned lane,
		     uint32_t addr, const char *why);

#endif
