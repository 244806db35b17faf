// cg-warp-size on CUDA alone: warps have 32 lanes, so code written for 32 lanes is right and
// nothing is reported.
//
// Negatives: a butterfly from 16, a scan below 32, lanes and warps computed with 32.

__global__ void reduce_from_16(const float *in, float *out) {
  float v = in[threadIdx.x];
  for (int offset = 16; offset > 0; offset /= 2)
    v += __shfl_xor_sync(0xffffffffu, v, offset);
  for (int d = 1; d < 32; d *= 2)
    v += __shfl_up_sync(0xffffffffu, v, d);
  if (threadIdx.x % 32 == 0)
    out[threadIdx.x / 32] = v;
}
