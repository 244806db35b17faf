// coopcheck-compile-errors
// Inline assembly for AMD GPUs that the parse rejects (its constraints are another target's) but
// keeps whole, as rocPRIM's cached loads and stores write it: the functions around it are
// analysed, and what the statement computes is unknown, so no finding rests on it.
#include <hip/hip_runtime.h>

// The barrier's condition has nothing to do with the assembly beside it.
__global__ void stage_rows(float *out, const float *in, int rows) {
  __shared__ float tile[256];
  unsigned bits;
  asm volatile("flat_load_dword %0, %1 glc\n\ts_waitcnt vmcnt(%2)"
               : "=v"(bits)
               : "v"(in + threadIdx.x), "I"(0x00));
  tile[threadIdx.x] = __uint_as_float(bits);
  if (threadIdx.x < rows) // expected-note {{this condition differs between threads of the block}}
    __syncthreads(); // expected-error {{__syncthreads() is reached only by threads for which 'threadIdx.x < rows' holds}}
  out[threadIdx.x] = tile[255 - threadIdx.x];
}

// A scalar load of a flag the whole grid shares decides the barrier: the assembly's output is
// unknown, not a value that differs between threads.
__global__ void stage_when_enabled(float *out, const float *in, const unsigned *flags) {
  __shared__ float tile[256];
  unsigned enabled;
  asm volatile("s_load_dword %0, %1, 0x0\n\ts_waitcnt lgkmcnt(0)" : "=s"(enabled) : "s"(flags));
  tile[threadIdx.x] = in[threadIdx.x];
  if (enabled != 0)
    __syncthreads();
  out[threadIdx.x] = tile[255 - threadIdx.x];
}
