/*
 * ops_warp.h - the rows of the simulator handler list for the warp
 * collectives (warp_ops.c) and the atomics and fences (atomic.c).
 * Format: X(OPTYPE, exec, prep, flags), see SIM_OPS_CORE in sim.h.
 * The handlers are plain (flags 0): called with pmask != 0, they never
 * touch PC or masks; a collective's membermask misuse raises an exception.
 */
#ifndef SIMT_SIM_OPS_WARP_H
#define SIMT_SIM_OPS_WARP_H

#define SIM_OPS_WARP(X)                                                        \
	X(VOTE, sim_wp_vote, sim_wp_prep, 0)                                   \
	X(VOTEU, sim_wp_voteu, sim_wp_prep, 0)                                 \
	X(SHFL, sim_wp_shfl, sim_wp_prep, 0)                                   \
	X(MATCH, sim_wp_match, sim_wp_prep, 0)                                 \
	X(REDUX, sim_wp_redux, sim_wp_prep, 0)                                 \
	X(ELECT, sim_wp_elect, sim_wp_prep, 0)                                 \
	X(ATOM, sim_at_atom, sim_at_prep, SIM_F_MEMW)                          \
	X(ATOMG, sim_at_atomg, sim_at_prep, SIM_F_MEMW)                        \
	X(ATOMS, sim_at_atoms, sim_at_prep, SIM_F_MEMW)                        \
	X(RED, sim_at_red, sim_at_prep, SIM_F_MEMW)                            \
	X(MEMBAR, sim_at_fence, NULL, 0)                                       \
	X(FENCE, sim_at_fence, NULL, 0)                                        \
	X(FENCE_PROXY, sim_at_fence, NULL, 0)

/* Prep hooks of these rows (sim_prep_fn is declared before this header). */
sim_prep_fn sim_wp_prep, sim_at_prep;

#endif
