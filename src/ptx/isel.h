/*
 * isel.h - instruction selection, shared by its files (internal).
 *
 * isel.c walks the blocks, places the convergence barriers and selects the
 * instructions of the core domains; an instruction its switch does not take
 * is offered to the domain files in turn, each returning true when it
 * selected (or rejected with a located error) the instruction:
 *
 *   isel_int.c    integer arithmetic beyond the core (division, 64-bit
 *                 helpers, bit manipulation), special registers, constants
 *   isel_fp.c     float32/float64 arithmetic, conversions, approximations
 *   isel_call.c   .func calls and returns, the stack, brx.idx
 *   isel_async.c  mbarrier, cp.async, bulk copies
 *   isel_cluster.c thread-block clusters (mapa, barrier.cluster, the
 *                 cluster special registers)
 *
 * Records are built with the operand constructors below and E(); sources
 * come from isel_src (a word of a PTX operand as a record operand) and its
 * relatives.  The rules are listed in docs/ptx.md "Lowering".
 */
#ifndef SIMT_PTX_ISEL_H
#define SIMT_PTX_ISEL_H

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ptx/lower.h"

/* ---- operand constructors ------------------------------------------------ */

static inline lw_opd V(int v) { return (lw_opd){.kind = LO_VREG, .v = v}; }
static inline lw_opd VS(int v, int sub) { return (lw_opd){.kind = LO_VREG, .v = v, .sub = sub}; }
static inline lw_opd RZ(void) { return (lw_opd){.kind = LO_RZ}; }
static inline lw_opd PT(void) { return (lw_opd){.kind = LO_PT}; }
static inline lw_opd NPT(void) { return (lw_opd){.kind = LO_PT, .neg = true}; }
static inline lw_opd P(int v, bool neg) { return (lw_opd){.kind = LO_PRED, .v = v, .neg = neg}; }
static inline lw_opd I(int64_t x) { return (lw_opd){.kind = LO_IMM, .imm = x}; }
static inline lw_opd T(const char *t) { return (lw_opd){.kind = LO_TEXT, .text = t}; }
static inline lw_opd L(const char *t) { return (lw_opd){.kind = LO_LABEL, .text = t}; }
static inline lw_opd B(int k) { return (lw_opd){.kind = LO_BREG, .imm = k}; }
static inline lw_opd MEM(int v, int64_t off, bool wide)
{
	return (lw_opd){.kind = LO_MEM, .v = v, .imm = off, .wide = wide};
}

typedef struct isel {
	lw_fn *f;
	lw_opd guard;
	ptx_insn *in;
	bool failed;
} isel;

static inline lw_inst *E(isel *s, const char *op, int n, ...)
{
	lw_inst *r = lw_emit(s->f, op);
	r->guard = s->guard;
	va_list ap;
	va_start(ap, n);
	for (int i = 0; i < n && i < LW_MAX_OPDS; i++)
		r->o[r->n++] = va_arg(ap, lw_opd);
	va_end(ap);
	return r;
}

static inline void unsupported(isel *s, const char *why)
{
	util_buf b = {0};
	ptx_insn_name(s->in, &b);
	char *name = util_buf_take(&b);
	lw_err(s->f, s->in->pos, "%s: not lowered yet%s%s", name ? name : "?",
	       why ? ": " : "", why ? why : "");
	free(name);
	s->failed = true;
}

static inline const char *cbank(lw_fn *f, unsigned off)
{
	char buf[32];
	snprintf(buf, sizeof buf, "c[0x0][0x%x]", off);
	return ptx_strndup(&f->m->arena, buf, strlen(buf));
}

/* snprintf into 128 bytes, the text copied into the module's arena
 * (isel.c) */
const char *lw_fmt(lw_fn *f, const char *fmt_, ...) __attribute__((format(printf, 2, 3)));

/* ---- types ------------------------------------------------------------------ */

static inline int tbits(ptx_type t) { return ptx_types[t].bits; }
static inline char tkind(ptx_type t) { return ptx_types[t].kind; }
static inline bool is64(ptx_type t) { return tbits(t) == 64; }
static inline bool tsigned(ptx_type t) { return tkind(t) == 's'; }

/* ---- sources (isel.c) ------------------------------------------------------ */

/* Word `sub` (0 low, 1 high) of source operand o: register, immediate or
 * bank-0 constant. */
lw_opd isel_src(isel *s, const ptx_opd *o, int sub);
/* Like isel_src, but always a register (immediates are moved first). */
lw_opd isel_rsrc(isel *s, const ptx_opd *o, int sub);
/* The virtual register of destination o. */
int isel_dstv(isel *s, const ptx_opd *o);
/* A predicate source: P, !P or PT. */
lw_opd isel_psrc(isel *s, const ptx_opd *o);
/* The predicate outputs of a setp: *pu (and *pv for p|q, else PT), the
 * third predicate *pc (PT without one); returns the BoolOp "AND"/"OR"/"XOR". */
const char *isel_setp_outputs(isel *s, lw_opd *pu, lw_opd *pv, lw_opd *pc);
/* Whether block blk is provably converged (no divergent region encloses it). */
bool isel_converged(isel *s, int blk);
/* The label an edge from block `from` to block `to` jumps to: the BSYNC
 * stub of a region `from` lies in, or the block's own label. */
const char *isel_edge_target(lw_fn *f, int from, int to);
/* The B register of the BSYNC stub that edge enters, -1: it enters the
 * block itself. */
int isel_edge_breg(lw_fn *f, int from, int to);
/* The first label laid out after block b's code (a BSYNC stub or the next
 * block), NULL after the last block. */
const char *isel_next_label(lw_fn *f, int b);

/* ---- domain files: true when the instruction was taken --------------------- */

/* isel_int.c */
bool isel_int(isel *s, int blk);

/* isel_fp.c */
bool isel_fp(isel *s, int blk);

/* isel_call.c: also takes ld/st.param other than kernel parameter loads,
 * ret in a .func and brx.idx (after isel.c placed its BSSY); isel_call_begin
 * runs before the first block (stack registers, .param of call sequences). */
bool isel_call(isel *s, int blk);
void isel_call_begin(isel *s);
/* The return sequence of a .func (RET.ABS through the return address). */
void isel_ret(isel *s);
/* A .local variable of a .func: its offset from R1 in the frame. */
bool isel_frame_var(isel *s, const ptx_var *v, int64_t *off);

/* isel_async.c */
bool isel_async(isel *s, int blk);

/* isel_cluster.c; _sreg: S2R of a cluster special register into vreg t
 * (false when o is not one) */
bool isel_cluster(isel *s, int blk);
bool isel_cluster_sreg(isel *s, const ptx_opd *o, int t);

#endif
