// Sums a vector of ones on the GPU with the gridsum library.
#include <cstdio>
#include <cuda_runtime.h>
#include "gridsum/gridsum.h"

int main() {
  const std::size_t N = 1 << 20;
  float *In = nullptr, *Out = nullptr;
  cudaMallocManaged(&In, N * sizeof(float));
  cudaMallocManaged(&Out, sizeof(float));
  auto Fill = [=] __device__(std::size_t I) { In[I] = 1.0f; };
  (void)Fill;
  for (std::size_t I = 0; I < N; ++I)
    In[I] = 1.0f;
  // A warm-up launch written without the cooperative API: gridSumKernel calls grid.sync(), so
  // this traps (coopcheck's end-to-end test expects cg-non-cooperative-launch here, across units).
  float *Partial = nullptr;
  cudaMalloc(&Partial, 64 * sizeof(float));
  gridSumKernel<<<64, GRIDSUM_BLOCK>>>(In, Partial, Out, N);
  int Err = gridSum(In, Out, N);
  cudaDeviceSynchronize();
  std::printf("sum=%f err=%d\n", *Out, Err);
  cudaFree(In);
  cudaFree(Out);
  return Err;
}
