// Vector add for bench/ptx_lower_bench.py's scaled-up simulation rate:
// c[i] = a[i] + b[i] over n elements, one element per thread.
// PTX: nvcc -ptx -O3 -arch=sm_80 vector_add.cu -o vector_add.sm_80.ptx
extern "C" __global__ void vector_add(const float *a, const float *b, float *c, unsigned n)
{
	unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		c[i] = a[i] + b[i];
}
