/*
 * isel_cluster.c - instruction selection: thread-block clusters (sm_90;
 * the checker has already refused them for earlier targets, as ptxas
 * does).  The machine side is isa/cluster.isa and docs/semantics.md,
 * "Clusters".  A shared::cluster address is 32 bits (offset in bits 0-23,
 * target rank + 1 in bits 24-31, 0 = the issuing CTA); a generic one is
 * that address in the shared window (low word; the high word is the
 * window's, c[0x0][0x24], docs/launch-abi.md).
 *
 *   mapa[.shared::cluster].u32 d, a, r -> MAPA d, a, r
 *   mapa.shared::cluster.u64 d, a, r  -> MAPA d.lo, a.lo, r; d.hi = 0
 *   mapa.u64 d, a, r (generic)        -> MAPA d.lo, a.lo, r;
 *                                        d.hi = c[0x0][0x24]
 *   getctarank[.shared::cluster].u32/.u64 d, a
 *                                     -> rank bits of a.lo, minus 1; the
 *                                        own rank (S2R) when they are 0
 *   barrier.cluster.arrive[.release]  -> CGABAR.ARV
 *   barrier.cluster.arrive.relaxed    -> CGABAR.ARV.RELAXED
 *   barrier.cluster.wait[.acquire]    -> CGABAR.WAIT
 *   %clusterid.x ... %cluster_nctarank -> S2R SR_CLUSTERID.X ...
 *   %is_explicit_cluster (a predicate) -> S2R SR_IS_EXPLICIT_CLUSTER, then
 *                                        isel_psrc's ISETP.NE
 *
 * ld/st/atom/red .shared::cluster are LDS/STS/ATOMS (isel.c), the remote
 * mbarrier forms and the multicast bulk copy isel_async.c.
 *
 * Offered every instruction isel.c's core switch does not take (isel.h);
 * sreg_read offers it the cluster special registers.
 */
#include "ptx/isel.h"

bool isel_cluster_sreg(isel *s, const ptx_opd *o, int t)
{
	static const struct {
		int sreg;
		const char *name;
		bool xyz;
	} map[] = {
		{PTX_SREG_CLUSTERID, "SR_CLUSTERID", true},
		{PTX_SREG_NCLUSTERID, "SR_NCLUSTERID", true},
		{PTX_SREG_CLUSTER_CTAID, "SR_CLUSTER_CTAID", true},
		{PTX_SREG_CLUSTER_NCTAID, "SR_CLUSTER_NCTAID", true},
		{PTX_SREG_CLUSTER_CTARANK, "SR_CLUSTER_CTARANK", false},
		{PTX_SREG_CLUSTER_NCTARANK, "SR_CLUSTER_NCTARANK", false},
		{PTX_SREG_IS_EXPLICIT_CLUSTER, "SR_IS_EXPLICIT_CLUSTER", false},
	};
	for (size_t k = 0; k < sizeof map / sizeof map[0]; k++) {
		if (map[k].sreg != (int)o->sreg)
			continue;
		int c = o->comp ? o->comp - 'x' : 0;
		const char *name = map[k].xyz
			? lw_fmt(s->f, "%s.%c", map[k].name, "XYZ"[c < 0 || c > 2 ? 0 : c])
			: map[k].name;
		E(s, "S2R", 2, V(t), T(name));
		return true;
	}
	return false;
}

/* mapa: the low word is MAPA's; a 64-bit result keeps the window it is
 * in (0 for shared::cluster, the generic shared window otherwise). */
static void sel_mapa(isel *s)
{
	ptx_insn *in = s->in;
	int d = isel_dstv(s, in->opd[0]);
	bool wide = is64(in->type[0]);
	lw_opd r = isel_src(s, in->opd[2], 0);
	if (r.kind == LO_IMM && (r.imm < 0 || r.imm > 0xff))
		r = isel_rsrc(s, in->opd[2], 0);
	E(s, "MAPA", 3, VS(d, 0), isel_rsrc(s, in->opd[1], 0), r);
	if (wide)
		E(s, "MOV", 2, VS(d, 1),
		  in->space == PTX_SP_SHARED_CLUSTER ? RZ() : T(cbank(s->f, 0x24)));
}

/* getctarank: bits 24-31 of the (low word of the) address are the rank
 * plus one, 0 the issuing CTA. */
static void sel_getctarank(isel *s)
{
	ptx_insn *in = s->in;
	lw_fn *f = s->f;
	int d = isel_dstv(s, in->opd[0]);
	int t = lw_vreg_new(f, 1), own = lw_vreg_new(f, 1), p = lw_vreg_new(f, 0);
	E(s, "SHF.R.U32.HI", 4, V(t), RZ(), I(24), isel_rsrc(s, in->opd[1], 0));
	E(s, "ISETP.EQ.U32.AND", 5, P(p, false), PT(), V(t), RZ(), PT());
	E(s, "S2R", 2, V(own), T("SR_CLUSTER_CTARANK"));
	E(s, "IADD3", 4, V(t), V(t), I(-1), RZ());
	E(s, "SEL", 4, V(d), V(own), V(t), P(p, false));
}

bool isel_cluster(isel *s, int blk)
{
	(void)blk;
	ptx_insn *in = s->in;
	switch (in->op) {
	case PTX_OP_MAPA: sel_mapa(s); return true;
	case PTX_OP_GETCTARANK: sel_getctarank(s); return true;
	case PTX_OP_BARRIER_CLUSTER_ARRIVE:
		E(s, in->sem == PTX_MOD_RELAXED ? "CGABAR.ARV.RELAXED" : "CGABAR.ARV",
		  0);
		return true;
	case PTX_OP_BARRIER_CLUSTER_WAIT:
		E(s, "CGABAR.WAIT", 0);
		return true;
	default:
		return false;
	}
}
