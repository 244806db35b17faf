// cg-divergent-collective on MXMACA (64-lane warps): tiled_partition<64> is one warp, so a
// condition on threadIdx.x / 32 splits it, while threadIdx.x / warpSize and meta_group_rank() do not.
//
// Positives: 8 kernels, one error each. Negatives: 6 kernels, no diagnostic.
#include <maca_cooperative_groups.h>
namespace cg = cooperative_groups;

// ---- positives --------------------------------------------------------------------------------

// M-P1. The seed's tile, but the condition is on the rank inside the tile: half of the warp syncs.
__global__ void tile64_sync_in_lower_half(int *out) {
  cg::thread_block my_block = cg::this_thread_block();
  auto my_tile = cg::tiled_partition<64>(my_block);
  out[blockIdx.x * blockDim.x + threadIdx.x] = 1;
  if (my_tile.thread_rank() < 32) { // expected-note {{this condition differs between threads of the tile}}
    out[blockIdx.x * blockDim.x + threadIdx.x] += 1;
    my_tile.sync(); // expected-error {{my_tile.sync() is reached only by threads for which 'my_tile.thread_rank() < 32' holds; every thread of the tile must call it}}
  }
  my_tile.sync();
}

// M-P2. Code ported from CUDA: threadIdx.x / 32 == 0 was one warp there, but it is half of a
// 64-lane warp here, and the reduction is over the whole warp tile.
__global__ void warp32_condition_splits_warp64(float *out, const float *in) {
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<64> warp = cg::tiled_partition<64>(block);
  float v = in[blockIdx.x * blockDim.x + threadIdx.x];
  if (threadIdx.x / 32 == 0) { // expected-note {{this condition differs between threads of the tile}}
    v = cg::reduce(warp, v, cg::plus<float>()); // expected-error {{cg::reduce(warp) is reached only by threads for which 'threadIdx.x / 32 == 0' holds; every thread of the tile must call it}}
    if (warp.thread_rank() == 0)
      out[blockIdx.x] = v;
  }
}

// M-P3. Warp-uniform is not block-uniform: the first 64-lane warp synchronises the block alone.
__global__ void block_barrier_in_first_warp(float *out, const float *in) {
  __shared__ float s[1024];
  __shared__ float head[64];
  s[threadIdx.x] = in[blockIdx.x * blockDim.x + threadIdx.x];
  if (threadIdx.x / 64 == 0) { // expected-note {{this condition differs between threads of the block}}
    __syncthreads(); // expected-error {{__syncthreads() is reached only by threads for which 'threadIdx.x / 64 == 0' holds; every thread of the block must call it}}
    head[threadIdx.x] = s[blockDim.x - 1 - threadIdx.x];
  }
  __syncthreads();
  out[blockIdx.x * blockDim.x + threadIdx.x] = head[threadIdx.x % 64];
}

// M-P4. A helper with a grid barrier, called only by the first half of the grid.
__device__ void publish_and_wait(const cg::grid_group &grid, int *data) {
  data[grid.thread_rank()] += 1;
  grid.sync(); // expected-note {{grid.sync() is called here}}
}

__global__ void grid_barrier_in_first_half(int *data) {
  cg::grid_group grid = cg::this_grid();
  if (blockIdx.x < gridDim.x / 2) // expected-note {{this condition differs between threads of the grid}}
    publish_and_wait(grid, data); // expected-error {{grid.sync() (in 'publish_and_wait') is reached only by threads for which 'blockIdx.x < gridDim.x / 2' holds; every thread of the grid must call it}}
  data[grid.thread_rank()] += data[0];
}

// M-L1. The lane id from the platform's intrinsic splits the block as `threadIdx.x % 64`
// does: the low quarter of every warp stages and waits, the rest never arrives.
__global__ void barrier_in_low_lanes(float *out, const float *in) {
  __shared__ float staged[64];
  if (__lane_id() < 16) { // expected-note {{this condition differs between threads of the block}}
    staged[__lane_id()] = in[threadIdx.x];
    __syncthreads(); // expected-error {{__syncthreads() is reached only by threads for which '__lane_id() < 16' holds; every thread of the block must call it}}
  }
  out[threadIdx.x] = staged[threadIdx.x % 16];
}

// M-L2. Its twin on the thread index, reported alike.
__global__ void barrier_in_low_lanes_by_index(float *out, const float *in) {
  __shared__ float staged[64];
  if (threadIdx.x % 64 < 16) { // expected-note {{this condition differs between threads of the block}}
    staged[threadIdx.x % 64] = in[threadIdx.x];
    __syncthreads(); // expected-error {{__syncthreads() is reached only by threads for which 'threadIdx.x % 64 < 16' holds; every thread of the block must call it}}
  }
  out[threadIdx.x] = staged[threadIdx.x % 16];
}

// M-L3. A tile of 32 synced by the lanes whose id leaves 0-7 modulo 32.
__global__ void tile_sync_in_low_lanes(float *v) {
  cg::thread_block_tile<32> tile = cg::tiled_partition<32>(cg::this_thread_block());
  if (__lane_id() % 32 < 8) { // expected-note {{this condition differs between threads of the tile}}
    v[threadIdx.x] += 1.0f;
    tile.sync(); // expected-error {{tile.sync() is reached only by threads for which '__lane_id() % 32 < 8' holds; every thread of the tile must call it}}
  }
}

// M-L4. Its twin on the thread index.
__global__ void tile_sync_in_low_lanes_by_index(float *v) {
  cg::thread_block_tile<32> tile = cg::tiled_partition<32>(cg::this_thread_block());
  if (threadIdx.x % 64 % 32 < 8) { // expected-note {{this condition differs between threads of the tile}}
    v[threadIdx.x] += 1.0f;
    tile.sync(); // expected-error {{tile.sync() is reached only by threads for which 'threadIdx.x % 64 % 32 < 8' holds; every thread of the tile must call it}}
  }
}

// ---- negatives --------------------------------------------------------------------------------

// M-N1. The seed: only the first tile of each block works; meta_group_rank() is uniform in the tile.
__global__ void cooperative_kernel(int *out) {
  cg::thread_block my_block = cg::this_thread_block();
  auto my_tile = cg::tiled_partition<64>(my_block);
  if (my_tile.meta_group_rank() == 0) {
    out[my_tile.thread_rank()] = 1;
    my_tile.sync();
  }
}

// M-N2. threadIdx.x / warpSize is the warp index on MXMACA too: uniform in the 64-lane tile.
__global__ void second_warp_reduces(float *out, const float *in) {
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<64> warp = cg::tiled_partition<64>(block);
  float v = in[blockIdx.x * blockDim.x + threadIdx.x];
  if (threadIdx.x / warpSize == 1) {
    for (int offset = 32; offset > 0; offset /= 2)
      v += warp.shfl_down(v, offset);
    if (warp.thread_rank() == 0)
      out[blockIdx.x] = v;
  }
}

// M-N3. threadIdx.x < 64 selects the first warp as a whole (jacobi's finalError on MXMACA).
__global__ void first_warp_finishes(double *g_sum, const double *partial) {
  cg::thread_block cta = cg::this_thread_block();
  cg::thread_block_tile<64> warp = cg::tiled_partition<64>(cta);
  __shared__ double warp_sums[16];
  double v = partial[blockIdx.x * blockDim.x + threadIdx.x];
  v = cg::reduce(warp, v, cg::plus<double>());
  if (warp.thread_rank() == 0)
    warp_sums[warp.meta_group_rank()] = v;
  cg::sync(cta);
  if (threadIdx.x < 64) {
    double block_sum = threadIdx.x < warp.meta_group_size() ? warp_sums[threadIdx.x] : 0.0;
    block_sum = cg::reduce(warp, block_sum, cg::plus<double>());
    if (warp.thread_rank() == 0)
      atomicAdd(g_sum, block_sum);
  }
}

// M-N4. A 32-thread tile is half a warp here: threadIdx.x / 32 is uniform in it.
__global__ void half_warp_tiles(unsigned long long *out, const int *in) {
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<32> half = cg::tiled_partition<32>(block);
  int v = in[blockIdx.x * blockDim.x + threadIdx.x];
  if (threadIdx.x / 32 == 0) {
    unsigned long long odd = half.ballot((v & 1) != 0);
    if (half.thread_rank() == 0)
      out[blockIdx.x] = odd;
  }
}

// M-N5. Persistent kernel with a fixed number of grid-synchronised steps.
__global__ void persistent_steps(float *x, int n, int steps) {
  cg::grid_group grid = cg::this_grid();
  for (int step = 0; step < steps; ++step) {
    for (int i = grid.thread_rank(); i < n; i += grid.size())
      x[i] *= 0.5f;
    grid.sync();
  }
}

// M-N6. coalesced_threads() inside a divergent branch: made of the active lanes, so its
// collectives are fine.
__global__ void count_matches(int *count, const int *keys, int needle, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n && keys[i] == needle) {
    cg::coalesced_group active = cg::coalesced_threads();
    int total = cg::reduce(active, 1, cg::plus<int>());
    if (active.thread_rank() == 0)
      atomicAdd(count, total);
  }
}
