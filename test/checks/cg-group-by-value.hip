// cg-group-by-value on HIP: generic thread_group parameters with 64-lane wavefront tiles.
//
// Positives: 2 parameters, one note each. Negatives: 2 functions, no diagnostic.
#include <hip/hip_runtime.h>
#include <hip/hip_cooperative_groups.h>
namespace cg = cooperative_groups;

// H-P1. A wavefront reduction through the generic group.
__device__ float wave_total(cg::thread_group g, float *scratch, float v) { // expected-note {{'g' is a cg::thread_group passed by value; callers pass thread_block_tile<64>, whose size is known at compile time: take 'const thread_block_tile<64> &' or a template parameter}}
  scratch[g.thread_rank()] = v;
  g.sync();
  float total = 0.0f;
  for (unsigned i = 0; i < g.size(); ++i)
    total += scratch[i];
  g.sync();
  return total;
}

// H-P2. A block barrier helper.
__device__ void block_fence(cg::thread_group g) { g.sync(); } // expected-note {{'g' is a cg::thread_group passed by value; callers pass thread_block}}

// H-N1. The tile by const reference.
__device__ float wave_first(const cg::thread_block_tile<64> &wave, float v) { return wave.shfl(v, 0); }

// H-N2. The generic group by const reference.
__device__ unsigned group_rank(const cg::thread_group &g) { return g.thread_rank(); }

__global__ void wave_sums(float *out, const float *in) {
  __shared__ float scratch[256];
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<64> wave = cg::tiled_partition<64>(block);
  float v = in[blockIdx.x * 256 + threadIdx.x];
  float total = wave_total(wave, scratch + 64 * wave.meta_group_rank(), v);
  block_fence(block);
  out[blockIdx.x * 256 + threadIdx.x] = total + wave_first(wave, v) + group_rank(block);
}
