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

#include <stdbool.h>
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

/* ---- lowering (docs/ptx.md "Lowering") ------------------------------------ */

struct isa_model;
struct simt_object;

typedef struct simt_ptx_lower_opts {
	const char *dump_after; /* cfg, uniform, sync, isel, regalloc; or NULL */
	bool verify_each;       /* run the verifier after every pass */
} simt_ptx_lower_opts;

/*
 * Lower every kernel of a checked module to this ISA.  *asm_text: the
 * assembly (`simt as` reassembles it; each instruction carries its PTX line
 * as a comment); *report: the -v resource lines; *dump: --dump-after output
 * (each may be NULL if not wanted; caller frees).  SIMT_OK or SIMT_ERR_CHECK
 * with located diagnostics ("not lowered yet" for what is missing).
 */
SIMT_API simt_status simt_ptx_lower(simt_ptx *m, const simt_ptx_lower_opts *o,
				    char **asm_text, char **report, char **dump,
				    simt_diags *d);
/*
 * Lower a read and checked module and assemble it into *out: the object's
 * line tables name the PTX line of each instruction (site) and the CUDA
 * line of its .loc, followed through inlined_at (origin), docs/ptx.md
 * "Diagnostics".  asm_text/report may be NULL.
 */
SIMT_API simt_status simt_ptx_assemble(const struct isa_model *isa, simt_ptx *m,
				       const simt_ptx_lower_opts *o, struct simt_object **out,
				       char **asm_text, char **report, simt_diags *d);
/*
 * Read, check, lower and assemble PTX text into an object (the same ELF
 * object `simt as` writes; simt_ptx_assemble).  asm_text/report may be NULL.
 */
SIMT_API simt_status simt_ptx_compile(const struct isa_model *isa, const char *name,
				      const char *text, size_t len,
				      const simt_ptx_lower_opts *o,
				      struct simt_object **out, char **asm_text,
				      char **report, simt_diags *d);
/* The lowering passes --dump-after names (o->dump_after): whether name is
 * one, and the name of pass i in pipeline order (NULL past the last). */
SIMT_API bool simt_ptx_pass_known(const char *name);
SIMT_API const char *simt_ptx_pass_name(unsigned i);

#ifdef __cplusplus
}
#endif
#endif
