// cg-warp-mask on MXMACA: warps have 64 lanes and masks are 64 bits wide.
#include <mc_runtime.h>

// M-P1. A 32-bit full mask leaves lanes 32-63 out.
__global__ void warp_sum(float *v) {
  float x = v[threadIdx.x];
  for (int o = 32; o > 0; o /= 2)
    x += __shfl_xor_sync(0xffffffff, x, o); // expected-error {{the mask 0xffffffff names lanes 0-31 only, but a warp has 64 lanes on this platform}}
  v[threadIdx.x] = x;
}

// M-P2. The 64-bit full mask under a branch that only the lower half of each warp takes.
__global__ void lower_half(float *v) {
  int lane = threadIdx.x % warpSize;
  float x = v[threadIdx.x];
  if (lane < 32) // expected-note {{lanes 32-63 do not pass this condition}}
    x += __shfl_down_sync(0xffffffffffffffffull, x, 1); // expected-error {{the mask 0xffffffffffffffff names lanes 32-63, which never reach this call; __shfl_down_sync waits for them}}
  v[threadIdx.x] = x;
}

// M-N1. A condition on threadIdx.x / warpSize selects whole warps.
__global__ void first_warp_only(float *v) {
  float x = v[threadIdx.x];
  if (threadIdx.x / warpSize == 0)
    x = __shfl_sync(0xffffffffffffffffull, x, 0);
  v[threadIdx.x] = x;
}

// M-P3. A data-dependent condition around a 64-bit full-mask vote.
__global__ void positive_votes(int *out, const float *in, float threshold) {
  float v = in[blockIdx.x * blockDim.x + threadIdx.x];
  if (v > threshold) // expected-note {{this condition differs between lanes of a warp}}
    out[threadIdx.x] = __any_sync(0xffffffffffffffffull, v > 2 * threshold); // expected-error {{names lanes that may not reach this call}}
}

// M-P4. A mask cast to 32 bits drops lanes 32-63.
__global__ void cast_mask(float *v, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned long long inside = __ballot_sync(0xffffffffffffffffull, i < n);
  if (i < n)
    v[i] += __shfl_xor_sync((unsigned)inside, v[i], 1); // expected-error {{the mask is computed in 64 bits but cast to 32 bits}}
}
