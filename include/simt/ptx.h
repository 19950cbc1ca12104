/*
 * simt/ptx.h - the PTX front end: read, check and print PTX modules.
 *
 * A simt_ptx is one parsed module (the typed in-memory form of a .ptx file
 * as nvcc 12-13 emits it, PTX ISA 7.0-9.0, sm_75-sm_90a).  It owns a copy
 * of its text, so diagnostics can quote source lines after the caller has
 * released the input.  Release it with simt_ptx_free().
 *
 * Diagnostics are located (file:line:col, source line, caret) and cover
 * every problem found, not only the first.
 */
#ifndef SIMT_PTX_API_H
#define SIMT_PTX_API_H

#include <stddef.h>

#include "simt/diag.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct simt_ptx simt_ptx;

/*
 * Parse text (len bytes; name labels diagnostics).  Returns SIMT_OK, or
 * SIMT_ERR_PARSE after appending one diagnostic per syntax/name error (*out
 * is then still set to what could be read, so the caller may go on to
 * check it), or SIMT_ERR_NOMEM (*out NULL).
 */
SIMT_API simt_status simt_ptx_read(const char *name, const char *text,
				   size_t len, simt_ptx **out, simt_diags *d);
/* Same, reading the file at path (SIMT_ERR_IO when it cannot be read). */
SIMT_API simt_status simt_ptx_read_file(const char *path, simt_ptx **out,
					simt_diags *d);
/*
 * The ptxas rules: opcode/type/operand agreement, register class vs type,
 * state spaces, immediate ranges, .target/.version gates, the atom/red,
 * membar/fence, warp-collective, barrier and mbarrier rules.  SIMT_OK or
 * SIMT_ERR_CHECK with one diagnostic per violation.
 */
SIMT_API simt_status simt_ptx_check(simt_ptx *m, simt_diags *d);
/* The module printed back as PTX (NUL-terminated, caller frees). */
SIMT_API simt_status simt_ptx_dump(const simt_ptx *m, char **text, size_t *len);
SIMT_API void simt_ptx_free(simt_ptx *m);

#ifdef __cplusplus
}
#endif
#endif
