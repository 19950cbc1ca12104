/*
 * simt/diag.h - status codes and diagnostics returned by every libsimt call.
 *
 * The library never prints and never exits.  A call that can fail returns a
 * simt_status; when the caller passes a simt_diags list, the call appends one
 * located diagnostic per problem it found (all of them, not only the first).
 * The caller owns the list and releases it with simt_diags_free().
 */
#ifndef SIMT_DIAG_H
#define SIMT_DIAG_H

#include <stddef.h>

#if defined(__GNUC__)
#define SIMT_API __attribute__((visibility("default")))
#else
#define SIMT_API
#endif

#ifdef __cplusplus
extern "C" {
#endif

/* X-macro: one row per status; enum and names come from this one list. */
#define SIMT_STATUS_LIST(X)                                                    \
	X(SIMT_OK, "success")                                                  \
	X(SIMT_ERR_NOMEM, "out of memory")                                     \
	X(SIMT_ERR_IO, "input/output error")                                   \
	X(SIMT_ERR_ARG, "invalid argument")                                    \
	X(SIMT_ERR_PARSE, "syntax error in description")                       \
	X(SIMT_ERR_CHECK, "description failed its checks")                     \
	X(SIMT_ERR_ASM, "assembly error")                                      \
	X(SIMT_ERR_DECODE, "word does not decode")                             \
	X(SIMT_ERR_ENCODE, "instruction does not encode")                      \
	X(SIMT_ERR_OBJECT, "malformed object file")                            \
	X(SIMT_ERR_RUNTIME, "simulation stopped with an error")                \
	X(SIMT_ERR_TEST, "test expectation failed")

typedef enum simt_status {
#define SIMT_X_ENUM(name, text) name,
	SIMT_STATUS_LIST(SIMT_X_ENUM)
#undef SIMT_X_ENUM
	SIMT_STATUS_COUNT
} simt_status;

/* Human-readable name of a status; never NULL. */
SIMT_API const char *simt_strerror(simt_status status);

typedef enum simt_severity {
	SIMT_SEV_ERROR,
	SIMT_SEV_WARNING,
	SIMT_SEV_NOTE
} simt_severity;

/*
 * One diagnostic.  file/source_line may be NULL (no location); line and col
 * are 1-based, 0 when unknown.  All strings are owned by the simt_diags list.
 */
typedef struct simt_diag {
	simt_severity severity;
	char *file;
	int line;
	int col;
	char *message;
	char *source_line; /* text of the offending line, without newline */
} simt_diag;

typedef struct simt_diags {
	simt_diag *items;
	int count;
	int capacity;
	int errors; /* number of items with SIMT_SEV_ERROR */
	int limit;  /* stop recording after this many errors (0: 1000) */
} simt_diags;

SIMT_API void simt_diags_init(simt_diags *d);
SIMT_API void simt_diags_free(simt_diags *d);
SIMT_API void simt_diags_clear(simt_diags *d);

/*
 * Format one diagnostic the way compilers do:
 *   file:line:col: error: message
 *    source line
 *        ^
 * Writes at most size bytes (NUL-terminated) into buf and returns the length
 * the full text needs, like snprintf.
 */
SIMT_API size_t simt_diag_format(const simt_diag *d, char *buf, size_t size);

#ifdef __cplusplus
}
#endif
#endif
