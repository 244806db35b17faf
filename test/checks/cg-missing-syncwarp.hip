// cg-missing-syncwarp on HIP: a wavefront has 64 lanes, so an exchange 32 threads away stays inside
// one warp (on CUDA it would cross warps and need __syncthreads() instead).
#include <hip/hip_runtime.h>

// H-P1. A butterfly step 32 lanes wide: lane 0 reads what lane 32 of its wavefront overwrites.
__global__ void last_wave(float *out, const float *in) {
  __shared__ float s[256];
  unsigned tid = threadIdx.x;
  s[tid] = in[blockIdx.x * 256 + tid];
  __syncthreads();
  if (tid < 128) {
    s[tid] += s[tid + 128]; // partner in another wavefront: not this rule
  }
  __syncthreads();
  if (tid < 64) {
    s[tid] += s[tid ^ 32]; // expected-error {{lane 0 reads 's[tid ^ 32]', which lane 32 of the same warp overwrites after this read}} expected-note {{lane 32 writes 's[tid]' here}}
  }
  __syncthreads();
  if (tid == 0)
    out[blockIdx.x] = s[0];
}

// H-N1. The same steps with __syncwarp() between them.
__global__ void last_wave_synced(float *out, const float *in) {
  __shared__ float s[256];
  unsigned tid = threadIdx.x;
  s[tid] = in[blockIdx.x * 256 + tid];
  __syncthreads();
  if (tid < 64) {
    float t = s[tid ^ 32];
    __syncwarp();
    s[tid] += t;
    __syncwarp();
  }
  __syncthreads();
  if (tid == 0)
    out[blockIdx.x] = s[0];
}
