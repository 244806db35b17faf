// coopcheck-args: --arch=h100-pcie
// cg-cooperative-launch with --arch naming the part: an H100 PCIe has 114 SMs, not the 132 of an
// H100 SXM, so a grid that fits the SXM part fails on this one.
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void k(int *out) {
  cg::grid_group g = cg::this_grid();
  if (threadIdx.x == 0)
    atomicAdd(&out[0], 1);
  g.sync();
  if (threadIdx.x == 0 && blockIdx.x == 0)
    out[1] = out[0];
}

int supported(int device) {
  int coop = 0;
  cudaDeviceGetAttribute(&coop, cudaDevAttrCooperativeLaunch, device);
  return coop;
}

// P1. 264 blocks of 1024 threads: co-resident on an H100 SXM, too many for the PCIe part.
cudaError_t sxm_sized(int *out) {
  void *args[] = {&out};
  return cudaLaunchCooperativeKernel((void *)k, dim3(264), dim3(1024), args, 0, 0); // expected-error {{a cooperative launch of 264 blocks of 1024 threads; at most 228 (2 per SM x 114 SMs) can be co-resident on H100 PCIe (sm_90); the launch fails with cudaErrorCooperativeLaunchTooLarge}}
}

// N1. 228 blocks: exactly what the part holds.
cudaError_t pcie_sized(int *out) {
  void *args[] = {&out};
  return cudaLaunchCooperativeKernel((void *)k, dim3(228), dim3(1024), args, 0, 0);
}
