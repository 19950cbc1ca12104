/*
 * ops_runtime.h - the runtime's rows of the simulator handler list
 * (owned by the runtime helper: ALU, FP32, S2R, LDC, loads/stores).
 * Format: X(OPTYPE, exec, prep, flags), see SIM_OPS_CORE in sim.h.
 * rt_prep (rt.c) resolves operand roles and modifiers for every row.
 */
#ifndef SIMT_SIM_OPS_RUNTIME_H
#define SIMT_SIM_OPS_RUNTIME_H

/* No row has SIM_F_PPGUARD: the field pp of ISETP, FSETP, LOP3.LUT, SEL,
 * IMNMX and IADD3.X is a data input, not a second guard. */

#define SIM_OPS_RUNTIME(X)                                                     \
	X(NOP, sim_rt_nop, rt_prep, 0)                                         \
	X(MOV, sim_rt_mov, sim_rt_prep_mov, 0)                                 \
	X(IADD3, sim_rt_iadd3, sim_rt_prep_iadd3, 0)                           \
	X(IADD3_X, sim_rt_iadd3, sim_rt_prep_iadd3, 0)                         \
	X(IMAD, sim_rt_imad, sim_rt_prep_imad, 0)                              \
	X(ISETP, sim_rt_isetp, sim_rt_prep_isetp, 0)                           \
	X(LOP3_LUT, sim_rt_lop3, sim_rt_prep_lop3, 0)                          \
	X(SHF, sim_rt_shf, sim_rt_prep_shf, 0)                                 \
	X(SEL, sim_rt_sel, sim_rt_prep_sel, 0)                                 \
	X(POPC, sim_rt_popc, rt_prep, 0)                                       \
	X(BREV, sim_rt_brev, rt_prep, 0)                                       \
	X(FLO, sim_rt_flo, rt_prep, 0)                                         \
	X(IABS, sim_rt_iabs, rt_prep, 0)                                       \
	X(IMNMX, sim_rt_imnmx, rt_prep, 0)                                     \
	X(PRMT, sim_rt_prmt, rt_prep, 0)                                       \
	X(FADD, sim_rt_fadd, sim_rt_prep_farith, 0)                            \
	X(FMUL, sim_rt_fmul, sim_rt_prep_farith, 0)                            \
	X(FFMA, sim_rt_ffma, sim_rt_prep_farith, 0)                            \
	X(FSETP, sim_rt_fsetp, rt_prep, 0)                                     \
	X(MUFU, sim_rt_mufu, rt_prep, 0)                                       \
	X(I2F, sim_rt_i2f, rt_prep, 0)                                         \
	X(F2I, sim_rt_f2i, rt_prep, 0)                                         \
	X(S2R, sim_rt_s2r, sim_rt_prep_s2r, 0)                                 \
	X(LDC, sim_rt_ldc, rt_prep_ldc, 0)                                     \
	X(LDG, sim_rt_ldg, rt_prep_mem, 0)                                     \
	X(STG, sim_rt_stg, rt_prep_mem, SIM_F_MEMW)                            \
	X(LDS, sim_rt_lds, rt_prep_mem, 0)                                     \
	X(STS, sim_rt_sts, rt_prep_mem, SIM_F_MEMW)                            \
	X(LDL, sim_rt_ldl, rt_prep_mem, 0)                                     \
	X(STL, sim_rt_stl, rt_prep_mem, SIM_F_MEMW)                            \
	X(LD, sim_rt_ld, rt_prep_mem, 0)                                       \
	X(ST, sim_rt_st, rt_prep_mem, SIM_F_MEMW)

/* Prep hooks of these rows (sim_prep_fn is declared before this header). */
sim_prep_fn rt_prep, sim_rt_prep_s2r, rt_prep_ldc, rt_prep_mem;
sim_prep_fn sim_rt_prep_iadd3, sim_rt_prep_imad, sim_rt_prep_mov,
	sim_rt_prep_isetp, sim_rt_prep_lop3, sim_rt_prep_shf,
	sim_rt_prep_sel, sim_rt_prep_farith;

#endif
