#include "ref.h"

int main(void)
{
	enum { M = 32, N = 32, K = 48 };
	static float A[M * K], Bm[K * N], C[M * N];
	for (int i = 0; i < M * K; i++)
		A[i] = (float)((int)(ref_rand() % 17) - 8);
	for (int i = 0; i < K * N; i++)
		Bm[i] = (float)((int)(ref_rand() % 13) - 6) * 0.5f;
	for (int r = 0; r < M; r++)
		for (int c = 0; c < N; c++) {
			float acc = 0;
			for (int k = 0; k < K; k++)
				acc += A[r * K + k] * Bm[k * N + c];
			C[r * N + c] = acc;
		}
	ref_launch("grid=%d,%d block=16,16", N / 16, M / 16);
	ref_buffer("A", F32, M * K, A);
	ref_buffer("B", F32, K * N, Bm);
	ref_buffer("C", F32, M * N, NULL);
	ref_param("A");
	ref_param("B");
	ref_param("C");
	ref_param("s32:%d", M);
	ref_param("s32:%d", N);
	ref_param("s32:%d", K);
	ref_expect("C", F32, M * N, C);
	return 0;
}
