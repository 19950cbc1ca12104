/*
 * ops_uniform.h - the rows of the simulator handler list for the uniform
 * datapath (isa/uniform.isa, handlers in uniform.c).
 * Format: X(OPTYPE, exec, prep, flags), see SIM_OPS_CORE in sim.h.
 * Plain handlers (flags 0): the prologue's pmask is ActiveMask or nothing
 * for the U* instructions (their guard is a uniform predicate, sim_guard),
 * the lanes of the P guard for R2UR; each handler computes one value for
 * the warp.
 */
#ifndef SIMT_SIM_OPS_UNIFORM_H
#define SIMT_SIM_OPS_UNIFORM_H

#define SIM_OPS_UNIFORM(X)                                                     \
	X(R2UR, sim_un_r2ur, sim_un_prep, 0)                                   \
	X(S2UR, sim_un_s2ur, sim_un_prep, 0)                                   \
	X(ULDC, sim_un_uldc, sim_un_prep, 0)                                   \
	X(UMOV, sim_un_umov, sim_un_prep, 0)                                   \
	X(UIADD3, sim_un_uiadd3, sim_un_prep, 0)                               \
	X(UIMAD, sim_un_uimad, sim_un_prep, 0)                                 \
	X(ULOP3_LUT, sim_un_ulop3, sim_un_prep, 0)                             \
	X(UISETP, sim_un_uisetp, sim_un_prep, 0)                               \
	X(UPLOP3_LUT, sim_un_uplop3, sim_un_prep, 0)                           \
	X(USEL, sim_un_usel, sim_un_prep, 0)                                   \
	X(USHF, sim_un_ushf, sim_un_prep, 0)

/* Prep hook of these rows (sim_prep_fn is declared before this header). */
sim_prep_fn sim_un_prep;

#endif
