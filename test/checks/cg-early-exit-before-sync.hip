// cg-early-exit-before-sync on HIP: on AMD GPUs a thread that left the kernel is still awaited at
// a block barrier, so block barriers are reported by default, as errors (pytorch/FBGEMM fixed four
// kernels for this in 2026, some with the barrier two calls deep in a block reduction).
//
// Positives: a bounds return before __syncthreads(), the barrier inside a block reduction two
// calls deep (reported at the call), a return under a data-dependent condition, one return
// before three barriers (one finding, at the first; the others are its notes). Negatives: the
// return after the last barrier, the guard around the work only, a block-uniform return.
#include <hip/hip_runtime.h>

// P1. Padding threads return, then the block exchanges through shared memory.
__global__ void reverse_in_block(float *data, int n) {
  __shared__ float tile[256];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return; // expected-note {{threads that take this branch return from the kernel here (condition 'i >= n')}}
  tile[threadIdx.x] = data[i];
  __syncthreads(); // expected-error {{threads that left the kernel early never arrive at __syncthreads(); on AMD GPUs a thread that left the kernel is still awaited at a block barrier: the block deadlocks or faults}}
  data[i] = tile[blockDim.x - 1 - threadIdx.x];
}

// P2. The barrier is two calls deep, inside a block reduction.
__device__ float block_reduce_sum(float v) {
  __shared__ float partial[256];
  partial[threadIdx.x] = v;
  __syncthreads(); // expected-note {{__syncthreads() is called here}}
  for (unsigned s = blockDim.x / 2; s > 0; s /= 2) {
    if (threadIdx.x < s)
      partial[threadIdx.x] += partial[threadIdx.x + s];
    __syncthreads();
  }
  return partial[0];
}
__device__ float row_norm(const float *row, int cols) {
  float v = threadIdx.x < cols ? row[threadIdx.x] * row[threadIdx.x] : 0.f;
  return block_reduce_sum(v); // expected-note {{block_reduce_sum}}
}
__global__ void row_norms(float *out, const float *m, int rows, int cols) {
  int row = blockIdx.x;
  if (m[row * cols] == 0.f) // the whole block returns: not a finding
    return;
  if (threadIdx.x >= cols)
    return; // expected-note {{threads that take this branch return from the kernel here (condition 'threadIdx.x >= cols')}}
  float norm = row_norm(m + row * cols, cols); // expected-error {{threads that left the kernel early never arrive at __syncthreads() (in 'block_reduce_sum'); on AMD GPUs}}
  if (threadIdx.x == 0)
    out[row] = norm;
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

// N3. Whole blocks return: the block barrier has no one left to wait for.
__global__ void whole_blocks_return(float *data, int blocks) {
  __shared__ float tile[256];
  if (blockIdx.x >= blocks)
    return;
  tile[threadIdx.x] = data[blockIdx.x * blockDim.x + threadIdx.x];
  __syncthreads();
  data[blockIdx.x * blockDim.x + threadIdx.x] = tile[0];
}

// P4. One return before three barriers: one finding, at the first barrier it skips.
__global__ void exit_before_three_barriers(float *data, int n) {
  __shared__ float tile[256];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return; // expected-note {{threads that take this branch return from the kernel here (condition 'i >= n')}}
  tile[threadIdx.x] = data[i];
  __syncthreads(); // expected-error {{threads that left the kernel early never arrive at __syncthreads()}}
  data[i] = tile[blockDim.x - 1 - threadIdx.x];
  __syncthreads(); // expected-note {{the same threads never arrive at __syncthreads() either}}
  tile[threadIdx.x] = data[i] * 2.f;
  __syncthreads(); // expected-note {{the same threads never arrive at __syncthreads() either}}
  data[i] += tile[0];
}
