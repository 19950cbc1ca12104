/*
 * check.h - shared state of the checker files (check.c: driver, targets,
 * modifiers, types and operands; check_sync.c: the memory-model,
 * atomic, warp, barrier and mbarrier families).  Internal to src/ptx.
 */
#ifndef SIMT_PTX_CHECK_H
#define SIMT_PTX_CHECK_H

#include "ptx/ptx.h"

/*
 * Every rejection names the rule it applies, printed after the message as
 * "[family.aspect]" (atom.space, mem.seq-cst, bar.id-range, ...): the rule
 * ids of docs/ptx-rules.md, which the check snippets pin one by one with
 * their `// rule:` header.
 */
typedef struct ptx_checker {
	ptx_module *m;
	simt_diags *d;
	int errors;
	ptx_fn *fn;
	int version; /* major*10+minor */
	const ptx_insn *in; /* instruction being checked (rule families) */
	int stmt;           /* its statement index */
	const char *count_rule; /* rule of an operand-count error */
} ptx_checker;

/* The rule-id prefix of an instruction's family ("atom", "mbarrier", ...),
 * NULL for instructions whose operand rules are the generic "types.*". */
const char *ptx_family(ptx_opcode op);

void ptx_report(ptx_checker *k, ptx_pos pos, const char *rule, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

/* Target/version gate: reports "FEATURE needs sm_NN or higher" (rule NULL:
 * the family's .target rule, else target.sm / target.ptx-version). */
void ptx_need(ptx_checker *k, const ptx_insn *in, const char *rule, const char *feature,
	      int sm, int ptx);

/* "atom.global.add.f64" as written, into a small buffer. */
const char *ptx_insn_text(const ptx_insn *in, char *buf, size_t size);

/* Which operand is the membermask of a warp collective (-1: none). */
int ptx_mask_operand(ptx_opcode op);

/* Operand predicates used by the family checks. */
bool ptx_opd_is_reg_bits(const ptx_opd *o, int bits);
bool ptx_opd_int(const ptx_opd *o, int64_t *v);

/* check_sync.c: the families; each returns after reporting. */
void ptx_check_memory(ptx_checker *k, const ptx_insn *in); /* ld st atom red fence membar cp.async */
void ptx_check_sync(ptx_checker *k, const ptx_insn *in);   /* vote shfl match redux bar mbarrier elect */

#endif
