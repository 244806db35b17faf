// cg-tile-size on CUDA (sm_80, the default target: multi-warp tiles of 64..1024 threads are fine).
//
// Positives: 14 findings. Negatives: 14 kernels or helpers, no diagnostic.
// Groups are passed by const reference (cg-group-by-value stays quiet) and every collective is
// reached by its whole group: the only rule that speaks in this file is cg-tile-size.
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

// ---- Positives ------------------------------------------------------------------------------

// P1. Rows of 48 threads: 48 is not a power of two.
__global__ void row_sums_48(const float *m, float *sums) {
  cg::thread_block block = cg::this_thread_block();
  auto row = cg::tiled_partition<48>(block); // expected-error {{tile size 48 is not a power of two; tiled_partition needs 1, 2, 4, ..., 32 on CUDA (or 64..1024 with compute capability 8.0+)}}
  float v = m[block.thread_rank()];
  row.sync();
  if (row.thread_rank() == 0)
    sums[row.meta_group_rank()] = v;
}

// P2. 2048 threads: more than the largest multi-warp tile (and than any block).
__global__ void whole_block_tile(float *out) {
  cg::thread_block block = cg::this_thread_block();
  auto tile = cg::tiled_partition<2048>(block); // expected-error {{tile size 2048 is larger than the platform allows; tiled_partition needs 1, 2, 4, ..., 32 on CUDA (or 64..1024 with compute capability 8.0+)}}
  tile.sync();
  out[block.thread_rank()] = tile.thread_rank();
}

// P3. A templated reduction instantiated with a good and two bad widths: the call is reported
// once, for the first bad instantiation.
template <unsigned Width>
__global__ void segmented_sum(const float *in, float *out) {
  cg::thread_block block = cg::this_thread_block();
  auto segment = cg::tiled_partition<Width>(block); // expected-error {{tile size 24 is not a power of two}}
  float v = in[block.thread_rank()];
  segment.sync();
  if (segment.thread_rank() == 0)
    out[segment.meta_group_rank()] = v;
}
template __global__ void segmented_sum<32>(const float *, float *);
template __global__ void segmented_sum<24>(const float *, float *);
template __global__ void segmented_sum<12>(const float *, float *);

// P4. A dynamic partition with a literal size that is not a power of two (traps at run time).
__global__ void dynamic_rows(float *out) {
  cg::thread_block block = cg::this_thread_block();
  cg::thread_group row = cg::tiled_partition(block, 48); // expected-error {{tile size 48 is not a power of two; tiled_partition(parent, n) needs 1, 2, 4, ..., 32 on CUDA (multi-warp tiles need tiled_partition<N>)}}
  row.sync();
  out[block.thread_rank()] = row.thread_rank();
}

// P5. A dynamic partition through a local const variable: 64 is a multi-warp size, which only
// tiled_partition<64> makes.
__global__ void dynamic_two_warps(float *out) {
  cg::thread_block block = cg::this_thread_block();
  const unsigned pair_of_warps = 64;
  cg::thread_group pair = cg::tiled_partition(block, pair_of_warps); // expected-error {{tile size 64 is larger than the platform allows; tiled_partition(parent, n) needs 1, 2, 4, ..., 32 on CUDA}}
  pair.sync();
  out[block.thread_rank()] = pair.thread_rank();
}

// P6. A dynamic partition through a constexpr constant.
constexpr int kLanesPerPixel = 12;
__global__ void pixels(float *out) {
  cg::thread_block block = cg::this_thread_block();
  cg::thread_group pixel = cg::tiled_partition(block, kLanesPerPixel); // expected-error {{tile size 12 is not a power of two}}
  pixel.sync();
  out[block.thread_rank()] = pixel.thread_rank();
}

// P7. A tile of 64 cut from a warp tile of 32: larger than its parent.
__global__ void tile_of_warp(float *out) {
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<32> warp = cg::tiled_partition<32>(block);
  auto pair = cg::tiled_partition<64>(warp); // expected-error {{tile size 64 is larger than its parent, a tile of 32 threads}}
  pair.sync();
  out[block.thread_rank()] = pair.thread_rank();
}

// P8. A dynamic tile of 32 cut from a tile of 16.
__global__ void dynamic_of_half_warp(float *out) {
  cg::thread_block block = cg::this_thread_block();
  auto half = cg::tiled_partition<16>(block);
  cg::thread_group quad = cg::tiled_partition(half, 32); // expected-error {{tile size 32 is larger than its parent, a tile of 16 threads}}
  quad.sync();
  out[block.thread_rank()] = quad.thread_rank();
}

// P9. A static tile of 16 cut from a dynamic tile of 8, whose size is known.
__global__ void static_of_dynamic(float *out) {
  cg::thread_block block = cg::this_thread_block();
  cg::thread_group octet = cg::tiled_partition(block, 8);
  auto sixteen = cg::tiled_partition<16>(octet); // expected-error {{tile size 16 is larger than its parent, a tile of 8 threads}}
  sixteen.sync();
  out[block.thread_rank()] = sixteen.thread_rank();
}

// P10. A library helper that takes a tile of 40 threads.
__device__ float tile_sum_40(const cg::thread_block_tile<40> &tile, float v) { // expected-error {{tile size 40 is not a power of two; thread_block_tile needs 1, 2, 4, ..., 32 on CUDA}}
  tile.sync();
  return v;
}

// P11. A tile of 0 threads.
__global__ void empty_tile(float *out) {
  cg::thread_block block = cg::this_thread_block();
  auto none = cg::tiled_partition<0>(block); // expected-error {{tile size 0 is not a power of two}}
  out[block.thread_rank()] = none.size();
}

// P12. A templated dynamic width instantiated with a multi-warp size.
template <int Width>
__device__ unsigned rank_in_segment() {
  cg::thread_block block = cg::this_thread_block();
  cg::thread_group segment = cg::tiled_partition(block, Width); // expected-error {{tile size 128 is larger than the platform allows; tiled_partition(parent, n) needs 1, 2, 4, ..., 32 on CUDA}}
  return segment.thread_rank();
}
__global__ void segments(unsigned *out) { out[threadIdx.x] = rank_in_segment<128>(); }

// P13. A tile of 16 cut from a dynamic tile of 24 (itself reported): 16 does not divide 24.
__global__ void uneven_parent(float *out) {
  cg::thread_block block = cg::this_thread_block();
  cg::thread_group triple_octet = cg::tiled_partition(block, 24); // expected-error {{tile size 24 is not a power of two}}
  auto sixteen = cg::tiled_partition<16>(triple_octet); // expected-error {{tile size 16 does not divide its parent, a tile of 24 threads}}
  sixteen.sync();
  out[block.thread_rank()] = sixteen.thread_rank();
}

// ---- Negatives ------------------------------------------------------------------------------

// N1. The classic warp reduction with tiled_partition<32>.
__global__ void warp_reduce(const float *in, float *out) {
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<32> warp = cg::tiled_partition<32>(block);
  float v = in[block.thread_rank()];
  for (int offset = warp.size() / 2; offset > 0; offset /= 2)
    v += warp.shfl_down(v, offset);
  if (warp.thread_rank() == 0)
    out[warp.meta_group_rank()] = v;
}

// N2. Half-warps cut from a warp tile: 16 divides 32.
__global__ void half_warps(float *out) {
  cg::thread_block block = cg::this_thread_block();
  auto warp = cg::tiled_partition<32>(block);
  auto half = cg::tiled_partition<16>(warp);
  out[block.thread_rank()] = half.shfl_xor(1.0f, 8);
}

// N3. A multi-warp tile of 64 on sm_80 (the default target).
__global__ void pair_of_warps(float *out) {
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<64> pair = cg::tiled_partition<64>(block);
  pair.sync();
  out[block.thread_rank()] = pair.thread_rank();
}

// N4. A multi-warp tile of 128 with a block_tile_memory scratch.
__global__ void tile_with_scratch(float *out) {
  __shared__ cg::block_tile_memory<256> scratch;
  cg::thread_block block = cg::this_thread_block(scratch);
  auto quarter = cg::tiled_partition<128>(block);
  quarter.sync();
  out[block.thread_rank()] = quarter.thread_rank();
}

// N5. A dynamic size from a kernel parameter: not a constant, nothing to check.
__global__ void dynamic_width(float *out, unsigned width) {
  cg::thread_block block = cg::this_thread_block();
  cg::thread_group segment = cg::tiled_partition(block, width);
  segment.sync();
  out[block.thread_rank()] = segment.thread_rank();
}

// N6. A dynamic size of 16 from a const variable.
__global__ void dynamic_sixteen(float *out) {
  cg::thread_block block = cg::this_thread_block();
  const unsigned sixteen = 16;
  cg::thread_group segment = cg::tiled_partition(block, sixteen);
  segment.sync();
  out[block.thread_rank()] = segment.thread_rank();
}

// N7. Tiles of one thread.
__global__ void single_threads(float *out) {
  cg::thread_block block = cg::this_thread_block();
  auto one = cg::tiled_partition<1>(block);
  auto self = cg::this_thread();
  out[block.thread_rank()] = one.thread_rank() + self.thread_rank();
}

// N8. The largest multi-warp tile, a whole block of 1024.
__global__ void block_sized_tile(float *out) {
  cg::thread_block block = cg::this_thread_block();
  auto all = cg::tiled_partition<1024>(block);
  all.sync();
  out[block.thread_rank()] = all.thread_rank();
}

// N9. The templated reduction with good widths only.
template <unsigned Width>
__global__ void strided_sum(const float *in, float *out) {
  cg::thread_block block = cg::this_thread_block();
  auto segment = cg::tiled_partition<Width>(block);
  float v = in[block.thread_rank()];
  for (unsigned offset = Width / 2; offset > 0; offset /= 2)
    v += segment.shfl_down(v, offset);
  if (segment.thread_rank() == 0)
    out[segment.meta_group_rank()] = v;
}
template __global__ void strided_sum<8>(const float *, float *);
template __global__ void strided_sum<16>(const float *, float *);
template __global__ void strided_sum<32>(const float *, float *);

// N10. Tiles of a coalesced group: its size is known only at run time.
__global__ void active_quads(float *out, const int *flags) {
  if (flags[threadIdx.x]) {
    cg::coalesced_group active = cg::coalesced_threads();
    auto quad = cg::tiled_partition<4>(active);
    cg::coalesced_group pair = cg::tiled_partition(active, 2);
    out[threadIdx.x] = quad.thread_rank() + pair.thread_rank();
  }
}

// N11. A helper taking a warp tile.
__device__ float warp_total(const cg::thread_block_tile<32> &warp, float v) {
  for (int offset = 16; offset > 0; offset /= 2)
    v += warp.shfl_xor(v, offset);
  return v;
}

// N12. A tile as large as its parent: valid, if pointless.
__global__ void same_size(float *out) {
  cg::thread_block block = cg::this_thread_block();
  auto warp = cg::tiled_partition<32>(block);
  auto again = cg::tiled_partition<32>(warp);
  out[block.thread_rank()] = again.thread_rank();
}

// N13. A helper templated on the tile size, instantiated with 16: the size is written at the
// partition, which is fine.
template <unsigned N>
__device__ float tile_max(const cg::thread_block_tile<N> &tile, float v) {
  for (unsigned offset = N / 2; offset > 0; offset /= 2)
    v = fmaxf(v, tile.shfl_xor(v, offset));
  return v;
}
__global__ void maxima(float *out) {
  cg::thread_block block = cg::this_thread_block();
  auto sixteen = cg::tiled_partition<16>(block);
  out[block.thread_rank()] = tile_max(sixteen, out[block.thread_rank()]);
}

// N14. A size computed from blockDim: not a constant.
__global__ void quarter_block(float *out) {
  cg::thread_block block = cg::this_thread_block();
  unsigned quarter_size = blockDim.x / 4;
  cg::thread_group quarter = cg::tiled_partition(block, quarter_size);
  quarter.sync();
  out[block.thread_rank()] = quarter.thread_rank();
}
