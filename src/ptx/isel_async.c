/*
 * isel_async.c - instruction selection: mbarrier, cp.async and bulk copies.
 *
 * Offered every instruction isel.c's core switch does not take (isel.h).
 */
#include "ptx/isel.h"

bool isel_async(isel *s, int blk)
{
	(void)s;
	(void)blk;
	return false;
}
