/*
 * isel_async.c - instruction selection: mbarrier, cp.async and bulk copies.
 *
 * Offered every instruction isel.c's core switch does not take (isel.h).
 * Seed 003's mbarrier kinds 0-12 map one to one onto the MBAR.* family of
 * isa/mbarrier.isa (the object layout of docs/semantics.md, "mbarriers and
 * asynchronous copies"); cp.async onto LDGSTS / LDGDEPBAR / DEPBAR /
 * ARRIVES.LDGSTSBAR; cp.async.bulk with complete_tx onto UBLKCP (with
 * .multicast::cluster onto UBLKCP.MULTICAST).  The .shared::cluster forms of
 * the mbarrier operations take the same instructions: MBAR.* accept
 * shared::cluster addresses (docs/semantics.md, "Clusters").  Every rule
 * is a line of docs/ptx.md "Lowering" naming the test that pins it.
 */
#include "ptx/isel.h"

/* The shared-memory byte address of an mbarrier object or a cp.async
 * destination, [base+off]: a 32-bit register, the low word of a 64-bit one
 * (a generic address of shared memory: the shared window is 4 GiB aligned,
 * docs/launch-abi.md, so its low word is the shared offset), a .shared
 * variable, or an absolute offset. */
static lw_opd shared_addr(isel *s, const ptx_opd *o)
{
	lw_fn *f = s->f;
	if (o->kind != PTX_OPD_ADDR) {
		unsupported(s, "address operand");
		return MEM(-1, 0, false);
	}
	int64_t off = (int64_t)o->ival;
	if (!o->base)
		return MEM(-1, off, false);
	if (o->base->kind == PTX_OPD_REG) {
		int v = lw_vreg_of(f, o->base);
		if (f->vregs[v].width == 2) {
			int t = lw_vreg_new(f, 1);
			E(s, "MOV", 2, V(t), VS(v, 0));
			v = t;
		}
		return MEM(v, off, false);
	}
	if (o->base->kind == PTX_OPD_SYM && o->base->var) {
		const char *n = o->base->var->name;
		void *p = ptx_map_get(&f->shmap, n, (int)strlen(n));
		if (p)
			return MEM(-1, (int64_t)((uintptr_t)p - 1) + off, false);
	}
	unsupported(s, "address of this symbol");
	return MEM(-1, 0, false);
}

/* A global (or generic global) address [base+off] with a 64-bit base. */
static lw_opd global_addr(isel *s, const ptx_opd *o, int64_t lo, int64_t hi)
{
	lw_fn *f = s->f;
	if (o->kind != PTX_OPD_ADDR || !o->base || o->base->kind != PTX_OPD_REG ||
	    f->vregs[lw_vreg_of(f, o->base)].width != 2) {
		unsupported(s, "global address (a 64-bit register [+offset])");
		return MEM(-1, 0, true);
	}
	int v = lw_vreg_of(f, o->base);
	int64_t off = (int64_t)o->ival;
	if (off < lo || off > hi) {
		int t = lw_vreg_new(f, 2), p = lw_vreg_new(f, 0);
		E(s, "IADD3", 5, VS(t, 0), P(p, false), VS(v, 0), I((int64_t)(int32_t)(uint32_t)off), RZ());
		E(s, "IADD3.X", 6, VS(t, 1), VS(v, 1), I((int64_t)(int32_t)(uint32_t)((uint64_t)off >> 32)), RZ(),
		  P(p, false), NPT());
		return MEM(t, 0, true);
	}
	return MEM(v, off, true);
}

/* A shared address whose offset must fit [lo, hi] (UBLKCP's fields). */
static lw_opd shared_addr_fit(isel *s, const ptx_opd *o, int64_t lo, int64_t hi)
{
	lw_opd a = shared_addr(s, o);
	if (a.imm >= lo && a.imm <= hi && a.v >= 0)
		return a;
	int t = lw_vreg_new(s->f, 1);
	if (a.v >= 0)
		E(s, "IADD3", 4, V(t), V(a.v), I(a.imm), RZ());
	else
		E(s, "MOV", 2, V(t), I(a.imm));
	return MEM(t, 0, false);
}

/* A 32-bit operand b: an immediate that fits `bits` unsigned bits stays
 * one, anything else becomes a register. */
static lw_opd bval(isel *s, const ptx_opd *o, int bits)
{
	lw_opd x = isel_src(s, o, 0);
	if (x.kind == LO_IMM && x.imm >= 0 && x.imm < ((int64_t)1 << bits))
		return x;
	return isel_rsrc(s, o, 0);
}

/* A 64-bit register operand (an mbarrier token). */
static lw_opd token(isel *s, const ptx_opd *o)
{
	lw_fn *f = s->f;
	if (o->kind == PTX_OPD_REG && f->vregs[lw_vreg_of(f, o)].width == 2)
		return V(lw_vreg_of(f, o));
	int t = lw_vreg_new(f, 2);
	for (int w = 0; w < 2; w++)
		E(s, "MOV", 2, VS(t, w), isel_src(s, o, w));
	return V(t);
}

/* mbarrier.arrive / arrive_drop (kinds 1-4, and arrive.expect_tx):
 * MBAR.ARRIVE[.DROP][.NOCOMPLETE][.EXPECT_TX] Rd|RZ, [a], b. */
static void sel_arrive(isel *s, bool drop)
{
	ptx_insn *in = s->in;
	lw_fn *f = s->f;
	bool noc = ptx_insn_has(in, PTX_MOD_NOCOMPLETE);
	bool tx = ptx_insn_has(in, PTX_MOD_EXPECT_TX);
	const ptx_opd *d = in->opd[0];
	lw_opd rd = RZ();
	if (d->kind == PTX_OPD_REG)
		rd = V(lw_vreg_of(f, d));
	else if (d->kind != PTX_OPD_SINK) {
		unsupported(s, "state operand");
		return;
	}
	lw_opd a = shared_addr(s, in->opd[1]);
	const char *name = lw_fmt(f, "MBAR.ARRIVE%s%s%s", drop ? ".DROP" : "", noc ? ".NOCOMPLETE" : "",
			       tx ? ".EXPECT_TX" : "");
	if (in->nopd > 2)
		E(s, name, 3, rd, a, bval(s, in->opd[2], 20));
	else
		E(s, name, 2, rd, a);
}

/* test_wait / try_wait (kinds 5, 6, 9, 10). */
static void sel_wait(isel *s, bool try_)
{
	ptx_insn *in = s->in;
	lw_fn *f = s->f;
	bool parity = ptx_insn_has(in, PTX_MOD_PARITY);
	const ptx_opd *d = in->opd[0];
	if (d->kind != PTX_OPD_REG) {
		unsupported(s, "destination kind");
		return;
	}
	lw_opd pu = P(lw_vreg_of(f, d), false);
	lw_opd a = shared_addr(s, in->opd[1]);
	lw_opd b;
	if (parity) {
		b = isel_src(s, in->opd[2], 0);
		if (b.kind == LO_IMM)
			b.imm &= 1;
		else
			b = isel_rsrc(s, in->opd[2], 0);
	} else {
		b = token(s, in->opd[2]);
	}
	const char *name = lw_fmt(f, "MBAR.%s%s", try_ ? "TRY.WAIT" : "TEST.WAIT", parity ? ".PARITY" : "");
	/* the suspend-time hint: an immediate (at most 2^20-1 cycles, larger
	 * ones saturate); a register hint is dropped, the lanes then wait for
	 * the phase (docs/ptx.md "Lowering") */
	if (try_ && in->nopd > 3 && in->opd[3]->kind == PTX_OPD_IMM && !in->opd[3]->neg) {
		uint64_t h = in->opd[3]->ival;
		if (h > 0xfffff)
			h = 0xfffff;
		if (h) {
			E(s, name, 4, pu, a, b, I((int64_t)h));
			return;
		}
	}
	E(s, name, 3, pu, a, b);
}

/* mbarrier.pending_count.b64 d, state: bits 20-39 of the token. */
static void sel_pending(isel *s)
{
	ptx_insn *in = s->in;
	lw_fn *f = s->f;
	lw_opd t = token(s, in->opd[1]);
	int x = lw_vreg_new(f, 1);
	E(s, "SHF.R.U64", 4, V(x), VS(t.v, 0), I(20), VS(t.v, 1));
	E(s, "LOP3.LUT", 6, V(isel_dstv(s, in->opd[0])), V(x), I(0xfffff), RZ(), I(0xc0), NPT());
}

/* cp.async.ca/cg.shared.global [dst], [src], cp-size{, src-size}. */
static void sel_cp_async(isel *s)
{
	ptx_insn *in = s->in;
	if (in->nopd < 3 || in->opd[2]->kind != PTX_OPD_IMM) {
		unsupported(s, "cp-size");
		return;
	}
	uint64_t n = in->opd[2]->ival;
	const char *sz = n == 4 ? "" : n == 8 ? ".64" : n == 16 ? ".128" : NULL;
	if (!sz) {
		unsupported(s, "cp-size");
		return;
	}
	/* a src-size below cp-size zero-fills the rest: LDGSTS copies whole
	 * units, so only src-size == cp-size (what memcpy_async emits) is
	 * taken */
	if (in->nopd > 3 && in->opd[3]->kind != PTX_OPD_SINK &&
	    (in->opd[3]->kind != PTX_OPD_IMM || in->opd[3]->ival != n)) {
		unsupported(s, "a src-size other than cp-size");
		return;
	}
	lw_opd d = shared_addr(s, in->opd[0]);
	lw_opd a = global_addr(s, in->opd[1], -(1 << 23), (1 << 23) - 1);
	E(s, lw_fmt(s->f, "LDGSTS.E%s", sz), 2, d, a);
}

/* cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes
 * [dst], [src], size, [mbar] -> UBLKCP (dst and mbar may be shared::cluster
 * addresses of another CTA: the simulator takes them, docs/semantics.md
 * "Clusters"); with .multicast::cluster and a 16-bit ctaMask ->
 * UBLKCP.MULTICAST [dst], [src], size, [mbar], mask. */
static void sel_bulk(isel *s)
{
	ptx_insn *in = s->in;
	bool mc = ptx_insn_has(in, PTX_MOD_MULTICAST);
	if (!ptx_insn_has(in, PTX_MOD_COMPLETE_TX) || (in->space != PTX_SP_SHARED && in->space != PTX_SP_SHARED_CTA &&
	     in->space != PTX_SP_SHARED_CLUSTER) || in->nopd != (mc ? 5 : 4) ||
	    (in->space2 != PTX_SP_GLOBAL && in->space2 != PTX_SP_NONE)) {
		unsupported(s, "only the global->shared copy completing tx bytes on an mbarrier (without a cache hint)");
		return;
	}
	if (!mc) {
		lw_opd d = shared_addr_fit(s, in->opd[0], -(1 << 23), (1 << 23) - 1);
		lw_opd a = global_addr(s, in->opd[1], -(1 << 15), (1 << 15) - 1);
		lw_opd n = isel_rsrc(s, in->opd[2], 0);
		lw_opd m = shared_addr_fit(s, in->opd[3], -(1 << 11), (1 << 11) - 1);
		E(s, "UBLKCP", 4, d, a, n, m);
		return;
	}
	lw_opd d = shared_addr_fit(s, in->opd[0], -(1 << 23), (1 << 23) - 1);
	lw_opd a = global_addr(s, in->opd[1], -(1 << 15), (1 << 15) - 1);
	lw_opd n = isel_rsrc(s, in->opd[2], 0);
	lw_opd m = shared_addr_fit(s, in->opd[3], -(1 << 11), (1 << 11) - 1);
	/* the mask is a .b16 operand: only its low 16 bits count */
	int k = lw_vreg_new(s->f, 1);
	lw_opd x = isel_src(s, in->opd[4], 0);
	if (x.kind == LO_IMM)
		E(s, "MOV", 2, V(k), I(x.imm & 0xffff));
	else
		E(s, "LOP3.LUT", 6, V(k), isel_rsrc(s, in->opd[4], 0), I(0xffff), RZ(), I(0xc0), NPT());
	E(s, "UBLKCP.MULTICAST", 5, d, a, n, m, V(k));
}

bool isel_async(isel *s, int blk)
{
	(void)blk;
	ptx_insn *in = s->in;
	lw_fn *f = s->f;
	switch (in->op) {
	case PTX_OP_MBAR_INIT:
		E(s, "MBAR.INIT", 2, shared_addr(s, in->opd[0]), bval(s, in->opd[1], 20));
		return true;
	case PTX_OP_MBAR_INVAL:
		E(s, "MBAR.INVAL", 1, shared_addr(s, in->opd[0]));
		return true;
	case PTX_OP_MBAR_ARRIVE: sel_arrive(s, false); return true;
	case PTX_OP_MBAR_ARRIVE_DROP: sel_arrive(s, true); return true;
	case PTX_OP_MBAR_EXPECT_TX:
		E(s, "MBAR.EXPECT.TX", 2, shared_addr(s, in->opd[0]), bval(s, in->opd[1], 20));
		return true;
	case PTX_OP_MBAR_COMPLETE_TX:
		E(s, "MBAR.COMPLETE.TX", 2, shared_addr(s, in->opd[0]), bval(s, in->opd[1], 20));
		return true;
	case PTX_OP_MBAR_TEST_WAIT: sel_wait(s, false); return true;
	case PTX_OP_MBAR_TRY_WAIT: sel_wait(s, true); return true;
	case PTX_OP_MBAR_PENDING_COUNT: sel_pending(s); return true;
	case PTX_OP_CP_ASYNC:
		if ((in->space != PTX_SP_SHARED && in->space != PTX_SP_SHARED_CTA) || (in->space2 != PTX_SP_GLOBAL && in->space2 != PTX_SP_NONE)) {
			unsupported(s, "only cp.async.shared.global");
			return true;
		}
		sel_cp_async(s);
		return true;
	case PTX_OP_CP_ASYNC_COMMIT_GROUP: E(s, "LDGDEPBAR", 0); return true;
	case PTX_OP_CP_ASYNC_WAIT_GROUP: {
		const ptx_opd *o = in->opd[0];
		if (o->kind != PTX_OPD_IMM || o->ival > 63) {
			unsupported(s, "group count (an immediate 0..63)");
			return true;
		}
		E(s, "DEPBAR.LE", 2, T("SB0"), I((int64_t)o->ival));
		return true;
	}
	case PTX_OP_CP_ASYNC_WAIT_ALL:
		/* wait_all = commit_group; wait_group 0 */
		E(s, "LDGDEPBAR", 0);
		E(s, "DEPBAR.LE", 2, T("SB0"), I(0));
		return true;
	case PTX_OP_CP_ASYNC_MBARRIER_ARRIVE:
		E(s, ptx_insn_has(in, PTX_MOD_NOINC) ? "ARRIVES.LDGSTSBAR.NOINC" : "ARRIVES.LDGSTSBAR", 1,
		  shared_addr(s, in->opd[0]));
		return true;
	case PTX_OP_CP_ASYNC_BULK: sel_bulk(s); return true;
	case PTX_OP_FENCE_PROXY: {
		/* FENCE.PROXY.{ALIAS,ASYNC[.SHARED|.GLOBAL]} (isa/atomic.isa);
		 * fence.proxy.async.shared::cta/::cluster are .SHARED */
		if (ptx_insn_has(in, PTX_MOD_PROXY_ALIAS)) {
			E(s, "FENCE.PROXY.ALIAS", 0);
			return true;
		}
		if (!ptx_insn_has(in, PTX_MOD_ASYNC)) {
			unsupported(s, "only fence.proxy.alias and fence.proxy.async");
			return true;
		}
		const char *sp = in->space == PTX_SP_GLOBAL ? ".GLOBAL" :
			in->space == PTX_SP_NONE ? "" : ".SHARED";
		E(s, lw_fmt(f, "FENCE.PROXY.ASYNC%s", sp), 0);
		return true;
	}
	default:
		return false;
	}
}
