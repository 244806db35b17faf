// coopcheck-args: --hip-wave32
// cg-tile-size on a wave32 HIP target: a wavefront, and so the largest tile, has 32 lanes.
//
// Positives: 1 finding. Negatives: 1 kernel, no diagnostic.
#include <hip/hip_cooperative_groups.h>
namespace cg = cooperative_groups;

// P1. A 64-lane tile is two wavefronts here.
__global__ void wave64_tiles(float *out) {
  cg::thread_block block = cg::this_thread_block();
  auto wave = cg::tiled_partition<64>(block); // expected-error {{tile size 64 is larger than the platform allows; tiled_partition needs 1, 2, 4, ..., 32 on HIP (the wavefront size)}}
  wave.sync();
  out[block.thread_rank()] = wave.thread_rank();
}

// N1. The whole wavefront.
__global__ void wave_reduce(const float *in, float *out) {
  cg::thread_block block = cg::this_thread_block();
  auto wave = cg::tiled_partition<32>(block);
  float v = in[block.thread_rank()];
  for (int offset = 16; offset > 0; offset /= 2)
    v += wave.shfl_down(v, offset);
  if (wave.thread_rank() == 0)
    out[wave.meta_group_rank()] = v;
}
