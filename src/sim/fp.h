/*
 * fp.h - what fp.c (binary32) and fp64.c (binary64, conversions) share:
 * bit views of floats, the flush of subnormals, canonical NaN results, the
 * host rounding mode of an instruction's modifiers and a source row read
 * as 32 floats.
 */
#ifndef SIMT_SIM_FP_H
#define SIMT_SIM_FP_H

#include <fenv.h>
#include <math.h>
#include <string.h>

#include "sim/rt.h"

static inline float fp_f(uint32_t u)
{
	float f;
	memcpy(&f, &u, 4);
	return f;
}

static inline uint32_t fp_u(float f)
{
	uint32_t u;
	memcpy(&u, &f, 4);
	return u;
}

/* A subnormal binary32 flushed to zero of the same sign. */
static inline uint32_t fp_ftz(uint32_t u)
{
	return (u & 0x7f800000u) == 0 ? u & 0x80000000u : u;
}

/* Result bits of a binary32 operation: canonical NaN, optional flush. */
static inline uint32_t fp_result(float f, bool flush)
{
	if (isnan(f))
		return 0x7fffffffu;
	return flush ? fp_ftz(fp_u(f)) : fp_u(f);
}

/* Host rounding mode for the .RZ/.RM/.RP modifiers (FE_TONEAREST without). */
static inline int fp_round_mode(const sim_inst *i)
{
	if (rt_has(i, RT_M(RZ)))
		return FE_TOWARDZERO;
	if (rt_has(i, RT_M(RM)))
		return FE_DOWNWARD;
	if (rt_has(i, RT_M(RP)))
		return FE_UPWARD;
	return FE_TONEAREST;
}

/* Source slot as 32 floats: the operand's negation (the .bitnot bit, which
 * for floats means negate) and the flush applied. */
void sim_fp_src(sim_warp *w, const sim_inst *i, int slot, bool flush,
		float out[SIM_LANES]);

#endif
