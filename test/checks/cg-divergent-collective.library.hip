// cg-divergent-collective on HIP and block barriers in strided loops over the data
// (issue 29; on CUDA: cg-divergent-collective.library.cu): the threads that finish first
// leave the kernel, and on AMD GPUs a block barrier still awaits them, as after the bounds guard
// `if (i >= n) return;` (cg-early-exit-before-sync): an error, for the grid-, block- and
// tile-strided loop alike.
#include <hip/hip_runtime.h>
#include <hip/hip_cooperative_groups.h>
namespace cg = cooperative_groups;

// P1. A grid-stride loop.
__global__ void grid_strided(int *data, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) { // expected-note {{this condition differs between threads of the block}}
    data[i] += 1;
    __syncthreads(); // expected-error {{__syncthreads() is in a loop whose trip count differs between threads of the block ('i < n'); every thread of the block must call it the same number of times}}
  }
}

// P2. A loop over the tiles of the block, with the block's own barrier.
__global__ void tile_strided(int *data, int n) {
  auto block = cg::this_thread_block();
  auto tile = cg::tiled_partition<32>(block);
  for (int i = tile.meta_group_rank(); i < n; i += tile.meta_group_size()) { // expected-note {{this condition differs between threads of the block}}
    data[i] += tile.thread_rank();
    block.sync(); // expected-error {{block.sync() is in a loop whose trip count differs between threads of the block ('i < n'); every thread of the block must call it the same number of times}}
  }
}

// P3. The bounds guard the loops above are the same case as.
__global__ void tile_guard(int *data, int n) {
  auto block = cg::this_thread_block();
  auto tile = cg::tiled_partition<32>(block);
  if (tile.meta_group_rank() >= n)
    return; // expected-note {{threads that take this branch return from the kernel here}}
  data[tile.meta_group_rank()] += tile.thread_rank();
  block.sync(); // expected-error {{threads that left the kernel early never arrive at block.sync()}}
}
