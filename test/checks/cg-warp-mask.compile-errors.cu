// coopcheck-compile-errors
// Warp masks in functions with code the compiler rejects: the lanes a condition lets through are
// known only where nothing rejected feeds it.
#include "quantization_tables.h" // not here

__global__ void half_warp_sum(float *out, const float *in) {
  unsigned lane = threadIdx.x % 32;
  float v = in[threadIdx.x] * dequant_scale(blockIdx.x);
  if (lane < 16) // expected-note {{lanes 16-31 do not pass this condition}}
    v += __shfl_xor_sync(0xffffffff, v, 1); // expected-error {{the mask 0xffffffff names lanes 16-31, which never reach this call}}
  out[threadIdx.x] = v;
}

__global__ void unknown_group_width(float *out, const float *in) {
  group_width_t width = 16;
  unsigned lane = threadIdx.x % 32;
  float v = in[threadIdx.x];
  if (lane < width)
    v = __shfl_down_sync(0xffff, v, 1);
  if (lane < lanes_in_use(in))
    v += __shfl_xor_sync(0xffffffff, v, 2);
  if (__ballot_sync(0xffffffff, v > 0) & unknown_lane_mask())
    v = 0;
  out[threadIdx.x] = v;
}
