// coopcheck-args: -- --cuda-gpu-arch=sm_70
// cg-tile-size on a target below compute capability 8.0: a multi-warp tile needs its block made by
// this_thread_block() with a cg::block_tile_memory scratch in shared memory.
//
// Positives: 4 findings. Negatives: 6 kernels or helpers, no diagnostic.
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

// ---- Positives ------------------------------------------------------------------------------

// P1. A tile of two warps from a block without scratch.
__global__ void pair_of_warps(float *out) {
  cg::thread_block block = cg::this_thread_block();
  auto pair = cg::tiled_partition<64>(block); // expected-error {{tile size 64 spans 2 warps: multi-warp tiles need compute capability 8.0+ or a cg::block_tile_memory passed to this_thread_block(), and the target is sm_70}}
  pair.sync();
  out[block.thread_rank()] = pair.thread_rank();
}

// P2. The block made in place, without scratch.
__global__ void eight_warps(float *out) {
  auto tile = cg::tiled_partition<256>(cg::this_thread_block()); // expected-error {{tile size 256 spans 8 warps}}
  tile.sync();
  out[threadIdx.x] = tile.thread_rank();
}

// P3. A tile of a multi-warp tile: both need the scratch that the block lacks.
__global__ void nested_tiles(float *out) {
  cg::thread_block block = cg::this_thread_block();
  auto quarter = cg::tiled_partition<256>(block); // expected-error {{tile size 256 spans 8 warps}}
  auto pair = cg::tiled_partition<64>(quarter); // expected-error {{tile size 64 spans 2 warps}}
  pair.sync();
  out[block.thread_rank()] = quarter.thread_rank() + pair.thread_rank();
}

// ---- Negatives ------------------------------------------------------------------------------

// N1. The scratch passed to this_thread_block().
__global__ void scratch_tiles(float *out) {
  __shared__ cg::block_tile_memory<512> scratch;
  cg::thread_block block = cg::this_thread_block(scratch);
  auto quarter = cg::tiled_partition<128>(block);
  quarter.sync();
  out[block.thread_rank()] = quarter.thread_rank();
}

// N2. CUDA 11's experimental spelling of the same.
__global__ void experimental_scratch(float *out) {
  __shared__ cg::experimental::block_tile_memory<8, 1024> scratch;
  cg::thread_block block = cg::experimental::this_thread_block(scratch);
  auto pair = cg::experimental::tiled_partition<64>(block);
  pair.sync();
  out[block.thread_rank()] = pair.thread_rank();
}

// N3. Single-warp tiles need no scratch on any target.
__global__ void warp_sums(const float *in, float *out) {
  cg::thread_block block = cg::this_thread_block();
  auto warp = cg::tiled_partition<32>(block);
  float v = in[block.thread_rank()];
  for (int offset = 16; offset > 0; offset /= 2)
    v += warp.shfl_down(v, offset);
  if (warp.thread_rank() == 0)
    out[warp.meta_group_rank()] = v;
}

// N4. A helper cutting a multi-warp tile from the block it is given; the kernel that calls it
// makes that block with its scratch.
__device__ unsigned rank_in_pair(const cg::thread_block &block) {
  auto pair = cg::tiled_partition<64>(block);
  pair.sync();
  return pair.thread_rank();
}
__global__ void pairs_with_scratch(unsigned *out) {
  __shared__ cg::block_tile_memory<256> scratch;
  cg::thread_block block = cg::this_thread_block(scratch);
  out[block.thread_rank()] = rank_in_pair(block);
}

// N5. A tile of a multi-warp tile whose block has its scratch.
__global__ void nested_with_scratch(float *out) {
  __shared__ cg::block_tile_memory<1024> scratch;
  cg::thread_block block = cg::this_thread_block(scratch);
  auto half = cg::tiled_partition<512>(block);
  auto pair = cg::tiled_partition<64>(half);
  pair.sync();
  out[block.thread_rank()] = pair.thread_rank();
}

// N6. A helper that takes a multi-warp tile: the scratch is in this file.
__device__ unsigned pair_rank(const cg::thread_block_tile<64> &pair) { return pair.thread_rank(); }
