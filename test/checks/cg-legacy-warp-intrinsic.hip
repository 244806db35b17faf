// cg-legacy-warp-intrinsic on HIP: __shfl, __shfl_up/down/xor, __ballot, __any and __all are HIP's
// regular wavefront intrinsics, so nothing here is reported.
#include <hip/hip_runtime.h>

__global__ void wave_reduce(float *out, const float *in) {
  float v = in[blockIdx.x * blockDim.x + threadIdx.x];
  for (int offset = warpSize / 2; offset > 0; offset /= 2)
    v += __shfl_down(v, offset);
  v += __shfl_up(v, 1) + __shfl_xor(v, 1) + __shfl(v, 0);
  out[blockIdx.x * blockDim.x + threadIdx.x] = v;
}

__global__ void wave_votes(unsigned long long *out, const int *in) {
  int p = in[threadIdx.x] > 0;
  unsigned long long b = __ballot(p);
  int any = __any(p), all = __all(p);
  out[threadIdx.x / warpSize] = b + any + all + __ballot(1);
}
