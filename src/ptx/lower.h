/*
 * lower.h - the lowering pipeline of the PTX front end (internal).
 *
 *   ptx_fn ─► cfg ─► uniform ─► sync ─► isel ─► regalloc ─► emit
 *
 * Every pass is a plain function `void pass(lw_fn *)` in its own file
 * (STYLE.md 13) with its contract at the top; lw_verify() runs after each
 * when asked (--verify-each) and lw_dump() prints the state after a named
 * pass (--dump-after=PASS).  The lowering state lw_fn wraps one ptx_fn: the
 * CFG and analyses over its statements, then a list of machine instruction
 * records (lw_inst, opcode text + typed operands) on virtual registers that
 * regalloc maps to R/P registers.  Records are printed only by emit/-S.
 */
#ifndef SIMT_PTX_LOWER_H
#define SIMT_PTX_LOWER_H

#include <stdbool.h>
#include <stdint.h>

#include "ptx/ptx.h"
#include "util/util.h"

/* ---- CFG ------------------------------------------------------------------ */

typedef struct lw_blk {
	int first, last;   /* statements [first, last) of fn->stmts */
	int label;         /* label that starts it, -1 */
	int *succ, nsucc;  /* successor blocks (taken target first) */
	int *pred, npred;
	int idom, ipdom;   /* -1: none (entry / virtual exit) */
	int term;          /* stmt index of the terminator insn, -1 */
	bool cond;         /* ends in a guarded bra */
	bool divergent;    /* its conditional branch/brx depends on a divergent value */
	int breg;          /* B register of its BSSY, -1: no barrier */
	int join;          /* block of the BSYNC (its ipdom), -1 */
	uint8_t *region;   /* blocks between the branch and join (nblk bytes) */
} lw_blk;

/* ---- machine records -------------------------------------------------------- */

typedef enum lw_okind {
	LO_NONE,
	LO_VREG,  /* virtual register v (sub: 32-bit word of a pair/quad) */
	LO_RZ,    /* RZ */
	LO_PT,    /* PT (neg: !PT) */
	LO_PRED,  /* virtual predicate v (neg) */
	LO_IMM,   /* integer immediate (printed as 0x... or -0x...) */
	LO_TEXT,  /* verbatim: c[0x0][0x100], SR_TID.X, 0x3f800000 */
	LO_MEM,   /* [v.64+imm] (wide) or [v+imm]; v -1: [imm] */
	LO_LABEL, /* `(label) */
	LO_BREG   /* B<imm> */
} lw_okind;

typedef struct lw_opd {
	lw_okind kind;
	int v, sub;
	bool neg, wide;
	int64_t imm;
	const char *text;
} lw_opd;

#define LW_MAX_OPDS 7

typedef struct lw_inst {
	char op[48];        /* "IADD3.X", "" for a label line */
	const char *label;  /* label line when op[0] == 0 */
	lw_opd guard;       /* LO_NONE, LO_PRED */
	lw_opd o[LW_MAX_OPDS];
	int n;
	int line;           /* PTX line, 0: made by the lowering */
	int cuda_line;      /* .loc line, 0: none */
	int cuda_file;      /* .loc file (the module's .file index) */
} lw_inst;

typedef struct lw_vreg {
	int width;  /* 1, 2, 4 words; 0: predicate */
	int phys;   /* after regalloc: first R / P number */
	int start, end; /* live interval (positions in insts) */
} lw_vreg;

typedef struct lw_fn {
	ptx_module *m;
	ptx_fn *fn;
	simt_diags *d;
	int errors;
	/* cfg */
	lw_blk *blk;
	int nblk;
	int *blk_of_stmt;   /* stmt -> block, -1 for non-code */
	/* uniformity: per PTX register (see uniform.c) */
	ptx_map vmap;       /* "%r12" -> (vreg index + 1) */
	uint8_t *vuniform;  /* per vreg: value uniform */
	/* machine code */
	lw_inst *insts;
	int ninsts, capinsts;
	lw_vreg *vregs;
	int nvregs, capvregs;
	int nbregs;         /* B registers used */
	bool allocated;
	/* resources */
	int nregs, npregs;
	uint32_t shared_bytes, local_bytes;
	uint32_t *shared_off; /* per .shared variable, by ptx_var pointer map */
	ptx_map shmap;        /* shared var name -> offset + 1 */
	ptx_map lcmap;        /* local var name -> offset + 1 */
	int lbl_counter;
	int cur_line, cur_cuda, cur_cuda_file;
	int nsync;            /* WARPSYNCs inserted */
} lw_fn;

void *lw_realloc(void *p, size_t n); /* asserts on failure */

/* passes (one file each) */
void lw_cfg(lw_fn *f);
void lw_uniform(lw_fn *f);
void lw_sync(lw_fn *f);
void lw_isel(lw_fn *f);
void lw_regalloc(lw_fn *f);

/* lower.c: verifier, dump, helpers */
bool lw_verify(lw_fn *f, const char *after);
void lw_dump(lw_fn *f, const char *after, struct util_buf *b);
void lw_err(lw_fn *f, ptx_pos pos, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
int lw_vreg_new(lw_fn *f, int width);
/* vreg of a PTX register operand (created on first use) */
int lw_vreg_of(lw_fn *f, const ptx_opd *o);
int lw_reg_width(ptx_type t);
/* per statement: the outermost CUDA location of its .loc (lower.c) */
ptx_loc *lw_origin_locs(const ptx_fn *fn);
lw_inst *lw_emit(lw_fn *f, const char *op);
/* the text of one record (after regalloc: R/P names; before: %vN) */
void lw_print_inst(lw_fn *f, const lw_inst *in, struct util_buf *b);
const char *lw_label_name(lw_fn *f, int blk, char *buf, size_t n);

#endif
