/*
 * isel_fp.c - instruction selection: float32/float64 arithmetic, conversions and approximations.
 *
 * Offered every instruction isel.c's core switch does not take (isel.h).
 */
#include "ptx/isel.h"

bool isel_fp(isel *s, int blk)
{
	(void)s;
	(void)blk;
	return false;
}
