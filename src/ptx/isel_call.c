/*
 * isel_call.c - instruction selection: .func calls and returns, the stack in local memory, brx.idx.
 *
 * Offered every instruction isel.c's core switch does not take (isel.h).
 */
#include "ptx/isel.h"

bool isel_call(isel *s, int blk)
{
	(void)s;
	(void)blk;
	return false;
}
