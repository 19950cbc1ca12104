/* lower_api.h - the lowering pipeline entry (internal; api.c wraps it). */
#ifndef SIMT_PTX_LOWER_API_H
#define SIMT_PTX_LOWER_API_H

#include "ptx/ptx.h"

typedef struct ptx_lower_opts {
	const char *dump_after; /* pass name or NULL */
	bool verify_each;
} ptx_lower_opts;

bool ptx_lower_pass_known(const char *name);
/* Lower every kernel; appends assembly to text, the -v report to report
 * and --dump-after output to dump.  Returns the number of errors. */
int ptx_lower_module(ptx_module *m, const ptx_lower_opts *o, struct util_buf *text,
		     struct util_buf *report, struct util_buf *dump, simt_diags *d);

#endif
