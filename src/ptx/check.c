/*
 * check.c - the ptxas acceptance rules, part 1: module header, target and
 * version gates, modifier classes, instruction types, operand counts and
 * shapes, register class vs type, immediates, rounding requirements.
 *
 * Requires: a module from ptx_parse (names already resolved; parse errors
 * already reported: operands left unresolved are skipped here).
 * Produces: one located diagnostic per violation, each naming its rule
 * ("[type]", "[register-type]", ...), and the error count.  The module is
 * not changed.  The memory-model and synchronisation families are in
 * check_sync.c.  Acceptance follows ptxas 13.0 (docs/ptx.md lists where it
 * differs from the seeds and the PTX manual).
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "ptx/check.h"
#include "util/util.h"

const char *ptx_family(ptx_opcode op)
{
	switch (op) {
	case PTX_OP_ATOM: case PTX_OP_RED: return "atom";
	case PTX_OP_BAR: case PTX_OP_BAR_SYNC: case PTX_OP_BAR_ARRIVE: case PTX_OP_BAR_RED:
	case PTX_OP_BARRIER_SYNC: case PTX_OP_BARRIER_ARRIVE: case PTX_OP_BARRIER_RED:
	case PTX_OP_BARRIER_CLUSTER_ARRIVE: case PTX_OP_BARRIER_CLUSTER_WAIT:
		return "bar";
	case PTX_OP_BAR_WARP_SYNC: return "barwarp";
	case PTX_OP_CP_ASYNC: case PTX_OP_CP_ASYNC_COMMIT_GROUP: case PTX_OP_CP_ASYNC_WAIT_GROUP:
	case PTX_OP_CP_ASYNC_WAIT_ALL:
		return "cp_async";
	case PTX_OP_CP_ASYNC_BULK: case PTX_OP_CP_ASYNC_BULK_COMMIT_GROUP:
	case PTX_OP_CP_ASYNC_BULK_WAIT_GROUP: case PTX_OP_CP_ASYNC_BULK_PREFETCH:
	case PTX_OP_CP_ASYNC_BULK_TENSOR:
		return "cp_async_bulk";
	case PTX_OP_CP_ASYNC_MBARRIER_ARRIVE: case PTX_OP_MBAR_INIT: case PTX_OP_MBAR_INVAL:
	case PTX_OP_MBAR_ARRIVE: case PTX_OP_MBAR_ARRIVE_DROP: case PTX_OP_MBAR_EXPECT_TX:
	case PTX_OP_MBAR_COMPLETE_TX: case PTX_OP_MBAR_TEST_WAIT: case PTX_OP_MBAR_TRY_WAIT:
	case PTX_OP_MBAR_PENDING_COUNT:
		return "mbarrier";
	case PTX_OP_VOTE: return "vote";
	case PTX_OP_SHFL: case PTX_OP_SHFL_SYNC: return "shfl";
	case PTX_OP_MATCH_SYNC: return "match";
	case PTX_OP_REDUX_SYNC: return "redux";
	case PTX_OP_ELECT_SYNC: return "elect";
	case PTX_OP_ACTIVEMASK: return "activemask";
	default: return NULL;
	}
}

/*
 * The generic rules ("types.*", "target.*") become the family's own rule
 * when the instruction belongs to one: an operand error of atom is
 * atom.operand-type, a target gate of mbarrier.init is mbarrier.target.
 */
static const char *family_rule(const ptx_insn *in, const char *rule, char *buf, size_t n)
{
	const char *fam = in ? ptx_family(in->op) : NULL;
	if (!fam)
		return rule;
	bool atom = !strcmp(fam, "atom");
	const char *aspect = NULL;
	if (!strncmp(rule, "types.", 6)) {
		const char *r = rule + 6;
		if (!strcmp(r, "operand-count"))
			aspect = "operands";
		else if (!strcmp(r, "vector-size"))
			aspect = atom ? "vec-count" : "operands";
		else if (!strcmp(r, "inst-type"))
			aspect = "type";
		else if (!strcmp(r, "space-mismatch"))
			aspect = !strcmp(fam, "mbarrier") ? "space" : "space-mismatch";
		else if (!strcmp(r, "reg-size") || !strcmp(r, "reg-type") || !strcmp(r, "pred") ||
			 !strcmp(r, "imm-type"))
			aspect = atom ? "operand-type" : "operands";
	} else if (!strncmp(rule, "target.", 7) && strcmp(rule, "target.arch-specific") != 0 &&
		   (!strcmp(fam, "mbarrier") || !strcmp(fam, "cp_async") ||
		    !strcmp(fam, "cp_async_bulk") || !strcmp(fam, "redux") || !strcmp(fam, "elect"))) {
		aspect = "target";
	}
	if (!aspect)
		return rule;
	snprintf(buf, n, "%s.%s", fam, aspect);
	return buf;
}

void ptx_report(ptx_checker *k, ptx_pos pos, const char *rule, const char *fmt, ...)
{
	char msg[512], rb[64];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	k->errors++;
	rule = family_rule(k->in, rule, rb, sizeof rb);
	if (k->d)
		util_diag(k->d, SIMT_SEV_ERROR, k->m->path, k->m->src, pos.line, pos.col,
			  "%s [%s]", msg, rule);
}

const char *ptx_insn_text(const ptx_insn *in, char *buf, size_t size)
{
	util_buf b = {0};
	ptx_insn_name(in, &b);
	snprintf(buf, size, "%s", b.data ? b.data : "?");
	util_buf_free(&b);
	return buf;
}

static const char *sm_text(int sm, char *buf, size_t n)
{
	snprintf(buf, n, "sm_%d", sm);
	return buf;
}

void ptx_need(ptx_checker *k, const ptx_insn *in, const char *rule, const char *feature,
	      int sm, int ptx)
{
	char b1[16], b2[16];
	if (sm && k->m->sm && k->m->sm < sm)
		ptx_report(k, in->pos, rule ? rule : "target.sm",
			   "%s needs .target %s or higher (this module targets %s)",
			   feature, sm_text(sm, b1, sizeof b1), sm_text(k->m->sm, b2, sizeof b2));
	if (ptx && k->version && k->version < ptx)
		ptx_report(k, in->pos, rule ? rule : "target.ptx-version",
			   "%s needs PTX ISA .version %d.%d or later (this module is .version %d.%d)",
			   feature, ptx / 10, ptx % 10, k->version / 10, k->version % 10);
}

bool ptx_opd_is_reg_bits(const ptx_opd *o, int bits)
{
	if (o->kind != PTX_OPD_REG)
		return false;
	ptx_type t = o->reg->type;
	return ptx_types[t].bits == bits && ptx_types[t].kind != 'f' && ptx_types[t].kind != 'p';
}

bool ptx_opd_int(const ptx_opd *o, int64_t *v)
{
	if (o->kind != PTX_OPD_IMM || o->is_float)
		return false;
	*v = o->neg ? -(int64_t)o->ival : (int64_t)o->ival;
	return true;
}

/* ---- types -------------------------------------------------------------------- */

#define T(x) (1u << PTX_T_##x)
#define TU (T(U16) | T(U32) | T(U64))
#define TS (T(S16) | T(S32) | T(S64))
#define TB (T(B16) | T(B32) | T(B64))
#define TF (T(F32) | T(F64))
#define TH (T(F16) | T(F16X2) | T(BF16) | T(BF16X2))
#define TMEM (T(B8) | T(B16) | T(B32) | T(B64) | T(B128) | T(U8) | T(U16) | T(U32) | \
	      T(U64) | T(S8) | T(S16) | T(S32) | T(S64) | T(F32) | T(F64))

/* Instruction types each opcode accepts (0: not checked here). */
static const uint32_t type_ok[PTX_OP_COUNT] = {
	[PTX_OP_ADD] = TU | TS | TF | TH | T(U16X2) | T(S16X2),
	[PTX_OP_SUB] = TU | TS | TF | TH | T(U16X2) | T(S16X2),
	[PTX_OP_ADDC] = T(U32) | T(S32) | T(U64) | T(S64),
	[PTX_OP_SUBC] = T(U32) | T(S32) | T(U64) | T(S64),
	[PTX_OP_MUL] = TU | TS | TF | TH,
	[PTX_OP_MAD] = TU | TS | TF | TH,
	[PTX_OP_MADC] = T(U32) | T(S32) | T(U64) | T(S64),
	[PTX_OP_MUL24] = T(U32) | T(S32),
	[PTX_OP_MAD24] = T(U32) | T(S32),
	[PTX_OP_SAD] = TU | TS,
	[PTX_OP_DIV] = TU | TS | TF,
	[PTX_OP_REM] = TU | TS,
	[PTX_OP_ABS] = TS | TF | TH,
	[PTX_OP_NEG] = TS | TF | TH,
	[PTX_OP_MIN] = TU | TS | TF | TH | T(U16X2) | T(S16X2),
	[PTX_OP_MAX] = TU | TS | TF | TH | T(U16X2) | T(S16X2),
	[PTX_OP_AND] = T(PRED) | TB,
	[PTX_OP_OR] = T(PRED) | TB,
	[PTX_OP_XOR] = T(PRED) | TB,
	[PTX_OP_NOT] = T(PRED) | TB,
	[PTX_OP_CNOT] = TB,
	[PTX_OP_SHL] = TB,
	[PTX_OP_SHR] = TB | TU | TS,
	[PTX_OP_MOV] = T(PRED) | TB | TU | TS | TF | TH | T(B128),
	[PTX_OP_LD] = TMEM,
	[PTX_OP_LDU] = TMEM,
	[PTX_OP_ST] = TMEM,
	[PTX_OP_CVTA] = T(U32) | T(U64),
	[PTX_OP_SETP] = TB | TU | TS | TF | TH,
	[PTX_OP_SELP] = TB | TU | TS | TF,
	[PTX_OP_POPC] = T(B32) | T(B64),
	[PTX_OP_CLZ] = T(B32) | T(B64),
	[PTX_OP_BREV] = T(B32) | T(B64),
	[PTX_OP_BFIND] = T(U32) | T(U64) | T(S32) | T(S64),
	[PTX_OP_BFE] = T(U32) | T(U64) | T(S32) | T(S64),
	[PTX_OP_BFI] = T(B32) | T(B64),
	[PTX_OP_FNS] = T(B32),
	[PTX_OP_PRMT] = T(B32),
	[PTX_OP_LOP3] = T(B32),
	[PTX_OP_SHF] = T(B32),
	[PTX_OP_BMSK] = T(B32),
	[PTX_OP_SZEXT] = T(U32) | T(S32),
	[PTX_OP_FMA] = TF | TH,
	[PTX_OP_RCP] = TF,
	[PTX_OP_SQRT] = TF,
	[PTX_OP_RSQRT] = TF,
	[PTX_OP_SIN] = T(F32),
	[PTX_OP_COS] = T(F32),
	[PTX_OP_LG2] = T(F32),
	[PTX_OP_EX2] = T(F32) | TH,
	[PTX_OP_TANH] = T(F32) | TH,
	[PTX_OP_COPYSIGN] = TF,
	[PTX_OP_TESTP] = TF,
	[PTX_OP_ATOM] = T(B16) | T(B32) | T(B64) | T(B128) | T(U32) | T(U64) | T(S32) |
			T(S64) | TF | TH,
	[PTX_OP_RED] = T(B32) | T(B64) | T(U32) | T(U64) | T(S32) | T(S64) | TF | TH,
	[PTX_OP_VOTE] = T(PRED) | T(B32),
	[PTX_OP_SHFL_SYNC] = T(B32),
	[PTX_OP_MATCH_SYNC] = T(B32) | T(B64),
	[PTX_OP_REDUX_SYNC] = T(U32) | T(S32) | T(B32) | T(F32),
	[PTX_OP_MBAR_INIT] = T(B64),
	[PTX_OP_MBAR_INVAL] = T(B64),
	[PTX_OP_MBAR_ARRIVE] = T(B64),
	[PTX_OP_MBAR_ARRIVE_DROP] = T(B64),
	[PTX_OP_MBAR_EXPECT_TX] = T(B64),
	[PTX_OP_MBAR_COMPLETE_TX] = T(B64),
	[PTX_OP_MBAR_TEST_WAIT] = T(B64),
	[PTX_OP_MBAR_TRY_WAIT] = T(B64),
	[PTX_OP_MBAR_PENDING_COUNT] = T(B64),
	[PTX_OP_CP_ASYNC_MBARRIER_ARRIVE] = T(B64),
	[PTX_OP_ACTIVEMASK] = T(B32),
	[PTX_OP_NANOSLEEP] = T(U32),
	[PTX_OP_BAR_RED] = T(U32) | T(PRED),
	[PTX_OP_BARRIER_RED] = T(U32) | T(PRED),
	[PTX_OP_MAPA] = T(U32) | T(U64),
	[PTX_OP_GETCTARANK] = T(U32) | T(U64),
	[PTX_OP_STACKSAVE] = T(U32) | T(U64),
	[PTX_OP_STACKRESTORE] = T(U32) | T(U64),
	[PTX_OP_ALLOCA] = T(U32) | T(U64),
	[PTX_OP_CREATEPOLICY] = T(B64),
	[PTX_OP_SETMAXNREG] = T(U32),
	[PTX_OP_DP4A] = T(U32) | T(S32),
	[PTX_OP_DP2A] = T(U32) | T(S32),
};

/* How many type modifiers an opcode takes: -1 any, else exact. */
static int want_ntypes(ptx_opcode op)
{
	switch (op) {
	case PTX_OP_CVT: case PTX_OP_SET: case PTX_OP_SLCT: case PTX_OP_DP4A:
	case PTX_OP_DP2A:
		return 2;
	case PTX_OP_MMA: case PTX_OP_WMMA_LOAD: case PTX_OP_WMMA_STORE:
	case PTX_OP_WMMA_MMA: case PTX_OP_LDMATRIX: case PTX_OP_STMATRIX:
	case PTX_OP_CP_ASYNC_MBARRIER_ARRIVE:
		return -1;
	default:
		return (ptx_opcodes[op].classes & M_T) ? 1 : 0;
	}
}

static int tbits(ptx_type t)
{
	return ptx_types[t].bits;
}

static char tkind(ptx_type t)
{
	char c = ptx_types[t].kind;
	return c == 'x' ? 'f' : c;
}

/*
 * May a register of type have stand where the instruction wants type want?
 * Same size, and kinds compatible: .b with anything, .u with .s, equal kinds.
 * relaxed (ld, st, cvt): an integer/bit register may also be wider.
 */
static bool reg_fits(ptx_type want, ptx_type have, bool relaxed)
{
	char kw = tkind(want), kh = tkind(have);
	if (kw == 'p' || kh == 'p')
		return kw == kh;
	bool kinds = kw == 'b' || kh == 'b' || kw == kh ||
		     ((kw == 'u' || kw == 's') && (kh == 'u' || kh == 's'));
	if (kinds && tbits(want) == tbits(have))
		return true;
	/* ld/st/cvt: an integer or bit register wider than the type */
	return relaxed && (kh == 'b' || kh == 'u' || kh == 's') && tbits(have) > tbits(want);
}

static ptx_type widen(ptx_type t)
{
	switch (t) {
	case PTX_T_U16: return PTX_T_U32;
	case PTX_T_U32: return PTX_T_U64;
	case PTX_T_S16: return PTX_T_S32;
	case PTX_T_S32: return PTX_T_S64;
	case PTX_T_B16: return PTX_T_B32;
	case PTX_T_B32: return PTX_T_B64;
	default: return t;
	}
}

/* ---- operands ------------------------------------------------------------------ */

typedef struct slot {
	const ptx_insn *in;
	int n;          /* operand number, 0-based */
	char letter;
	ptx_type want;
	bool dest, relaxed;
} slot;

static const char *kind_name(const ptx_opd *o)
{
	switch (o->kind) {
	case PTX_OPD_REG: return "a register";
	case PTX_OPD_SREG: return "a special register";
	case PTX_OPD_IMM: return "an immediate";
	case PTX_OPD_SYM: return o->label >= 0 ? "a label" : "a symbol";
	case PTX_OPD_ADDR: return "an address";
	case PTX_OPD_VEC: return "a vector";
	case PTX_OPD_LIST: return "a list";
	case PTX_OPD_SINK: return "'_'";
	case PTX_OPD_PAIR: return "a d|p pair";
	}
	return "?";
}

static void opd_error(ptx_checker *k, const slot *s, const ptx_opd *o, const char *r,
		      const char *fmt, ...) __attribute__((format(printf, 5, 6)));

static void opd_error(ptx_checker *k, const slot *s, const ptx_opd *o, const char *r,
		      const char *fmt, ...)
{
	char name[96], msg[320];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	if (s->n == ptx_mask_operand(s->in->op) && !strncmp(r, "types.", 6))
		r = "membermask.operand";
	ptx_report(k, o->pos, r, "operand %d of %s: %s", s->n + 1,
		   ptx_insn_text(s->in, name, sizeof name), msg);
}

int ptx_mask_operand(ptx_opcode op)
{
	switch (op) {
	case PTX_OP_VOTE: case PTX_OP_MATCH_SYNC: case PTX_OP_REDUX_SYNC: return 2;
	case PTX_OP_SHFL_SYNC: return 4;
	case PTX_OP_ELECT_SYNC: return 1;
	case PTX_OP_BAR_WARP_SYNC: return 0;
	default: return -1;
	}
}

static bool unresolved(const ptx_opd *o)
{
	return o->kind == PTX_OPD_SYM && !o->var && !o->fn && o->label < 0;
}

static void check_reg(ptx_checker *k, const slot *s, const ptx_opd *o, ptx_type want)
{
	char rn[64];
	ptx_type have = o->reg->type;
	if (reg_fits(want, have, s->relaxed))
		return;
	const char *rule = (want == PTX_T_PRED || have == PTX_T_PRED) ? "types.pred"
			   : tbits(want) != tbits(have) ? "types.reg-size" : "types.reg-type";
	opd_error(k, s, o, rule, "%s is a .%s register, not usable as .%s",
		  ptx_reg_name(o, rn, sizeof rn), ptx_types[have].name, ptx_types[want].name);
}

/* One scalar value (register, immediate, special register, symbol address). */
static void check_value(ptx_checker *k, const slot *s, const ptx_opd *o, ptx_type want)
{
	if (unresolved(o))
		return;
	switch (o->kind) {
	case PTX_OPD_REG:
		if (o->neg && s->letter != 'q')
			opd_error(k, s, o, "types.pred", "'!' applies only to predicate sources");
		check_reg(k, s, o, want);
		return;
	case PTX_OPD_SINK:
		if (!s->dest)
			opd_error(k, s, o, "types.reg-type", "'_' can only be a destination");
		return;
	case PTX_OPD_IMM:
		if (s->dest) {
			opd_error(k, s, o, "types.imm-type", "a destination cannot be an immediate");
			return;
		}
		if (tkind(want) == 'f' && !o->is_float && ptx_types[want].kind == 'f')
			opd_error(k, s, o, "types.imm-type",
				  ".%s needs a floating-point literal (0f/0d or 1.0), not an integer",
				  ptx_types[want].name);
		else if ((tkind(want) == 'u' || tkind(want) == 's') && o->is_float)
			opd_error(k, s, o, "types.imm-type", ".%s needs an integer, not a floating-point literal",
				  ptx_types[want].name);
		else if (tkind(want) == 'p' && o->is_float)
			opd_error(k, s, o, "types.imm-type", "a predicate cannot be a floating-point literal");
		return;
	case PTX_OPD_SREG: {
		int bits = ptx_sregs[o->sreg].bits;
		if (s->dest)
			opd_error(k, s, o, "sreg.readonly", "special register %s is read-only",
				  ptx_sregs[o->sreg].name);
		else if (s->in->op != PTX_OP_MOV && s->in->op != PTX_OP_CVT)
			opd_error(k, s, o, "sreg.operand",
				  "special register %s can only be read by mov (or cvt)",
				  ptx_sregs[o->sreg].name);
		else if (ptx_types[want].kind == 'f' || ptx_types[want].kind == 'x')
			opd_error(k, s, o, "sreg.operand", "special register %s is an integer, not .%s",
				  ptx_sregs[o->sreg].name, ptx_types[want].name);
		else if (bits == 1 ? tkind(want) != 'p'
				   : (tbits(want) != bits && !(bits == 32 && tbits(want) == 16) &&
				      !(o->sreg == PTX_SREG_GRIDID && tbits(want) == 32)))
			opd_error(k, s, o, "sreg.width", "special register %s is %d bits, not .%s",
				  ptx_sregs[o->sreg].name, bits, ptx_types[want].name);
		return;
	}
	case PTX_OPD_SYM:
		if (o->label >= 0) {
			opd_error(k, s, o, "types.reg-type", "expected a value, found label %s",
				  k->fn->labels[o->label].name);
			return;
		}
		if (s->dest)
			opd_error(k, s, o, "types.reg-type", "a destination must be a register, not %s",
				  o->name);
		else if (tkind(want) == 'f' || tkind(want) == 'p' || tbits(want) < 32)
			opd_error(k, s, o, "types.reg-type",
				  "the address of %s needs a 32- or 64-bit integer type, not .%s",
				  o->name, ptx_types[want].name);
		return;
	default:
		opd_error(k, s, o, "types.reg-type", "expected a %s, found %s",
			  s->dest ? "register" : "register or value", kind_name(o));
		return;
	}
}

/* A value or, for .vN instructions, a { } vector of values. */
static void check_data(ptx_checker *k, const slot *s, const ptx_opd *o, ptx_type want)
{
	const ptx_insn *in = s->in;
	if (in->vec) {
		if (o->kind != PTX_OPD_VEC) {
			opd_error(k, s, o, "types.vector-size", ".v%d needs a { } vector of %d elements, found %s",
				  in->vec, in->vec, kind_name(o));
			return;
		}
		if (o->nitems != in->vec)
			opd_error(k, s, o, "types.vector-size", ".v%d needs %d elements, found %d",
				  in->vec, in->vec, o->nitems);
		for (int i = 0; i < o->nitems; i++)
			check_value(k, s, o->items[i], want);
		return;
	}
	if (o->kind == PTX_OPD_VEC) {
		/* mov.b64 %rd, {%r1, %r2} / mov.b64 {%r1, %r2}, %rd: packing */
		if (in->op == PTX_OP_MOV && ptx_types[want].kind == 'b') {
			int bits = 0, elem = 0;
			for (int i = 0; i < o->nitems; i++) {
				const ptx_opd *it = o->items[i];
				if (it->kind == PTX_OPD_REG && elem && tbits(it->reg->type) != elem)
					opd_error(k, s, it, "types.vector-size",
						  "the elements of a packing vector must have one size");
				if (it->kind == PTX_OPD_REG)
					bits += elem = tbits(it->reg->type);
				else if ((it->kind == PTX_OPD_SINK && s->dest) ||
					 (it->kind == PTX_OPD_IMM && !s->dest && !it->is_float))
					bits += tbits(want) / o->nitems;
				else if (!unresolved(it))
					opd_error(k, s, it, "types.vector-size", "vector elements must be registers");
			}
			if (bits != tbits(want) || (o->nitems != 2 && o->nitems != 4))
				opd_error(k, s, o, "types.vector-size",
					  "the vector does not pack into .%s (%d of %d bits)",
					  ptx_types[want].name, bits, tbits(want));
			return;
		}
		opd_error(k, s, o, "types.vector-size", "a { } vector needs a .v2/.v4 instruction");
		return;
	}
	check_value(k, s, o, want);
}

static bool same_space(ptx_space a, ptx_space b)
{
	if (a == PTX_SP_SHARED_CTA)
		a = PTX_SP_SHARED;
	if (b == PTX_SP_SHARED_CTA)
		b = PTX_SP_SHARED;
	if (a == PTX_SP_PARAM_ENTRY || a == PTX_SP_PARAM_FUNC)
		a = PTX_SP_PARAM;
	if (b == PTX_SP_PARAM_ENTRY || b == PTX_SP_PARAM_FUNC)
		b = PTX_SP_PARAM;
	if (a == PTX_SP_SHARED_CLUSTER && b == PTX_SP_SHARED)
		return true;
	return a == b;
}

/* [reg+off] / [sym+off] / [imm]; which is the space the address is in. */
static void check_addr(ptx_checker *k, const slot *s, const ptx_opd *o, ptx_space which)
{
	if (o->kind != PTX_OPD_ADDR) {
		if (!unresolved(o))
			opd_error(k, s, o, "types.operand-count", "expected an address [..], found %s",
				  kind_name(o));
		return;
	}
	const ptx_opd *b = o->base;
	if (!b || unresolved(b))
		return;
	char rn[64];
	if (b->kind == PTX_OPD_REG) {
		ptx_type t = b->reg->type;
		if ((tbits(t) != 32 && tbits(t) != 64) || tkind(t) == 'f' || tkind(t) == 'p')
			opd_error(k, s, b, "types.reg-type",
				  "address register %s is .%s; it must be a 32- or 64-bit integer",
				  ptx_reg_name(b, rn, sizeof rn), ptx_types[t].name);
		else if (tbits(t) == 32 && k->m->address_size == 64 &&
			 (which == PTX_SP_NONE || which == PTX_SP_GLOBAL))
			opd_error(k, s, b, "mem.address-64",
				  "%s is a 32-bit address but %s addresses are 64-bit with .address_size 64",
				  ptx_reg_name(b, rn, sizeof rn),
				  which == PTX_SP_GLOBAL ? ".global" : "generic");
		return;
	}
	if (b->kind == PTX_OPD_SYM && b->var) {
		ptx_space vs = b->var->space;
		if (which && vs != PTX_SP_REG && !same_space(which, vs) &&
		    !(which == PTX_SP_PARAM && vs == PTX_SP_PARAM))
			opd_error(k, s, b, "types.space-mismatch", "%s is a .%s variable, not .%s",
				  b->var->name, ptx_space_names[vs], ptx_space_names[which]);
		return;
	}
	if (b->kind == PTX_OPD_SYM && b->label >= 0) {
		opd_error(k, s, b, "types.reg-type", "label %s is not an address",
			  k->fn->labels[b->label].name);
		return;
	}
	if (b->kind == PTX_OPD_SYM && b->fn)
		return; /* function address */
	opd_error(k, s, b, "types.reg-type", "an address needs a register or a variable, found %s",
		  kind_name(b));
}

static void check_pred(ptx_checker *k, const slot *s, const ptx_opd *o)
{
	if (unresolved(o))
		return;
	if (o->kind == PTX_OPD_SINK && s->dest)
		return;
	if (o->kind != PTX_OPD_REG || o->reg->type != PTX_T_PRED) {
		char rn[64];
		if (o->kind == PTX_OPD_REG)
			opd_error(k, s, o, "types.pred", "%s is a .%s register; a predicate is needed",
				  ptx_reg_name(o, rn, sizeof rn), ptx_types[o->reg->type].name);
		else
			opd_error(k, s, o, "types.pred", "expected a predicate, found %s", kind_name(o));
		return;
	}
	if (o->neg && (s->dest || s->letter != 'q'))
		opd_error(k, s, o, "types.pred", "'!' applies only to predicate sources");
}

/* 'u'/'U'/'w'/'W': a 32- or 64-bit integer/bit register or immediate. */
static void check_bits(ptx_checker *k, const slot *s, const ptx_opd *o, int bits)
{
	if (unresolved(o))
		return;
	if (o->kind == PTX_OPD_SINK && s->dest)
		return;
	if (o->kind == PTX_OPD_IMM && !s->dest) {
		if (o->is_float)
			opd_error(k, s, o, "types.imm-type", "expected an integer, not a floating-point literal");
		return;
	}
	if (o->kind == PTX_OPD_SREG && !s->dest)
		return;
	if (o->kind == PTX_OPD_REG) {
		char rn[64];
		ptx_type t = o->reg->type;
		if (tbits(t) != bits || tkind(t) == 'f' || tkind(t) == 'p')
			opd_error(k, s, o, tbits(t) != bits ? "types.reg-size" : "types.reg-type",
				  "%s is a .%s register; a %d-bit integer register is needed",
				  ptx_reg_name(o, rn, sizeof rn), ptx_types[t].name, bits);
		return;
	}
	opd_error(k, s, o, "types.reg-type", "expected a %d-bit %s, found %s", bits,
		  s->dest ? "register" : "register or immediate", kind_name(o));
}

static void check_label(ptx_checker *k, const slot *s, const ptx_opd *o)
{
	if (unresolved(o))
		return;
	if (o->kind != PTX_OPD_SYM || o->label < 0)
		opd_error(k, s, o, "undef.label", "expected a label, found %s", kind_name(o));
}

static ptx_space addr_space(const ptx_insn *in, int n)
{
	if (in->op == PTX_OP_CP_ASYNC || in->op == PTX_OP_CP_ASYNC_BULK)
		return n == 0 ? in->space : in->space2;
	if (in->op == PTX_OP_CP_ASYNC_BULK && n == 3)
		return PTX_SP_NONE;
	return in->space;
}

/* Operand count and shape, one letter per operand (ops.h). */
static void check_operands(ptx_checker *k, const ptx_insn *in)
{
	const ptx_opcode_info *info = &ptx_opcodes[in->op];
	char name[96];
	if (in->op == PTX_OP_BAR_ARRIVE || in->op == PTX_OP_BARRIER_ARRIVE)
		k->count_rule = "bar.arrive-count";
	else if (in->op == PTX_OP_CP_ASYNC_WAIT_ALL || in->op == PTX_OP_CP_ASYNC_WAIT_GROUP)
		k->count_rule = "cp_async.wait-operand";
	else if (in->op == PTX_OP_CP_ASYNC_BULK_WAIT_GROUP)
		k->count_rule = "cp_async_bulk.wait-operand";
	else
		k->count_rule = "types.operand-count";
	if (in->nopd < info->min_ops || in->nopd > info->max_ops) {
		if (info->min_ops == info->max_ops)
			ptx_report(k, in->pos, k->count_rule, "%s takes %d operand%s, found %d",
				   ptx_insn_text(in, name, sizeof name), info->min_ops,
				   info->min_ops == 1 ? "" : "s", in->nopd);
		else
			ptx_report(k, in->pos, k->count_rule, "%s takes %d to %d operands, found %d",
				   ptx_insn_text(in, name, sizeof name), info->min_ops,
				   info->max_ops, in->nopd);
		return;
	}
	ptx_type t0 = in->ntypes ? in->type[0] : PTX_T_NONE;
	ptx_type tl = in->ntypes ? in->type[in->ntypes > 3 ? 2 : in->ntypes - 1] : PTX_T_NONE;
	bool wide = in->mode == PTX_MOD_WIDE;
	bool relaxed = in->op == PTX_OP_LD || in->op == PTX_OP_ST || in->op == PTX_OP_CVT ||
		       in->op == PTX_OP_LDU;
	const char *sh = info->shape;
	for (int i = 0; i < in->nopd; i++) {
		while (*sh == '?')
			sh++;
		char c = *sh ? *sh++ : 'x';
		if ((in->op == PTX_OP_ATOM || in->op == PTX_OP_RED) &&
		    ptx_insn_has(in, PTX_MOD_L2_CACHE_HINT) && i == in->nopd - 1 && i >= 2)
			c = 'x'; /* the cache policy: atom/red check it */
		const ptx_opd *o = in->opd[i];
		slot s = {in, i, c, PTX_T_NONE, false, relaxed};
		switch (c) {
		case 'd': case 'e': case 'D':
			s.dest = true;
			s.want = (c == 'D' || (wide && c == 'd')) ? widen(t0) : t0;
			if (o->kind == PTX_OPD_PAIR) {
				if (in->op != PTX_OP_SHFL_SYNC) {
					opd_error(k, &s, o, "types.reg-type", "a d|p pair is not allowed here");
					break;
				}
				check_data(k, &s, o->items[0], s.want);
				s.letter = 'p';
				check_pred(k, &s, o->items[1]);
				break;
			}
			if (s.want)
				check_data(k, &s, o, s.want);
			break;
		case 's': case 't': case 'S':
			s.want = c == 't' ? tl : (c == 'S' || (wide && in->op == PTX_OP_MAD && i == 3)) ? widen(t0) : t0;
			if (in->op == PTX_OP_SHL || in->op == PTX_OP_SHR) {
				/* shift amount: a 32-bit value */
			}
			if (s.want)
				check_data(k, &s, o, s.want);
			break;
		case 'p':
			s.dest = true;
			if (o->kind == PTX_OPD_PAIR) {
				if (in->op != PTX_OP_SETP) {
					opd_error(k, &s, o, "types.pred", "a p|q pair is not allowed here");
					break;
				}
				check_pred(k, &s, o->items[0]);
				check_pred(k, &s, o->items[1]);
				break;
			}
			check_pred(k, &s, o);
			break;
		case 'q':
			check_pred(k, &s, o);
			break;
		case 'u': case 'U':
			s.dest = c == 'U';
			if (o->kind == PTX_OPD_PAIR && s.dest)
				break; /* elect.sync / match.all: family check */
			check_bits(k, &s, o, 32);
			break;
		case 'w': case 'W':
			s.dest = c == 'w';
			check_bits(k, &s, o, 64);
			break;
		case 'm':
			check_addr(k, &s, o, addr_space(in, i));
			break;
		case 'l':
			check_label(k, &s, o);
			break;
		default:
			break;
		}
	}
}

/* ---- modifiers ------------------------------------------------------------------- */

static const unsigned class_bit[PTX_MC_COUNT] = {
	[PTX_MC_TYPE] = M_T, [PTX_MC_SPACE] = M_SP, [PTX_MC_SEM] = M_SEM,
	[PTX_MC_SCOPE] = M_SCOPE, [PTX_MC_RND] = M_RND, [PTX_MC_CMP] = M_CMP,
	[PTX_MC_OP] = M_OP, [PTX_MC_VEC] = M_VEC, [PTX_MC_CACHE] = M_CACHE,
	[PTX_MC_MODE] = M_MODE, [PTX_MC_FLAG] = M_F,
};

static const char *mod_text(const ptx_mod *md)
{
	if (md->cls == PTX_MC_TYPE)
		return ptx_types[md->val].name;
	if (md->cls == PTX_MC_SPACE)
		return ptx_space_names[md->val];
	return ptx_mod_names[md->val];
}

#define OPB(x) (1ull << (PTX_MOD_##x - PTX_MOD_ADD))
/* Sub-operations (OP class) each opcode accepts. */
static uint64_t ops_ok(ptx_opcode op)
{
	switch (op) {
	case PTX_OP_ATOM:
		return OPB(ADD) | OPB(MIN) | OPB(MAX) | OPB(INC) | OPB(DEC) | OPB(AND) |
		       OPB(OR) | OPB(XOR) | OPB(CAS) | OPB(EXCH);
	case PTX_OP_RED:
		return OPB(ADD) | OPB(MIN) | OPB(MAX) | OPB(INC) | OPB(DEC) | OPB(AND) |
		       OPB(OR) | OPB(XOR);
	case PTX_OP_VOTE: return OPB(ANY) | OPB(ALL) | OPB(UNI) | OPB(BALLOT);
	case PTX_OP_SHFL: case PTX_OP_SHFL_SYNC: return OPB(UP) | OPB(DOWN) | OPB(BFLY) | OPB(IDX);
	case PTX_OP_MATCH_SYNC: return OPB(ANY) | OPB(ALL);
	case PTX_OP_REDUX_SYNC: case PTX_OP_REDUX: case PTX_OP_RED_ASYNC:
	case PTX_OP_MULTIMEM_RED: case PTX_OP_MULTIMEM_LD_REDUCE:
		return OPB(INC) | OPB(DEC) | OPB(ADD) | OPB(MIN) | OPB(MAX) | OPB(AND) | OPB(OR) | OPB(XOR);
	case PTX_OP_BAR_RED: case PTX_OP_BARRIER_RED: return OPB(POPC) | OPB(AND) | OPB(OR);
	case PTX_OP_SETP: case PTX_OP_SET: return OPB(AND) | OPB(OR) | OPB(XOR);
	case PTX_OP_BRA: case PTX_OP_CALL: case PTX_OP_RET: case PTX_OP_BRX_IDX: return OPB(UNI);
	case PTX_OP_SETMAXNREG: return OPB(INC) | OPB(DEC);
	default: return 0;
	}
}

/* The rule a modifier that does not belong to an instruction breaks. */
static const char *mod_rule(const ptx_insn *in, const ptx_mod *md)
{
	ptx_opcode op = in->op;
	const char *fam = ptx_family(op);
	bool atom = op == PTX_OP_ATOM || op == PTX_OP_RED;
	bool mbar = fam && !strcmp(fam, "mbarrier");
	switch (md->cls) {
	case PTX_MC_SEM:
		if (op == PTX_OP_LD || op == PTX_OP_LDU) return "ld.sem";
		if (op == PTX_OP_ST) return "st.sem";
		if (op == PTX_OP_ATOM) return "atom.sem";
		if (op == PTX_OP_RED) return "red.sem";
		if (op == PTX_OP_FENCE || op == PTX_OP_FENCE_PROXY) return "fence.sem";
		if (op == PTX_OP_MEMBAR) return "membar.level";
		if (mbar) return "mbarrier.sem";
		break;
	case PTX_MC_SCOPE:
		if (op == PTX_OP_MEMBAR) return "membar.level";
		if (mbar) return "mbarrier.scope";
		break;
	case PTX_MC_RND:
		if (atom) return "atom.rounding";
		break;
	case PTX_MC_OP:
		if (op == PTX_OP_RED) return "red.op";
		if (op == PTX_OP_REDUX_SYNC) return "redux.op";
		if (op == PTX_OP_BAR_RED || op == PTX_OP_BARRIER_RED) return "bar.red-op";
		if (op == PTX_OP_SHFL || op == PTX_OP_SHFL_SYNC) return "shfl.mode";
		if (op == PTX_OP_VOTE) return "vote.mode";
		break;
	case PTX_MC_VEC:
		return atom ? "atom.vec-type" : "types.vector-size";
	case PTX_MC_TYPE:
		return "types.inst-type";
	case PTX_MC_FLAG:
		if (md->val == PTX_MOD_ALIGNED && fam && !strcmp(fam, "bar")) return "bar.aligned";
		if (md->val == PTX_MOD_ALIGNED && op == PTX_OP_BAR_WARP_SYNC) return "barwarp.aligned";
		if (atom && md->val == PTX_MOD_FTZ) return "atom.rounding";
		if (md->val == PTX_MOD_NOFTZ) return "atom.noftz-type";
		if (md->val == PTX_MOD_MMIO) return "mem.mmio";
		break;
	default:
		break;
	}
	return "types.modifier";
}

static void check_mods(ptx_checker *k, const ptx_insn *in)
{
	const ptx_opcode_info *info = &ptx_opcodes[in->op];
	char name[96];
	int count[PTX_MC_COUNT] = {0};
	const ptx_mod *first[PTX_MC_COUNT] = {0};
	for (int i = 0; i < in->nmods; i++) {
		const ptx_mod *md = &in->mods[i];
		if (!(info->classes & class_bit[md->cls]) ||
		    (md->cls == PTX_MC_OP && !(ops_ok(in->op) >> (md->val - PTX_MOD_ADD) & 1))) {
			ptx_report(k, in->pos, mod_rule(in, md), ".%s is not a modifier of %s",
				   mod_text(md), info->name);
			continue;
		}
		if (md->cls != PTX_MC_FLAG && md->cls != PTX_MC_TYPE && md->cls != PTX_MC_SPACE &&
		    !(md->cls == PTX_MC_OP && (in->op == PTX_OP_SETP || in->op == PTX_OP_SET)) &&
		    count[md->cls]++) {
			ptx_report(k, in->pos,
				   md->cls == PTX_MC_OP && in->op == PTX_OP_ATOM ? "atom.op-count"
				   : md->cls == PTX_MC_SEM ? mod_rule(in, md) : "types.modifier",
				   "%s: .%s conflicts with .%s",
				   ptx_insn_text(in, name, sizeof name), mod_text(md),
				   mod_text(first[md->cls]));
		}
		if (!first[md->cls])
			first[md->cls] = md;
		if (md->cls == PTX_MC_SPACE)
			count[PTX_MC_SPACE]++;
	}
	int two_spaces = in->op == PTX_OP_CP_ASYNC || in->op == PTX_OP_CP_ASYNC_BULK ||
			 in->op == PTX_OP_CP_ASYNC_BULK_TENSOR;
	if (count[PTX_MC_SPACE] > 1 + two_spaces)
		ptx_report(k, in->pos, in->op == PTX_OP_ATOM || in->op == PTX_OP_RED ? "atom.space-count" : "types.space",
			   "%s names more than one state space",
			   ptx_insn_text(in, name, sizeof name));
	/* types */
	int want = want_ntypes(in->op);
	bool atom = in->op == PTX_OP_ATOM || in->op == PTX_OP_RED;
	if (want >= 0 && in->ntypes != want) {
		if (!in->ntypes)
			ptx_report(k, in->pos, atom ? "atom.type-missing" : "types.inst-type",
				   "%s needs a type (.b32, .u32, .f32, ...)",
				   ptx_insn_text(in, name, sizeof name));
		else if (want == 0)
			ptx_report(k, in->pos, "types.inst-type", "%s takes no type",
				   ptx_insn_text(in, name, sizeof name));
		else
			ptx_report(k, in->pos, atom ? "atom.type-count" : "types.inst-type",
				   "%s takes %d type%s, found %d",
				   ptx_insn_text(in, name, sizeof name), want, want > 1 ? "s" : "",
				   in->ntypes);
		return;
	}
	uint32_t ok = type_ok[in->op];
	for (int i = 0; ok && i < in->ntypes && i < 3; i++)
		if (!(ok >> in->type[i] & 1))
			ptx_report(k, in->pos, atom ? "atom.type" : "types.inst-type",
				   "%s does not take type .%s",
				   info->name, ptx_types[in->type[i]].name);
}

/* ---- rounding and per-opcode modifier requirements ------------------------------ */

static bool is_int_rnd(ptx_modid r)
{
	return r == PTX_MOD_RNI || r == PTX_MOD_RZI || r == PTX_MOD_RMI || r == PTX_MOD_RPI;
}

static void check_rounding(ptx_checker *k, const ptx_insn *in)
{
	char name[96];
	if (!in->ntypes)
		return;
	ptx_type t = in->type[0];
	bool fl = tkind(t) == 'f';
	switch (in->op) {
	case PTX_OP_ADD: case PTX_OP_SUB: case PTX_OP_MUL:
		if (in->rnd && !fl)
			ptx_report(k, in->pos, "types.rounding", "%s: rounding applies only to floating-point types",
				   ptx_insn_text(in, name, sizeof name));
		if (in->rnd && is_int_rnd(in->rnd))
			ptx_report(k, in->pos, "types.rounding", "%s: .%s is an integer rounding",
				   ptx_insn_text(in, name, sizeof name), ptx_mod_names[in->rnd]);
		break;
	case PTX_OP_MAD: case PTX_OP_FMA:
		if (fl && !in->rnd && (t == PTX_T_F32 || t == PTX_T_F64))
			ptx_report(k, in->pos, "types.rounding",
				   "%s needs a rounding modifier (.rn, .rz, .rm or .rp)",
				   ptx_insn_text(in, name, sizeof name));
		if (in->rnd && !fl)
			ptx_report(k, in->pos, "types.rounding", "%s: rounding applies only to floating-point types",
				   ptx_insn_text(in, name, sizeof name));
		break;
	case PTX_OP_DIV:
		if (t == PTX_T_F32 && !in->rnd && !ptx_insn_has(in, PTX_MOD_APPROX) &&
		    !ptx_insn_has(in, PTX_MOD_FULL))
			ptx_report(k, in->pos, "types.rounding",
				   "div.f32 needs .rn/.rz/.rm/.rp, .approx or .full");
		if (t == PTX_T_F64 && !in->rnd)
			ptx_report(k, in->pos, "types.rounding", "div.f64 needs a rounding modifier (.rn, .rz, .rm or .rp)");
		if (in->rnd && !fl)
			ptx_report(k, in->pos, "types.rounding", "%s: rounding applies only to floating-point types",
				   ptx_insn_text(in, name, sizeof name));
		break;
	case PTX_OP_RCP: case PTX_OP_SQRT:
		if (!in->rnd && !ptx_insn_has(in, PTX_MOD_APPROX))
			ptx_report(k, in->pos, "types.rounding", "%s needs a rounding modifier or .approx",
				   ptx_insn_text(in, name, sizeof name));
		break;
	case PTX_OP_CVT: {
		if (in->ntypes < 2)
			break;
		ptx_type d = in->type[0], s = in->type[1];
		bool df = tkind(d) == 'f', sf = tkind(s) == 'f';
		if (df && !sf && !in->rnd)
			ptx_report(k, in->pos, "types.rounding",
				   "%s converts an integer to floating point and needs .rn, .rz, .rm or .rp",
				   ptx_insn_text(in, name, sizeof name));
		else if (!df && sf && !in->rnd && tkind(d) != 'p')
			ptx_report(k, in->pos, "types.rounding",
				   "%s converts floating point to an integer and needs .rni, .rzi, .rmi or .rpi",
				   ptx_insn_text(in, name, sizeof name));
		else if (df && sf && tbits(d) < tbits(s) && !in->rnd)
			ptx_report(k, in->pos, "types.rounding",
				   "%s narrows a floating-point value and needs .rn, .rz, .rm or .rp",
				   ptx_insn_text(in, name, sizeof name));
		else if (!df && !sf && in->rnd)
			ptx_report(k, in->pos, "types.rounding", "%s: an integer conversion takes no rounding",
				   ptx_insn_text(in, name, sizeof name));
		break;
	}
	default:
		break;
	}
}

/* ---- driver ---------------------------------------------------------------------- */

static void check_insn(ptx_checker *k, const ptx_insn *in)
{
	const ptx_opcode_info *info = &ptx_opcodes[in->op];
	char name[96];
	k->in = in;
	ptx_need(k, in, NULL, info->name, info->min_sm, info->min_ptx);
	if ((in->op == PTX_OP_SETMAXNREG || (in->op >= PTX_OP_WGMMA_COMMIT_GROUP &&
					      in->op <= PTX_OP_WGMMA_WAIT_GROUP)) &&
	    !(k->m->sm == 90 && k->m->sm_a))
		ptx_report(k, in->pos, "target.arch-specific",
			   "%s is specific to sm_90a (this module targets %s)", info->name,
			   k->m->target ? k->m->target : "no target");
	if (in->guard && !unresolved(in->guard) &&
	    (in->guard->kind != PTX_OPD_REG || in->guard->reg->type != PTX_T_PRED))
		ptx_report(k, in->guard->pos, "types.pred", "the guard of %s must be a predicate register",
			   ptx_insn_text(in, name, sizeof name));
	int before = k->errors;
	check_mods(k, in);
	if (k->errors != before)
		return; /* operand checks would only repeat the type error */
	check_rounding(k, in);
	if (in->op == PTX_OP_CVTA && in->ntypes && in->type[0] == PTX_T_U32 &&
	    k->m->address_size == 64)
		ptx_report(k, in->pos, "mem.address-64",
			   "%s makes 32-bit generic addresses; with .address_size 64 use .u64",
			   ptx_insn_text(in, name, sizeof name));
	check_operands(k, in);
	if (in->op == PTX_OP_BRX_IDX && in->nopd == 2 && in->opd[1]->kind == PTX_OPD_SYM &&
	    in->opd[1]->label >= 0) {
		const ptx_label *l = &k->fn->labels[in->opd[1]->label];
		if (l->brtargets < 0)
			ptx_report(k, in->opd[1]->pos, "undef.label",
				   "brx.idx needs a label that names a .branchtargets list, not %s", l->name);
		else if (l->brtargets > k->stmt)
			ptx_report(k, in->opd[1]->pos, "undef.label",
				   "the .branchtargets list %s must come before the brx.idx that uses it",
				   l->name);
	}
	ptx_check_memory(k, in);
	ptx_check_sync(k, in);
}

/* Lowest PTX ISA version that knows a target. */
static int version_for_sm(int sm, bool a)
{
	if (a)
		return sm >= 100 ? 86 : 80;
	if (sm >= 120) return 87;
	if (sm >= 100) return 86;
	if (sm >= 89) return 78;
	if (sm >= 87) return 74;
	if (sm >= 86) return 71;
	if (sm >= 80) return 70;
	if (sm >= 75) return 63;
	if (sm >= 72) return 61;
	if (sm >= 70) return 60;
	return 10;
}

static void check_header(ptx_checker *k)
{
	ptx_module *m = k->m;
	ptx_pos top = {1, 1};
	if (!m->version_major)
		ptx_report(k, top, "target.version", "missing .version directive");
	if (!m->target)
		ptx_report(k, m->target_pos.line ? m->target_pos : top, "target.sm",
			   "missing .target sm_NN directive");
	if (m->address_size && m->address_size != 32 && m->address_size != 64)
		ptx_report(k, top, "target.address-size", ".address_size must be 32 or 64, not %d",
			   m->address_size);
	if (m->version_major && (k->version > 90 || k->version < 10))
		ptx_report(k, m->version_pos, "target.version-unsupported",
			   "PTX ISA .version %d.%d is not supported (this reader knows 1.0 to 9.0)",
			   m->version_major, m->version_minor);
	if (m->target && k->version) {
		int need = version_for_sm(m->sm, m->sm_a);
		if (k->version < need)
			ptx_report(k, m->target_pos, "target.version-target",
				   "PTX .version %d.%d does not support .target %s (needs %d.%d)",
				   m->version_major, m->version_minor, m->target, need / 10,
				   need % 10);
	}
}

int ptx_check(ptx_module *m, simt_diags *d)
{
	ptx_checker k = {0};
	k.m = m;
	k.d = d;
	k.version = m->version_major * 10 + m->version_minor;
	check_header(&k);
	for (int i = 0; i < m->nitems; i++) {
		ptx_item *it = m->items[i];
		if (it->kind != PTX_ITEM_FN || !it->fn->has_body)
			continue;
		k.fn = it->fn;
		for (int s = 0; s < k.fn->nstmts; s++) {
			ptx_stmt *st = &k.fn->stmts[s];
			k.stmt = s;
			if (st->kind == PTX_ST_INSN)
				check_insn(&k, st->u.insn);
		}
	}
	return k.errors;
}
