// Host side: launches gridSumKernel cooperatively with as many blocks as can be co-resident.
#include <cuda_runtime.h>
#include "gridsum/gridsum.h"

int gridSum(const float *In, float *Out, std::size_t N) {
  int Device = 0, Sms = 0, PerSm = 0;
  cudaGetDevice(&Device);
  cudaDeviceGetAttribute(&Sms, cudaDevAttrMultiProcessorCount, Device);
  cudaOccupancyMaxActiveBlocksPerMultiprocessor(&PerSm, gridSumKernel, GRIDSUM_BLOCK, 0);
  int Blocks = Sms * PerSm;
  float *Partial = nullptr;
  cudaMalloc(&Partial, Blocks * sizeof(float));
  void *Args[] = {&In, &Partial, &Out, &N};
  cudaError_t Err = cudaLaunchCooperativeKernel(reinterpret_cast<void *>(gridSumKernel),
                                                dim3(Blocks), dim3(GRIDSUM_BLOCK), Args);
  cudaFree(Partial);
  return static_cast<int>(Err);
}
