/*
 * ops_cluster.h - the thread-block cluster rows of the simulator handler
 * list (cluster.c, isa/cluster.isa) and the hooks the core calls.
 * Format: X(OPTYPE, exec, prep, flags), see SIM_OPS_CORE in sim.h.
 *
 * CGABAR.WAIT is a control handler: a wait that cannot succeed yet leaves
 * ActivePC on the wait and parks the warp in SIM_W_CLUSTER until the
 * cluster barrier's phase completes; it then issues the wait again.
 */
#ifndef SIMT_SIM_OPS_CLUSTER_H
#define SIMT_SIM_OPS_CLUSTER_H

#define SIM_OPS_CLUSTER(X)                                                     \
	X(MAPA, sim_cl_mapa, sim_cl_prep, 0)                                   \
	X(CGABAR_ARV, sim_cl_arrive, sim_cl_prep, 0)                           \
	X(CGABAR_WAIT, sim_cl_wait, sim_cl_prep, SIM_F_CTRL)                   \
	X(UBLKCP_MULTICAST, sim_as_ublkcp_mc, sim_as_prep, SIM_F_MEMW)

sim_prep_fn sim_cl_prep;
sim_prep_fn sim_as_prep; /* async.c: UBLKCP_MULTICAST as UBLKCP */

/* The per-cluster state (cluster.c): members, the cluster barrier. */
typedef struct sim_cluster sim_cluster;
struct simt_launch;
struct util_buf;

/* CTAs per cluster of the launch (1 without clusters). */
uint32_t sim_cluster_size(const sim_ctx *c);
/* Linear CTA id of the seq-th CTA launched: clusters one after another
 * (x fastest over the cluster grid), in each its CTAs by rank. */
uint64_t sim_cluster_lin(const sim_ctx *c, uint64_t seq);
/* The seq-th CTA just initialised: join (or, at rank 0, create) its
 * cluster; prev is the CTA launched just before it (rank r-1 of the same
 * cluster when r > 0).  SIMT_ERR_NOMEM when the cluster cannot be
 * allocated. */
simt_status sim_cluster_attach(sim_ctx *c, sim_cta *cta, uint64_t seq,
			       sim_cta *prev);
/* The CTA is released: leave its cluster (freed with its last member). */
void sim_cluster_detach(sim_cta *cta);
/* Every CTA of cta's cluster has finished (`done` says when one has). */
bool sim_cluster_all(const sim_cta *cta, bool (*done)(const sim_cta *));
/* Member rank r of cta's cluster. */
sim_cta *sim_cluster_member(const sim_cta *cta, uint32_t r);
/* Launch checks of the cluster shape (api.c); false after diagnostics. */
bool sim_cluster_launch_ok(const struct simt_launch *l, simt_diags *d);
/* A warp of cta exited: the cluster barrier may now be complete. */
void sim_cluster_warp_exited(sim_ctx *c, sim_cta *cta);
/* Deadlock report: what a warp in SIM_W_CLUSTER waits for. */
void sim_cluster_describe(struct util_buf *b, const sim_ctx *c,
			  const sim_warp *w);
/* Special registers (special.c): code 0..10 of SR_CLUSTERID.X ...
 * SR_CLUSTER_NCTARANK for cta. */
uint32_t sim_cluster_sreg(const sim_ctx *c, const sim_cta *cta, int k);

/*
 * The shared::cluster window (docs/semantics.md, "Clusters"): a 32-bit
 * shared address whose bits 24-31 are 0 names the issuing CTA's shared
 * memory; a value v = 1..255 there names the CTA of rank v-1 of the
 * cluster, bits 0-23 the offset in it.  Resolve addr for w: the target CTA
 * and the offset; NULL with *why (SIM_FAULT_RANK: no such rank,
 * SIM_FAULT_EXITED: that CTA has exited).
 */
#define SIM_CLUSTER_RANK_SHIFT 24
sim_cta *sim_cluster_shared(const sim_warp *w, uint64_t addr, uint64_t *off,
			    int *why);

#endif
