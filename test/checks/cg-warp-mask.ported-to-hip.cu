// cg-warp-mask in a CUDA source that also builds as HIP: it includes the HIP headers only under its
// own HIP macro, so as a .cu file it is CUDA, with 32-lane warps, and a 32-bit full mask names the
// whole warp (no width error). The platform comes from the includes that are always active.
//
// Negative: a butterfly sum with the full 32-bit mask. Positive: the same butterfly under a branch
// that keeps half of every warp out.
#if defined(PROJECT_USE_HIP)
#include <hip/hip_cooperative_groups.h>
#else
#include <cooperative_groups.h>
#endif

__device__ float warp_sum(float x) {
  for (int offset = 16; offset > 0; offset >>= 1)
    x += __shfl_xor_sync(0xffffffff, x, offset, 32);
  return x;
}

__global__ void row_sums(float *v) { v[threadIdx.x] = warp_sum(v[threadIdx.x]); }

__global__ void half_warp_sums(float *v) {
  if (threadIdx.x % 32 < 16) // expected-note {{lanes 16-31 do not pass this condition}}
    v[threadIdx.x] = __shfl_xor_sync(0xffffffff, v[threadIdx.x], 1); // expected-error {{the mask 0xffffffff names lanes 16-31, which never reach this call; __shfl_xor_sync waits for them}}
}
