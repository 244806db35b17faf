// The executor on a unit whose build has a header this checkout lacks: the functions the compiler
// accepted are replayed as in a clean unit, and their findings confirmed; a function an error is in
// is known only by its declaration, so no replay confirms anything through a call of it.
// coopcheck-executor
// coopcheck-compile-errors
#include "fused_epilogue_config.h" // not here: epilogue_scale() and epilogue_t are undeclared below

// Nothing here uses the missing header: the lanes that skip the shuffle wait at __syncwarp().
__global__ void tail_then_syncwarp(float *out, const float *in, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = 0.f;
  if (i < n) // expected-note {{this condition differs between lanes of a warp}}
    v = in[i] + __shfl_down_sync(0xffffffff, in[i], 1); // expected-error {{[confirmed: hang] the mask 0xffffffff names lanes that may not reach this call}}
  __syncwarp();
  out[i] = v;
}

// Thread 0 waits for a flag that thread 32 sets only after the barrier thread 0 never reaches.
__global__ void flag_after_barrier(volatile int *flag, int *out) {
  if (threadIdx.x == 0)
    while (*flag == 0) { // expected-note {{block 0, thread 0 spin here on memory nobody writes}} expected-note {{block 1, thread 0 spin here on memory nobody writes}}
    }
  __syncthreads(); // expected-error {{[confirmed: hang] deadlock on 2 blocks of 64 threads: block 0, threads 1-63 wait at this collective forever}} expected-note {{block 1, threads 1-63 wait here forever}}
  if (threadIdx.x == 32)
    *flag = 1;
  out[threadIdx.x] = 1;
}

// The same shape, but the lanes that take the branch first call a helper the compiler rejected:
// what it does (it might wait, or never return) is unknown, so the finding stays unconfirmed.
__device__ float scaled(float v) { return v * epilogue_scale(); }
__global__ void tail_through_rejected_helper(float *out, const float *in, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = 0.f;
  if (i < n) // expected-note {{this condition differs between lanes of a warp}}
    v = scaled(in[i]) + __shfl_down_sync(0xffffffff, in[i], 1); // expected-error {{the mask 0xffffffff names lanes that may not reach this call}}
  __syncwarp();
  out[i] = v;
}

// An error in the kernel itself: the static rule still sees the shuffle, the executor has no body
// to replay.
__global__ void tail_with_rejected_epilogue(float *out, const float *in, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = 0.f;
  if (i < n) // expected-note {{this condition differs between lanes of a warp}}
    v = in[i] + __shfl_down_sync(0xffffffff, in[i], 1); // expected-error {{the mask 0xffffffff names lanes that may not reach this call}}
  __syncwarp();
  epilogue_t epilogue;
  out[i] = v * epilogue.scale;
}

void run(float *out, const float *in) {
  tail_then_syncwarp<<<1, 64>>>(out, in, 40);
  tail_through_rejected_helper<<<1, 64>>>(out, in, 40);
  tail_with_rejected_epilogue<<<1, 64>>>(out, in, 40);
}
