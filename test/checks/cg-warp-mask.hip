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

// P2. A bounds check around a full-mask reduction: lanes past the end of the row skip it.
__global__ void bounded_wave_sum(float *out, const float *in, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) { // expected-note {{this condition differs between lanes of a warp}}
    float x = in[i];
    for (int o = 32; o > 0; o /= 2)
      x += __shfl_down_sync(0xffffffffffffffffull, x, o); // expected-error {{the mask 0xffffffffffffffff names lanes that may not reach this call}}
    out[i] = x;
  }
}

// P3. A ballot kept in a 32-bit variable drops lanes 32-63.
__global__ void narrowed_ballot(float *v, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned inside = __ballot_sync(0xffffffffffffffffull, i < n);
  if (i < n)
    v[i] += __shfl_xor_sync(inside, v[i], 1); // expected-error {{the mask is computed in 64 bits but kept in the 32-bit variable 'inside', which drops lanes 32-63 of the warp}}
}

// N3. One wavefront per row (blockDim.x is 64): the row test holds for whole wavefronts.
__global__ void wave_per_row(float *out, const float *in, int rows) {
  int row = blockIdx.x * blockDim.y + threadIdx.y;
  if (row < rows) {
    float x = in[row * 64 + threadIdx.x];
    for (int o = 32; o > 0; o /= 2)
      x += __shfl_down_sync(0xffffffffffffffffull, x, o);
    out[row] = x;
  }
}

// N4. The ballot kept in 64 bits.
__global__ void wide_ballot(float *v, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned long long inside = __ballot_sync(0xffffffffffffffffull, i < n);
  if (i < n)
    v[i] += __shfl_xor_sync(inside, v[i], 1);
}
