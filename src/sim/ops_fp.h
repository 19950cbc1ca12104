/*
 * ops_fp.h - the rows of the simulator handler list for the float64,
 * float-conversion and correctly rounded companions of isa/fp64.isa
 * (handlers in fp64.c).
 * Format: X(OPTYPE, exec, prep, flags), see SIM_OPS_CORE in sim.h.
 */
#ifndef SIMT_SIM_OPS_FP_H
#define SIMT_SIM_OPS_FP_H

#define SIM_OPS_FP(X)                                                          \
	X(DADD, sim_fp_darith, rt_prep, 0)                                     \
	X(DMUL, sim_fp_darith, rt_prep, 0)                                     \
	X(DFMA, sim_fp_darith, rt_prep, 0)                                     \
	X(DSETP, sim_fp_dsetp, rt_prep, 0)                                     \
	X(FMNMX, sim_fp_fmnmx, rt_prep, 0)                                     \
	X(FRND, sim_fp_frnd, rt_prep, 0)                                       \
	X(FDIV, sim_fp_fdiv, rt_prep, 0)                                       \
	X(FSQRT, sim_fp_fsqrt, rt_prep, 0)                                     \
	X(F2F, sim_fp_f2f, sim_fp_prep_f2f, 0)

/* Prep hook of the F2F row (rt_prep is declared by ops_runtime.h). */
sim_prep_fn sim_fp_prep_f2f;

/* Two binary16 halves added with round-to-nearest-even, subnormals kept
 * (the .F16x2 atomics of atomic.c). */
uint32_t sim_fp_f16x2_add(uint32_t a, uint32_t b);

#endif
