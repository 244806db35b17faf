// cg-early-exit-before-sync and cg-divergent-collective for CUDA code also built for ROCm
// (hipify-style projects): with --targets=cuda,hip, exits before block barriers are errors, and
// each such finding says it holds for the hip target; a grid barrier breaks on every target.
//
// Positives: a bounds return before __syncthreads(), a bounds guard around a block barrier and the
// rest of the kernel, a return before grid.sync() (no target named). Negatives: the return after
// the last barrier, the guard around the work only.
// coopcheck-args: --targets=cuda,hip
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

// P1. Padding threads return before the block's exchange.
__global__ void reverse_in_block(float *data, int n) {
  __shared__ float tile[256];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return; // expected-note {{threads that take this branch return from the kernel here (condition 'i >= n')}}
  tile[threadIdx.x] = data[i];
  __syncthreads(); // expected-error {{threads that left the kernel early never arrive at __syncthreads(); on AMD GPUs a thread that left the kernel is still awaited at a block barrier: the block deadlocks or faults (return after the barrier, or keep the threads in and guard only their work) (on the hip target)}}
  data[i] = tile[blockDim.x - 1 - threadIdx.x];
}

// P2. A bounds guard wraps the barrier and the rest of the kernel: NVIDIA hardware excuses the
// threads past the end, AMD's does not.
__global__ void barrier_under_bounds_guard(float *dst, int n) {
  __shared__ float tile[256];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) { // expected-note {{this condition differs between threads of the block}}
    tile[threadIdx.x] = dst[i];
    __syncthreads(); // expected-error {{__syncthreads() is reached only by threads for which 'i < n' holds; every thread of the block must call it (on the hip target)}}
    dst[i] = tile[blockDim.x - 1 - threadIdx.x];
  }
}

// P3. A grid barrier is not released by exited threads on any target.
__global__ void grid_after_return(float *data, int n) {
  cg::grid_group grid = cg::this_grid();
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return; // expected-note {{(condition 'i >= n')}}
  data[i] *= 2.0f;
  grid.sync(); // expected-error {{a grid barrier is not released by exited threads: the grid hangs once a whole block, or thread 0 of a block, has left}}
  data[i] += data[0];
}

// N1. The return comes after the last barrier.
__global__ void return_after_barrier(float *data, int n) {
  __shared__ float tile[256];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  tile[threadIdx.x] = i < n ? data[i] : 0.f;
  __syncthreads();
  if (i >= n)
    return;
  data[i] = tile[blockDim.x - 1 - threadIdx.x];
}

// N2. Every thread stays; the guard covers the work only.
__global__ void guard_work_only(float *data, int n) {
  __shared__ float tile[256];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    tile[threadIdx.x] = data[i];
  __syncthreads();
  if (i < n)
    data[i] = tile[blockDim.x - 1 - threadIdx.x];
}
