// cg-tile-size on HIP: tiles hold at most one wavefront (64 lanes); HIP has no multi-warp tiles.
//
// Positives: 4 findings. Negatives: 4 kernels, no diagnostic.
#include <hip/hip_cooperative_groups.h>
namespace cg = cooperative_groups;

// P1. Two wavefronts.
__global__ void two_waves(float *out) {
  cg::thread_block block = cg::this_thread_block();
  auto pair = cg::tiled_partition<128>(block); // expected-error {{tile size 128 is larger than the platform allows; tiled_partition needs 1, 2, 4, ..., 64 on HIP (the wavefront size)}}
  pair.sync();
  out[block.thread_rank()] = pair.thread_rank();
}

// P2. Not a power of two.
__global__ void rows_of_48(float *out) {
  cg::thread_block block = cg::this_thread_block();
  auto row = cg::tiled_partition<48>(block); // expected-error {{tile size 48 is not a power of two; tiled_partition needs 1, 2, 4, ..., 64 on HIP}}
  row.sync();
  out[block.thread_rank()] = row.thread_rank();
}

// P3. A dynamic partition larger than a wavefront (HIP asserts).
__global__ void dynamic_two_waves(float *out) {
  cg::thread_block block = cg::this_thread_block();
  cg::thread_group pair = cg::tiled_partition(block, 128); // expected-error {{tile size 128 is larger than the platform allows; tiled_partition(parent, n) needs 1, 2, 4, ..., 64 on HIP}}
  pair.sync();
  out[block.thread_rank()] = pair.thread_rank();
}

// P4. A whole wavefront cut from a half.
__global__ void wave_of_half(float *out) {
  cg::thread_block block = cg::this_thread_block();
  auto half = cg::tiled_partition<32>(block);
  auto wave = cg::tiled_partition<64>(half); // expected-error {{tile size 64 is larger than its parent, a tile of 32 threads}}
  wave.sync();
  out[block.thread_rank()] = wave.thread_rank();
}

// N1. The wavefront reduction with tiled_partition<64>.
__global__ void wave_reduce(const float *in, float *out) {
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<64> wave = cg::tiled_partition<64>(block);
  float v = in[block.thread_rank()];
  for (int offset = 32; offset > 0; offset /= 2)
    v += wave.shfl_down(v, offset);
  if (wave.thread_rank() == 0)
    out[wave.meta_group_rank()] = v;
}

// N2. Half-wavefronts cut from a wavefront.
__global__ void half_waves(float *out) {
  cg::thread_block block = cg::this_thread_block();
  auto wave = cg::tiled_partition<64>(block);
  auto half = cg::tiled_partition<32>(wave);
  out[block.thread_rank()] = half.shfl_xor(1.0f, 16);
}

// N3. A dynamic wavefront.
__global__ void dynamic_wave(float *out) {
  cg::thread_block block = cg::this_thread_block();
  cg::thread_group wave = cg::tiled_partition(block, 64);
  wave.sync();
  out[block.thread_rank()] = wave.thread_rank();
}

// N4. Quads.
__global__ void quads(float *out) {
  cg::thread_block block = cg::this_thread_block();
  auto quad = cg::tiled_partition<4>(block);
  out[block.thread_rank()] = quad.shfl(2.0f, 0);
}
