/* lower_api.h - the lowering pipeline entry (internal; api.c wraps it). */
#ifndef SIMT_PTX_LOWER_API_H
#define SIMT_PTX_LOWER_API_H

#include "ptx/ptx.h"

typedef struct ptx_lower_opts {
	const char *dump_after; /* pass name or NULL */
	bool verify_each;
} ptx_lower_opts;

/* Where a line of the assembly text came from: its PTX line and the .loc
 * in force (file index of the module's .file, line); 0 when none (a record
 * made by the lowering alone), ptx_line -1 outside a kernel's code. */
typedef struct ptx_text_line {
	int ptx_line, cuda_file, cuda_line;
} ptx_text_line;

bool ptx_lower_pass_known(const char *name);
const char *ptx_lower_pass_name(unsigned i);
/* Lower every kernel; appends assembly to text, the -v report to report
 * (NULL: not built) and --dump-after output to dump; when lines is not
 * NULL, one ptx_text_line (as bytes) per line appended to text.  Returns
 * the number of errors. */
int ptx_lower_module(ptx_module *m, const ptx_lower_opts *o, struct util_buf *text,
		     struct util_buf *report, struct util_buf *dump, struct util_buf *lines,
		     simt_diags *d);

#endif
