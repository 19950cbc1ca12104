/* version.c - simt_version(): the version of the linked library. */
#include "simt/simt.h"

const char *simt_version(void)
{
	return SIMT_VERSION;
}
