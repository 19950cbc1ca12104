/*
 * lower.h - the lowering pipeline of the PTX front end (internal).
 *
 *   ptx_fn ─► cfg ─► uniform ─► sync ─► isel ─► peephole ─► dead ─► ifconv ─► regalloc ─► frame ─► emit
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
#include <string.h>

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
	int brk;           /* B register its guarded bra's taken lanes leave
			    * (BREAK) before jumping to that barrier's BSYNC, -1 */
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
	LO_MEM,   /* [v.64+imm] (wide) or [v+imm]; v -1: [imm]; sub LW_MEM_OUT:
		   * imm is relative to the outgoing-argument area (lw_frame
		   * adds the frame size, docs/ptx.md "Calls") */
	LO_LABEL, /* `(label) */
	LO_BREG,  /* B<imm> */
	LO_CMEM   /* c[imm][v+`(text)]: a constant indexed by a register */
} lw_okind;

typedef struct lw_opd {
	lw_okind kind;
	int v, sub;
	bool neg, wide;
	int64_t imm;
	const char *text;
} lw_opd;

#define LW_MAX_OPDS 7
#define LW_MEM_OUT 1 /* LO_MEM.sub: offset into the outgoing-argument area */

typedef struct lw_inst {
	char op[48];        /* "IADD3.X", "" for a label line */
	const char *label;  /* label line when op[0] == 0 */
	lw_opd guard;       /* LO_NONE, LO_PRED */
	lw_opd o[LW_MAX_OPDS];
	int n;
	int line;           /* PTX line, 0: made by the lowering */
	int cuda_line;      /* .loc line, 0: none */
	const char *note;   /* printed before the ';': (*"BRANCH_TARGETS ..."*) */
	int jtab;           /* BRX: 1 + index into lw_fn.jtabs */
	int cuda_file;      /* .loc file (the module's .file index) */
} lw_inst;

/* A jump table of brx.idx: 32-bit entries in constant bank 2, each the
 * distance of a target from the instruction after the BRX (isel_call.c). */
typedef struct lw_jtab {
	const char *label;     /* of the table in .nv.constant2.<kernel> */
	const char *base;      /* label right after the BRX */
	const char **targets;  /* labels, in .branchtargets order */
	int n;
} lw_jtab;

typedef struct lw_vreg {
	int width;  /* 1, 2, 4 words; 0: predicate */
	int phys;   /* after regalloc: first R / P number */
	bool fixed; /* phys given before regalloc (stack pointer, return
		     * address): reserved in the whole function */
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
	/* lw_vreg_of's answers by (declaration, index), ahead of vmap: the
	 * same name, without printing it and hashing its bytes */
	struct lw_regslot {
		const ptx_reg *reg; /* NULL: empty */
		int index, v;
	} *rslots;
	int rcap, rcount;
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
	/* calls and jump tables (isel_call.c, frame.c; docs/ptx.md "Calls") */
	int kidx;             /* index of the kernel whose text holds this function */
	bool stack;           /* uses the stack: R1 and R2:R3 reserved */
	int sp, ra;           /* vregs of R1 and R2:R3 when stack */
	int ncalls;           /* call sites */
	void *callmap;        /* isel_call.c: .param variables of call sequences */
	uint32_t in_bytes;    /* incoming area: return values + parameters */
	uint32_t fixed_bytes; /* + return-address slot + .local variables */
	uint32_t frame_bytes; /* lw_frame: the whole frame */
	lw_jtab *jtabs;
	int njtabs;
	int nbrk;             /* BREAK trampolines of jump-table entries */
	/* the callee clobber sets (lower.c; docs/ptx.md "Calls and the stack") */
	struct lw_fn *peers;  /* the functions lowered into the same kernel text */
	int npeers;
	bool clob_done;       /* clob/pclob hold this function's set */
	uint64_t clob[4];     /* R registers it or its callees may write */
	uint8_t pclob;        /* predicates likewise */
} lw_fn;

void *lw_realloc(void *p, size_t n); /* asserts on failure */

/* Tests of a record's op text (or another operation name) against a name:
 * the first letters compared inline, the C library only for names that
 * start alike (most tests fail at the first letter).  The same results as
 * !strcmp(op, name) and !strncmp(op, name, n) for n >= 1. */
static inline bool lw_op_is(const char *op, const char *name)
{
	return op[0] == name[0] && !strcmp(op, name);
}

static inline bool lw_op_pfx(const char *op, const char *name, size_t n)
{
	return op[0] == name[0] && !strncmp(op, name, n);
}

/* The same tests of a record's op array (char[48]) against a literal:
 * memcmp of the literal's bytes (with its NUL for LW_OP_IS), which the
 * compiler does inline; the array is long enough for any op name. */
#define LW_OP_IS(op, lit) (!memcmp((op), "" lit, sizeof lit))
#define LW_OP_PFX(op, lit) (!memcmp((op), "" lit, sizeof lit - 1))

/* Tables of operation (or other) names tested once per record: each name's
 * length known at compile time. */
typedef struct lw_opname {
	const char *s;
	size_t len;
} lw_opname;
#define LW_OPNAME(lit) {lit, sizeof lit - 1}

/* Whether text starts with one of names[n]. */
static inline bool lw_op_starts(const char *text, const lw_opname *names, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (lw_op_pfx(text, names[i].s, names[i].len))
			return true;
	return false;
}

/* Whether record op (a record's op array: char[48], longer than any name)
 * is one of the operations of names[n]: a name matches as the whole op or
 * its first dotted part ("MOV" is MOV and MOV.64), or as a prefix when it
 * ends in '.' ("SHF." is every SHF).  memcmp, not strncmp: the array is
 * long enough, and a shorter op differs at its NUL. */
static inline bool lw_op_in(const char *op, const lw_opname *names, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		size_t l = names[i].len;
		if (op[0] == names[i].s[0] && !memcmp(op, names[i].s, l) &&
		    (op[l] == 0 || op[l] == '.' || names[i].s[l - 1] == '.'))
			return true;
	}
	return false;
}

/* passes (one file each) */
void lw_cfg(lw_fn *f);
void lw_uniform(lw_fn *f);
void lw_sync(lw_fn *f);
void lw_isel(lw_fn *f);
void lw_peephole(lw_fn *f);
void lw_dead(lw_fn *f);
void lw_ifconv(lw_fn *f);
void lw_regalloc(lw_fn *f);
void lw_frame(lw_fn *f);
/* regalloc.c: the number of leading operands of a record that it writes */
int lw_ndefs(const lw_inst *in);
/* peephole.c: an operation whose single result depends on its operands only */
bool lw_pure(const lw_inst *in);
/* peephole.c: `IADD3 d, a, b, c` without carry out, unguarded, two sources
 * RZ, becomes `MOV d, x` of the third (else unchanged) */
void lw_add_to_copy(lw_inst *in);
/* regalloc.c: the words of operand k's register (bit w: word w) that the
 * record reads or writes; 0 for operands that name no register */
unsigned lw_opd_words(const lw_fn *f, const lw_inst *in, int k);
/* regalloc.c: `ISETP.T.AND q, PT, RZ, RZ, p`, the predicate copy q = p */
bool lw_pred_copy(const lw_inst *in);

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
/* record i is being dropped: its PTX and CUDA lines go to record i + 1
 * when that one is an instruction without a line of its own */
void lw_line_to_next(lw_fn *f, int i);
/* the text of one record (after regalloc: R/P names; before: %vN) */
void lw_print_inst(lw_fn *f, const lw_inst *in, struct util_buf *b);
const char *lw_label_name(lw_fn *f, int blk, char *buf, size_t n);
/* isel_int.c: the module's .const variables as the kernel's bank 3
 * (`.nv.constant3.<kernel>`), and (kernel NULL, once per module) its
 * .global variables as `.nv.global.init` (docs/ptx.md) */
void lw_module_consts(ptx_module *m, const char *kernel, struct util_buf *b);
/* The registers (R bit set, 256 bits) and predicates a CALL.REL record of f
 * may change: the callee's clobber set, every register when the callee is
 * not lowered yet (recursion) (lower.c). */
void lw_call_clobber(const lw_fn *f, const lw_inst *call, uint64_t r[4], uint8_t *p);
/* The label of .func fn in the text of kernel kidx (lower.c). */
const char *lw_fn_label(ptx_module *m, int kidx, const ptx_fn *fn);

#endif
