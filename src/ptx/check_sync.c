/*
 * check_sync.c - the ptxas acceptance rules, part 2: the memory model and
 * synchronisation families.
 *
 *   ptx_check_memory: ld/st (.sem/.scope pairs, .nc, .volatile, vector
 *     width), atom/red (the seed-003 validation chain as ptxas applies it:
 *     domain, operation, type/operation combinations, vector forms,
 *     ordering, scope), membar/fence variants, cp.async and cp.async.bulk.
 *   ptx_check_sync: vote/shfl/match/redux (modes, types, membermask
 *     operand forms), bar/barrier (ids 0..15, counts in warps, bar.red
 *     forms), bar.warp.sync, elect.sync, the mbarrier operations.
 *
 * Requires: check.c has accepted the instruction's modifier classes and
 * types (these run only then) and checked the operand shapes of ops.h.
 * Produces: diagnostics only.
 */
#include <stdio.h>
#include <string.h>

#include "ptx/check.h"

#define HAS(in, m) ptx_insn_has((in), PTX_MOD_##m)

static const char *txt(const ptx_insn *in, char *buf, size_t n)
{
	return ptx_insn_text(in, buf, n);
}

static const char *mod(ptx_modid m)
{
	return ptx_mod_names[m];
}

static bool is_shared(ptx_space s)
{
	return s == PTX_SP_SHARED || s == PTX_SP_SHARED_CTA || s == PTX_SP_SHARED_CLUSTER;
}

/* Gates that follow a modifier wherever it appears. */
static void common_gates(ptx_checker *k, const ptx_insn *in)
{
	if (in->scope == PTX_MOD_CLUSTER)
		ptx_need(k, in, ".cluster scope", 90, 78);
	if (in->space == PTX_SP_SHARED_CLUSTER || in->space2 == PTX_SP_SHARED_CLUSTER)
		ptx_need(k, in, ".shared::cluster", 90, 78);
	else if (in->space == PTX_SP_SHARED_CTA || in->space2 == PTX_SP_SHARED_CTA)
		ptx_need(k, in, ".shared::cta", 0, 78);
	for (int i = 0; i < in->nopd; i++) {
		const ptx_opd *o = in->opd[i];
		if (o->kind == PTX_OPD_SREG && o->sreg >= PTX_SREG_CLUSTERID &&
		    o->sreg <= PTX_SREG_IS_EXPLICIT_CLUSTER)
			ptx_need(k, in, ptx_sregs[o->sreg].name, 90, 78);
	}
}

/* ---- ld / st ------------------------------------------------------------------ */

static void check_ldst(ptx_checker *k, const ptx_insn *in)
{
	char b[96];
	bool st = in->op == PTX_OP_ST;
	ptx_modid sem = in->sem;
	if (st && (in->space == PTX_SP_CONST || in->space == PTX_SP_SREG))
		ptx_report(k, in->pos, PTX_R_SPACE, "st cannot write the read-only .%s space",
			   ptx_space_names[in->space]);
	if (sem == PTX_MOD_SC || sem == PTX_MOD_ACQ_REL || (st && sem == PTX_MOD_ACQUIRE) ||
	    (!st && sem == PTX_MOD_RELEASE))
		ptx_report(k, in->pos, PTX_R_SEMSCOPE, "%s cannot be .%s (%s takes .weak, .relaxed, .%s, .volatile or .mmio)",
			   txt(in, b, sizeof b), mod(sem), st ? "st" : "ld",
			   st ? "release" : "acquire");
	else if ((sem == PTX_MOD_RELAXED || sem == PTX_MOD_ACQUIRE || sem == PTX_MOD_RELEASE) &&
		 !in->scope)
		ptx_report(k, in->pos, PTX_R_SEMSCOPE,
			   "%s: .%s needs a scope (.cta, .cluster, .gpu or .sys)",
			   txt(in, b, sizeof b), mod(sem));
	else if (in->scope && (sem == PTX_MOD_VOLATILE))
		ptx_report(k, in->pos, PTX_R_SEMSCOPE, "%s: .volatile cannot be combined with .%s",
			   txt(in, b, sizeof b), mod(in->scope));
	else if (in->scope && (!sem || sem == PTX_MOD_WEAK))
		ptx_report(k, in->pos, PTX_R_SEMSCOPE,
			   "%s: scope .%s needs a memory order (.relaxed or .%s)",
			   txt(in, b, sizeof b), mod(in->scope), st ? "release" : "acquire");
	if (in->scope == PTX_MOD_GL)
		ptx_report(k, in->pos, PTX_R_SEMSCOPE, "%s: .gl is a membar scope; use .gpu",
			   txt(in, b, sizeof b));
	if (sem && sem != PTX_MOD_VOLATILE && sem != PTX_MOD_WEAK)
		ptx_need(k, in, "memory-model ld/st (.relaxed/.acquire/.release)", 70, 60);
	if (HAS(in, NC)) {
		if (st || in->op == PTX_OP_LDU)
			ptx_report(k, in->pos, PTX_R_MODIFIER, ".nc is a modifier of ld only");
		else if (in->space != PTX_SP_GLOBAL)
			ptx_report(k, in->pos, PTX_R_SPACE, "ld.nc needs the .global space");
		else if (sem && sem != PTX_MOD_WEAK)
			ptx_report(k, in->pos, PTX_R_SEMSCOPE, "%s: .%s cannot be combined with .nc",
				   txt(in, b, sizeof b), mod(sem));
	}
	if (in->cache) {
		bool ok = st ? (in->cache == PTX_MOD_WB || in->cache == PTX_MOD_CG ||
				in->cache == PTX_MOD_CS || in->cache == PTX_MOD_WT)
			     : (in->cache == PTX_MOD_CA || in->cache == PTX_MOD_CG ||
				in->cache == PTX_MOD_CS || in->cache == PTX_MOD_LU ||
				in->cache == PTX_MOD_CV);
		if (!ok)
			ptx_report(k, in->pos, PTX_R_MODIFIER, "%s: .%s is not a cache operator of %s",
				   txt(in, b, sizeof b), mod(in->cache), st ? "st" : "ld");
	}
	if (in->ntypes && in->vec) {
		int bits = in->vec * ptx_types[in->type[0]].bits;
		if (bits > 128)
			ptx_need(k, in, "256-bit wide ld/st", 100, 88);
	}
}

/* ---- atom / red ------------------------------------------------------------------ */

#define TB(x) (1u << PTX_T_##x)

/* Types each atom/red operation accepts (ptxas 13). */
static uint32_t atom_types(ptx_modid op)
{
	uint32_t half = TB(F16) | TB(F16X2) | TB(BF16) | TB(BF16X2);
	switch (op) {
	case PTX_MOD_ADD: return TB(U32) | TB(S32) | TB(U64) | TB(F32) | TB(F64) | half;
	case PTX_MOD_INC: case PTX_MOD_DEC: return TB(U32);
	case PTX_MOD_AND: case PTX_MOD_OR: case PTX_MOD_XOR: return TB(B32) | TB(B64);
	case PTX_MOD_MIN: case PTX_MOD_MAX:
		return TB(U32) | TB(S32) | TB(U64) | TB(S64) | half;
	case PTX_MOD_CAS: return TB(B16) | TB(B32) | TB(B64) | TB(B128);
	case PTX_MOD_EXCH: return TB(B32) | TB(B64) | TB(B128);
	default: return 0;
	}
}

static void type_list(uint32_t set, char *buf, size_t n)
{
	size_t k = 0;
	buf[0] = '\0';
	for (int t = 1; t < PTX_T_COUNT && k + 8 < n; t++)
		if (set >> t & 1)
			k += (size_t)snprintf(buf + k, n - k, "%s.%s", k ? ", " : "", ptx_types[t].name);
}

static void check_atom(ptx_checker *k, const ptx_insn *in)
{
	char b[96], tl[160];
	bool red = in->op == PTX_OP_RED;
	ptx_type t = in->type[0];
	const char *name = txt(in, b, sizeof b);
	/* 1: domain */
	if (in->space && in->space != PTX_SP_GLOBAL && !is_shared(in->space))
		ptx_report(k, in->pos, PTX_R_ATOM, "%s needs .global or .shared, not .%s", name,
			   ptx_space_names[in->space]);
	/* 2: operation */
	if (!in->op2) {
		ptx_report(k, in->pos, PTX_R_ATOM,
			   "%s needs an operation (.add, .min, .max, .inc, .dec, .and, .or, .xor%s)",
			   name, red ? "" : ", .cas, .exch");
		return;
	}
	/* 3: type / operation combination */
	uint32_t ok = atom_types(in->op2);
	if (!(ok >> t & 1)) {
		type_list(ok, tl, sizeof tl);
		ptx_report(k, in->pos, PTX_R_ATOM, "%s.%s takes %s, not .%s", red ? "red" : "atom",
			   mod(in->op2), tl, ptx_types[t].name);
		return;
	}
	if ((t == PTX_T_F16 || t == PTX_T_F16X2 || t == PTX_T_BF16 || t == PTX_T_BF16X2) &&
	    in->op2 == PTX_MOD_ADD && !HAS(in, NOFTZ))
		ptx_report(k, in->pos, PTX_R_ATOM, "%s with .%s needs .noftz", name, ptx_types[t].name);
	if (t == PTX_T_BF16 || t == PTX_T_BF16X2)
		ptx_need(k, in, "atom/red on .bf16", 90, 78);
	if (t == PTX_T_B128)
		ptx_need(k, in, "128-bit atom", 90, 83);
	if (t == PTX_T_B16 && in->op2 == PTX_MOD_CAS)
		ptx_need(k, in, "16-bit atom.cas", 70, 63);
	/* 4: operand count by operation (cas takes one more source) */
	int extra = HAS(in, L2_CACHE_HINT) ? 1 : 0;
	int want = red ? 2 : in->op2 == PTX_MOD_CAS ? 4 : 3;
	if (in->nopd != want + extra)
		ptx_report(k, in->pos, PTX_R_OPERANDS, "%s takes %d operands, found %d", name,
			   want + extra, in->nopd);
	/* 5: ordering */
	ptx_modid sem = in->sem;
	if (sem && (sem == PTX_MOD_SC || sem == PTX_MOD_WEAK || sem == PTX_MOD_VOLATILE ||
		    sem == PTX_MOD_MMIO ||
		    (red && (sem == PTX_MOD_ACQUIRE || sem == PTX_MOD_ACQ_REL))))
		ptx_report(k, in->pos, PTX_R_SEMSCOPE, "%s cannot be .%s (%s takes %s)", name, mod(sem),
			   red ? "red" : "atom",
			   red ? ".relaxed or .release" : ".relaxed, .acquire, .release or .acq_rel");
	if (sem || in->scope)
		ptx_need(k, in, "atom/red with .sem or .scope", 70, 60);
	if (in->scope == PTX_MOD_GL)
		ptx_report(k, in->pos, PTX_R_SEMSCOPE, "%s: .gl is a membar scope; use .gpu", name);
	/* 6: vector forms */
	if (in->vec) {
		ptx_need(k, in, "atom/red with vector types", 90, 81);
		bool vt = t == PTX_T_F32 || t == PTX_T_F16 || t == PTX_T_BF16 ||
			  t == PTX_T_F16X2 || t == PTX_T_BF16X2;
		if (!vt)
			ptx_report(k, in->pos, PTX_R_ATOM, "%s: vectors need .f32, .f16, .bf16, .f16x2 or .bf16x2",
				   name);
		if (in->space != PTX_SP_GLOBAL)
			ptx_report(k, in->pos, PTX_R_ATOM, "%s: vector atomics need .global", name);
		if (in->op2 != PTX_MOD_ADD && in->op2 != PTX_MOD_MIN && in->op2 != PTX_MOD_MAX)
			ptx_report(k, in->pos, PTX_R_ATOM, "%s: vector atomics take .add, .min or .max", name);
		if (in->vec == 8 && t != PTX_T_F16 && t != PTX_T_BF16)
			ptx_report(k, in->pos, PTX_R_ATOM, "%s: .v8 needs .f16 or .bf16", name);
	}
}

/* ---- membar / fence ----------------------------------------------------------------- */

static void check_fence(ptx_checker *k, const ptx_insn *in)
{
	char b[96];
	const char *name = txt(in, b, sizeof b);
	if (in->op == PTX_OP_MEMBAR) {
		if (HAS(in, PROXY)) {
			ptx_need(k, in, "membar.proxy", 70, 75);
			return;
		}
		if (!in->scope)
			ptx_report(k, in->pos, PTX_R_MEMBAR, "membar needs a scope (.cta, .gl or .sys)");
		else if (in->scope != PTX_MOD_CTA && in->scope != PTX_MOD_GL && in->scope != PTX_MOD_SYS)
			ptx_report(k, in->pos, PTX_R_MEMBAR,
				   "membar takes .cta, .gl or .sys, not .%s (fence.acq_rel.%s is the fence of that scope)",
				   mod(in->scope), mod(in->scope));
		return;
	}
	if (in->op == PTX_OP_FENCE_PROXY) {
		if (HAS(in, PROXY_ALIAS))
			ptx_need(k, in, "fence.proxy.alias", 70, 75);
		else if (HAS(in, ASYNC))
			ptx_need(k, in, "fence.proxy.async", 90, 80);
		else if (HAS(in, TENSORMAP_GENERIC))
			ptx_need(k, in, "fence.proxy.tensormap::generic", 90, 83);
		else
			ptx_report(k, in->pos, PTX_R_MEMBAR,
				   "fence.proxy needs a proxy kind (.alias, .async or .tensormap::generic)");
		if (in->space && !(HAS(in, ASYNC) &&
				   (in->space == PTX_SP_GLOBAL || in->space == PTX_SP_SHARED_CTA ||
				    in->space == PTX_SP_SHARED_CLUSTER)))
			ptx_report(k, in->pos, PTX_R_SPACE,
				   "%s: only fence.proxy.async takes a space (.global, .shared::cta or .shared::cluster)",
				   name);
		return;
	}
	/* fence */
	if (HAS(in, MBARRIER_INIT)) {
		ptx_need(k, in, "fence.mbarrier_init", 90, 80);
		if (in->sem != PTX_MOD_RELEASE || in->scope != PTX_MOD_CLUSTER)
			ptx_report(k, in->pos, PTX_R_MEMBAR,
				   "fence.mbarrier_init takes only .release.cluster");
		return;
	}
	if (in->sem && in->sem != PTX_MOD_SC && in->sem != PTX_MOD_ACQ_REL &&
	    in->sem != PTX_MOD_ACQUIRE && in->sem != PTX_MOD_RELEASE)
		ptx_report(k, in->pos, PTX_R_MEMBAR,
			   "fence cannot be .%s (fence takes .sc, .acq_rel, .acquire or .release)",
			   mod(in->sem));
	if (!in->scope)
		ptx_report(k, in->pos, PTX_R_MEMBAR,
			   "%s needs a scope (.cta, .cluster, .gpu or .sys)", name);
	else if (in->scope == PTX_MOD_GL)
		ptx_report(k, in->pos, PTX_R_MEMBAR, "fence takes .cta, .cluster, .gpu or .sys, not .gl");
	if (in->space)
		ptx_report(k, in->pos, PTX_R_SPACE, "%s: fence takes no state space", name);
}

/* ---- cp.async ------------------------------------------------------------------ */

static bool imm_value(const ptx_opd *o, int64_t *v)
{
	return ptx_opd_int(o, v);
}

static void check_cp_async(ptx_checker *k, const ptx_insn *in)
{
	char b[96];
	const char *name = txt(in, b, sizeof b);
	int64_t v;
	switch (in->op) {
	case PTX_OP_CP_ASYNC:
		if (!is_shared(in->space) || in->space == PTX_SP_SHARED_CLUSTER ||
		    in->space2 != PTX_SP_GLOBAL)
			ptx_report(k, in->pos, PTX_R_SPACE, "cp.async copies .shared.global (to shared from global)");
		if (!in->cache)
			ptx_report(k, in->pos, PTX_R_ASYNC, "cp.async needs .ca or .cg");
		else if (in->cache != PTX_MOD_CA && in->cache != PTX_MOD_CG)
			ptx_report(k, in->pos, PTX_R_ASYNC, "cp.async takes .ca or .cg, not .%s", mod(in->cache));
		if (in->nopd >= 3) {
			if (!imm_value(in->opd[2], &v))
				ptx_report(k, in->opd[2]->pos, PTX_R_ASYNC, "the cp-size of %s must be an immediate",
					   name);
			else if (in->cache == PTX_MOD_CG && v != 16)
				ptx_report(k, in->opd[2]->pos, PTX_R_ASYNC, "cp.async.cg copies 16 bytes, not %lld",
					   (long long)v);
			else if (v != 4 && v != 8 && v != 16)
				ptx_report(k, in->opd[2]->pos, PTX_R_ASYNC, "cp.async copies 4, 8 or 16 bytes, not %lld",
					   (long long)v);
		}
		break;
	case PTX_OP_CP_ASYNC_WAIT_GROUP:
	case PTX_OP_CP_ASYNC_BULK_WAIT_GROUP:
		if (in->nopd == 1 && !imm_value(in->opd[0], &v))
			ptx_report(k, in->opd[0]->pos, PTX_R_ASYNC, "the group count of %s must be an immediate",
				   name);
		break;
	case PTX_OP_CP_ASYNC_MBARRIER_ARRIVE:
		if (in->space && !is_shared(in->space))
			ptx_report(k, in->pos, PTX_R_SPACE, "%s: the mbarrier must be in .shared", name);
		break;
	case PTX_OP_CP_ASYNC_BULK: {
		bool to_shared = is_shared(in->space);
		if (to_shared && in->space2 == PTX_SP_GLOBAL) {
			if (!HAS(in, COMPLETE_TX))
				ptx_report(k, in->pos, PTX_R_ASYNC,
					   "%s needs the completion mechanism .mbarrier::complete_tx::bytes", name);
			else
				ptx_need(k, in, ".mbarrier::complete_tx::bytes", 90, 80);
		} else if (in->space == PTX_SP_GLOBAL && is_shared(in->space2)) {
			if (!HAS(in, BULK_GROUP))
				ptx_report(k, in->pos, PTX_R_ASYNC, "%s needs the completion mechanism .bulk_group",
					   name);
		} else if (!(in->space == PTX_SP_SHARED_CLUSTER && is_shared(in->space2))) {
			ptx_report(k, in->pos, PTX_R_SPACE,
				   "%s copies .shared::cluster.global, .global.shared::cta or .shared::cluster.shared::cta",
				   name);
		}
		if (in->nopd >= 3 && imm_value(in->opd[2], &v) && (v <= 0 || v % 16))
			ptx_report(k, in->opd[2]->pos, PTX_R_ASYNC,
				   "the size of %s must be a multiple of 16, not %lld", name, (long long)v);
		break;
	}
	default:
		break;
	}
}

void ptx_check_memory(ptx_checker *k, const ptx_insn *in)
{
	common_gates(k, in);
	switch (in->op) {
	case PTX_OP_LD: case PTX_OP_ST: case PTX_OP_LDU:
		check_ldst(k, in);
		break;
	case PTX_OP_ATOM: case PTX_OP_RED:
		check_atom(k, in);
		break;
	case PTX_OP_MEMBAR: case PTX_OP_FENCE: case PTX_OP_FENCE_PROXY:
		check_fence(k, in);
		break;
	case PTX_OP_CP_ASYNC: case PTX_OP_CP_ASYNC_WAIT_GROUP: case PTX_OP_CP_ASYNC_BULK:
	case PTX_OP_CP_ASYNC_BULK_WAIT_GROUP: case PTX_OP_CP_ASYNC_MBARRIER_ARRIVE:
		check_cp_async(k, in);
		break;
	default:
		break;
	}
}

/* ---- warp collectives ------------------------------------------------------------ */

/* Membermask operand: a 32-bit integer register or an integer immediate. */
static void check_mask(ptx_checker *k, const ptx_insn *in, int n)
{
	char b[96];
	if (n >= in->nopd)
		return;
	/* ptxas takes any integer immediate (it keeps the low 32 bits) and any
	 * 32-bit integer register; the operand shape check has done that. */
	const ptx_opd *o = in->opd[n];
	if (o->kind == PTX_OPD_VEC || o->kind == PTX_OPD_ADDR)
		ptx_report(k, o->pos, PTX_R_MEMBERMASK, "the membermask of %s must be a 32-bit value",
			   txt(in, b, sizeof b));
}

static void need_sync(ptx_checker *k, const ptx_insn *in, const char *what)
{
	if (!HAS(in, SYNC))
		ptx_report(k, in->pos, PTX_R_WARP,
			   "%s without .sync is not supported on sm_70 and later (use %s.sync)", what,
			   what);
}

static void check_warp(ptx_checker *k, const ptx_insn *in)
{
	char b[96];
	const char *name = txt(in, b, sizeof b);
	ptx_type t = in->ntypes ? in->type[0] : PTX_T_NONE;
	switch (in->op) {
	case PTX_OP_VOTE:
		need_sync(k, in, "vote");
		if (!in->op2)
			ptx_report(k, in->pos, PTX_R_WARP, "vote needs a mode (.all, .any, .uni or .ballot)");
		else if (in->op2 == PTX_MOD_BALLOT && t != PTX_T_B32)
			ptx_report(k, in->pos, PTX_R_WARP, "vote.ballot needs .b32, not .%s", ptx_types[t].name);
		else if (in->op2 != PTX_MOD_BALLOT && t != PTX_T_PRED)
			ptx_report(k, in->pos, PTX_R_WARP, "vote.%s needs .pred, not .%s", mod(in->op2),
				   ptx_types[t].name);
		check_mask(k, in, 2);
		break;
	case PTX_OP_SHFL:
		need_sync(k, in, "shfl");
		break;
	case PTX_OP_SHFL_SYNC:
		if (!in->op2)
			ptx_report(k, in->pos, PTX_R_WARP, "shfl.sync needs a mode (.up, .down, .bfly or .idx)");
		check_mask(k, in, 4);
		break;
	case PTX_OP_MATCH_SYNC:
		need_sync(k, in, "match");
		if (!in->op2)
			ptx_report(k, in->pos, PTX_R_WARP, "match needs a mode (.any or .all)");
		if (in->nopd && in->opd[0]->kind == PTX_OPD_PAIR && in->op2 == PTX_MOD_ANY)
			ptx_report(k, in->opd[0]->pos, PTX_R_WARP,
				   "match.any has no predicate output (only match.all writes d|p)");
		check_mask(k, in, 2);
		break;
	case PTX_OP_REDUX_SYNC:
		if (!in->op2) {
			ptx_report(k, in->pos, PTX_R_WARP, "redux.sync needs an operation");
			break;
		}
		if (t == PTX_T_F32) {
			ptx_need(k, in, "redux.sync on .f32", 100, 86);
			if (in->op2 != PTX_MOD_MIN && in->op2 != PTX_MOD_MAX)
				ptx_report(k, in->pos, PTX_R_WARP, "redux.sync.%s does not take .f32",
					   mod(in->op2));
		} else if ((in->op2 == PTX_MOD_AND || in->op2 == PTX_MOD_OR ||
			    in->op2 == PTX_MOD_XOR) != (t == PTX_T_B32)) {
			ptx_report(k, in->pos, PTX_R_WARP, "redux.sync.%s takes %s, not .%s", mod(in->op2),
				   t == PTX_T_B32 ? ".u32 or .s32" : ".b32", ptx_types[t].name);
		}
		check_mask(k, in, 2);
		break;
	case PTX_OP_ELECT_SYNC:
		if (in->nopd && in->opd[0]->kind != PTX_OPD_PAIR)
			ptx_report(k, in->opd[0]->pos, PTX_R_WARP,
				   "elect.sync writes d|p (use _|p when the lane index is not needed)");
		check_mask(k, in, 1);
		break;
	case PTX_OP_BAR_WARP_SYNC:
		check_mask(k, in, 0);
		break;
	default:
		(void)name;
		break;
	}
}

/* ---- CTA barriers ------------------------------------------------------------------ */

static void check_barid(ptx_checker *k, const ptx_insn *in, int n)
{
	int64_t v;
	if (n < in->nopd && ptx_opd_int(in->opd[n], &v) && (v < 0 || v > 15))
		ptx_report(k, in->opd[n]->pos, PTX_R_BARRIER,
			   "barrier number %lld is out of range 0..15", (long long)v);
}

static void check_count(ptx_checker *k, const ptx_insn *in, int n)
{
	int64_t v;
	if (n < in->nopd && ptx_opd_int(in->opd[n], &v) && (v < 0 || v % 32))
		ptx_report(k, in->opd[n]->pos, PTX_R_BARRIER,
			   "the thread count %lld of a barrier must be a multiple of the warp size (32)",
			   (long long)v);
}

/* bar.red.popc.u32 d, a{, b}, {!}c;  bar.red.and|or.pred p, a{, b}, {!}c; */
static void check_bar_red(ptx_checker *k, const ptx_insn *in)
{
	char b[96];
	const char *name = txt(in, b, sizeof b);
	ptx_type t = in->ntypes ? in->type[0] : PTX_T_NONE;
	if (in->op2 == PTX_MOD_POPC && t != PTX_T_U32)
		ptx_report(k, in->pos, PTX_R_BARRIER, "bar.red.popc needs .u32, not .%s", ptx_types[t].name);
	else if (in->op2 && in->op2 != PTX_MOD_POPC && t != PTX_T_PRED)
		ptx_report(k, in->pos, PTX_R_BARRIER, "bar.red.%s needs .pred, not .%s", mod(in->op2),
			   ptx_types[t].name);
	else if (!in->op2)
		ptx_report(k, in->pos, PTX_R_BARRIER, "%s needs .popc, .and or .or", name);
	if (in->nopd < 3)
		return;
	const ptx_opd *c = in->opd[in->nopd - 1];
	if (c->kind != PTX_OPD_REG || c->reg->type != PTX_T_PRED)
		ptx_report(k, c->pos, PTX_R_BARRIER, "the last operand of %s must be a predicate", name);
	for (int i = 1; i < in->nopd - 1; i++) {
		const ptx_opd *o = in->opd[i];
		if (!(o->kind == PTX_OPD_IMM && !o->is_float) && !ptx_opd_is_reg_bits(o, 32))
			ptx_report(k, o->pos, PTX_R_BARRIER, "operand %d of %s must be a 32-bit integer",
				   i + 1, name);
	}
	check_barid(k, in, 1);
	if (in->nopd == 4)
		check_count(k, in, 2);
}

static void check_barrier(ptx_checker *k, const ptx_insn *in)
{
	switch (in->op) {
	case PTX_OP_BAR_SYNC: case PTX_OP_BARRIER_SYNC:
	case PTX_OP_BAR_ARRIVE: case PTX_OP_BARRIER_ARRIVE:
		check_barid(k, in, 0);
		check_count(k, in, 1);
		if ((in->op == PTX_OP_BAR_ARRIVE || in->op == PTX_OP_BARRIER_ARRIVE) && in->nopd == 2) {
			int64_t v;
			if (ptx_opd_int(in->opd[1], &v) && v == 0)
				ptx_report(k, in->opd[1]->pos, PTX_R_BARRIER,
					   "bar.arrive needs a non-zero thread count");
		}
		break;
	case PTX_OP_BAR_RED: case PTX_OP_BARRIER_RED:
		check_bar_red(k, in);
		break;
	case PTX_OP_BARRIER_CLUSTER_ARRIVE:
		if (in->sem && in->sem != PTX_MOD_RELEASE && in->sem != PTX_MOD_RELAXED)
			ptx_report(k, in->pos, PTX_R_BARRIER,
				   "barrier.cluster.arrive takes .release or .relaxed, not .%s", mod(in->sem));
		break;
	case PTX_OP_BARRIER_CLUSTER_WAIT:
		if (in->sem && in->sem != PTX_MOD_ACQUIRE)
			ptx_report(k, in->pos, PTX_R_BARRIER, "barrier.cluster.wait takes .acquire, not .%s",
				   mod(in->sem));
		break;
	default:
		break;
	}
}

/* ---- mbarrier ------------------------------------------------------------------------ */

static void check_mbarrier(ptx_checker *k, const ptx_insn *in)
{
	char b[96];
	const char *name = txt(in, b, sizeof b);
	if (in->space && !is_shared(in->space))
		ptx_report(k, in->pos, PTX_R_SPACE, "%s: an mbarrier lives in .shared, not .%s", name,
			   ptx_space_names[in->space]);
	if (in->space == PTX_SP_SHARED_CLUSTER && in->op != PTX_OP_MBAR_ARRIVE &&
	    in->op != PTX_OP_MBAR_ARRIVE_DROP && in->op != PTX_OP_MBAR_EXPECT_TX &&
	    in->op != PTX_OP_MBAR_COMPLETE_TX)
		ptx_report(k, in->pos, PTX_R_SPACE, "%s cannot address a .shared::cluster mbarrier", name);
	/* ordering and scope */
	if (in->sem || in->scope) {
		bool arrive = in->op == PTX_OP_MBAR_ARRIVE || in->op == PTX_OP_MBAR_ARRIVE_DROP;
		bool wait = in->op == PTX_OP_MBAR_TEST_WAIT || in->op == PTX_OP_MBAR_TRY_WAIT;
		bool tx = in->op == PTX_OP_MBAR_EXPECT_TX || in->op == PTX_OP_MBAR_COMPLETE_TX;
		ptx_need(k, in, "scopes on mbarrier operations", 90, 80);
		if (in->sem == PTX_MOD_RELAXED && (arrive || wait))
			ptx_need(k, in, ".relaxed on mbarrier arrive/wait", 0, 86);
		else if (in->sem && !((arrive && in->sem == PTX_MOD_RELEASE) ||
				      (wait && in->sem == PTX_MOD_ACQUIRE) ||
				      (tx && in->sem == PTX_MOD_RELAXED)))
			ptx_report(k, in->pos, PTX_R_MBARRIER, "%s cannot be .%s (%s takes .%s)", name,
				   mod(in->sem), ptx_opcodes[in->op].name,
				   arrive ? "release" : wait ? "acquire" : "relaxed");
		if (in->scope && in->scope != PTX_MOD_CTA && in->scope != PTX_MOD_CLUSTER)
			ptx_report(k, in->pos, PTX_R_MBARRIER, "%s: mbarrier scopes are .cta and .cluster, not .%s",
				   name, mod(in->scope));
	}
	switch (in->op) {
	case PTX_OP_MBAR_ARRIVE: case PTX_OP_MBAR_ARRIVE_DROP:
		if (HAS(in, EXPECT_TX)) {
			ptx_need(k, in, in->op == PTX_OP_MBAR_ARRIVE ? "mbarrier.arrive.expect_tx"
								   : "mbarrier.arrive_drop.expect_tx",
				 90, 80);
			if (in->nopd != 3)
				ptx_report(k, in->pos, PTX_R_MBARRIER, "%s needs the transaction count operand", name);
			if (HAS(in, NOCOMPLETE))
				ptx_report(k, in->pos, PTX_R_MBARRIER, "%s: .noComplete cannot be combined with .expect_tx",
					   name);
		} else if (HAS(in, NOCOMPLETE) && in->nopd != 3) {
			ptx_report(k, in->pos, PTX_R_MBARRIER, "%s: .noComplete needs the count operand", name);
		} else if (in->nopd == 3 && !HAS(in, NOCOMPLETE)) {
			ptx_need(k, in, "mbarrier.arrive with a count", 90, 78);
		}
		if (in->space == PTX_SP_SHARED_CLUSTER && in->nopd && in->opd[0]->kind != PTX_OPD_SINK)
			ptx_report(k, in->opd[0]->pos, PTX_R_MBARRIER,
				   "%s: a .shared::cluster arrive returns no state; write _ as the destination",
				   name);
		break;
	case PTX_OP_MBAR_TEST_WAIT: case PTX_OP_MBAR_TRY_WAIT:
		if (in->nopd >= 3) {
			const ptx_opd *o = in->opd[2];
			int bits = HAS(in, PARITY) ? 32 : 64;
			bool imm = o->kind == PTX_OPD_IMM && !o->is_float;
			if (!(imm && bits == 32) && !ptx_opd_is_reg_bits(o, bits))
				ptx_report(k, o->pos, PTX_R_MBARRIER, "operand 3 of %s must be a %s", name,
					   bits == 32 ? "32-bit phase parity" : "64-bit state register");
		}
		break;
	default:
		break;
	}
}

void ptx_check_sync(ptx_checker *k, const ptx_insn *in)
{
	switch (in->op) {
	case PTX_OP_VOTE: case PTX_OP_SHFL: case PTX_OP_SHFL_SYNC: case PTX_OP_MATCH_SYNC:
	case PTX_OP_REDUX_SYNC: case PTX_OP_ELECT_SYNC: case PTX_OP_BAR_WARP_SYNC:
		check_warp(k, in);
		break;
	case PTX_OP_BAR_SYNC: case PTX_OP_BARRIER_SYNC: case PTX_OP_BAR_ARRIVE:
	case PTX_OP_BARRIER_ARRIVE: case PTX_OP_BAR_RED: case PTX_OP_BARRIER_RED:
	case PTX_OP_BARRIER_CLUSTER_ARRIVE: case PTX_OP_BARRIER_CLUSTER_WAIT:
		check_barrier(k, in);
		break;
	case PTX_OP_MBAR_INIT: case PTX_OP_MBAR_INVAL: case PTX_OP_MBAR_ARRIVE:
	case PTX_OP_MBAR_ARRIVE_DROP: case PTX_OP_MBAR_EXPECT_TX: case PTX_OP_MBAR_COMPLETE_TX:
	case PTX_OP_MBAR_TEST_WAIT: case PTX_OP_MBAR_TRY_WAIT: case PTX_OP_MBAR_PENDING_COUNT:
		check_mbarrier(k, in);
		break;
	default:
		break;
	}
}
