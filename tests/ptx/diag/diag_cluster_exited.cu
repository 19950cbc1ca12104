// Targets: sm_90
// Rank 1 of a cluster of 2 returns after cluster.sync() while rank 0 still
// reads its shared memory through map_shared_rank (the missing second
// cluster.sync() of the usual pattern).
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

extern "C" __global__ void __cluster_dims__(2, 1, 1) diag_cluster_exited(int *out)
{
	__shared__ int s[32];
	cg::cluster_group cluster = cg::this_cluster();
	unsigned t = threadIdx.x;
	s[t] = (int)t;
	cluster.sync();
	if (cluster.block_rank() == 1)
		return;
	int v = 0;
	for (int i = 0; i < 64; i++)
		v += ((volatile int *)s)[(t + i) % 32];
	int *peer = cluster.map_shared_rank(s, 1);
	out[t] = v + peer[t];
}
