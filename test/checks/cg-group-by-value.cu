// cg-group-by-value on CUDA: device functions taking a generic cg::thread_group by value.
//
// Positives: 13 parameters, one note each (level note: performance advice). Negatives: 13
// functions, no diagnostic. Every collective is reached by its whole group, so that no other
// rule speaks in this file.
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

// =================================================================================================
// POSITIVES
// =================================================================================================

// P1. The classic block reduction helper, called with a warp tile.
__device__ float tile_sum(cg::thread_group g, float *scratch, float v) { // expected-note {{'g' is a cg::thread_group passed by value; callers pass thread_block_tile<32>, whose size is known at compile time: take 'const thread_block_tile<32> &' or a template parameter}}
  unsigned lane = g.thread_rank();
  for (unsigned i = g.size() / 2; i > 0; i /= 2) {
    scratch[lane] = v;
    g.sync();
    if (lane < i)
      v += scratch[lane + i];
    g.sync();
  }
  return v;
}
__global__ void warp_sums(float *out, const float *in) {
  __shared__ float scratch[256];
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<32> warp = cg::tiled_partition<32>(block);
  float s = tile_sum(warp, scratch + 32 * warp.meta_group_rank(), in[blockIdx.x * 256 + threadIdx.x]);
  if (warp.thread_rank() == 0)
    out[blockIdx.x * 8 + warp.meta_group_rank()] = s;
}

// P2. Called with the whole block.
__device__ int reduce_sum(cg::thread_group g, int *temp, int val) { // expected-note {{'g' is a cg::thread_group passed by value; callers pass thread_block, whose operations need no dispatch on the group's kind at run time: take 'const thread_block &' or a template parameter}}
  int lane = g.thread_rank();
  for (int i = g.size() / 2; i > 0; i /= 2) {
    temp[lane] = val;
    g.sync();
    if (lane < i)
      val += temp[lane + i];
    g.sync();
  }
  return val;
}
__global__ void block_sum(int *sum, const int *input) {
  extern __shared__ int temp[];
  cg::thread_block block = cg::this_thread_block();
  int s = reduce_sum(block, temp, input[blockIdx.x * blockDim.x + threadIdx.x]);
  if (block.thread_rank() == 0)
    atomicAdd(sum, s);
}

// P3. Two callers, two group types: only a template keeps both.
__device__ void barrier_of(cg::thread_group g) { g.sync(); } // expected-note {{'g' is a cg::thread_group passed by value; callers pass thread_block_tile<32> and thread_block: take a template parameter, or 'const cg::thread_group &'}}
__global__ void two_callers(float *data) {
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<32> warp = cg::tiled_partition<32>(block);
  data[threadIdx.x] *= 2.0f;
  barrier_of(warp);
  data[threadIdx.x] += 1.0f;
  barrier_of(block);
}

// P4. No caller in this file.
__device__ unsigned long long rank_of(cg::thread_group g) { return g.thread_rank(); } // expected-note {{'g' is a cg::thread_group passed by value; take 'const cg::thread_group &', or the specialized group type (a template parameter) when callers have one}}

// P5. The caller's group is itself generic (a run-time sized partition): nothing specialized to suggest.
__device__ float broadcast_first(cg::thread_group g, float *slot, float v) { // expected-note {{'g' is a cg::thread_group passed by value; take 'const cg::thread_group &'}}
  if (g.thread_rank() == 0)
    *slot = v;
  g.sync();
  return *slot;
}
__global__ void dynamic_partition(float *out, const float *in) {
  __shared__ float slots[8];
  cg::thread_block block = cg::this_thread_block();
  cg::thread_group part = cg::tiled_partition(block, 32);
  out[threadIdx.x] = broadcast_first(part, &slots[threadIdx.x / 32], in[threadIdx.x]);
}

// P6. The grid, through a generic parameter.
__device__ void grid_barrier(cg::thread_group g) { g.sync(); } // expected-note {{'g' is a cg::thread_group passed by value; callers pass grid_group}}
__global__ void two_phase(float *data, int n) {
  cg::grid_group grid = cg::this_grid();
  for (int i = grid.thread_rank(); i < n; i += grid.size())
    data[i] *= 2.0f;
  grid_barrier(grid);
  for (int i = grid.thread_rank(); i < n; i += grid.size())
    data[i] += data[(i + 1) % n];
}

// P7. The group is not the first parameter.
__device__ float dot(const float *a, const float *b, cg::thread_group group) { // expected-note {{'group' is a cg::thread_group passed by value; callers pass thread_block_tile<16>, whose size is known at compile time: take 'const thread_block_tile<16> &'}}
  float partial = a[group.thread_rank()] * b[group.thread_rank()];
  return partial;
}
__global__ void half_warp_dots(float *out, const float *a, const float *b) {
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<16> half = cg::tiled_partition<16>(block);
  out[threadIdx.x] = dot(a + 16 * half.meta_group_rank(), b + 16 * half.meta_group_rank(), half);
}

// P8. A function template whose parameter is written as thread_group: one note for all instantiations.
template <int N>
__device__ void scale_rows(cg::thread_group g, float (&rows)[N]) { // expected-note {{'g' is a cg::thread_group passed by value; callers pass thread_block}}
  for (int i = g.thread_rank(); i < N; i += g.size())
    rows[i] *= 0.5f;
  g.sync();
}
__global__ void scale_both(float *out) {
  __shared__ float small[64], large[512];
  cg::thread_block block = cg::this_thread_block();
  scale_rows(block, small);
  scale_rows(block, large);
  out[threadIdx.x] = small[threadIdx.x % 64] + large[threadIdx.x % 512];
}

// P9. A device lambda taking the generic group, called with a warp tile.
__global__ void lambda_reduce(float *out, const float *in) {
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<32> warp = cg::tiled_partition<32>(block);
  auto leader_writes = [&](cg::thread_group g, float v) { // expected-note {{'g' is a cg::thread_group passed by value; callers pass thread_block_tile<32>}}
    if (g.thread_rank() == 0)
      out[blockIdx.x * 8 + threadIdx.x / 32] = v;
  };
  leader_writes(warp, in[blockIdx.x * 256 + threadIdx.x]);
}

// P10. A coalesced group handed over as a generic group.
__device__ void count_active(cg::thread_group g, int *counter) { // expected-note {{'g' is a cg::thread_group passed by value; callers pass coalesced_group}}
  if (g.thread_rank() == 0)
    atomicAdd(counter, (int)g.size());
}
__global__ void active_lanes(int *counter, const int *flags) {
  if (flags[blockIdx.x * blockDim.x + threadIdx.x]) {
    cg::coalesced_group active = cg::coalesced_threads();
    count_active(active, counter);
  }
}

// P11. An alias of thread_group is still the generic group.
using group_t = cg::thread_group;
__device__ void fence_group(group_t g) { g.sync(); } // expected-note {{'g' is a cg::thread_group passed by value; callers pass thread_block}}
__global__ void alias_caller(float *data) {
  cg::thread_block block = cg::this_thread_block();
  data[threadIdx.x] = 1.0f;
  fence_group(block);
}

// P12. const by value is still a copy of the generic group.
__device__ bool is_leader(const cg::thread_group g) { return g.thread_rank() == 0; } // expected-note {{'g' is a cg::thread_group passed by value; callers pass thread_block_tile<32>}}
__global__ void leaders(int *count) {
  cg::thread_block_tile<32> warp = cg::tiled_partition<32>(cg::this_thread_block());
  if (is_leader(warp))
    atomicAdd(count, 1);
}

// P13. The caller keeps the tile in a thread_group variable initialised from tiled_partition<8>.
__device__ void sync_part(cg::thread_group g) { g.sync(); } // expected-note {{'g' is a cg::thread_group passed by value; callers pass thread_block_tile<8>}}
__global__ void generic_variable(float *data) {
  cg::thread_block block = cg::this_thread_block();
  cg::thread_group eighth = cg::tiled_partition<8>(block);
  data[threadIdx.x] += 1.0f;
  sync_part(eighth);
}

// =================================================================================================
// NEGATIVES
// =================================================================================================

// N1. A const reference.
__device__ void sync_const_ref(const cg::thread_group &g) { g.sync(); }
// N2. A non-const reference.
__device__ void sync_ref(cg::thread_group &g) { g.sync(); }
// N3. A pointer.
__device__ void sync_ptr(cg::thread_group *g) { g->sync(); }
// N4. A specialized tile by value: its size is part of the type.
__device__ float tile_max(cg::thread_block_tile<32> t, float v) {
  for (int i = 16; i > 0; i /= 2)
    v = fmaxf(v, t.shfl_down(v, i));
  return v;
}
// N5. The block by value.
__device__ void block_barrier(cg::thread_block b) { b.sync(); }
// N6. The grid by value.
__device__ unsigned long long grid_rank(cg::grid_group g) { return g.thread_rank(); }
// N7. A coalesced group by value.
__device__ unsigned active_count(cg::coalesced_group g) { return g.size(); }
// N8. A template parameter: the caller's type is kept, even when it is thread_group.
template <typename Group> __device__ void generic_barrier(Group g) { g.sync(); }
// N9. Declared here, defined in another file (-rdc): not this file's code to change.
__device__ void external_reduce(cg::thread_group g, float *data);
// N10. A thread_group variable, not a parameter.
// N11. A thread_group returned by value.
__device__ cg::thread_group pick(const cg::thread_block &block, bool whole) {
  cg::thread_group chosen = whole ? cg::thread_group(block) : cg::thread_group(cg::tiled_partition(block, 32));
  return chosen;
}
// N12. A templated tile size keeps the size too.
template <unsigned Size> __device__ float tile_first(const cg::thread_block_tile<Size> &t, float v) {
  return t.shfl(v, 0);
}
// N13. Host code with a thread_group in a declaration only.
void host_declares(cg::thread_group g);

__global__ void negatives(float *data, int *count) {
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<32> warp = cg::tiled_partition<32>(block);
  cg::thread_group g = block;
  sync_const_ref(g);
  sync_ref(g);
  sync_ptr(&g);
  data[threadIdx.x] = tile_max(warp, data[threadIdx.x]);
  block_barrier(block);
  data[threadIdx.x] += grid_rank(cg::this_grid());
  generic_barrier(g);
  generic_barrier(warp);
  data[threadIdx.x] += tile_first(warp, data[threadIdx.x]);
  cg::thread_group chosen = pick(block, true);
  chosen.sync();
  if (data[threadIdx.x] > 0.0f)
    atomicAdd(count, (int)active_count(cg::coalesced_threads()));
}
