// cg-divergent-collective on HIP (64-lane wavefronts): a wavefront is a tile of 64, so a
// condition on threadIdx.x / 32 splits it, while threadIdx.x / warpSize does not.
//
// Positives: 12 kernels, one error each. Negatives: 7 kernels, no diagnostic.
#include <hip/hip_runtime.h>
#include <hip/hip_cooperative_groups.h>
namespace cg = cooperative_groups;

// ---- positives --------------------------------------------------------------------------------

// H-P0. A grid-stride loop over rows: the threads past the last row finish first and leave, but
// an AMD block barrier also waits for threads that have exited.
__global__ void barrier_in_rows_loop(float *data, int rows, int width) {
  __shared__ float tile[256];
  const int first = blockIdx.x * width + threadIdx.x;
  for (int i = first; i < rows * width; i += gridDim.x * width) { // expected-note {{this condition differs between threads of the block}}
    tile[threadIdx.x] = data[i];
    __syncthreads(); // expected-error {{__syncthreads() is in a loop whose trip count differs between threads of the block ('i < rows * width')}}
    data[i] = tile[(threadIdx.x + 1) % blockDim.x];
  }
}

// H-P1. The first 32 threads (half a wavefront) stage the coefficients and wait; the rest of the
// block pairs the later barrier with theirs.
__global__ void barrier_in_half_wavefront(float *out, const float *in, const float *coeff) {
  __shared__ float c[32];
  if (threadIdx.x < 32) { // expected-note {{this condition differs between threads of the block}}
    c[threadIdx.x] = coeff[threadIdx.x];
    __syncthreads(); // expected-error {{__syncthreads() is reached only by threads for which 'threadIdx.x < 32' holds; every thread of the block must call it}}
  }
  __syncthreads();
  out[blockIdx.x * blockDim.x + threadIdx.x] = in[blockIdx.x * blockDim.x + threadIdx.x] * c[threadIdx.x % 32];
}

// H-P2. Wavefront reduction with a lane guard around the shuffle.
__global__ void wave_shuffle_guarded_by_lane(float *out, const float *in) {
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<64> wave = cg::tiled_partition<64>(block);
  float v = in[blockIdx.x * blockDim.x + threadIdx.x];
  for (int offset = 32; offset > 0; offset /= 2)
    if (wave.thread_rank() < offset) // expected-note {{this condition differs between threads of the tile}}
      v += wave.shfl_down(v, offset); // expected-error {{wave.shfl_down() is reached only by threads for which 'wave.thread_rank() < offset' holds; every thread of the tile must call it}}
  if (wave.thread_rank() == 0)
    atomicAdd(out, v);
}

// H-P3. Code ported from CUDA: threadIdx.x / 32 == 0 was one warp there, but it is half a
// wavefront here, and the vote is over the whole 64-lane tile.
__global__ void warp32_condition_splits_wavefront(int *out, const float *in) {
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<64> wave = cg::tiled_partition<64>(block);
  float v = in[blockIdx.x * blockDim.x + threadIdx.x];
  if (threadIdx.x / 32 == 0) { // expected-note {{this condition differs between threads of the tile}}
    int any_negative = wave.any(v < 0.0f); // expected-error {{wave.any() is reached only by threads for which 'threadIdx.x / 32 == 0' holds; every thread of the tile must call it}}
    if (wave.thread_rank() == 0)
      out[blockIdx.x] = any_negative;
  }
}

// H-P4. Uniform within each block, but the odd blocks never arrive at the grid barrier.
__global__ void grid_sync_in_even_blocks(float *data) {
  cg::grid_group grid = cg::this_grid();
  data[grid.thread_rank()] *= 2.0f;
  if (blockIdx.x % 2 == 0) { // expected-note {{this condition differs between threads of the grid}}
    grid.sync(); // expected-error {{grid.sync() is reached only by threads for which 'blockIdx.x % 2 == 0' holds; every thread of the grid must call it}}
    data[grid.thread_rank()] += data[0];
  }
}

// H-P5. Lane-strided loop over a bit array: the lanes past len miss the wavefront's last ballot.
__global__ void wave_ballot_in_lane_strided_loop(unsigned long long *bits, const float *data, int len, float threshold) {
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<64> wave = cg::tiled_partition<64>(block);
  for (int i = wave.thread_rank(); i < len; i += 64) { // expected-note {{this condition differs between threads of the tile}}
    unsigned long long pack = wave.ballot(data[i] > threshold); // expected-error {{wave.ballot() is in a loop whose trip count differs between threads of the tile ('i < len'); every thread of the tile must call it the same number of times}}
    if (wave.thread_rank() == 0)
      bits[i / 64] = pack;
  }
}

// H-P6. A helper hides the block barrier; only the lower half of the block calls it.
__device__ float stage_and_average(float *s, float v) {
  s[threadIdx.x] = v;
  __syncthreads(); // expected-note {{__syncthreads() is called here}}
  return 0.5f * (v + s[(threadIdx.x + 1) % blockDim.x]);
}

__global__ void hidden_barrier_in_helper(float *out, const float *in) {
  __shared__ float s[1024];
  float v = in[blockIdx.x * blockDim.x + threadIdx.x];
  if (threadIdx.x < blockDim.x / 2) // expected-note {{this condition differs between threads of the block}}
    v = stage_and_average(s, v); // expected-error {{__syncthreads() (in 'stage_and_average') is reached only by threads for which 'threadIdx.x < blockDim.x / 2' holds; every thread of the block must call it}}
  out[blockIdx.x * blockDim.x + threadIdx.x] = v;
}

// H-P7. A bounds guard wraps the barrier and the rest of the kernel: on CUDA the threads past the
// data leave and are excused (a --strict warning there), but on AMD a thread that left before
// __syncthreads() deadlocks or faults the block: still an error.
__global__ void barrier_under_bounds_guard(float *dst, int n) {
  __shared__ float s[256];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) { // expected-note {{this condition differs between threads of the block}}
    s[threadIdx.x] = i;
    __syncthreads(); // expected-error {{__syncthreads() is reached only by threads for which 'i < n' holds; every thread of the block must call it}}
    dst[i] = s[255 - threadIdx.x];
  }
}

// H-P8. A race makes the count differ: thread 0 stores it and the others read it with no barrier
// in between, so threads can run different numbers of barriers.
__global__ void count_read_unordered(float *out, const int *counts) {
  __shared__ int rounds;
  if (threadIdx.x == 0)
    rounds = counts[blockIdx.x];
  for (int r = 0; r < rounds; ++r) // expected-note {{this condition differs between threads of the block}}
    __syncthreads(); // expected-error {{__syncthreads() is in a loop whose trip count differs between threads of the block}}
  out[threadIdx.x] = rounds;
}

// H-L1. The lane id from the platform's intrinsic splits the block as `threadIdx.x % 64`
// does: the low quarter of every warp stages and waits, the rest never arrives.
__global__ void barrier_in_low_lanes(float *out, const float *in) {
  __shared__ float staged[64];
  if (__lane_id() < 16) { // expected-note {{this condition differs between threads of the block}}
    staged[__lane_id()] = in[threadIdx.x];
    __syncthreads(); // expected-error {{__syncthreads() is reached only by threads for which '__lane_id() < 16' holds; every thread of the block must call it}}
  }
  out[threadIdx.x] = staged[threadIdx.x % 16];
}

// H-L2. Its twin on the thread index, reported alike.
__global__ void barrier_in_low_lanes_by_index(float *out, const float *in) {
  __shared__ float staged[64];
  if (threadIdx.x % 64 < 16) { // expected-note {{this condition differs between threads of the block}}
    staged[threadIdx.x % 64] = in[threadIdx.x];
    __syncthreads(); // expected-error {{__syncthreads() is reached only by threads for which 'threadIdx.x % 64 < 16' holds; every thread of the block must call it}}
  }
  out[threadIdx.x] = staged[threadIdx.x % 16];
}

// H-L3. A tile of 32 synced by the lanes whose id leaves 0-7 modulo 32.
__global__ void tile_sync_in_low_lanes(float *v) {
  cg::thread_block_tile<32> tile = cg::tiled_partition<32>(cg::this_thread_block());
  if (__lane_id() % 32 < 8) { // expected-note {{this condition differs between threads of the tile}}
    v[threadIdx.x] += 1.0f;
    tile.sync(); // expected-error {{tile.sync() is reached only by threads for which '__lane_id() % 32 < 8' holds; every thread of the tile must call it}}
  }
}

// H-L4. Its twin on the thread index.
__global__ void tile_sync_in_low_lanes_by_index(float *v) {
  cg::thread_block_tile<32> tile = cg::tiled_partition<32>(cg::this_thread_block());
  if (threadIdx.x % 64 % 32 < 8) { // expected-note {{this condition differs between threads of the tile}}
    v[threadIdx.x] += 1.0f;
    tile.sync(); // expected-error {{tile.sync() is reached only by threads for which 'threadIdx.x % 64 % 32 < 8' holds; every thread of the tile must call it}}
  }
}

// ---- negatives --------------------------------------------------------------------------------

// H-N9. The same count published with a barrier first.
__global__ void count_read_ordered(float *out, const int *counts) {
  __shared__ int rounds;
  if (threadIdx.x == 0)
    rounds = counts[blockIdx.x];
  __syncthreads();
  for (int r = 0; r < rounds; ++r)
    __syncthreads();
  out[threadIdx.x] = rounds;
}

// H-N1. threadIdx.x / warpSize is the wavefront index: uniform in the 64-lane tile.
__global__ void wavefront_index_condition(float *out, const float *in) {
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<64> wave = cg::tiled_partition<64>(block);
  float v = in[blockIdx.x * blockDim.x + threadIdx.x];
  if (threadIdx.x / warpSize == 0) {
    for (int offset = 32; offset > 0; offset /= 2)
      v += wave.shfl_down(v, offset);
    if (wave.thread_rank() == 0)
      out[blockIdx.x] = v;
  }
}

// H-N2. Block reduction: the first wavefront (meta_group_rank() == 0) reduces the wave sums.
__global__ void block_sum_first_wavefront(float *out, const float *in) {
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<64> wave = cg::tiled_partition<64>(block);
  __shared__ float wave_sums[16];
  float v = in[blockIdx.x * blockDim.x + threadIdx.x];
  for (int offset = 32; offset > 0; offset /= 2)
    v += wave.shfl_down(v, offset);
  if (wave.thread_rank() == 0)
    wave_sums[wave.meta_group_rank()] = v;
  block.sync();
  if (wave.meta_group_rank() == 0) {
    v = wave.thread_rank() < wave.meta_group_size() ? wave_sums[wave.thread_rank()] : 0.0f;
    for (int offset = 32; offset > 0; offset /= 2)
      v += wave.shfl_down(v, offset);
    if (wave.thread_rank() == 0)
      out[blockIdx.x] = v;
  }
}

// H-N3. Warp-aggregated atomic increment with coalesced_threads() inside a divergent branch.
__device__ int atomic_agg_inc(int *counter) {
  cg::coalesced_group active = cg::coalesced_threads();
  int base = 0;
  if (active.thread_rank() == 0)
    base = atomicAdd(counter, static_cast<int>(active.size()));
  return active.shfl(base, 0) + static_cast<int>(active.thread_rank());
}

__global__ void filter_positive(int *dst, int *count, const int *src, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n && src[i] > 0)
    dst[atomic_agg_inc(count)] = src[i];
}

// H-N4. Persistent kernel: a fixed number of sweeps with a grid barrier after each.
__global__ void persistent_relaxation(float *x, const float *b, int n, int sweeps) {
  cg::grid_group grid = cg::this_grid();
  for (int sweep = 0; sweep < sweeps; ++sweep) {
    for (int i = grid.thread_rank(); i < n; i += grid.size())
      x[i] = 0.5f * (x[i] + b[i]);
    grid.sync();
  }
}

// H-N5. threadIdx.x < 64 selects the first wavefront as a whole.
__global__ void first_wavefront_reduces(float *out, const float *partial) {
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<64> wave = cg::tiled_partition<64>(block);
  __shared__ float s[1024];
  s[threadIdx.x] = partial[blockIdx.x * blockDim.x + threadIdx.x];
  block.sync();
  if (threadIdx.x < 64) {
    float v = s[threadIdx.x] + s[threadIdx.x + 64];
    for (int offset = 32; offset > 0; offset /= 2)
      v += wave.shfl_down(v, offset);
    if (wave.thread_rank() == 0)
      out[blockIdx.x] = v;
  }
}

// H-N6. A 32-thread tile is half a wavefront: threadIdx.x / 32 is uniform in it.
__global__ void half_wave_tiles(int *out, const float *in) {
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<32> half = cg::tiled_partition<32>(block);
  float v = in[blockIdx.x * blockDim.x + threadIdx.x];
  if (threadIdx.x / 32 == 1) {
    unsigned long long positive = half.ballot(v > 0.0f);
    half.sync();
    if (half.thread_rank() == 0)
      out[blockIdx.x] = __popcll(positive);
  }
}

// H-N7. hip-tests' shape: one thread reads the grid's rank through a handle it creates alone.
// HIP's handles are plain values built from the thread's indices; creating one is not collective
// there (on CUDA and MXMACA it is a warning).
__global__ void handle_made_by_one_thread(unsigned *rank_out) {
  if (blockIdx.x == 0 && threadIdx.x == 0)
    rank_out[0] = cg::this_grid().thread_rank() + cg::this_thread_block().size();
}
