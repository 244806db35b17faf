// cg-warp-mask and the results of warp operations on 64-lane wavefronts: a ballot whose mask is all
// 64 lanes is the same in every lane; one whose mask is 32 bits names half of the wavefront.
//
// Negative: the set bits of a 64-lane ballot walked by the wavefront. Positive: a 32-bit mask (its
// width is an error) whose ballot decides a full-mask shuffle.
#include <hip/hip_runtime.h>

__global__ void each_set_bit_of_a_ballot(const int *flags, float *values) {
  float v = values[threadIdx.x];
  for (unsigned long long todo = __ballot_sync(~0ull, flags[threadIdx.x] > 0); todo; todo &= todo - 1)
    v += __shfl_sync(~0ull, v, __ffsll(todo) - 1);
  values[threadIdx.x] = v;
}

__global__ void half_mask_count(const int *flags, float *values) {
  float v = values[threadIdx.x];
  if (__popcll(__ballot_sync(0xffffffffu, flags[threadIdx.x] > 0)) > 3) // expected-error {{the mask 0xffffffff names lanes 0-31 only, but a warp has 64 lanes on this platform; lanes 32-63 are left out of __ballot_sync}} expected-note {{this condition differs between lanes of a warp}}
    v += __shfl_sync(~0ull, v, 0); // expected-error {{the mask 0xffffffffffffffff names lanes that may not reach this call: a condition that differs between lanes decides it, and __shfl_sync waits for every lane of the mask}}
  values[threadIdx.x] = v;
}
