// cg-tile-size on MXMACA: warps have 64 lanes and tiles hold at most one warp.
//
// Positives: 3 findings. Negatives: 3 kernels, no diagnostic.
#include <maca_cooperative_groups.h>
namespace cg = cooperative_groups;

// P1. Two warps.
__global__ void two_warps(float *out) {
  cg::thread_block block = cg::this_thread_block();
  auto pair = cg::tiled_partition<128>(block); // expected-error {{tile size 128 is larger than the platform allows; tiled_partition needs 1, 2, 4, ..., 64 on MXMACA (the warp size)}}
  pair.sync();
  out[block.thread_rank()] = pair.thread_rank();
}

// P2. Rows of 96.
__global__ void rows_of_96(float *out) {
  cg::thread_block block = cg::this_thread_block();
  auto row = cg::tiled_partition<96>(block); // expected-error {{tile size 96 is not a power of two; tiled_partition needs 1, 2, 4, ..., 64 on MXMACA}}
  row.sync();
  out[block.thread_rank()] = row.thread_rank();
}

// P3. A dynamic partition of four warps.
__global__ void dynamic_four_warps(float *out) {
  cg::thread_block block = cg::this_thread_block();
  cg::thread_group quarter = cg::tiled_partition(block, 256); // expected-error {{tile size 256 is larger than the platform allows; tiled_partition(parent, n) needs 1, 2, 4, ..., 64 on MXMACA}}
  quarter.sync();
  out[block.thread_rank()] = quarter.thread_rank();
}

// N1. A 64-thread tile is one warp here.
__global__ void warp_reduce(const float *in, float *out) {
  cg::thread_block block = cg::this_thread_block();
  auto warp = cg::tiled_partition<64>(block);
  float v = in[block.thread_rank()];
  for (int offset = 32; offset > 0; offset /= 2)
    v += warp.shfl_down(v, offset);
  if (warp.thread_rank() == 0)
    out[warp.meta_group_rank()] = v;
}

// N2. Half-warps of a warp.
__global__ void half_warps(float *out) {
  cg::thread_block block = cg::this_thread_block();
  auto warp = cg::tiled_partition<64>(block);
  auto half = cg::tiled_partition<32>(warp);
  out[block.thread_rank()] = half.shfl_xor(1.0f, 16);
}

// N3. A dynamic warp.
__global__ void dynamic_warp(float *out) {
  cg::thread_block block = cg::this_thread_block();
  cg::thread_group warp = cg::tiled_partition(block, 64);
  warp.sync();
  out[block.thread_rank()] = warp.thread_rank();
}
