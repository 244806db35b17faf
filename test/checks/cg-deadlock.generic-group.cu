// cg-deadlock through generic groups: a cooperative_groups::thread_group's operations are those of
// the group it holds (block, tile), so that its barriers pair as that group's do. The CLI runs
// this test with the executor; the plugin and coopcheck-clangd have none and skip it.
// coopcheck-executor
//
// Negative: cuda-samples' simpleCooperativeGroups shape. Positive: a real mismatch through a
// thread_group, which cg-divergent-collective reports (the executor confirms it).
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

// cuda-samples' simpleCooperativeGroups: one reduction over a generic thread_group, called with
// the block and with a tile of 16. The group's sync() is the barrier of the group it holds, and
// its size the same in every member: nothing deadlocks or mismatches.
__device__ int sum_over(const cg::thread_group &g, int *x, int val) {
  int lane = g.thread_rank();
  for (int i = g.size() / 2; i > 0; i /= 2) {
    x[lane] = val;
    g.sync();
    if (lane < i)
      val += x[lane + i];
    g.sync();
  }
  return g.thread_rank() == 0 ? val : -1;
}
__global__ void reduce_block_then_tiles(int *out) {
  __shared__ int workspace[64];
  cg::thread_block block = cg::this_thread_block();
  out[block.thread_rank()] = sum_over(block, workspace, block.thread_rank());
  block.sync();
  cg::thread_group tile16 = cg::tiled_partition(block, 16);
  int offset = block.thread_rank() - tile16.thread_rank();
  out[block.thread_rank()] += sum_over(tile16, workspace + offset, tile16.thread_rank());
}
void launch_reduction(int *out) { reduce_block_then_tiles<<<1, 64>>>(out); }

// The first warp passes one barrier of the block through the generic group, the second two,
// before all meet at the block's own barrier: they pair by count and read stale data.
__device__ void sync_times(const cg::thread_group &g, int times) {
  for (int i = 0; i < times; ++i) // expected-note {{this condition differs between threads of the block}}
    g.sync(); // expected-note {{g.sync() is called here}}
}
__global__ void uneven_barriers(int *out, const int *in) {
  __shared__ int s[64];
  cg::thread_block block = cg::this_thread_block();
  s[threadIdx.x] = in[threadIdx.x];
  sync_times(block, threadIdx.x < 32 ? 1 : 2); // expected-error {{[confirmed: mismatch] g.sync() (in 'sync_times') is in a loop whose trip count differs between threads of the block ('i < times'); every thread of the block must call it the same number of times}}
  block.sync();
  out[threadIdx.x] = s[63 - threadIdx.x];
}
void launch_uneven(int *out, const int *in) { uneven_barriers<<<1, 64>>>(out, in); }
