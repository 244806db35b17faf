// cg-warp-size on CUDA code also built for ROCm (hipify-style projects): with --targets=cuda,hip
// the 32-lane assumptions are notes that say which target they hold on; without --targets the
// CUDA unit is 32 lanes wide and nothing is reported (cg-warp-size.cu).
//
// coopcheck-args: --targets=cuda,hip
//
// Positives: a butterfly from 16 and a lane `& 31`, then a broadcast from lane 0. Negatives: the
// same written with warpSize.

__global__ void reduce_from_16(const float *in, float *out) {
  float v = in[threadIdx.x];
  for (int offset = 16; offset > 0; offset /= 2) // expected-note {{this code assumes 32-lane warps, but warps have 64 lanes (on the hip target): shuffle offsets that start at 16}}
    v += __shfl_xor_sync(0xffffffffu, v, offset);
  v = __shfl_sync(0xffffffffu, v, 0);
  if ((threadIdx.x & 31) == 0) // expected-note {{a lane computed modulo 32 names two threads of each warp alike here too}}
    out[threadIdx.x / warpSize] = v;
}

__global__ void written_with_warp_size(const float *in, float *out) {
  float v = in[threadIdx.x];
  for (int offset = warpSize / 2; offset > 0; offset /= 2)
    v += __shfl_xor_sync(0xffffffffu, v, offset);
  v = __shfl_sync(0xffffffffu, v, 0);
  if (threadIdx.x % warpSize == 0)
    out[threadIdx.x / warpSize] = v;
}
