// cg-warp-mask on HIP: a wavefront has 64 lanes, so a 32-bit full mask leaves half of it out.
#include <hip/hip_runtime.h>

// P1. 0xffffffff names lanes 0-31 only.
__global__ void wave_sum(float *v) {
  float x = v[threadIdx.x];
  for (int o = 16; o > 0; o /= 2)
    x += __shfl_down_sync(0xffffffff, x, o); // expected-error {{the mask 0xffffffff names lanes 0-31 only, but a warp has 64 lanes on this platform; lanes 32-63 are left out of __shfl_down_sync}}
  v[threadIdx.x] = x;
}

// N1. The 64-bit full mask, and -1 converted to it.
__global__ void wave_sum_ok(float *v) {
  float x = v[threadIdx.x];
  for (int o = 32; o > 0; o /= 2)
    x += __shfl_down_sync(0xffffffffffffffffull, x, o);
  x += __shfl_xor_sync(-1, x, 1);
  v[threadIdx.x] = x;
}

// N2. A half-wavefront shuffle with its own mask and width.
__global__ void half_wave(float *v) {
  int lane = threadIdx.x % warpSize;
  float x = v[threadIdx.x];
  if (lane < 32)
    x += __shfl_xor_sync(0x00000000ffffffffull, x, 1, 32);
  v[threadIdx.x] = x;
}
