// cg-missing-syncwarp on HIP and libraries' own barrier wrappers (issue 29): rocPRIM's
// syncthreads() is a device function whose body is __syncthreads(); it orders the exchange.
// The message on HIP gives the wavefront's reason (no sm_70 scheduling).
#include <hip/hip_runtime.h>

namespace rocprim {
__device__ inline void syncthreads() { __syncthreads(); }
__device__ inline void wave_barrier() { __builtin_amdgcn_fence(__ATOMIC_RELEASE, "wavefront"); }
} // namespace rocprim

// P1. A wrapper of a fence, not a barrier: the exchange is still unordered.
__global__ void exchange_fenced(int *out) {
  __shared__ int s[64];
  s[threadIdx.x] = threadIdx.x; // expected-note {{lane 63 writes 's[threadIdx.x]' here}}
  rocprim::wave_barrier();
  out[threadIdx.x] = s[63 - threadIdx.x]; // expected-error {{lane 0 reads 's[63 - threadIdx.x]', which lane 63 of the same warp writes before this read, with no __syncwarp() in between; a wavefront runs its lanes in lockstep, but nothing keeps the compiler from moving one access across the other}}
}

// N1. rocprim::syncthreads() between the write and the read.
__global__ void exchange(int *out) {
  __shared__ int s[64];
  s[threadIdx.x] = threadIdx.x;
  rocprim::syncthreads();
  out[threadIdx.x] = s[63 - threadIdx.x];
}
