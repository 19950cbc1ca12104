/* check.c - placeholder */
#include "ptx/ptx.h"
int ptx_check(ptx_module *m, simt_diags *d)
{
	(void)m; (void)d;
	return 0;
}
