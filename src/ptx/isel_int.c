/*
 * isel_int.c - instruction selection: integer arithmetic beyond the core, special registers, module constants.
 *
 * Offered every instruction isel.c's core switch does not take (isel.h).
 */
#include "ptx/isel.h"

bool isel_int(isel *s, int blk)
{
	(void)s;
	(void)blk;
	return false;
}
