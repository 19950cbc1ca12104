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
		ptx_need(k, in, "scope.cluster-target", ".cluster scope", 90, 78);
	for (int i = 0; i < in->ntypes && i < 3; i++) {
		ptx_type t = in->type[i];
		if (t == PTX_T_BF16 || t == PTX_T_BF16X2)
			ptx_need(k, in, NULL, ".bf16", 80, 70);
		else if (t == PTX_T_E4M3X2 || t == PTX_T_E5M2X2)
			ptx_need(k, in, NULL, ".e4m3x2/.e5m2x2", 89, 78);
	}
	if (in->space == PTX_SP_SHARED_CLUSTER || in->space2 == PTX_SP_SHARED_CLUSTER)
		ptx_need(k, in, in->op == PTX_OP_ATOM || in->op == PTX_OP_RED ? "atom.shared-cluster-target" : NULL, ".shared::cluster", 90, 78);
	else if (in->space == PTX_SP_SHARED_CTA || in->space2 == PTX_SP_SHARED_CTA)
		ptx_need(k, in, NULL, ".shared::cta", 0, 78);
	for (int i = 0; i < in->nopd; i++) {
		const ptx_opd *o = in->opd[i];
		if (o->kind != PTX_OPD_SREG)
			continue;
		if (o->sreg >= PTX_SREG_CLUSTERID && o->sreg <= PTX_SREG_IS_EXPLICIT_CLUSTER)
			ptx_need(k, in, "sreg.target", ptx_sregs[o->sreg].name, 90, 78);
		else if (o->sreg == PTX_SREG_AGGR_SMEM_SIZE)
			ptx_need(k, in, "sreg.target", ptx_sregs[o->sreg].name, 90, 81);
		else if (o->sreg >= PTX_SREG_RESERVED_SMEM_OFFSET_BEGIN &&
			 o->sreg <= PTX_SREG_RESERVED_SMEM_OFFSET_1)
			ptx_need(k, in, "sreg.target", ptx_sregs[o->sreg].name, 80, 76);
	}
}

/* ---- ld / st ------------------------------------------------------------------ */

static void check_ldst(ptx_checker *k, const ptx_insn *in)
{
	char b[96];
	bool st = in->op == PTX_OP_ST;
	ptx_modid sem = in->sem;
	if (st && (in->space == PTX_SP_CONST || in->space == PTX_SP_SREG))
		ptx_report(k, in->pos, "st.space", "st cannot write the read-only .%s space",
			   ptx_space_names[in->space]);
	if (sem == PTX_MOD_SC || sem == PTX_MOD_ACQ_REL || (st && sem == PTX_MOD_ACQUIRE) ||
	    (!st && sem == PTX_MOD_RELEASE))
		ptx_report(k, in->pos, st ? "st.sem" : "ld.sem", "%s cannot be .%s (%s takes .weak, .relaxed, .%s, .volatile or .mmio)",
			   txt(in, b, sizeof b), mod(sem), st ? "st" : "ld",
			   st ? "release" : "acquire");
	else if ((sem == PTX_MOD_RELAXED || sem == PTX_MOD_ACQUIRE || sem == PTX_MOD_RELEASE) &&
		 !in->scope)
		ptx_report(k, in->pos, "mem.order-needs-scope",
			   "%s: .%s needs a scope (.cta, .cluster, .gpu or .sys)",
			   txt(in, b, sizeof b), mod(sem));
	else if (in->scope && (sem == PTX_MOD_VOLATILE || sem == PTX_MOD_WEAK))
		ptx_report(k, in->pos, "mem.volatile-scope", "%s: .%s cannot be combined with .%s",
			   txt(in, b, sizeof b), mod(sem), mod(in->scope));
	else if (in->scope && (!sem || sem == PTX_MOD_WEAK))
		ptx_report(k, in->pos, "mem.scope-needs-order",
			   "%s: scope .%s needs a memory order (.relaxed or .%s)",
			   txt(in, b, sizeof b), mod(in->scope), st ? "release" : "acquire");
	if (in->scope == PTX_MOD_GL)
		ptx_report(k, in->pos, "mem.scope-vocab", "%s: .gl is a membar scope; use .gpu",
			   txt(in, b, sizeof b));
	if ((sem == PTX_MOD_RELAXED || sem == PTX_MOD_ACQUIRE || sem == PTX_MOD_RELEASE) &&
	    (in->space == PTX_SP_CONST || in->space == PTX_SP_LOCAL || in->space == PTX_SP_PARAM ||
	     in->space == PTX_SP_PARAM_ENTRY || in->space == PTX_SP_PARAM_FUNC))
		ptx_report(k, in->pos, "mem.strong-space",
			   "%s: .%s applies to .global, .shared or generic addresses, not .%s",
			   txt(in, b, sizeof b), mod(sem), ptx_space_names[in->space]);
	if (HAS(in, MMIO)) {
		if (sem != PTX_MOD_RELAXED)
			ptx_report(k, in->pos, "mem.mmio", "%s: .mmio needs .relaxed", txt(in, b, sizeof b));
		else if (in->scope && in->scope != PTX_MOD_SYS)
			ptx_report(k, in->pos, "mem.mmio", "%s: .mmio takes only the .sys scope, not .%s",
				   txt(in, b, sizeof b), mod(in->scope));
		if (in->space && in->space != PTX_SP_GLOBAL)
			ptx_report(k, in->pos, "mem.mmio", "%s: .mmio applies to .global only, not .%s",
				   txt(in, b, sizeof b), ptx_space_names[in->space]);
	}
	if (sem && sem != PTX_MOD_VOLATILE && sem != PTX_MOD_WEAK)
		ptx_need(k, in, "target.sm", "memory-model ld/st (.relaxed/.acquire/.release)", 70, 60);
	if (HAS(in, NC)) {
		if (st || in->op == PTX_OP_LDU)
			ptx_report(k, in->pos, "ld.nc", ".nc is a modifier of ld only");
		else if (in->space != PTX_SP_GLOBAL)
			ptx_report(k, in->pos, "ld.nc", "ld.nc needs the .global space");
		else if (sem && sem != PTX_MOD_WEAK)
			ptx_report(k, in->pos, "ld.nc", "%s: .%s cannot be combined with .nc",
				   txt(in, b, sizeof b), mod(sem));
	}
	if (in->cache) {
		bool ok = st ? (in->cache == PTX_MOD_WB || in->cache == PTX_MOD_CG ||
				in->cache == PTX_MOD_CS || in->cache == PTX_MOD_WT)
			     : (in->cache == PTX_MOD_CA || in->cache == PTX_MOD_CG ||
				in->cache == PTX_MOD_CS || in->cache == PTX_MOD_LU ||
				in->cache == PTX_MOD_CV);
		if (!ok)
			ptx_report(k, in->pos, "types.modifier", "%s: .%s is not a cache operator of %s",
				   txt(in, b, sizeof b), mod(in->cache), st ? "st" : "ld");
	}
	if (in->ntypes && in->vec) {
		int bits = in->vec * ptx_types[in->type[0]].bits;
		if (bits > 128)
			ptx_need(k, in, "target.sm", "256-bit wide ld/st", 100, 88);
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

static const char *atom_type_rule(ptx_modid op)
{
	switch (op) {
	case PTX_MOD_ADD: return "atom.add-type";
	case PTX_MOD_INC: case PTX_MOD_DEC: return "atom.incdec-type";
	case PTX_MOD_AND: case PTX_MOD_OR: case PTX_MOD_XOR: return "atom.bitop-type";
	case PTX_MOD_MIN: case PTX_MOD_MAX: return "atom.minmax-type";
	case PTX_MOD_CAS: return "atom.cas-type";
	default: return "atom.exch-type";
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
		ptx_report(k, in->pos, "atom.space", "%s needs .global or .shared, not .%s", name,
			   ptx_space_names[in->space]);
	/* 2: operation */
	if (!in->op2) {
		ptx_report(k, in->pos, "atom.op-missing",
			   "%s needs an operation (.add, .min, .max, .inc, .dec, .and, .or, .xor%s)",
			   name, red ? "" : ", .cas, .exch");
		return;
	}
	for (int i = 0; i < in->nmods; i++) {
		const ptx_mod *md = &in->mods[i];
		if (md->cls != PTX_MC_FLAG || md->val == PTX_MOD_NOFTZ ||
		    md->val == PTX_MOD_L2_CACHE_HINT || (red && md->val == PTX_MOD_COMPLETE_TX))
			continue;
		ptx_report(k, in->pos,
			   md->val == PTX_MOD_FTZ ? "atom.rounding"
			   : md->val == PTX_MOD_MMIO ? (red ? "red.sem" : "atom.sem") : "types.modifier",
			   ".%s is not a modifier of %s", mod(md->val), red ? "red" : "atom");
	}
	/* 3: type / operation combination */
	uint32_t ok = atom_types(in->op2);
	if (!(ok >> t & 1)) {
		type_list(ok, tl, sizeof tl);
		ptx_report(k, in->pos, atom_type_rule(in->op2), "%s.%s takes %s, not .%s", red ? "red" : "atom",
			   mod(in->op2), tl, ptx_types[t].name);
		return;
	}
	bool half = t == PTX_T_F16 || t == PTX_T_F16X2 || t == PTX_T_BF16 || t == PTX_T_BF16X2;
	if (HAS(in, NOFTZ) && !half)
		ptx_report(k, in->pos, "atom.noftz-type", "%s: .noftz goes only with .f16/.bf16 types",
			   name);
	if (half && (in->op2 == PTX_MOD_MIN || in->op2 == PTX_MOD_MAX) && !in->vec)
		ptx_report(k, in->pos, "atom.minmax-f16-vector",
			   "%s: .min/.max on .%s needs a vector form (.v2, .v4 or .v8)", name,
			   ptx_types[t].name);
	if (HAS(in, L2_CACHE_HINT) && is_shared(in->space))
		ptx_report(k, in->pos, "atom.cache-hint", "%s: .L2::cache_hint does not apply to .shared",
			   name);
	if (half && in->op2 == PTX_MOD_ADD && !HAS(in, NOFTZ))
		ptx_report(k, in->pos, "atom.noftz-required", "%s with .%s needs .noftz", name, ptx_types[t].name);
	if (t == PTX_T_BF16 || t == PTX_T_BF16X2)
		ptx_need(k, in, "atom.bf16-target", "atom/red on .bf16", 90, 78);
	if (t == PTX_T_B128)
		ptx_need(k, in, "atom.b128-target", "128-bit atom", 90, 83);
	if (t == PTX_T_B16 && in->op2 == PTX_MOD_CAS)
		ptx_need(k, in, "target.sm", "16-bit atom.cas", 70, 63);
	/* 4: operand count by operation (cas takes one more source) */
	int extra = HAS(in, L2_CACHE_HINT) ? 1 : 0;
	int want = red ? 2 : in->op2 == PTX_MOD_CAS ? 4 : 3;
	if (in->nopd != want + extra)
		ptx_report(k, in->pos, extra ? "atom.cache-hint" : "atom.operands",
			   "%s takes %d operands, found %d%s", name, want + extra, in->nopd,
			   extra ? " (.L2::cache_hint adds the 64-bit cache policy)" : "");
	else if (extra && !ptx_opd_is_reg_bits(in->opd[in->nopd - 1], 64))
		ptx_report(k, in->opd[in->nopd - 1]->pos, "atom.cache-hint",
			   "the cache policy of %s must be a 64-bit register", name);
	/* 5: ordering */
	ptx_modid sem = in->sem;
	if (sem && (sem == PTX_MOD_SC || sem == PTX_MOD_WEAK || sem == PTX_MOD_VOLATILE ||
		    sem == PTX_MOD_MMIO ||
		    (red && (sem == PTX_MOD_ACQUIRE || sem == PTX_MOD_ACQ_REL))))
		ptx_report(k, in->pos, red ? "red.sem" : "atom.sem", "%s cannot be .%s (%s takes %s)", name, mod(sem),
			   red ? "red" : "atom",
			   red ? ".relaxed or .release" : ".relaxed, .acquire, .release or .acq_rel");
	if (sem || in->scope)
		ptx_need(k, in, "target.sm", "atom/red with .sem or .scope", 70, 60);
	if (in->scope == PTX_MOD_GL)
		ptx_report(k, in->pos, "mem.scope-vocab", "%s: .gl is a membar scope; use .gpu", name);
	/* 6: vector forms */
	if (in->vec) {
		ptx_need(k, in, "atom.vec-target", "atom/red with vector types", 90, 81);
		bool vt = t == PTX_T_F32 || t == PTX_T_F16 || t == PTX_T_BF16 ||
			  t == PTX_T_F16X2 || t == PTX_T_BF16X2;
		if (!vt)
			ptx_report(k, in->pos, "atom.vec-type", "%s: vectors need .f32, .f16, .bf16, .f16x2 or .bf16x2",
				   name);
		if (in->space && in->space != PTX_SP_GLOBAL)
			ptx_report(k, in->pos, "atom.vec-space", "%s: vector atomics need .global (or generic)", name);
		if (in->op2 != PTX_MOD_ADD && in->op2 != PTX_MOD_MIN && in->op2 != PTX_MOD_MAX)
			ptx_report(k, in->pos, "atom.vec-type", "%s: vector atomics take .add, .min or .max", name);
		if (in->vec == 8 && t != PTX_T_F16 && t != PTX_T_BF16)
			ptx_report(k, in->pos, "atom.vec-width", "%s: .v8 needs .f16 or .bf16", name);
	}
}

/* ---- membar / fence ----------------------------------------------------------------- */

static void check_fence(ptx_checker *k, const ptx_insn *in)
{
	char b[96];
	const char *name = txt(in, b, sizeof b);
	if (in->op == PTX_OP_MEMBAR) {
		if (HAS(in, PROXY)) {
			ptx_need(k, in, "target.sm", "membar.proxy", 70, 75);
			return;
		}
		if (!in->scope)
			ptx_report(k, in->pos, "membar.level", "membar needs a scope (.cta, .gl or .sys)");
		else if (in->scope != PTX_MOD_CTA && in->scope != PTX_MOD_GL && in->scope != PTX_MOD_SYS)
			ptx_report(k, in->pos, "membar.level",
				   "membar takes .cta, .gl or .sys, not .%s (fence.acq_rel.%s is the fence of that scope)",
				   mod(in->scope), mod(in->scope));
		return;
	}
	if (in->op == PTX_OP_FENCE_PROXY) {
		int sm = 0, ver = 0;
		const char *feat = "fence.proxy";
		if (HAS(in, PROXY_ALIAS))
			sm = 70, ver = 75, feat = "fence.proxy.alias";
		else if (HAS(in, ASYNC))
			sm = 90, ver = 80, feat = "fence.proxy.async";
		else if (HAS(in, TENSORMAP_GENERIC))
			sm = 90, ver = 83, feat = "fence.proxy.tensormap::generic";
		else if (HAS(in, ASYNC_SHARED_CTA))
			sm = 90, ver = 86, feat = "fence.proxy.async::generic";
		if (!sm)
			ptx_report(k, in->pos, "fence.proxy-kind",
				   "fence.proxy needs a proxy kind (.alias, .async or .tensormap::generic)");
		ptx_need(k, in, "fence.proxy-target", feat, sm, 0);
		ptx_need(k, in, "target.ptx-version", feat, 0, ver);
		if (in->space && !(HAS(in, ASYNC) &&
				   (in->space == PTX_SP_GLOBAL || in->space == PTX_SP_SHARED_CTA ||
				    in->space == PTX_SP_SHARED_CLUSTER)))
			ptx_report(k, in->pos, "fence.proxy-space",
				   "%s: only fence.proxy.async takes a space (.global, .shared::cta or .shared::cluster)",
				   name);
		return;
	}
	/* fence */
	bool rcl = HAS(in, SYNC_RESTRICT_CLUSTER), rcta = HAS(in, SYNC_RESTRICT_CTA);
	if (rcl || rcta) {
		ptx_need(k, in, "fence.sync-restrict", ".sync_restrict", 90, 86);
		if (in->scope != PTX_MOD_CLUSTER)
			ptx_report(k, in->pos, "fence.sync-restrict", "%s: .sync_restrict takes the .cluster scope",
				   name);
		if (rcl && in->sem != PTX_MOD_ACQUIRE)
			ptx_report(k, in->pos, "fence.sync-restrict",
				   "%s: .sync_restrict::shared::cluster goes with .acquire", name);
		if (rcta && in->sem != PTX_MOD_RELEASE)
			ptx_report(k, in->pos, "fence.sync-restrict",
				   "%s: .sync_restrict::shared::cta goes with .release", name);
		return;
	}
	if (HAS(in, MBARRIER_INIT)) {
		ptx_need(k, in, "fence.mbarrier-init", "fence.mbarrier_init", 90, 80);
		if (in->sem != PTX_MOD_RELEASE || in->scope != PTX_MOD_CLUSTER)
			ptx_report(k, in->pos, "fence.mbarrier-init",
				   "fence.mbarrier_init takes only .release.cluster");
		return;
	}
	if (in->sem && in->sem != PTX_MOD_SC && in->sem != PTX_MOD_ACQ_REL &&
	    in->sem != PTX_MOD_ACQUIRE && in->sem != PTX_MOD_RELEASE)
		ptx_report(k, in->pos, "fence.sem",
			   "fence cannot be .%s (fence takes .sc, .acq_rel, .acquire or .release)",
			   mod(in->sem));
	if (!in->scope)
		ptx_report(k, in->pos, "fence.scope-required",
			   "%s needs a scope (.cta, .cluster, .gpu or .sys)", name);
	else if (in->scope == PTX_MOD_GL)
		ptx_report(k, in->pos, "mem.scope-vocab", "fence takes .cta, .cluster, .gpu or .sys, not .gl");
	if (in->space)
		ptx_report(k, in->pos, "fence.space", "%s: fence takes no state space", name);
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
			ptx_report(k, in->pos, "cp_async.space", "cp.async copies .shared.global (to shared from global)");
		if (!in->cache)
			ptx_report(k, in->pos, "cp_async.cache", "cp.async needs .ca or .cg");
		else if (in->cache != PTX_MOD_CA && in->cache != PTX_MOD_CG)
			ptx_report(k, in->pos, "cp_async.cache", "cp.async takes .ca or .cg, not .%s", mod(in->cache));
		if (in->nopd >= 3) {
			if (!imm_value(in->opd[2], &v))
				ptx_report(k, in->opd[2]->pos, "cp_async.size", "the cp-size of %s must be an immediate",
					   name);
			else if (in->cache == PTX_MOD_CG && v != 16)
				ptx_report(k, in->opd[2]->pos, "cp_async.size", "cp.async.cg copies 16 bytes, not %lld",
					   (long long)v);
			else if (v != 4 && v != 8 && v != 16)
				ptx_report(k, in->opd[2]->pos, "cp_async.size", "cp.async copies 4, 8 or 16 bytes, not %lld",
					   (long long)v);
			int64_t src;
			if (in->nopd >= 4 && imm_value(in->opd[3], &src) && (src < 0 || src > 16))
				ptx_report(k, in->opd[3]->pos, "cp_async.src-size",
					   "the src-size of %s must be 0..16, not %lld", name, (long long)src);
		}
		break;
	case PTX_OP_CP_ASYNC_WAIT_ALL:
		if (in->nopd)
			ptx_report(k, in->pos, "cp_async.wait-operand", "cp.async.wait_all takes no operand");
		break;
	case PTX_OP_CP_ASYNC_WAIT_GROUP:
	case PTX_OP_CP_ASYNC_BULK_WAIT_GROUP:
		if (in->nopd == 1 && !imm_value(in->opd[0], &v))
			ptx_report(k, in->opd[0]->pos, in->op == PTX_OP_CP_ASYNC_WAIT_GROUP ? "cp_async.wait-operand" : "cp_async_bulk.wait-operand", "the group count of %s must be an immediate",
				   name);
		break;
	case PTX_OP_CP_ASYNC_MBARRIER_ARRIVE:
		if (in->space && !is_shared(in->space))
			ptx_report(k, in->pos, "mbarrier.space", "%s: the mbarrier must be in .shared", name);
		break;
	case PTX_OP_CP_ASYNC_BULK: {
		bool to_shared = is_shared(in->space);
		if (to_shared && in->space2 == PTX_SP_GLOBAL) {
			if (!HAS(in, COMPLETE_TX))
				ptx_report(k, in->pos, "cp_async_bulk.completion",
					   "%s needs the completion mechanism .mbarrier::complete_tx::bytes", name);
			else
				ptx_need(k, in, "cp_async_bulk.target", ".mbarrier::complete_tx::bytes", 90, 80);
			if (in->nopd < 4)
				ptx_report(k, in->pos, "cp_async_bulk.operands",
					   "%s needs the mbarrier operand [mbar]", name);
		} else if (in->space == PTX_SP_GLOBAL && is_shared(in->space2)) {
			if (!HAS(in, BULK_GROUP))
				ptx_report(k, in->pos, "cp_async_bulk.completion", "%s needs the completion mechanism .bulk_group",
					   name);
		} else if (!(in->space == PTX_SP_SHARED_CLUSTER && is_shared(in->space2))) {
			ptx_report(k, in->pos, "cp_async_bulk.space",
				   "%s copies .shared::cluster.global, .global.shared::cta or .shared::cluster.shared::cta",
				   name);
		}
		if (in->nopd >= 3 && imm_value(in->opd[2], &v) && (v < 0 || v % 16))
			ptx_report(k, in->opd[2]->pos, "cp_async_bulk.size",
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
	case PTX_OP_CP_ASYNC_WAIT_ALL:
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
		ptx_report(k, o->pos, "membermask.operand", "the membermask of %s must be a 32-bit value",
			   txt(in, b, sizeof b));
}

static const char *sync_rule(const ptx_insn *in)
{
	switch (in->op) {
	case PTX_OP_VOTE: return "vote.sync-required";
	case PTX_OP_SHFL: return "shfl.sync-required";
	case PTX_OP_MATCH_SYNC: return "match.sync-required";
	case PTX_OP_REDUX: return "redux.sync-required";
	case PTX_OP_REDUX_SYNC: return "redux.sync-required";
	default: return "elect.sync-required";
	}
}

static void need_sync(ptx_checker *k, const ptx_insn *in, const char *what)
{
	bool old = (in->op == PTX_OP_VOTE || in->op == PTX_OP_SHFL) && k->version < 64;
	if (!HAS(in, SYNC) && !old)
		ptx_report(k, in->pos, sync_rule(in),
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
		if (in->nopd != (HAS(in, SYNC) ? 3 : 2))
			ptx_report(k, in->pos, "vote.operands", "%s takes %d operands, found %d", name,
				   HAS(in, SYNC) ? 3 : 2, in->nopd);
		if (!in->op2)
			ptx_report(k, in->pos, "vote.mode", "vote needs a mode (.all, .any, .uni or .ballot)");
		else if (in->op2 == PTX_MOD_BALLOT && t != PTX_T_B32)
			ptx_report(k, in->pos, "vote.type", "vote.ballot needs .b32, not .%s", ptx_types[t].name);
		else if (in->op2 != PTX_MOD_BALLOT && t != PTX_T_PRED)
			ptx_report(k, in->pos, "vote.type", "vote.%s needs .pred, not .%s", mod(in->op2),
				   ptx_types[t].name);
		check_mask(k, in, 2);
		break;
	case PTX_OP_SHFL:
		need_sync(k, in, "shfl");
		break;
	case PTX_OP_SHFL_SYNC:
		if (!in->op2)
			ptx_report(k, in->pos, "shfl.mode", "shfl.sync needs a mode (.up, .down, .bfly or .idx)");
		check_mask(k, in, 4);
		break;
	case PTX_OP_MATCH_SYNC:
		need_sync(k, in, "match");
		if (!in->op2)
			ptx_report(k, in->pos, "match.mode", "match needs a mode (.any or .all)");
		if (in->nopd && in->opd[0]->kind == PTX_OPD_PAIR && in->op2 == PTX_MOD_ANY)
			ptx_report(k, in->opd[0]->pos, "match.any-pred",
				   "match.any has no predicate output (only match.all writes d|p)");
		check_mask(k, in, 2);
		break;
	case PTX_OP_REDUX_SYNC:
		if (!in->op2) {
			ptx_report(k, in->pos, "redux.op", "redux.sync needs an operation");
			break;
		}
		if (t == PTX_T_F32) {
			ptx_need(k, in, "redux.f32-target", "redux.sync on .f32", 100, 86);
			if (in->op2 != PTX_MOD_MIN && in->op2 != PTX_MOD_MAX)
				ptx_report(k, in->pos, "redux.op-type", "redux.sync.%s does not take .f32",
					   mod(in->op2));
		} else if ((in->op2 == PTX_MOD_AND || in->op2 == PTX_MOD_OR ||
			    in->op2 == PTX_MOD_XOR) != (t == PTX_T_B32)) {
			ptx_report(k, in->pos, "redux.op-type", "redux.sync.%s takes %s, not .%s", mod(in->op2),
				   t == PTX_T_B32 ? ".u32 or .s32" : ".b32", ptx_types[t].name);
		}
		check_mask(k, in, 2);
		break;
	case PTX_OP_ELECT:
		need_sync(k, in, "elect");
		break;
	case PTX_OP_REDUX:
		need_sync(k, in, "redux");
		break;
	case PTX_OP_ELECT_SYNC:
		if (in->nopd && in->opd[0]->kind != PTX_OPD_PAIR) {
			ptx_report(k, in->opd[0]->pos, "elect.pred-output",
				   "elect.sync writes d|p (use _|p when the lane index is not needed)");
		} else if (in->nopd) {
			const ptx_opd *d = in->opd[0]->items[0], *p = in->opd[0]->items[1];
			if (d->kind != PTX_OPD_SINK && !ptx_opd_is_reg_bits(d, 32) &&
			    !(d->kind == PTX_OPD_REG && ptx_types[d->reg->type].bits == 32))
				ptx_report(k, d->pos, "elect.operands", "the lane index of %s must be a 32-bit register",
					   name);
			if (p->kind != PTX_OPD_REG || p->reg->type != PTX_T_PRED)
				ptx_report(k, p->pos, "elect.pred-output",
					   "%s needs a predicate register after '|'", name);
		}
		check_mask(k, in, 1);
		break;
	case PTX_OP_BAR_WARP_SYNC:
		if (HAS(in, ALIGNED))
			ptx_report(k, in->pos, "barwarp.aligned", "bar.warp.sync takes no .aligned");
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
		ptx_report(k, in->opd[n]->pos, "bar.id-range",
			   "barrier number %lld is out of range 0..15", (long long)v);
}

static void check_count(ptx_checker *k, const ptx_insn *in, int n)
{
	int64_t v;
	if (n < in->nopd && ptx_opd_int(in->opd[n], &v) && (v < 0 || v % 32))
		ptx_report(k, in->opd[n]->pos, "bar.count-multiple",
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
		ptx_report(k, in->pos, "bar.red-type", "bar.red.popc needs .u32, not .%s", ptx_types[t].name);
	else if (in->op2 && in->op2 != PTX_MOD_POPC && t != PTX_T_PRED)
		ptx_report(k, in->pos, "bar.red-type", "bar.red.%s needs .pred, not .%s", mod(in->op2),
			   ptx_types[t].name);
	else if (!in->op2)
		ptx_report(k, in->pos, "bar.red-op", "%s needs .popc, .and or .or", name);
	if (in->nopd < 3)
		return;
	const ptx_opd *c = in->opd[in->nopd - 1];
	if (c->kind != PTX_OPD_REG || c->reg->type != PTX_T_PRED)
		ptx_report(k, c->pos, "bar.operands", "the last operand of %s must be a predicate", name);
	for (int i = 1; i < in->nopd - 1; i++) {
		const ptx_opd *o = in->opd[i];
		if (!(o->kind == PTX_OPD_IMM && !o->is_float) && !ptx_opd_is_reg_bits(o, 32))
			ptx_report(k, o->pos, "bar.operands", "operand %d of %s must be a 32-bit integer",
				   i + 1, name);
	}
	check_barid(k, in, 1);
	if (in->nopd == 4)
		check_count(k, in, 2);
}

static void check_barrier(ptx_checker *k, const ptx_insn *in)
{
	char b[96];
	bool barrier = in->op == PTX_OP_BARRIER_SYNC || in->op == PTX_OP_BARRIER_ARRIVE ||
		       in->op == PTX_OP_BARRIER_RED;
	if (HAS(in, ALIGNED) && !barrier && in->op != PTX_OP_BARRIER_CLUSTER_ARRIVE &&
	    in->op != PTX_OP_BARRIER_CLUSTER_WAIT)
		ptx_report(k, in->pos, "bar.aligned",
			   "%s: .aligned is a modifier of barrier.*, not of bar.* (bar is always aligned)",
			   txt(in, b, sizeof b));
	if (in->bar_cta)
		ptx_need(k, in, "target.ptx-version", "barrier.cta", 0, 78);
	switch (in->op) {
	case PTX_OP_BAR:
		ptx_report(k, in->pos, "bar.mode-required", "bar needs .sync, .arrive or .red");
		break;
	case PTX_OP_BAR_SYNC: case PTX_OP_BARRIER_SYNC:
	case PTX_OP_BAR_ARRIVE: case PTX_OP_BARRIER_ARRIVE:
		check_barid(k, in, 0);
		check_count(k, in, 1);
		if ((in->op == PTX_OP_BAR_ARRIVE || in->op == PTX_OP_BARRIER_ARRIVE) && in->nopd == 2) {
			int64_t v;
			if (ptx_opd_int(in->opd[1], &v) && v == 0)
				ptx_report(k, in->opd[1]->pos, "bar.arrive-count",
					   "bar.arrive needs a non-zero thread count");
		}
		break;
	case PTX_OP_BAR_RED: case PTX_OP_BARRIER_RED:
		check_bar_red(k, in);
		break;
	case PTX_OP_BARRIER_CLUSTER_ARRIVE:
		ptx_need(k, in, "bar.cluster-target", "barrier.cluster.arrive", 90, 78);
		if (in->sem && in->sem != PTX_MOD_RELEASE && in->sem != PTX_MOD_RELAXED)
			ptx_report(k, in->pos, "bar.cluster-sem",
				   "barrier.cluster.arrive takes .release or .relaxed, not .%s", mod(in->sem));
		break;
	case PTX_OP_BARRIER_CLUSTER_WAIT:
		ptx_need(k, in, "bar.cluster-target", "barrier.cluster.wait", 90, 78);
		if (in->sem && in->sem != PTX_MOD_ACQUIRE)
			ptx_report(k, in->pos, "bar.cluster-sem", "barrier.cluster.wait takes .acquire, not .%s",
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
		ptx_report(k, in->pos, "mbarrier.space", "%s: an mbarrier lives in .shared, not .%s", name,
			   ptx_space_names[in->space]);
	if (in->space == PTX_SP_SHARED_CLUSTER && in->op != PTX_OP_MBAR_ARRIVE &&
	    in->op != PTX_OP_MBAR_ARRIVE_DROP && in->op != PTX_OP_MBAR_EXPECT_TX &&
	    in->op != PTX_OP_MBAR_COMPLETE_TX)
		ptx_report(k, in->pos, "mbarrier.init-cluster", "%s cannot address a .shared::cluster mbarrier", name);
	/* ordering and scope */
	if (in->sem || in->scope) {
		bool arrive = in->op == PTX_OP_MBAR_ARRIVE || in->op == PTX_OP_MBAR_ARRIVE_DROP;
		bool wait = in->op == PTX_OP_MBAR_TEST_WAIT || in->op == PTX_OP_MBAR_TRY_WAIT;
		bool tx = in->op == PTX_OP_MBAR_EXPECT_TX || in->op == PTX_OP_MBAR_COMPLETE_TX;
		ptx_need(k, in, "mbarrier.target", "scopes on mbarrier operations", 0, 80);
		if (in->sem == PTX_MOD_RELAXED && (arrive || wait))
			ptx_need(k, in, "mbarrier.target", ".relaxed on mbarrier arrive/wait", 90, 86);
		else if (in->sem && !((arrive && in->sem == PTX_MOD_RELEASE) ||
				      (wait && in->sem == PTX_MOD_ACQUIRE) ||
				      (tx && in->sem == PTX_MOD_RELAXED)))
			ptx_report(k, in->pos, "mbarrier.sem", "%s cannot be .%s (%s takes .%s)", name,
				   mod(in->sem), ptx_opcodes[in->op].name,
				   arrive ? "release" : wait ? "acquire" : "relaxed");
		if (in->scope && in->scope != PTX_MOD_CTA && in->scope != PTX_MOD_CLUSTER)
			ptx_report(k, in->pos, "mbarrier.scope", "%s: mbarrier scopes are .cta and .cluster, not .%s",
				   name, mod(in->scope));
	}
	switch (in->op) {
	case PTX_OP_MBAR_ARRIVE: case PTX_OP_MBAR_ARRIVE_DROP:
		if (HAS(in, EXPECT_TX)) {
			ptx_need(k, in, "mbarrier.target", in->op == PTX_OP_MBAR_ARRIVE ? "mbarrier.arrive.expect_tx"
								   : "mbarrier.arrive_drop.expect_tx",
				 90, 80);
			if (in->nopd != 3)
				ptx_report(k, in->pos, "mbarrier.operands", "%s needs the transaction count operand", name);
			if (HAS(in, NOCOMPLETE))
				ptx_report(k, in->pos, "mbarrier.nocomplete", "%s: .noComplete cannot be combined with .expect_tx",
					   name);
		} else if (HAS(in, NOCOMPLETE) && in->nopd != 3) {
			ptx_report(k, in->pos, "mbarrier.nocomplete", "%s: .noComplete needs the count operand", name);
		} else if (in->nopd == 3 && !HAS(in, NOCOMPLETE)) {
			ptx_need(k, in, "mbarrier.target", "mbarrier.arrive with a count", 90, 78);
		}
		if (in->space == PTX_SP_SHARED_CLUSTER && in->nopd && in->opd[0]->kind != PTX_OPD_SINK)
			ptx_report(k, in->opd[0]->pos, "mbarrier.operands",
				   "%s: a .shared::cluster arrive returns no state; write _ as the destination",
				   name);
		break;
	case PTX_OP_MBAR_TEST_WAIT: case PTX_OP_MBAR_TRY_WAIT:
		if (HAS(in, PARITY))
			ptx_need(k, in, "mbarrier.target",
				 in->op == PTX_OP_MBAR_TEST_WAIT ? "mbarrier.test_wait.parity"
								 : "mbarrier.try_wait.parity", 0, 71);
		if (in->nopd >= 3) {
			const ptx_opd *o = in->opd[2];
			int bits = HAS(in, PARITY) ? 32 : 64;
			bool imm = o->kind == PTX_OPD_IMM && !o->is_float;
			if (!(imm && bits == 32) && !ptx_opd_is_reg_bits(o, bits))
				ptx_report(k, o->pos, "mbarrier.operands", "operand 3 of %s must be a %s", name,
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
	case PTX_OP_ELECT: case PTX_OP_REDUX:
		check_warp(k, in);
		break;
	case PTX_OP_BAR_SYNC: case PTX_OP_BARRIER_SYNC: case PTX_OP_BAR_ARRIVE:
	case PTX_OP_BARRIER_ARRIVE: case PTX_OP_BAR_RED: case PTX_OP_BARRIER_RED:
	case PTX_OP_BARRIER_CLUSTER_ARRIVE: case PTX_OP_BARRIER_CLUSTER_WAIT: case PTX_OP_BAR:
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
