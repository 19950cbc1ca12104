/*
 * isel_cluster.c - instruction selection: thread-block clusters (sm_90;
 * the checker has already refused them for earlier targets, as ptxas
 * does).  The machine side is isa/cluster.isa and docs/semantics.md,
 * "Clusters".
 *
 *   mapa.shared::cluster.u32 d, a, b  -> MAPA d, a, b
 *   barrier.cluster.arrive[.release]  -> CGABAR.ARV
 *   barrier.cluster.arrive.relaxed    -> CGABAR.ARV.RELAXED
 *   barrier.cluster.wait[.acquire]    -> CGABAR.WAIT
 *   %clusterid.x ... %cluster_nctarank -> S2R SR_CLUSTERID.X ...
 *
 * Not lowered yet (a located "not lowered yet" error): mapa.u64 on
 * generic addresses, %is_explicit_cluster (a predicate), and the
 * .shared::cluster forms of ld/st/atom/mbarrier/cp.async.bulk.
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
	};
	for (size_t k = 0; k < sizeof map / sizeof map[0]; k++) {
		if (map[k].sreg != (int)o->sreg)
			continue;
		int c = o->comp ? o->comp - 'x' : 0;
		const char *name = map[k].xyz
			? fmt(s->f, "%s.%c", map[k].name, "XYZ"[c < 0 || c > 2 ? 0 : c])
			: map[k].name;
		E(s, "S2R", 2, V(t), T(name));
		return true;
	}
	return false;
}

bool isel_cluster(isel *s, int blk)
{
	(void)blk;
	ptx_insn *in = s->in;
	switch (in->op) {
	case PTX_OP_MAPA:
		if (in->space != PTX_SP_SHARED_CLUSTER || is64(in->type[0])) {
			unsupported(s, "only mapa.shared::cluster.u32 (a generic "
				       "address: add the shared window, docs/semantics.md "
				       "\"Clusters\")");
			return true;
		}
		E(s, "MAPA", 3, V(isel_dstv(s, in->opd[0])),
		  isel_rsrc(s, in->opd[1], 0), isel_rsrc(s, in->opd[2], 0));
		return true;
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
