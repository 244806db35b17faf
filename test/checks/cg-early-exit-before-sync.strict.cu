// cg-early-exit-before-sync with --strict: block barriers after divergent exits become warnings.
// coopcheck-args: --strict
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void block_barrier_after_exit(float *out, const float *in, int n) {
  __shared__ float tile[256];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return; // expected-note {{return from the kernel here (condition 'i >= n')}}
  tile[threadIdx.x] = in[i];
  __syncthreads(); // expected-warning {{never arrive at __syncthreads(); every thread of the block must call it}}
  out[i] = tile[(threadIdx.x + 1) % blockDim.x];
}

__global__ void block_sync_after_exit(int *data, int n) {
  cg::thread_block block = cg::this_thread_block();
  if (block.thread_rank() >= n) return; // expected-note {{return from the kernel here}}
  block.sync(); // expected-warning {{never arrive at block.sync()}}
}

// Uniform in the block: the whole block leaves, nobody waits at its barrier.
__global__ void block_uniform_exit(int *data, int blocks) {
  if (blockIdx.x >= blocks) return;
  __syncthreads();
  data[threadIdx.x] = 1;
}

// Grid barriers stay errors under --strict.
__global__ void grid_still_error(int *data, int n) {
  cg::grid_group grid = cg::this_grid();
  if (grid.thread_rank() >= n) return; // expected-note {{return from the kernel here}}
  grid.sync(); // expected-error {{never arrive at grid.sync()}}
}
