// cg-divergent-collective and block barriers in strided loops over the data (issue 29): the
// threads whose counter passes the end of the data first finish the loop and leave the kernel,
// as after `if (i >= n) return;` (cg-early-exit-before-sync): NVIDIA hardware releases the
// barrier once the threads still in the loop arrive (probe P2), so this is reported only with
// --strict on CUDA (cg-divergent-collective.library-strict.cu), whether the loop strides over
// the grid, the block or the tiles of the block.
// Positives: the tile-strided loop followed by a read of the shared memory the barrier orders; a
// loop whose bound differs between threads.
// Launch shapes (end of file): a kernel whose every launch has one thread per block cannot split
// a block; launched with more threads too, it is reported.
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

// ---- negatives --------------------------------------------------------------------------------

// N1. A grid-stride loop.
__global__ void grid_strided(int *data, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) {
    data[i] += 1;
    __syncthreads();
  }
}

// N2. A loop over the tiles of the block, with the block's own barrier.
__global__ void tile_strided(int *data, int n) {
  auto block = cg::this_thread_block();
  auto tile = cg::tiled_partition<32>(block);
  for (int i = tile.meta_group_rank(); i < n; i += tile.meta_group_size()) {
    data[i] += tile.thread_rank();
    block.sync();
  }
}

// N3. A block-strided loop.
__global__ void block_strided(int *data, int n) {
  for (int i = threadIdx.x; i < n; i += blockDim.x) {
    data[i] += 1;
    __syncthreads();
  }
}

// ---- positives --------------------------------------------------------------------------------

// P1. The threads that finish first read what the barrier orders after the loop.
__global__ void tile_strided_then_read(int *data, int n) {
  __shared__ int partial[32];
  auto block = cg::this_thread_block();
  auto tile = cg::tiled_partition<32>(block);
  for (int i = tile.meta_group_rank(); i < n; i += tile.meta_group_size()) { // expected-note {{this condition differs between threads of the block}}
    partial[tile.meta_group_rank()] = data[i];
    block.sync(); // expected-error {{block.sync() is in a loop whose trip count differs between threads of the block ('i < n'); every thread of the block must call it the same number of times}}
  }
  data[block.thread_rank()] = partial[0];
}

// P2. The bound differs between threads: not the end of the data the grid shares.
__global__ void per_thread_bound(int *data, const int *counts) {
  int n = counts[threadIdx.x];
  for (int i = 0; i < n; ++i) { // expected-note {{this condition differs between threads of the block}}
    data[threadIdx.x] += i;
    __syncthreads(); // expected-error {{__syncthreads() is in a loop whose trip count differs between threads of the block ('i < n'); every thread of the block must call it the same number of times}}
  }
}

// ---- launch shapes ----------------------------------------------------------------------------

// N4. Launched only with <<<1, 1>>>: a block of one thread cannot split, for errors and warnings
// alike (also through the clang-tidy plugin and clangd, which run no executor).
__global__ void init_one_thread(int *p) {
  if (threadIdx.x == 0) {
    __syncthreads();
    auto block = cg::this_thread_block();
    p[0] = cg::tiled_partition<32>(block).shfl(p[1], 0);
  }
}

// P3. The same kernel launched with a block of 64 threads too.
__global__ void init_any_block(int *p) {
  if (threadIdx.x == 0) { // expected-note 2 {{this condition differs between threads of the block}} expected-note {{this condition differs between threads of the tile}}
    __syncthreads(); // expected-error {{__syncthreads() is reached only by threads for which 'threadIdx.x == 0' holds}}
    auto block = cg::this_thread_block(); // expected-warning {{creating a block handle is collective}}
    p[0] = cg::tiled_partition<32>(block).shfl(p[1], 0); // expected-error {{the condition splits the tiles it creates}}
  }
}

int main() {
  int *p = nullptr;
  init_one_thread<<<1, 1>>>(p);
  init_any_block<<<1, 1>>>(p);
  init_any_block<<<1, 64>>>(p);
}
