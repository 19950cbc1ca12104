// Targets: sm_90
// The second warp of rank 1 waits at __syncthreads() that the first warp
// never reaches (it is at cluster.sync()), so the cluster barrier never
// sees rank 1's threads 32..63: a deadlock whose report names them.
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

extern "C" __global__ void __cluster_dims__(2, 1, 1) diag_cluster_sync_divergent(int *out)
{
	cg::cluster_group cluster = cg::this_cluster();
	unsigned t = threadIdx.x;
	if (cluster.block_rank() == 1 && t >= 32)
		__syncthreads();
	cluster.sync();
	out[blockIdx.x * 64 + t] = (int)t;
}
