// An mbarrier wait that never completes: the cuda::barrier counts twice the
// threads of the CTA as participants, each thread arrives once, so
// arrive_and_wait() waits forever.
#include <cuda/barrier>

extern "C" __global__ void diag_mbarrier_never(int *out)
{
#pragma nv_diag_suppress static_var_with_dynamic_init
	__shared__ cuda::barrier<cuda::thread_scope_block> bar;
	unsigned t = threadIdx.x;
	if (t == 0)
		init(&bar, 2 * blockDim.x);
	__syncthreads();
	bar.arrive_and_wait();
	out[t] = t;
}
