/* public.c - small public entry points that belong to no module:
 * simt_version(), simt_free(). */
#include <stdlib.h>

#include "simt/simt.h"

const char *simt_version(void)
{
	return SIMT_VERSION;
}

void simt_free(void *p)
{
	free(p);
}
