/*
 * check.h - shared state of the checker files (check.c: driver, targets,
 * modifiers, types and operands; check_sync.c: the memory-model,
 * atomic, warp, barrier and mbarrier families).  Internal to src/ptx.
 */
#ifndef SIMT_PTX_CHECK_H
#define SIMT_PTX_CHECK_H

#include "ptx/ptx.h"

/*
 * Rule identifiers, printed after each message as "[RULE]" so that a
 * rejection names the rule it applies (docs/ptx-rules.md lists them, and
 * the check snippets pin each one with a `// rule:` header).
 */
#define PTX_RULES(X)                                                           \
	X(SYNTAX, "syntax")                                                    \
	X(TARGET, "target-gate")                                               \
	X(VERSION, "version-gate")                                             \
	X(MODIFIER, "modifier")                                                \
	X(TYPE, "type")                                                        \
	X(OPERANDS, "operand-count")                                           \
	X(OPERAND, "operand-type")                                             \
	X(REGCLASS, "register-type")                                           \
	X(VECTOR, "vector")                                                    \
	X(SPACE, "state-space")                                                \
	X(IMM, "immediate")                                                    \
	X(ROUNDING, "rounding")                                                \
	X(SYMBOL, "undefined-symbol")                                          \
	X(ATOM, "atom-red")                                                    \
	X(SEMSCOPE, "sem-scope")                                               \
	X(MEMBAR, "membar-fence")                                              \
	X(MEMBERMASK, "membermask")                                            \
	X(WARP, "warp-collective")                                             \
	X(BARRIER, "barrier")                                                  \
	X(MBARRIER, "mbarrier")                                                \
	X(ASYNC, "cp-async")

typedef enum ptx_rule {
#define PTX_X(id, s) PTX_R_##id,
	PTX_RULES(PTX_X)
#undef PTX_X
	PTX_R_COUNT
} ptx_rule;

extern const char *const ptx_rule_names[PTX_R_COUNT];

typedef struct ptx_checker {
	ptx_module *m;
	simt_diags *d;
	int errors;
	ptx_fn *fn;
	int version; /* major*10+minor */
} ptx_checker;

void ptx_report(ptx_checker *k, ptx_pos pos, ptx_rule rule, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

/* Target/version gate: reports "FEATURE needs sm_NN or higher". */
void ptx_need(ptx_checker *k, const ptx_insn *in, const char *feature, int sm, int ptx);

/* "atom.global.add.f64" as written, into a small buffer. */
const char *ptx_insn_text(const ptx_insn *in, char *buf, size_t size);

/* Operand predicates used by the family checks. */
bool ptx_opd_is_reg_bits(const ptx_opd *o, int bits);
bool ptx_opd_int(const ptx_opd *o, int64_t *v);

/* check_sync.c: the families; each returns after reporting. */
void ptx_check_memory(ptx_checker *k, const ptx_insn *in); /* ld st atom red fence membar cp.async */
void ptx_check_sync(ptx_checker *k, const ptx_insn *in);   /* vote shfl match redux bar mbarrier elect */

#endif
