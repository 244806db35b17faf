// cg-warp-size on MXMACA (64-lane warps): the same 32-lane assumptions as on HIP wave64.
//
// Positives: a butterfly from 16 then a broadcast from lane 0, a warp `/ 32` beside a ballot.
// Negatives: the same written with warpSize.
#include <maca_cooperative_groups.h>

__global__ void reduce_from_16(const float *in, float *out) {
  float v = in[threadIdx.x];
  for (int offset = 16; offset > 0; offset /= 2) // expected-warning {{this code assumes 32-lane warps, but warps have 64 lanes: shuffle offsets that start at 16}}
    v += __shfl_xor_sync(0xffffffffffffffffull, v, offset);
  out[threadIdx.x] = __shfl_sync(0xffffffffffffffffull, v, 0);
}

__global__ void ballot_per_warp(const int *in, unsigned long long *out) {
  unsigned long long b = __ballot_sync(0xffffffffffffffffull, in[threadIdx.x] > 0);
  out[threadIdx.x / 32] = b; // expected-warning {{a warp computed as 32 threads splits each warp in two}}
}

__global__ void written_with_warp_size(const float *in, float *out) {
  float v = in[threadIdx.x];
  for (int offset = warpSize / 2; offset > 0; offset /= 2)
    v += __shfl_xor_sync(0xffffffffffffffffull, v, offset);
  out[threadIdx.x / warpSize] = v;
}
