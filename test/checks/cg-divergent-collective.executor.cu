// cg-divergent-collective with the executor: a finding that every path of the program's own
// launches rules out becomes a note with the reason; one the launches reproduce stays an error.
// coopcheck-executor
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

// Launched with 64 threads per block only: every thread's index with bits flipped is below 80.
// (A comparison of ranges, `threadIdx.x % 96 < 80`, the analysis itself decides from the
// launches' block size; an exclusive or it leaves to the executor.)
__global__ void below_the_block_size(float *data) {
  __shared__ float s[128];
  if ((threadIdx.x ^ 5u) < 80) { // expected-note {{this condition differs between threads of the block}}
    s[threadIdx.x] = data[threadIdx.x];
    __syncthreads(); // expected-note {{__syncthreads() is reached only by threads for which '(threadIdx.x ^ 5u) < 80' holds}} expected-note {{ruled out by the executor: on every path of the launch at cg-divergent-collective.executor.cu:58 (2 blocks of 64 threads), every thread of each group reaches it}}
    data[threadIdx.x] = s[(threadIdx.x + 1) % 64];
  }
}

// Launched with 128 threads per block: threads 100-127 skip the barrier.
__global__ void above_the_block_size(float *data) {
  __shared__ float s[128];
  if (threadIdx.x < 100) { // expected-note {{this condition differs between threads of the block}}
    s[threadIdx.x] = data[threadIdx.x];
    __syncthreads(); // expected-error {{__syncthreads() is reached only by threads for which 'threadIdx.x < 100' holds}}
    data[threadIdx.x] = s[(threadIdx.x + 1) % 64];
  }
}

// The block size comes from the caller: the default grid proves nothing about the real launch.
__global__ void unknown_block_size(float *data) {
  __shared__ float s[128];
  if (threadIdx.x < 100) { // expected-note {{this condition differs between threads of the block}}
    s[threadIdx.x] = data[threadIdx.x];
    __syncthreads(); // expected-error {{__syncthreads() is reached only by threads for which 'threadIdx.x < 100' holds}}
    data[threadIdx.x] = s[(threadIdx.x + 1) % 64];
  }
}

// A helper syncs and recurses until a per-thread depth: the threads that stop first pass fewer
// barriers, so the kernel's barrier pairs with the others' deeper ones (two-site barriers). The
// executor's mismatch confirms the finding at the recursive call; it is not a separate cg-deadlock.
__device__ void sweep_levels(float *s, int depth) {
  s[threadIdx.x] += depth;
  __syncthreads(); // expected-note {{__syncthreads() is called here}}
  if (depth < (int)(threadIdx.x % 4)) // expected-note {{this condition differs between threads of the block}}
    sweep_levels(s, depth + 1); // expected-error {{[confirmed: mismatch] __syncthreads() (in 'sweep_levels') is reached only by threads for which 'depth < (int)(threadIdx.x % 4)' holds}}
}
__global__ void recursive_levels(float *data) {
  __shared__ float s[128];
  s[threadIdx.x] = 0.0f;
  sweep_levels(s, 0);
  __syncthreads();
  data[threadIdx.x] = s[127 - threadIdx.x];
}

void run(float *data, int threads) {
  recursive_levels<<<2, 128>>>(data);
  below_the_block_size<<<2, 64>>>(data);
  above_the_block_size<<<2, 128>>>(data);
  unknown_block_size<<<2, threads>>>(data);
}
