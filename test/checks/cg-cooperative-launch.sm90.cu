// coopcheck-args: -- --cuda-gpu-arch=sm_90
// cg-cooperative-launch for an sm_90 unit without --arch: grids are checked against the sm_90
// part with the most SMs (H100 SXM, 132), so no sm_90 device is reported wrongly. gpu-probes P11
// measured the limit on an H100 SXM: 264 blocks of 1024 threads run, 265 fail.
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

static cudaError_t launch(int blocks, int *out) {
  void *args[] = {&out};
  return cudaLaunchCooperativeKernel((void *)k, dim3(blocks), dim3(1024), args, 0, 0); // expected-note {{nothing in this translation unit asks whether the device supports cooperative launches}}
}

// P1. The probe's 100000 blocks, and the first count past the limit.
cudaError_t probe(int *out) {
  void *args[] = {&out};
  cudaError_t e = cudaLaunchCooperativeKernel((void *)k, dim3(100000), dim3(1024), args, 0, 0); // expected-error {{a cooperative launch of 100000 blocks of 1024 threads; at most 264 (2 per SM x 132 SMs) can be co-resident on H100 SXM (sm_90); the launch fails with cudaErrorCooperativeLaunchTooLarge}}
  if (e != cudaSuccess)
    return e;
  return cudaLaunchCooperativeKernel((void *)k, dim3(265), dim3(1024), args, 0, 0); // expected-error {{a cooperative launch of 265 blocks of 1024 threads; at most 264}}
}

// N1. The limit itself, and a grid handed to a helper.
cudaError_t at_the_limit(int *out) {
  void *args[] = {&out};
  cudaError_t e = cudaLaunchCooperativeKernel((void *)k, dim3(264), dim3(1024), args, 0, 0);
  return e != cudaSuccess ? e : launch(264, out);
}
