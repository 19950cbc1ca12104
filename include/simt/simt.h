/*
 * simt/simt.h - the public API of libsimt (umbrella header).
 *
 * Ownership: every object returned through an out-pointer belongs to the
 * caller and is released with its *_free function.  Every call that can fail
 * returns a simt_status and appends located diagnostics to the simt_diags
 * list passed in (which may be NULL when the caller only wants the status).
 */
#ifndef SIMT_SIMT_H
#define SIMT_SIMT_H

#include <stddef.h>
#include <stdint.h>

#include "simt/diag.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Library version (the shared object's soname carries the major number). */
#define SIMT_VERSION_MAJOR 2
#define SIMT_VERSION_MINOR 0
#define SIMT_VERSION_PATCH 0
#define SIMT_VERSION "2.0.0"

/* The version of the library actually linked, "MAJOR.MINOR.PATCH". */
SIMT_API const char *simt_version(void);
/* Release memory the library allocated for the caller (object images,
 * disassembly text): for callers that cannot call this library's free(),
 * such as language bindings. */
SIMT_API void simt_free(void *p);

#define SIMT_INST_SIZE 16
#define SIMT_MAX_FIELDS 48

/* ---- ISA descriptions ---------------------------------------------------- */

typedef struct isa_model simt_isa;

/* The ISA compiled into the library (the isa/ directory of the source tree). */
SIMT_API simt_status simt_isa_load_builtin(simt_isa **out, simt_diags *d);
/* An ISA read from description files, in order (base definitions first). */
SIMT_API simt_status simt_isa_load_files(const char *const *paths, int n,
					 simt_isa **out, simt_diags *d);
/* Field overlaps, widths, defaults, operand lists, decode conflicts. */
SIMT_API simt_status simt_isa_check(const simt_isa *isa, simt_diags *d);
SIMT_API void simt_isa_free(simt_isa *isa);

/* ---- machine instructions ------------------------------------------------ */

/* One machine instruction: an opcode and the encoded value of each field. */
typedef struct simt_inst {
	int opcode;                       /* index into the ISA, -1 if none */
	uint64_t pc;                      /* byte address, for PC-relative text */
	uint64_t fields[SIMT_MAX_FIELDS]; /* by the opcode's field index */
} simt_inst;

SIMT_API simt_status simt_decode(const simt_isa *isa,
				 const uint8_t word[SIMT_INST_SIZE],
				 uint64_t pc, simt_inst *out, simt_diags *d);
SIMT_API simt_status simt_encode(const simt_isa *isa, const simt_inst *in,
				 uint8_t word[SIMT_INST_SIZE], simt_diags *d);
/* Canonical text of one instruction (no trailing ';').  Like snprintf. */
SIMT_API size_t simt_inst_print(const simt_isa *isa, const simt_inst *in,
				char *buf, size_t size);
SIMT_API const char *simt_opcode_name(const simt_isa *isa, int opcode);

/* ---- objects --------------------------------------------------------------- */

typedef struct simt_object simt_object;

/* Assemble source text; name labels diagnostics. */
SIMT_API simt_status simt_assemble(const simt_isa *isa, const char *name,
				   const char *text, size_t len,
				   simt_object **out, simt_diags *d);
/* Serialise to an ELF64 image (malloc'ed, caller frees). */
SIMT_API simt_status simt_object_write(const simt_object *obj, uint8_t **image,
				       size_t *len, simt_diags *d);
SIMT_API simt_status simt_object_read(const uint8_t *image, size_t len,
				      const char *name, simt_object **out,
				      simt_diags *d);
SIMT_API void simt_object_free(simt_object *obj);

SIMT_API int simt_object_kernel_count(const simt_object *obj);
SIMT_API const char *simt_object_kernel_name(const simt_object *obj, int k);
SIMT_API const uint8_t *simt_object_kernel_code(const simt_object *obj, int k,
						size_t *len);

/*
 * Where the instruction at byte offset pc of kernel k was written, from the
 * object's line table (docs/object-format.md, "Line table"): file/line/col
 * of the source line that produced it (the .s line; for PTX the PTX line)
 * and, when the front end knew it, orig_* - the original source (the CUDA
 * line of a PTX .loc).  Lines and columns are 1-based, col 0 = unknown;
 * absent parts are NULL/0.  Returns how many of the two locations were
 * found (0 when the kernel has no line table, pc is not an instruction of
 * it, or no row covers pc).  The strings belong to the object.
 */
typedef struct simt_srcloc {
	const char *file;
	uint32_t line, col;
	const char *orig_file;
	uint32_t orig_line, orig_col;
} simt_srcloc;
SIMT_API int simt_object_source_loc(const simt_object *obj, int k,
				    uint64_t pc, simt_srcloc *out);

/* Disassembly flags. */
#define SIMT_DIS_ADDR 1u   /* the address column: / *0010* / */
#define SIMT_DIS_HEX 2u    /* the raw 128-bit word as a trailing comment */
#define SIMT_DIS_LABELS 4u /* synthesise .L_x_N labels for branch targets */
#define SIMT_DIS_LINES 8u  /* objects: "// file:line" from the line table  */

/* Disassemble code (len a multiple of 16) placed at address base. */
SIMT_API simt_status simt_disassemble(const simt_isa *isa, const uint8_t *code,
				      size_t len, uint64_t base, unsigned flags,
				      char **text, simt_diags *d);

/*
 * Disassemble every kernel of an object into text that reassembles:
 * per kernel a "// kernel NAME" header, its .text.NAME section and label,
 * the instructions (at addresses from 0), then its constant banks as .word
 * data.  name labels diagnostics (the object's file name; may be NULL).
 */
SIMT_API simt_status simt_disassemble_object(const simt_isa *isa,
					     const simt_object *obj,
					     const char *name, unsigned flags,
					     char **text, simt_diags *d);

/*
 * Streaming forms of the two calls above: the text is handed to write(ctx,
 * piece, len) in pieces of about 64 KiB as it is produced, instead of being
 * returned as one string (large listings without one large allocation).
 * name labels diagnostics (NULL: "<code>").
 */
typedef void (*simt_write_fn)(void *ctx, const char *text, size_t len);
SIMT_API simt_status simt_disassemble_write(const simt_isa *isa,
					    const char *name,
					    const uint8_t *code, size_t len,
					    uint64_t base, unsigned flags,
					    simt_write_fn write, void *ctx,
					    simt_diags *d);
SIMT_API simt_status simt_disassemble_object_write(const simt_isa *isa,
						   const simt_object *obj,
						   const char *name,
						   unsigned flags,
						   simt_write_fn write,
						   void *ctx, simt_diags *d);
/* simt_object_write streamed: the image is handed to write(ctx, piece, len)
 * in order, each section's bytes from where the object holds them, without
 * building the image in one buffer (the same bytes as simt_object_write). */
SIMT_API simt_status simt_object_write_stream(const simt_object *obj,
					      simt_write_fn write, void *ctx,
					      simt_diags *d);

#ifdef __cplusplus
}
#endif
#endif
