// __syncthreads() in divergent code: only lanes 0..15 of warp 0 reach the
// first barrier; lanes 16..31 would set the flag warp 1 waits for.
extern "C" __global__ void diag_syncthreads_divergent(int *out)
{
	__shared__ volatile int ready;
	unsigned t = threadIdx.x;
	if (t == 0)
		ready = 0;
	__syncthreads();
	if (t >= 32) {
		while (!ready)
			;
		__syncthreads();
		out[t] = 2;
	} else if (t >= 16) {
		ready = 1;
		out[t] = 1;
	} else {
		__syncthreads();
		out[t] = ready;
	}
}
