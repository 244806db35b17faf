// cg-divergent-collective on CUDA (32-lane warps): positives and negatives.
//
// Positives: 54 kernels, one finding each (52 errors, 2 warnings: this_grid(), this_thread_block()).
// Negatives: 49 kernels, no diagnostic from any cg-* rule (one of them a tile ballot in a loop
// whose lanes leave the kernel when they finish it: cg-divergent-collective.strict.cu).
// Decided edge cases (end of file): 4 positive kernels (6 findings), 2 negative kernels.
// Loops whose lanes leave the kernel (end of file): 3 kernels, 1 error; the others are reported
// under --strict only. Then one more negative: a tile's shfl broadcast decides a return.
//
// Every case is its own kernel (with its own __device__ helpers); the comment above it says why it
// is or is not a finding. Groups are passed by const reference so that cg-group-by-value stays
// quiet, every memcpy_async is waited for, no kernel returns before a grid or multi-warp barrier,
// and no warp intrinsic with a mask appears under a lane-divergent branch: the only rule that may
// speak in this file is cg-divergent-collective.
#include <cooperative_groups.h>
#include <cooperative_groups/memcpy_async.h>
#include <cooperative_groups/reduce.h>
#include <cooperative_groups/scan.h>
namespace cg = cooperative_groups;

// =================================================================================================
// POSITIVES
// =================================================================================================

// ---- block barriers under thread-dependent branches ---------------------------------------------

// P1. The seed: sum() hides a __syncthreads(), and only the lower half of the block calls it.
__device__ int sum(int *x, int n) {
  int total = 0;
  for (int i = 0; i < n; ++i)
    total += x[i];
  __syncthreads(); // expected-note {{__syncthreads() is called here}}
  return total;
}

__global__ void hidden_syncthreads_in_helper(int *x, int n) {
  if (threadIdx.x < blockDim.x / 2) // expected-note {{this condition differs between threads of the block}}
    x[n + threadIdx.x] = sum(x, n); // expected-error {{__syncthreads() (in 'sum') is reached only by threads for which 'threadIdx.x < blockDim.x / 2' holds; every thread of the block must call it}}
}

// P2. Barrier in the then-branch: the first warp pairs it with the later barrier of the other
// warps and reads stale data (gpu-probes P21).
__global__ void barrier_in_then_branch(float *out, const float *in) {
  __shared__ float stage[1024];
  unsigned tid = threadIdx.x;
  stage[tid] = in[blockIdx.x * blockDim.x + tid];
  if (tid < 32) { // expected-note {{this condition differs between threads of the block}}
    stage[tid] = stage[tid] * 2.0f;
    __syncthreads(); // expected-error {{__syncthreads() is reached only by threads for which 'tid < 32' holds; every thread of the block must call it}}
  }
  __syncthreads();
  out[blockIdx.x * blockDim.x + tid] = stage[(tid + 1) % blockDim.x];
}

// P3. Barrier in the else-branch: the boundary threads load the halo and wait, the interior
// threads never arrive.
__global__ void barrier_in_else_branch(float *out, const float *in) {
  cg::thread_block block = cg::this_thread_block();
  __shared__ float halo[2];
  unsigned t = block.thread_rank();
  float centre = in[blockIdx.x * blockDim.x + t];
  if (t > 0 && t + 1 < blockDim.x) { // expected-note {{this condition differs between threads of the block}}
    out[blockIdx.x * blockDim.x + t] = centre;
  } else {
    halo[t == 0 ? 0 : 1] = centre;
    block.sync(); // expected-error {{block.sync() is reached only by threads for which 't > 0 && t + 1 < blockDim.x' does not hold; every thread of the block must call it}}
    out[blockIdx.x * blockDim.x + t] = 0.5f * (halo[0] + halo[1]);
  }
}

// P4. Warp leaders publish their partial sums and wait; the other lanes go on to the second
// stage (lane 0 of warp 0 never joins its warp's reduction: a hang).
__global__ void cg_sync_in_warp_leaders(float *out, const float *in) {
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<32> warp = cg::tiled_partition<32>(block);
  __shared__ float partial[32];
  float v = cg::reduce(warp, in[blockIdx.x * blockDim.x + block.thread_rank()], cg::plus<float>());
  if (warp.thread_rank() == 0) { // expected-note {{this condition differs between threads of the block}}
    partial[warp.meta_group_rank()] = v;
    cg::sync(block); // expected-error {{cg::sync(block) is reached only by threads for which 'warp.thread_rank() == 0' holds; every thread of the block must call it}}
  }
  if (warp.meta_group_rank() == 0) {
    v = warp.thread_rank() < warp.meta_group_size() ? partial[warp.thread_rank()] : 0.0f;
    v = cg::reduce(warp, v, cg::plus<float>());
  }
  cg::sync(block);
  if (block.thread_rank() == 0)
    out[blockIdx.x] = v;
}

// P5. The CUDA 9 spelling cg::synchronize(): the last warp loads the bias and waits an extra time.
__global__ void cg_synchronize_in_last_warp(float *out, const float *in, const float *bias) {
  cg::thread_block cta = cg::this_thread_block();
  __shared__ float b[32];
  unsigned t = cta.thread_rank();
  if (t >= cta.size() - 32) { // expected-note {{this condition differs between threads of the block}}
    b[t % 32] = bias[t % 32];
    cg::synchronize(cta); // expected-error {{cg::synchronize(cta) is reached only by threads for which 't >= cta.size() - 32' holds; every thread of the block must call it}}
  }
  cg::synchronize(cta);
  out[blockIdx.x * cta.size() + t] = in[blockIdx.x * cta.size() + t] + b[t % 32];
}

// P6. A conditional operator calls a helper that synchronises the block, for in-range threads only.
__device__ float block_total(const cg::thread_block &g, float *scratch, float v) {
  scratch[g.thread_rank()] = v;
  g.sync(); // expected-note {{g.sync() is called here}}
  float total = 0.0f;
  for (unsigned k = 0; k < g.size(); ++k)
    total += scratch[k];
  return total;
}

__global__ void helper_call_in_conditional_operator(float *out, const float *in, int n) {
  cg::thread_block block = cg::this_thread_block();
  __shared__ float scratch[1024];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = i < n ? in[i] : 0.0f;
  float norm = i < n ? block_total(block, scratch, v) : 1.0f; // expected-error {{g.sync() (in 'block_total') is reached only by threads for which 'i < n' holds; every thread of the block must call it}} expected-note {{this condition differs between threads of the block}}
  if (i < n)
    out[i] = v / norm;
}

// P7. A switch on the warp index: only warp 0's case synchronises.
__global__ void barrier_in_switch_case(float *out, const float *a, const float *b) {
  __shared__ float tile_a[32], tile_b[32];
  int warp_id = threadIdx.x / 32, lane = threadIdx.x % 32;
  switch (warp_id) { // expected-note {{this condition differs between threads of the block}}
  case 0:
    tile_a[lane] = a[blockIdx.x * 32 + lane];
    __syncthreads(); // expected-error {{__syncthreads() is reached only by threads for which}}
    break;
  case 1:
    tile_b[lane] = b[blockIdx.x * 32 + lane];
    break;
  default:
    break;
  }
  __syncthreads();
  if (threadIdx.x < 32)
    out[blockIdx.x * 32 + lane] = tile_a[lane] * tile_b[lane];
}

// ---- loops, break, continue, return, goto --------------------------------------------------------

// P8. Block-stride loop with a barrier inside: when n is not a multiple of blockDim.x the last
// threads run one iteration less.
__global__ void barrier_in_block_stride_loop(float *out, const float *in, int n) {
  __shared__ float buf[1024];
  for (int i = threadIdx.x; i < n; i += blockDim.x) { // expected-note {{this condition differs between threads of the block}}
    buf[threadIdx.x] = in[i];
    __syncthreads(); // expected-error {{__syncthreads() is in a loop whose trip count differs between threads of the block ('i < n'); every thread of the block must call it the same number of times}}
    out[i] = buf[(threadIdx.x + 1) % blockDim.x];
  }
}

// P9. Each thread iterates until its own value converges, synchronising in every sweep.
__global__ void barrier_in_convergence_loop(float *x, float tol) {
  cg::thread_block block = cg::this_thread_block();
  __shared__ float s[1024];
  unsigned t = block.thread_rank();
  float v = x[blockIdx.x * blockDim.x + t];
  float delta = 1.0f;
  while (delta > tol) { // expected-note {{this condition differs between threads of the block}}
    s[t] = v;
    block.sync(); // expected-error {{block.sync() is in a loop whose trip count differs between threads of the block ('delta > tol'); every thread of the block must call it the same number of times}}
    float next = 0.5f * (s[t] + s[(t + 1) % block.size()]);
    delta = fabsf(next - v);
    v = next;
  }
  x[blockIdx.x * blockDim.x + t] = v;
}

// P10. do/while whose trip count is each thread's own amount of work.
__global__ void barrier_in_do_while(int *out, const int *work) {
  cg::thread_block block = cg::this_thread_block();
  __shared__ int acc[1024];
  unsigned t = block.thread_rank();
  int remaining = work[blockIdx.x * blockDim.x + t];
  acc[t] = 0;
  do {
    acc[t] += remaining;
    cg::sync(block); // expected-error {{cg::sync(block) is in a loop whose trip count differs between threads of the block ('--remaining > 0'); every thread of the block must call it the same number of times}}
  } while (--remaining > 0); // expected-note {{this condition differs between threads of the block}}
  out[blockIdx.x * blockDim.x + t] = acc[(t + 1) % block.size()];
}

// P11. Threads whose value has converged leave the sweep loop with break and skip the barrier.
__global__ void break_before_barrier(float *x, int sweeps, float tol) {
  __shared__ float s[1024];
  unsigned t = threadIdx.x;
  int i = blockIdx.x * blockDim.x + t;
  for (int sweep = 0; sweep < sweeps; ++sweep) {
    if (fabsf(x[i]) < tol) // expected-note {{this condition differs between threads of the block}}
      break;
    s[t] = x[i];
    __syncthreads(); // expected-error {{__syncthreads() is reached only by threads for which 'fabsf(x[i]) < tol' does not hold; every thread of the block must call it}}
    x[i] = 0.5f * (s[t] + s[(t + 1) % blockDim.x]);
  }
}

// P12. Tiled matrix-vector product: threads past the last row skip every tile with continue,
// and the barrier with it.
#define MV_TILE 32
__global__ void continue_before_barrier(float *y, const float *A, const float *x, int rows, int cols) {
  __shared__ float xs[MV_TILE];
  int row = blockIdx.x * blockDim.x + threadIdx.x;
  float acc = 0.0f;
  for (int t0 = 0; t0 < cols; t0 += MV_TILE) {
    if (row >= rows) // expected-note {{this condition differs between threads of the block}}
      continue;
    if (threadIdx.x < MV_TILE)
      xs[threadIdx.x] = t0 + threadIdx.x < cols ? x[t0 + threadIdx.x] : 0.0f;
    __syncthreads(); // expected-error {{__syncthreads() is reached only by threads for which 'row >= rows' does not hold; every thread of the block must call it}}
    for (int k = 0; k < MV_TILE && t0 + k < cols; ++k)
      acc += A[row * cols + t0 + k] * xs[k];
  }
  if (row < rows)
    y[row] = acc;
}

// P13. An early return in a device function (not a kernel exit) skips the barrier after it.
__device__ void stage_row(float *s, const float *g, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) // expected-note {{this condition differs between threads of the block}}
    return;
  s[threadIdx.x] = g[i];
  __syncthreads(); // expected-error {{__syncthreads() is reached only by threads for which 'i >= n' does not hold; every thread of the block must call it}}
}

__global__ void return_in_helper_before_barrier(float *out, const float *in, int n) {
  __shared__ float s[1024];
  stage_row(s, in, n);
  __syncthreads();
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = s[(threadIdx.x + 1) % blockDim.x];
}

// P14. goto past a barrier: threads without an item jump to the epilogue and its barrier.
__global__ void goto_over_barrier(float *out, const float *in, const int *count) {
  __shared__ float s[1024];
  unsigned t = threadIdx.x;
  float v = 0.0f;
  if (t >= count[blockIdx.x]) // expected-note {{this condition differs between threads of the block}}
    goto epilogue;
  s[t] = in[blockIdx.x * blockDim.x + t];
  __syncthreads(); // expected-error {{__syncthreads() is reached only by threads for which 't >= count[blockIdx.x]' does not hold; every thread of the block must call it}}
  v = s[count[blockIdx.x] - 1 - t];
epilogue:
  __syncthreads();
  out[blockIdx.x * blockDim.x + t] = v;
}

// ---- short-circuit operators ----------------------------------------------------------------------

// P15. && in the condition: a uniform left operand does not make the whole condition uniform.
__global__ void and_condition(float *out, const float *in, int first_block) {
  cg::thread_block block = cg::this_thread_block();
  __shared__ float s[32];
  if (blockIdx.x >= first_block && threadIdx.x < 32) { // expected-note {{this condition differs between threads of the block}}
    s[threadIdx.x] = in[blockIdx.x * 32 + threadIdx.x];
    block.sync(); // expected-error {{block.sync() is reached only by threads for which 'blockIdx.x >= first_block && threadIdx.x < 32' holds; every thread of the block must call it}}
  }
  block.sync();
  out[blockIdx.x * blockDim.x + threadIdx.x] = s[threadIdx.x % 32];
}

// P16. || in the condition: thread 0, or any thread holding a negative value.
__global__ void or_condition(int *flags, const float *in) {
  cg::thread_block block = cg::this_thread_block();
  __shared__ int any_negative;
  float v = in[blockIdx.x * blockDim.x + threadIdx.x];
  if (threadIdx.x == 0 || v < 0.0f) { // expected-note {{this condition differs between threads of the block}}
    any_negative = v < 0.0f;
    block.sync(); // expected-error {{block.sync() is reached only by threads for which 'threadIdx.x == 0 || v < 0.0f' holds; every thread of the block must call it}}
  }
  block.sync();
  if (threadIdx.x == 0)
    flags[blockIdx.x] = any_negative;
}

// P17. Short-circuit evaluation inside an expression: only the lower half of each tile votes.
__global__ void vote_behind_short_circuit(int *out, const float *in) {
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<32> tile = cg::tiled_partition<32>(block);
  float v = in[blockIdx.x * blockDim.x + threadIdx.x];
  bool lower_has_negative = tile.thread_rank() < 16 && tile.any(v < 0.0f); // expected-error {{tile.any() is reached only by threads for which 'tile.thread_rank() < 16}} expected-note {{this condition differs between threads of the tile}}
  out[blockIdx.x * blockDim.x + threadIdx.x] = lower_has_negative;
}

// ---- collectives inside callees ---------------------------------------------------------------------

// P18. Two levels of calls: the barrier is two functions below the divergent branch.
__device__ void publish_stage(float *s, float v) {
  s[threadIdx.x] = v;
  __syncthreads(); // expected-note {{__syncthreads() is called here}}
}

__device__ float smooth(float *s, float v) {
  publish_stage(s, v); // expected-note {{'publish_stage' is called here}}
  unsigned left = (threadIdx.x + blockDim.x - 1) % blockDim.x, right = (threadIdx.x + 1) % blockDim.x;
  return 0.25f * s[left] + 0.5f * v + 0.25f * s[right];
}

__global__ void barrier_two_calls_down(float *out, const float *in) {
  __shared__ float s[1024];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = in[i];
  if (v > 0.0f) // expected-note {{this condition differs between threads of the block}}
    v = smooth(s, v); // expected-error {{__syncthreads() (in 'publish_stage') is reached only by threads for which 'v > 0.0f' holds; every thread of the block must call it}}
  out[i] = v;
}

// P19. A generic thread_group parameter: the helper syncs the group it is given, here the whole
// block, but only the first warp calls it.
__device__ void exchange(const cg::thread_group &g, float *s, float v, float *result) {
  s[g.thread_rank()] = v;
  g.sync(); // expected-note {{g.sync() is called here}}
  *result = s[(g.thread_rank() + 1) % g.size()];
}

__global__ void group_parameter_under_condition(float *out, const float *in) {
  cg::thread_block block = cg::this_thread_block();
  __shared__ float s[1024];
  float r = 0.0f;
  if (block.thread_rank() < 32) // expected-note {{this condition differs between threads of the}}
    exchange(block, s, in[blockIdx.x * blockDim.x + block.thread_rank()], &r); // expected-error {{g.sync() (in 'exchange') is reached only by threads for which 'block.thread_rank() < 32' holds}}
  block.sync();
  out[blockIdx.x * blockDim.x + block.thread_rank()] = r;
}

// ---- grid and cluster scope ---------------------------------------------------------------------

// P20. The seed: uniform within each block, but the odd blocks never arrive at the grid barrier.
__global__ void grid_sync_in_even_blocks(float *data) {
  cg::grid_group grid = cg::this_grid();
  data[grid.thread_rank()] *= 2.0f;
  if (blockIdx.x % 2 == 0) { // expected-note {{this condition differs between threads of the grid}}
    grid.sync(); // expected-error {{grid.sync() is reached only by threads for which 'blockIdx.x % 2 == 0' holds; every thread of the grid must call it}}
    data[grid.thread_rank()] += data[0];
  }
}

// P21. The last block has no right neighbour and skips the halo exchange, with its grid barrier.
__device__ void exchange_halo(const cg::grid_group &grid, float *u, float *halo) {
  halo[blockIdx.x] = u[(blockIdx.x + 1) * blockDim.x - 1];
  grid.sync(); // expected-note {{grid.sync() is called here}}
  u[blockIdx.x * blockDim.x + threadIdx.x] += 0.5f * halo[blockIdx.x];
}

__global__ void halo_exchange_skipped_by_last_block(float *u, float *halo, int steps) {
  cg::grid_group grid = cg::this_grid();
  for (int step = 0; step < steps; ++step) {
    if (blockIdx.x < gridDim.x - 1) // expected-note {{this condition differs between threads of the grid}}
      exchange_halo(grid, u, halo); // expected-error {{grid.sync() (in 'exchange_halo') is reached only by threads for which 'blockIdx.x < gridDim.x - 1' holds; every thread of the grid must call it}}
    grid.sync();
  }
}

// ---- tile collectives under lane-dependent conditions -----------------------------------------------

// P22. The shared-memory reduction translated to shuffles, guard included: lanes >= offset skip
// the shuffle that the lower lanes read from.
__global__ void shuffle_reduce_guarded_by_lane(float *out, const float *in) {
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<32> tile = cg::tiled_partition<32>(block);
  float v = in[blockIdx.x * blockDim.x + threadIdx.x];
  for (int offset = 16; offset > 0; offset /= 2)
    if (tile.thread_rank() < offset) // expected-note {{this condition differs between threads of the tile}}
      v += tile.shfl_down(v, offset); // expected-error {{tile.shfl_down() is reached only by threads for which 'tile.thread_rank() < offset' holds; every thread of the tile must call it}}
  if (tile.thread_rank() == 0)
    atomicAdd(out, v);
}

// P23. Only threads with a valid key fetch the segment base from lane 0.
__global__ void shfl_under_data_condition(int *out, const int *keys, int base_offset) {
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<32> tile = cg::tiled_partition<32>(block);
  int key = keys[blockIdx.x * blockDim.x + threadIdx.x];
  int base = tile.thread_rank() == 0 ? base_offset : 0;
  if (key >= 0) // expected-note {{this condition differs between threads of the tile}}
    base = tile.shfl(base, 0); // expected-error {{tile.shfl() is reached only by threads for which 'key >= 0' holds; every thread of the tile must call it}}
  out[blockIdx.x * blockDim.x + threadIdx.x] = base + key;
}

// P24. A bounds check around a vote: the last tile of the array is only partly inside.
__global__ void any_under_bounds_check(int *found, const int *keys, int n, int needle) {
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<32> tile = cg::tiled_partition<32>(block);
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) { // expected-note {{this condition differs between threads of the tile}}
    bool hit = tile.any(keys[i] == needle); // expected-error {{tile.any() is reached only by threads for which 'i < n' holds; every thread of the tile must call it}}
    if (hit && tile.thread_rank() == 0)
      atomicOr(found, 1);
  }
}

// P25. The odd lanes check that all of them hold finite values; the even lanes never vote.
__global__ void all_in_odd_lanes(int *ok, const float *v) {
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<32> tile = cg::tiled_partition<32>(block);
  float x = v[blockIdx.x * blockDim.x + threadIdx.x];
  if (tile.thread_rank() % 2 == 1) { // expected-note {{this condition differs between threads of the tile}}
    int all_finite = tile.all(fabsf(x) <= 3.0e38f); // expected-error {{tile.all() is reached only by threads for which 'tile.thread_rank() % 2 == 1' holds; every thread of the tile must call it}}
    if (tile.thread_rank() == 1)
      ok[blockIdx.x * blockDim.x / 32 + tile.meta_group_rank()] = all_finite;
  }
}

// P26. The cooperative-groups form of the threshold-bits loop: lanes past dataLen leave the loop
// one iteration early and miss the last ballot. They leave the kernel too, and a tile collective
// waits only for the lanes that have not exited (probes P13, P15): reported under --strict only
// (cg-divergent-collective.strict.cu).
__global__ void ballot_in_lane_strided_loop(unsigned *bits, const float *data, int dataLen, float threshold) {
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<32> tile = cg::tiled_partition<32>(block);
  for (int i = tile.thread_rank(); i < dataLen; i += 32) {
    unsigned pack = tile.ballot(data[i] > threshold);
    if (tile.thread_rank() == 0)
      bits[i / 32] = pack;
  }
}

// P27. Only lanes with a valid bucket look for their peers; lanes with bucket -1 skip the match.
__global__ void match_any_under_condition(int *hist, const int *bucket) {
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<32> tile = cg::tiled_partition<32>(block);
  int b = bucket[blockIdx.x * blockDim.x + threadIdx.x];
  if (b >= 0) { // expected-note {{this condition differs between threads of the tile}}
    unsigned peers = tile.match_any(b); // expected-error {{tile.match_any() is reached only by threads for which 'b >= 0' holds; every thread of the tile must call it}}
    if (static_cast<int>(tile.thread_rank()) == __ffs(peers) - 1)
      atomicAdd(&hist[b], __popc(peers));
  }
}

// P28. Only four lanes hold partial sums, and only they call the reduction.
__global__ void reduce_in_first_lanes(float *out, const float *partials) {
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<32> tile = cg::tiled_partition<32>(block);
  float total = 0.0f;
  if (tile.thread_rank() < 4) { // expected-note {{this condition differs between threads of the tile}}
    float p = partials[(blockIdx.x * blockDim.x + threadIdx.x) / 8];
    total = cg::reduce(tile, p, cg::plus<float>()); // expected-error {{cg::reduce(tile) is reached only by threads for which 'tile.thread_rank() < 4' holds; every thread of the tile must call it}}
  }
  if (tile.thread_rank() == 0)
    out[blockIdx.x * blockDim.x / 32 + tile.meta_group_rank()] = total;
}

// P29. Segmented prefix sum gone wrong: only flagged lanes join the scan.
__global__ void inclusive_scan_under_flag(int *out, const int *in, const int *flags) {
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<32> tile = cg::tiled_partition<32>(block);
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int v = in[i];
  if (flags[i]) // expected-note {{this condition differs between threads of the tile}}
    v = cg::inclusive_scan(tile, v); // expected-error {{cg::inclusive_scan(tile) is reached only by threads for which 'flags[i]' holds; every thread of the tile must call it}}
  out[i] = v;
}

// P30. Stream compaction with the scan inside the bounds check: the tail tile is incomplete.
__global__ void exclusive_scan_under_bounds(int *out, const int *in, int n) {
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<32> tile = cg::tiled_partition<32>(block);
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) { // expected-note {{this condition differs between threads of the tile}}
    int keep = in[i] != 0;
    int pos = cg::exclusive_scan(tile, keep); // expected-error {{cg::exclusive_scan(tile) is reached only by threads for which 'i < n' holds; every thread of the tile must call it}}
    if (keep)
      out[i - static_cast<int>(tile.thread_rank()) + pos] = in[i];
  }
}

// P31. A 16-thread tile where only the first half of each tile combines and syncs.
__global__ void tile_sync_in_half_tile(float *out, const float *in) {
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<16> t16 = cg::tiled_partition<16>(block);
  __shared__ float s[1024];
  unsigned t = block.thread_rank();
  s[t] = in[blockIdx.x * blockDim.x + t];
  t16.sync();
  if (t16.thread_rank() < 8) { // expected-note {{this condition differs between threads of the tile}}
    s[t] += s[t + 8];
    t16.sync(); // expected-error {{t16.sync() is reached only by threads for which 't16.thread_rank() < 8' holds; every thread of the tile must call it}}
  }
  t16.sync();
  out[blockIdx.x * blockDim.x + t] = s[t - t16.thread_rank()];
}

// P32. The conditional operator evaluates the shuffle only for the lower half of the tile.
__global__ void shuffle_in_conditional_operator(float *out, const float *in) {
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<32> tile = cg::tiled_partition<32>(block);
  float v = in[blockIdx.x * blockDim.x + threadIdx.x];
  float w = tile.thread_rank() < 16 ? tile.shfl_xor(v, 16) : v; // expected-error {{tile.shfl_xor() is reached only by threads for which 'tile.thread_rank() < 16' holds; every thread of the tile must call it}} expected-note {{this condition differs between threads of the tile}}
  out[blockIdx.x * blockDim.x + threadIdx.x] = w;
}

// ---- warp-uniform is not block-uniform ------------------------------------------------------------

// P33. Warp 0 synchronises the block alone.
__global__ void block_sync_in_first_warp(float *out, const float *in) {
  cg::thread_block block = cg::this_thread_block();
  __shared__ float s[1024];
  __shared__ float reversed[32];
  s[threadIdx.x] = in[blockIdx.x * blockDim.x + threadIdx.x];
  if (threadIdx.x / 32 == 0) { // expected-note {{this condition differs between threads of the block}}
    block.sync(); // expected-error {{block.sync() is reached only by threads for which 'threadIdx.x / 32 == 0' holds; every thread of the block must call it}}
    reversed[threadIdx.x] = s[blockDim.x - 1 - threadIdx.x];
  }
  block.sync();
  out[blockIdx.x * blockDim.x + threadIdx.x] = reversed[threadIdx.x % 32];
}

// P34. __syncthreads_count() is a block barrier too; only warp 0 counts.
__global__ void syncthreads_count_in_one_warp(int *out, const float *in) {
  int warp = threadIdx.x / 32;
  float v = in[blockIdx.x * blockDim.x + threadIdx.x];
  int positives = 0;
  if (warp == 0) // expected-note {{this condition differs between threads of the block}}
    positives = __syncthreads_count(v > 0.0f); // expected-error {{__syncthreads_count() is reached only by threads for which 'warp == 0' holds; every thread of the block must call it}}
  __syncthreads();
  if (threadIdx.x == 0)
    out[blockIdx.x] = positives;
}

// ---- asynchronous copies ------------------------------------------------------------------------

// P35. Only the first warp starts the block-wide asynchronous copy.
__global__ void memcpy_async_in_first_warp(float *out, const float *in) {
  cg::thread_block block = cg::this_thread_block();
  __shared__ float s[256];
  if (threadIdx.x < 32) // expected-note {{this condition differs between threads of the block}}
    cg::memcpy_async(block, s, in + blockIdx.x * 256, sizeof(float) * 256); // expected-error {{cg::memcpy_async(block) is reached only by threads for which 'threadIdx.x < 32' holds; every thread of the block must call it}}
  cg::wait(block);
  out[blockIdx.x * blockDim.x + threadIdx.x] = s[threadIdx.x % 256];
}

// P36. The first warp waits for the block's copy early and once more later; the others wait once.
__global__ void wait_in_first_warp(float *out, const float *in) {
  cg::thread_block block = cg::this_thread_block();
  __shared__ float s[256];
  cg::memcpy_async(block, s, in + blockIdx.x * 256, sizeof(float) * 256);
  float head = 0.0f;
  if (threadIdx.x < 32) { // expected-note {{this condition differs between threads of the block}}
    cg::wait(block); // expected-error {{cg::wait(block) is reached only by threads for which 'threadIdx.x < 32' holds; every thread of the block must call it}}
    head = s[threadIdx.x];
  }
  cg::wait(block);
  out[blockIdx.x * blockDim.x + threadIdx.x] = head + s[threadIdx.x % 256];
}

// ---- partitions in divergent code -------------------------------------------------------------------

// P37. threadIdx.x % 16 < 8 puts lanes 0-7 and 8-15 of every 16-thread tile on different sides.
__global__ void partition_splits_tiles(unsigned *out) {
  cg::thread_block block = cg::this_thread_block();
  if (threadIdx.x % 16 < 8) { // expected-note {{this condition differs between threads of the}}
    cg::thread_block_tile<16> t16 = cg::tiled_partition<16>(block); // expected-error {{tiled_partition<16>(block) is reached only by threads for which 'threadIdx.x % 16 < 8' holds; the condition splits the tiles it creates}}
    out[blockIdx.x * blockDim.x + threadIdx.x] = t16.meta_group_rank() * t16.size() + t16.thread_rank();
  }
}

// P38. threadIdx.x < 40 cuts the tile of threads 32-47 in two (gpu-probes P19: size() still says 16).
__global__ void partition_cut_by_bound(unsigned *out) {
  cg::thread_block block = cg::this_thread_block();
  if (threadIdx.x < 40) { // expected-note {{this condition differs between threads of the}}
    cg::thread_block_tile<16> t16 = cg::tiled_partition<16>(block); // expected-error {{tiled_partition<16>(block) is reached only by threads for which 'threadIdx.x < 40' holds; the condition splits the tiles it creates}}
    out[blockIdx.x * blockDim.x + threadIdx.x] = t16.size();
  }
}

// P39. binary_partition() of a warp tile, called only by the in-range lanes of the last tile.
__global__ void binary_partition_under_bounds(int *odd_count, const int *in, int n) {
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<32> tile32 = cg::tiled_partition<32>(block);
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) { // expected-note {{this condition differs between threads of the}}
    cg::coalesced_group parity = cg::binary_partition(tile32, (in[i] & 1) != 0); // expected-error {{binary_partition(tile32) is reached only by threads for which 'i < n' holds}}
    if ((in[i] & 1) != 0 && parity.thread_rank() == 0)
      atomicAdd(odd_count, static_cast<int>(parity.size()));
  }
}

// P40. labeled_partition() of a warp tile under a bounds check that does not follow the labels.
__global__ void labeled_partition_under_bounds(int *hist, const int *keys, int n) {
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<32> tile32 = cg::tiled_partition<32>(block);
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) { // expected-note {{this condition differs between threads of the}}
    int key = keys[i] & 15;
    cg::coalesced_group same_key = cg::labeled_partition(tile32, key); // expected-error {{labeled_partition(tile32) is reached only by threads for which 'i < n' holds}}
    if (same_key.thread_rank() == 0)
      atomicAdd(&hist[key], static_cast<int>(same_key.size()));
  }
}

// ---- implicit-group handles (warnings) --------------------------------------------------------------

// P41. Only thread 0 of each block creates the grid handle.
__global__ void grid_handle_in_thread_zero(unsigned long long *ranks) {
  if (threadIdx.x == 0) { // expected-note {{this condition differs between threads of the grid}}
    cg::grid_group grid = cg::this_grid(); // expected-warning {{this_grid() is reached only by threads for which 'threadIdx.x == 0' holds; creating a grid handle is collective: every thread of the grid should create it}}
    ranks[blockIdx.x] = grid.block_rank();
  }
}

// P42. A block handle made inside a data-dependent branch.
__global__ void block_handle_in_branch(unsigned *out, const float *in) {
  float v = in[blockIdx.x * blockDim.x + threadIdx.x];
  if (v > 0.0f) { // expected-note {{this condition differs between threads of the block}}
    cg::thread_block block = cg::this_thread_block(); // expected-warning {{this_thread_block() is reached only by threads for which 'v > 0.0f' holds}}
    out[blockIdx.x * blockDim.x + threadIdx.x] = block.thread_rank();
  }
}

// ---- where the varying value comes from -----------------------------------------------------------

// P43. An atomic's result differs per thread: only the first thread to arrive waits.
__global__ void barrier_under_atomic_result(int *ctr, float *out, const float *in) {
  __shared__ float first_value;
  float v = in[blockIdx.x * blockDim.x + threadIdx.x];
  if (atomicAdd(&ctr[blockIdx.x], 1) == 0) { // expected-note {{this condition differs between threads of the block}}
    first_value = v;
    __syncthreads(); // expected-error {{__syncthreads() is reached only by threads for which 'atomicAdd(&ctr[blockIdx.x], 1) == 0' holds; every thread of the block must call it}}
  }
  __syncthreads();
  out[blockIdx.x * blockDim.x + threadIdx.x] = v - first_value;
}

// P44. A per-thread load in the condition: threads whose entry is not positive skip the barrier.
__global__ void barrier_under_varying_load(float *out, const int *data, const float *vals) {
  cg::thread_block block = cg::this_thread_block();
  __shared__ float s[1024];
  float acc = 0.0f;
  if (data[threadIdx.x] > 0) { // expected-note {{this condition differs between threads of the block}}
    s[threadIdx.x] = vals[blockIdx.x * blockDim.x + threadIdx.x];
    block.sync(); // expected-error {{block.sync() is reached only by threads for which 'data[threadIdx.x] > 0' holds; every thread of the block must call it}}
    acc = s[(threadIdx.x + 1) % blockDim.x];
  }
  block.sync();
  out[blockIdx.x * blockDim.x + threadIdx.x] = acc;
}

// P45. A flag set under a lane-dependent branch carries the divergence to a later condition.
__global__ void flag_set_in_branch(float *out, const float *in) {
  cg::thread_block block = cg::this_thread_block();
  __shared__ float s[1024];
  bool writer = false;
  if (threadIdx.x % 32 == 0)
    writer = true;
  s[threadIdx.x] = in[blockIdx.x * blockDim.x + threadIdx.x];
  if (writer) { // expected-note {{this condition differs between threads of the block}}
    cg::sync(block); // expected-error {{cg::sync(block) is reached only by threads for which 'writer' holds; every thread of the block must call it}}
    out[blockIdx.x * blockDim.x / 32 + threadIdx.x / 32] = s[(threadIdx.x + 31) % blockDim.x];
  }
  cg::sync(block);
}

// P46. A recursive tree sweep that synchronises at every level, called by half of the block.
// (N31 calls the same helper with the whole block.)
__device__ void sweep_levels(float *s, int level) {
  if (level == 0)
    return;
  int stride = 1 << (level - 1);
  if (threadIdx.x < stride)
    s[threadIdx.x] += s[threadIdx.x + stride];
  __syncthreads(); // expected-note {{__syncthreads() is called here}}
  sweep_levels(s, level - 1);
}

__global__ void recursive_sweep_in_lower_half(float *out, const float *in, int levels) {
  __shared__ float s[1024];
  s[threadIdx.x] = in[blockIdx.x * blockDim.x + threadIdx.x];
  __syncthreads();
  if (threadIdx.x < blockDim.x / 2) // expected-note {{this condition differs between threads of the block}}
    sweep_levels(s, levels - 1); // expected-error {{__syncthreads() (in 'sweep_levels') is reached only by threads for which 'threadIdx.x < blockDim.x / 2' holds; every thread of the block must call it}}
  __syncthreads();
  if (threadIdx.x == 0)
    out[blockIdx.x] = s[0];
}

// P47. Only the leading block of each cluster waits at the cluster barrier before reading its
// neighbour's shared memory.
__global__ void __cluster_dims__(2, 1, 1) cluster_sync_in_leader_block(float *out, const float *in) {
  cg::cluster_group cluster = cg::this_cluster();
  __shared__ float s[1024];
  s[threadIdx.x] = in[blockIdx.x * blockDim.x + threadIdx.x];
  if (cluster.block_rank() == 0) { // expected-note {{this condition differs between threads of the cluster}}
    cluster.sync(); // expected-error {{cluster.sync() is reached only by threads for which 'cluster.block_rank() == 0' holds; every thread of the cluster must call it}}
    float *peer = cluster.map_shared_rank(s, 1);
    out[blockIdx.x * blockDim.x + threadIdx.x] = peer[threadIdx.x];
  }
  cluster.sync();
}

// P48. Blocks own different numbers of tiles, so they call grid.sync() a different number of times.
__global__ void grid_sync_in_block_strided_loop(float *tiles, int num_tiles) {
  cg::grid_group grid = cg::this_grid();
  for (int b = blockIdx.x; b < num_tiles; b += gridDim.x) { // expected-note {{this condition differs between threads of the grid}}
    tiles[b * blockDim.x + threadIdx.x] *= 0.5f;
    grid.sync(); // expected-error {{grid.sync() is in a loop whose trip count differs between threads of the grid ('b < num_tiles'); every thread of the grid must call it the same number of times}}
  }
}

// P49. A 64-thread tile spans two warps; its barrier is a software barrier that hangs when one
// warp skips it (gpu-probes P20).
__global__ void multi_warp_tile_half_sync(float *out, const float *in) {
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<64> t64 = cg::tiled_partition<64>(block);
  __shared__ float s[1024];
  s[threadIdx.x] = in[blockIdx.x * blockDim.x + threadIdx.x];
  if (t64.thread_rank() < 32) { // expected-note {{this condition differs between threads of the tile}}
    t64.sync(); // expected-error {{t64.sync() is reached only by threads for which 't64.thread_rank() < 32' holds; every thread of the tile must call it}}
    out[blockIdx.x * blockDim.x + threadIdx.x] = s[threadIdx.x + 32];
  }
}

// P50. 2-D block: only the first row of threads loads the halo row and synchronises.
__global__ void barrier_in_first_row(float *out, const float *in, int width) {
  __shared__ float halo[32];
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  if (threadIdx.y == 0) { // expected-note {{this condition differs between threads of the block}}
    halo[threadIdx.x] = in[x];
    __syncthreads(); // expected-error {{__syncthreads() is reached only by threads for which 'threadIdx.y == 0' holds; every thread of the block must call it}}
  }
  __syncthreads();
  out[(blockIdx.y * blockDim.y + threadIdx.y) * width + x] = halo[threadIdx.x];
}

// P51. CSR rows have different lengths: one thread per row, with a barrier in the row loop.
__global__ void barrier_in_csr_row_loop(float *y, const int *row_ptr, const int *cols, const float *vals, const float *x) {
  __shared__ float cache[1024];
  int row = blockIdx.x * blockDim.x + threadIdx.x;
  float acc = 0.0f;
  for (int j = row_ptr[row]; j < row_ptr[row + 1]; ++j) { // expected-note {{this condition differs between threads of the block}}
    cache[threadIdx.x] = vals[j] * x[cols[j]];
    __syncthreads(); // expected-error {{__syncthreads() is in a loop whose trip count differs between threads of the block ('j < row_ptr[row + 1]'); every thread of the block must call it the same number of times}}
    acc += cache[threadIdx.x];
  }
  y[row] = acc;
}

// P52. A method reads the count from each thread's own node: it differs between threads.
struct PerThreadNode {
  int begin, end;
  __device__ int count() const { return end - begin; }
};
__global__ void tile_vote_on_own_node(int *out, const PerThreadNode *nodes) {
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<32> tile = cg::tiled_partition<32>(block);
  const PerThreadNode &node = nodes[blockIdx.x * blockDim.x + threadIdx.x];
  if (node.count() > 0) { // expected-note {{this condition differs between threads of the tile}}
    int any = tile.any(node.begin > 0); // expected-error {{tile.any() is reached only by threads for which 'node.count() > 0' holds; every thread of the tile must call it}}
    if (tile.thread_rank() == 0)
      out[blockIdx.x] = any;
  }
}

// P53. A race makes the flag differ: thread 0 takes the ticket and sets the shared flag, and the
// other threads read it with no barrier in between (threadFenceReduction without its barrier).
__device__ unsigned int blocks_done;
__global__ void last_block_unordered(float *out) {
  __shared__ bool last;
  if (threadIdx.x == 0) {
    unsigned ticket = atomicInc(&blocks_done, gridDim.x);
    last = ticket == gridDim.x - 1;
  }
  if (last) { // expected-note {{this condition differs between threads of the block}}
    __syncthreads(); // expected-error {{__syncthreads() is reached only by threads for which 'last' holds; every thread of the block must call it}}
    out[threadIdx.x] = 1.0f;
  }
}

// P54. The racing read is in a helper the condition calls.
__device__ bool positive(const int *slot) { return *slot > 0; }
__global__ void unordered_read_in_helper(int *out, const int *in) {
  __shared__ int slot;
  if (threadIdx.x == 0)
    slot = in[blockIdx.x];
  if (positive(&slot)) // expected-note {{this condition differs between threads of the block}}
    __syncthreads(); // expected-error {{__syncthreads() is reached only by threads for which 'positive(&slot)' holds}}
  out[threadIdx.x] = slot;
}

// P55. A helper syncs and calls itself until a per-thread depth: the recursive call is reached
// only by the threads that go deeper, and it executes the helper's barrier again.
__device__ void sweep_levels(int *s, int depth) {
  s[threadIdx.x] += depth;
  __syncthreads(); // expected-note {{__syncthreads() is called here}}
  if (depth < (int)(threadIdx.x % 4)) // expected-note {{this condition differs between threads of the block}}
    sweep_levels(s, depth + 1); // expected-error {{__syncthreads() (in 'sweep_levels') is reached only by threads for which 'depth < (int)(threadIdx.x % 4)' holds; every thread of the block must call it}}
}
__global__ void recursive_levels(int *out) {
  __shared__ int s[128];
  s[threadIdx.x] = 0;
  sweep_levels(s, 0);
  out[threadIdx.x] = s[threadIdx.x];
}

// =================================================================================================
// NEGATIVES
// =================================================================================================

// ---- block-uniform conditions around block collectives -------------------------------------------

// N1. blockIdx is uniform in the block: whole blocks take one side.
__global__ void barrier_under_block_index(float *out, const float *in, int full_blocks) {
  __shared__ float s[1024];
  s[threadIdx.x] = in[blockIdx.x * blockDim.x + threadIdx.x];
  if (blockIdx.x < full_blocks) {
    __syncthreads();
    out[blockIdx.x * blockDim.x + threadIdx.x] = s[blockDim.x - 1 - threadIdx.x];
  }
}

// N2. A kernel parameter selects the code path for the whole launch.
__global__ void barrier_under_kernel_parameter(float *out, const float *in, bool transpose) {
  cg::thread_block block = cg::this_thread_block();
  __shared__ float tile[32][33];
  unsigned tx = threadIdx.x % 32, ty = threadIdx.x / 32;
  tile[ty][tx] = in[blockIdx.x * blockDim.x + threadIdx.x];
  if (transpose) {
    block.sync();
    out[blockIdx.x * blockDim.x + threadIdx.x] = tile[tx][ty];
  } else {
    out[blockIdx.x * blockDim.x + threadIdx.x] = tile[ty][tx];
  }
}

// N3. blockDim tests of the unrolled block reduction: the same for every thread of the launch.
__global__ void barrier_under_block_dim(float *out, const float *in) {
  __shared__ float s[1024];
  unsigned tid = threadIdx.x;
  s[tid] = in[blockIdx.x * blockDim.x + tid];
  __syncthreads();
  if (blockDim.x >= 512) {
    if (tid < 256)
      s[tid] += s[tid + 256];
    __syncthreads();
  }
  if (blockDim.x >= 256) {
    if (tid < 128)
      s[tid] += s[tid + 128];
    __syncthreads();
  }
  if (blockDim.x >= 128) {
    if (tid < 64)
      s[tid] += s[tid + 64];
    __syncthreads();
  }
  if (tid == 0) {
    float total = 0.0f;
    for (int k = 0; k < 64; ++k)
      total += s[k];
    out[blockIdx.x] = total;
  }
}

// N4. Compile-time constants and gridDim.
constexpr bool kDoubleBuffer = true;
__global__ void barrier_under_constants(float *out, const float *in) {
  cg::thread_block block = cg::this_thread_block();
  __shared__ float buf[2][256];
  unsigned t = threadIdx.x % 256;
  buf[0][t] = in[blockIdx.x * blockDim.x + threadIdx.x];
  buf[1][t] = buf[0][t];
  if (kDoubleBuffer && gridDim.x > 1) {
    block.sync();
    buf[1][t] = buf[0][(t + 1) % 256];
  }
  block.sync();
  out[blockIdx.x * blockDim.x + threadIdx.x] = buf[1][t];
}

// ---- tile-uniform conditions around tile collectives ----------------------------------------------

// N5. Block reduction: warp 0 (meta_group_rank() == 0, uniform in its tile) reduces the warp sums.
__global__ void block_sum_second_stage(float *out, const float *in) {
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<32> warp = cg::tiled_partition<32>(block);
  __shared__ float warp_sums[32];
  float v = cg::reduce(warp, in[blockIdx.x * blockDim.x + threadIdx.x], cg::plus<float>());
  if (warp.thread_rank() == 0)
    warp_sums[warp.meta_group_rank()] = v;
  block.sync();
  if (warp.meta_group_rank() == 0) {
    v = warp.thread_rank() < warp.meta_group_size() ? warp_sums[warp.thread_rank()] : 0.0f;
    v = cg::reduce(warp, v, cg::plus<float>());
    if (warp.thread_rank() == 0)
      out[blockIdx.x] = v;
  }
}

// N6. Only the first tile of each block works, and it syncs itself (the MXMACA seed on CUDA).
__global__ void tile_sync_in_first_tile(int *out) {
  cg::thread_block my_block = cg::this_thread_block();
  cg::thread_block_tile<32> my_tile = cg::tiled_partition<32>(my_block);
  if (my_tile.meta_group_rank() == 0) {
    out[blockIdx.x * 32 + my_tile.thread_rank()] = 1;
    my_tile.sync();
  }
}

// N7. warp == 0 is uniform in the warp: the whole warp reaches __syncwarp().
__global__ void syncwarp_in_warp_zero(float *out, const float *in) {
  __shared__ float s[32];
  int warp = threadIdx.x / 32, lane = threadIdx.x % 32;
  if (warp == 0) {
    s[lane] = in[blockIdx.x * 32 + lane];
    __syncwarp();
    out[blockIdx.x * 32 + lane] = s[31 - lane];
  }
}

// ---- values that are uniform because a barrier or a block-wide reduction made them so ---------------

// N8. threadFenceReduction's last-block test: thread 0 writes the shared flag, the barrier orders
// it, every thread of the block reads the same value.
__global__ void last_block_finishes(float *result, float *block_sums, const float *in, unsigned *retired) {
  cg::thread_block block = cg::this_thread_block();
  __shared__ bool am_last;
  __shared__ float s[1024];
  unsigned t = block.thread_rank();
  s[t] = in[blockIdx.x * blockDim.x + t];
  block.sync();
  if (t == 0) {
    float total = 0.0f;
    for (unsigned k = 0; k < block.size(); ++k)
      total += s[k];
    block_sums[blockIdx.x] = total;
    __threadfence();
    unsigned ticket = atomicInc(retired, gridDim.x);
    am_last = ticket == gridDim.x - 1;
  }
  block.sync();
  if (am_last) {
    s[t] = t < gridDim.x ? block_sums[t] : 0.0f;
    block.sync();
    if (t == 0) {
      float total = 0.0f;
      for (unsigned k = 0; k < block.size(); ++k)
        total += s[k];
      *result = total;
      *retired = 0;
    }
  }
}

// N9. Label propagation inside a block: the loop runs until no thread changed anything, and
// __syncthreads_or() gives every thread the same answer.
__global__ void propagate_until_stable(int *labels, const int *neighbour) {
  __shared__ int s[1024];
  unsigned t = threadIdx.x;
  s[t] = labels[blockIdx.x * blockDim.x + t];
  __syncthreads();
  int changed = 1;
  while (changed) {
    int nb = neighbour[blockIdx.x * blockDim.x + t] % blockDim.x;
    int candidate = s[nb] < s[t] ? s[nb] : s[t];
    __syncthreads();
    int mine = candidate < s[t];
    if (mine)
      s[t] = candidate;
    changed = __syncthreads_or(mine);
  }
  labels[blockIdx.x * blockDim.x + t] = s[t];
}

// N10. __syncthreads_count() decides for the whole block whether the compaction phase runs.
__global__ void compact_when_any_survive(float *out, int *counts, const float *in, float cut) {
  cg::thread_block block = cg::this_thread_block();
  __shared__ float kept[1024];
  __shared__ int next;
  float v = in[blockIdx.x * blockDim.x + threadIdx.x];
  int keep = v > cut;
  if (threadIdx.x == 0)
    next = 0;
  int survivors = __syncthreads_count(keep);
  if (survivors > 0) {
    if (keep)
      kept[atomicAdd(&next, 1)] = v;
    block.sync();
    if (threadIdx.x < survivors)
      out[blockIdx.x * blockDim.x + threadIdx.x] = kept[threadIdx.x];
  }
  if (threadIdx.x == 0)
    counts[blockIdx.x] = survivors;
}

// N11. Conjugate-gradient solver in the style of cuda-samples' conjugateGradientMultiBlockCG: the
// loop condition reads r1, loaded from global memory after a grid barrier (the helper adds to
// *dot_result with atomics; one thread resets it before a grid barrier).
__device__ void grid_dot(const float *a, const float *b, double *result, int n,
                         const cg::thread_block &cta, const cg::grid_group &grid) {
  __shared__ double warp_sums[32];
  double sum = 0.0;
  for (int i = grid.thread_rank(); i < n; i += grid.size())
    sum += static_cast<double>(a[i] * b[i]);
  cg::thread_block_tile<32> tile32 = cg::tiled_partition<32>(cta);
  sum = cg::reduce(tile32, sum, cg::plus<double>());
  if (tile32.thread_rank() == 0)
    warp_sums[tile32.meta_group_rank()] = sum;
  cg::sync(cta);
  if (tile32.meta_group_rank() == 0) {
    sum = tile32.thread_rank() < tile32.meta_group_size() ? warp_sums[tile32.thread_rank()] : 0.0;
    sum = cg::reduce(tile32, sum, cg::plus<double>());
    if (tile32.thread_rank() == 0)
      atomicAdd(result, sum);
  }
}

__device__ void grid_axpy(float a, const float *x, float *y, int n, const cg::grid_group &grid) {
  for (int i = grid.thread_rank(); i < n; i += grid.size())
    y[i] += a * x[i];
}

__global__ void conjugate_gradient(const float *diag, float *x, float *r, float *p, float *Ap,
                                   double *dot_result, int n, float tol, int max_iter) {
  cg::thread_block cta = cg::this_thread_block();
  cg::grid_group grid = cg::this_grid();
  if (grid.thread_rank() == 0)
    *dot_result = 0.0;
  cg::sync(grid);
  grid_dot(r, r, dot_result, n, cta, grid);
  cg::sync(grid);
  float r1 = static_cast<float>(*dot_result);
  float r0 = 0.0f;
  int k = 1;
  while (r1 > tol * tol && k <= max_iter) {
    if (k > 1) {
      float beta = r1 / r0;
      for (int i = grid.thread_rank(); i < n; i += grid.size())
        p[i] = r[i] + beta * p[i];
    } else {
      for (int i = grid.thread_rank(); i < n; i += grid.size())
        p[i] = r[i];
    }
    cg::sync(grid);
    for (int i = grid.thread_rank(); i < n; i += grid.size())
      Ap[i] = diag[i] * p[i];
    if (grid.thread_rank() == 0)
      *dot_result = 0.0;
    cg::sync(grid);
    grid_dot(p, Ap, dot_result, n, cta, grid);
    cg::sync(grid);
    float alpha = r1 / static_cast<float>(*dot_result);
    grid_axpy(alpha, p, x, n, grid);
    grid_axpy(-alpha, Ap, r, n, grid);
    r0 = r1;
    cg::sync(grid);
    if (grid.thread_rank() == 0)
      *dot_result = 0.0;
    cg::sync(grid);
    grid_dot(r, r, dot_result, n, cta, grid);
    cg::sync(grid);
    r1 = static_cast<float>(*dot_result);
    ++k;
  }
}

// N12. Persistent Jacobi iteration: a fixed number of sweeps, a grid barrier after each.
__global__ void jacobi_persistent(float *u, float *u_new, const float *f, int n, int iterations) {
  cg::grid_group grid = cg::this_grid();
  for (int it = 0; it < iterations; ++it) {
    for (int i = grid.thread_rank(); i < n; i += grid.size()) {
      float left = i > 0 ? u[i - 1] : 0.0f;
      float right = i + 1 < n ? u[i + 1] : 0.0f;
      u_new[i] = 0.5f * (left + right + f[i]);
    }
    grid.sync();
    float *swap = u;
    u = u_new;
    u_new = swap;
  }
}

// ---- full tiles, coalesced groups and partitions ----------------------------------------------------

// N13. Warp shuffle reduction over full tiles; the bounds check only selects the value.
__global__ void warp_shuffle_reduce(float *out, const float *in, int n) {
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<32> tile = cg::tiled_partition<32>(block);
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = i < n ? in[i] : 0.0f;
  for (int offset = tile.size() / 2; offset > 0; offset /= 2)
    v += tile.shfl_down(v, offset);
  if (tile.thread_rank() == 0)
    atomicAdd(out, v);
}

// N14. Warp-aggregated atomics (cuda-samples warpAggregatedAtomicsCG): coalesced_threads() is made
// of the threads that are active in the branch, so its collectives there are fine.
__device__ int atomic_agg_inc(int *counter) {
  cg::coalesced_group active = cg::coalesced_threads();
  int res = 0;
  if (active.thread_rank() == 0)
    res = atomicAdd(counter, static_cast<int>(active.size()));
  return active.shfl(res, 0) + static_cast<int>(active.thread_rank());
}

__global__ void filter_positive(int *dst, int *nres, const int *src, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n && src[i] > 0)
    dst[atomic_agg_inc(nres)] = src[i];
}

// N15. Groups partitioned from a coalesced group inherit its exemption.
__global__ void quads_of_active_threads(int *out, const int *in, int threshold) {
  int v = in[blockIdx.x * blockDim.x + threadIdx.x];
  if (v > threshold) {
    cg::coalesced_group active = cg::coalesced_threads();
    cg::coalesced_group quad = cg::tiled_partition(active, 4);
    int quad_sum = cg::reduce(quad, v, cg::plus<int>());
    quad.sync();
    if (quad.thread_rank() == 0)
      atomicAdd(&out[blockIdx.x], quad_sum);
  }
}

// N16. cuda-samples binaryPartitionCG: every lane of the tile partitions, then each half reduces.
__global__ void odd_even_sums(int *odd_sum, int *even_sum, const int *in, int n) {
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<32> tile32 = cg::tiled_partition<32>(block);
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int elem = i < n ? in[i] : 0;
  cg::coalesced_group parity = cg::binary_partition(tile32, (elem & 1) != 0);
  int part = cg::reduce(parity, elem, cg::plus<int>());
  if (parity.thread_rank() == 0)
    atomicAdd((elem & 1) != 0 ? odd_sum : even_sum, part);
}

// N17. labeled_partition() by every lane of the tile, then collectives on the labeled groups.
__global__ void histogram_by_label(int *hist, const int *keys, int n, int bins) {
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<32> tile32 = cg::tiled_partition<32>(block);
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int key = i < n ? keys[i] % bins : bins; // out-of-range lanes count into an overflow bin
  cg::coalesced_group same_key = cg::labeled_partition(tile32, key);
  int count = cg::reduce(same_key, 1, cg::plus<int>());
  same_key.sync();
  if (same_key.thread_rank() == 0)
    atomicAdd(&hist[key], count);
}

// N18. cuda-samples jacobiCudaGraphs: a tile of 8 made inside threadIdx.x < 8 selects a whole
// tile, which is fine by default.
__global__ void rows_of_eight(double *sum, const double *dx) {
  cg::thread_block cta = cg::this_thread_block();
  if (threadIdx.x < 8) {
    cg::thread_block_tile<8> tile8 = cg::tiled_partition<8>(cta);
    double temp_sum = fabs(dx[blockIdx.x * 8 + threadIdx.x]);
    for (int offset = tile8.size() / 2; offset > 0; offset /= 2)
      temp_sum += tile8.shfl_down(temp_sum, offset);
    tile8.sync();
    if (tile8.thread_rank() == 0)
      atomicAdd(sum, temp_sum);
  }
}

// N19. threadIdx.x < 32 selects two whole 16-thread tiles.
__global__ void half_warps_of_first_warp(float *out, const float *in) {
  cg::thread_block block = cg::this_thread_block();
  __shared__ float s[32];
  if (threadIdx.x < 32) {
    cg::thread_block_tile<16> t16 = cg::tiled_partition<16>(block);
    s[threadIdx.x] = in[blockIdx.x * 32 + threadIdx.x];
    t16.sync();
    out[blockIdx.x * 32 + threadIdx.x] = s[threadIdx.x ^ 15];
  }
}

// ---- role specialisation --------------------------------------------------------------------------

// N20. Role-specialised blocks: the role comes from blockIdx, and each block syncs on its side.
__global__ void role_by_block_index(float *packed, float *smoothed, const float *in, int packer_blocks) {
  cg::thread_block block = cg::this_thread_block();
  __shared__ float s[1024];
  unsigned t = block.thread_rank();
  s[t] = in[blockIdx.x * blockDim.x + t];
  if (blockIdx.x < packer_blocks) {
    block.sync();
    packed[blockIdx.x * blockDim.x + t] = s[blockDim.x - 1 - t];
  } else {
    block.sync();
    smoothed[blockIdx.x * blockDim.x + t] = 0.5f * (s[t] + s[(t + 1) % blockDim.x]);
    block.sync();
  }
}

// N21. Warp-specialised pipeline: the role is warp-granular, the syncs inside are warp tiles'.
__global__ void warp_specialised_pipeline(float *out, const float *in, int num_producer_warps) {
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<32> warp = cg::tiled_partition<32>(block);
  __shared__ float stage[1024];
  float v = 0.0f;
  if (threadIdx.x / 32 < num_producer_warps) {
    stage[threadIdx.x] = in[blockIdx.x * blockDim.x + threadIdx.x];
    warp.sync();
    v = cg::reduce(warp, stage[threadIdx.x ^ 1], cg::plus<float>());
  } else {
    v = warp.shfl(static_cast<float>(warp.meta_group_rank()), 0);
    warp.sync();
  }
  block.sync();
  out[blockIdx.x * blockDim.x + threadIdx.x] = v + stage[threadIdx.x % 32];
}

// ---- loops with uniform trip counts ----------------------------------------------------------------

// N22. A fixed number of stencil steps (kernel parameter), barriers every step.
__global__ void fixed_step_stencil(float *u, int steps) {
  cg::thread_block block = cg::this_thread_block();
  __shared__ float s[1024];
  unsigned t = block.thread_rank();
  s[t] = u[blockIdx.x * blockDim.x + t];
  for (int step = 0; step < steps; ++step) {
    block.sync();
    float next = 0.5f * (s[t] + s[(t + 1) % block.size()]);
    block.sync();
    s[t] = next;
  }
  u[blockIdx.x * blockDim.x + t] = s[t];
}

// N23. The classic shared-memory reduction: the guard is around the addition, the barrier is not.
__global__ void classic_reduction(float *out, const float *in) {
  extern __shared__ float sdata[];
  unsigned tid = threadIdx.x;
  sdata[tid] = in[blockIdx.x * blockDim.x + tid];
  __syncthreads();
  for (unsigned s = blockDim.x / 2; s > 0; s >>= 1) {
    if (tid < s)
      sdata[tid] += sdata[tid + s];
    __syncthreads();
  }
  if (tid == 0)
    out[blockIdx.x] = sdata[0];
}

// N24. A grid-stride loop whose trip count is the same for every thread: base does not depend on
// the thread, only the element index does.
__global__ void grid_stride_with_barrier(float *z, float *y, const float *x, long long n) {
  cg::grid_group grid = cg::this_grid();
  for (long long base = 0; base < n; base += grid.size()) {
    long long i = base + grid.thread_rank();
    if (i < n)
      y[i] = x[i] * x[i];
    grid.sync();
    if (i < n)
      z[i] = y[n - 1 - i];
    grid.sync();
  }
}

// ---- helpers and leaders ---------------------------------------------------------------------------

// N25. The seed: the helper syncs the block it is given, and the whole block calls it.
__device__ int sum_with_group(const cg::thread_block &g, int *x, int n) {
  int total = 0;
  for (int i = 0; i < n; ++i)
    total += x[i];
  g.sync();
  return total;
}

__global__ void group_parameter_whole_block(int *x, int n) {
  cg::thread_block tb = cg::this_thread_block();
  int t = sum_with_group(tb, x, n);
  if (tb.thread_rank() == 0)
    x[n] = t;
}

// N26. The seed: a leader loads into shared memory, then the whole block waits for it.
__global__ void leader_load(int *globalInput, int *out) {
  __shared__ int x;
  cg::thread_block g = cg::this_thread_block();
  if (g.thread_rank() == 0)
    x = *globalInput;
  g.sync();
  out[g.thread_rank()] = x;
}

// N27. A kernel exit before a block barrier belongs to cg-early-exit-before-sync, and only with
// --strict; this rule stays quiet.
__global__ void bounds_return_before_block_barrier(float *out, const float *in, int n) {
  __shared__ float s[1024];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  s[threadIdx.x] = in[i];
  __syncthreads();
  out[i] = s[(threadIdx.x + 1) % blockDim.x];
}

// N28. A uniform early return: whole blocks leave, the rest synchronise together.
__global__ void uniform_exit_then_barriers(float *out, const float *in, int num_tiles) {
  cg::thread_block block = cg::this_thread_block();
  __shared__ float s[1024];
  if (blockIdx.x >= num_tiles)
    return;
  s[threadIdx.x] = in[blockIdx.x * blockDim.x + threadIdx.x];
  block.sync();
  out[blockIdx.x * blockDim.x + threadIdx.x] = s[blockDim.x - 1 - threadIdx.x];
}

// N29. Shared-memory tiled matrix product: bounds are handled in the loads, the trip count is the
// same for every thread.
#define MM_TILE 16
__global__ void tiled_matmul(float *C, const float *A, const float *B, int n) {
  __shared__ float As[MM_TILE][MM_TILE], Bs[MM_TILE][MM_TILE];
  int row = blockIdx.y * MM_TILE + threadIdx.y, col = blockIdx.x * MM_TILE + threadIdx.x;
  float acc = 0.0f;
  for (int t = 0; t < (n + MM_TILE - 1) / MM_TILE; ++t) {
    int a_col = t * MM_TILE + threadIdx.x, b_row = t * MM_TILE + threadIdx.y;
    As[threadIdx.y][threadIdx.x] = row < n && a_col < n ? A[row * n + a_col] : 0.0f;
    Bs[threadIdx.y][threadIdx.x] = b_row < n && col < n ? B[b_row * n + col] : 0.0f;
    __syncthreads();
    for (int k = 0; k < MM_TILE; ++k)
      acc += As[threadIdx.y][k] * Bs[k][threadIdx.x];
    __syncthreads();
  }
  if (row < n && col < n)
    C[row * n + col] = acc;
}

// N30. 1-D stencil: the first threads also load the halo, then everyone meets at one barrier.
#define RADIUS 3
#define STENCIL_BLOCK 256
__global__ void stencil_1d(float *out, const float *in, int n) {
  __shared__ float temp[STENCIL_BLOCK + 2 * RADIUS];
  int g = blockIdx.x * blockDim.x + threadIdx.x;
  int l = threadIdx.x + RADIUS;
  temp[l] = g < n ? in[g] : 0.0f;
  if (threadIdx.x < RADIUS) {
    temp[l - RADIUS] = g >= RADIUS ? in[g - RADIUS] : 0.0f;
    temp[l + STENCIL_BLOCK] = g + STENCIL_BLOCK < n ? in[g + STENCIL_BLOCK] : 0.0f;
  }
  __syncthreads();
  float result = 0.0f;
  for (int off = -RADIUS; off <= RADIUS; ++off)
    result += temp[l + off];
  if (g < n)
    out[g] = result;
}

// N31. The recursive sweep of P46 called by the whole block: its depth is a kernel parameter.
__global__ void recursive_sweep_whole_block(float *out, const float *in, int levels) {
  __shared__ float s[1024];
  s[threadIdx.x] = in[blockIdx.x * blockDim.x + threadIdx.x];
  __syncthreads();
  sweep_levels(s, levels);
  if (threadIdx.x == 0)
    out[blockIdx.x] = s[0];
}

// N32. A helper whose barrier loop is bounded by a parameter that every call site passes uniformly.
__device__ void block_scan_inplace(float *s, int n) {
  for (int offset = 1; offset < n; offset *= 2) {
    float add = threadIdx.x >= offset ? s[threadIdx.x - offset] : 0.0f;
    __syncthreads();
    s[threadIdx.x] += add;
    __syncthreads();
  }
}

__global__ void scan_rows(float *data, int row_len) {
  __shared__ float s[1024];
  s[threadIdx.x] = data[blockIdx.x * row_len + threadIdx.x];
  __syncthreads();
  block_scan_inplace(s, row_len);
  data[blockIdx.x * row_len + threadIdx.x] = s[threadIdx.x];
}

// N33. Stream compaction done right: the bounds go into the predicate, the scan runs on full tiles.
__global__ void compact_with_full_tile_scan(int *out, int *count, const int *in, int n) {
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<32> tile = cg::tiled_partition<32>(block);
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int keep = i < n && in[i] != 0;
  int pos = cg::exclusive_scan(tile, keep);
  int base = 0;
  if (tile.thread_rank() == 31)
    base = atomicAdd(count, pos + keep);
  base = tile.shfl(base, 31);
  if (keep)
    out[base + pos] = in[i];
}

// N34. The whole block starts the copy and waits; only the use of the data is lane-dependent.
__global__ void async_copy_whole_block(float *out, const float *in) {
  cg::thread_block block = cg::this_thread_block();
  __shared__ float s[256];
  cg::memcpy_async(block, s, in + blockIdx.x * 256, sizeof(float) * 256);
  cg::wait(block);
  if (threadIdx.x < 256)
    out[blockIdx.x * 256 + threadIdx.x] = s[255 - threadIdx.x];
}

// N35. The threshold-bits loop with a trip count that is the same for every lane.
__global__ void ballot_loop_uniform_trip(unsigned *bits, const float *data, int dataLen, float threshold) {
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<32> tile = cg::tiled_partition<32>(block);
  for (int base = 0; base < dataLen; base += 32) {
    int i = base + tile.thread_rank();
    unsigned pack = tile.ballot(i < dataLen && data[i] > threshold);
    if (tile.thread_rank() == 0)
      bits[base / 32] = pack;
  }
}

// N36. Iterate until a global flag says converged: the flag is read after a grid barrier, and
// reset only after another one.
__global__ void iterate_until_converged(float *x, int *not_converged, int n, float tol) {
  cg::grid_group grid = cg::this_grid();
  int again = 1;
  while (again) {
    if (grid.thread_rank() == 0)
      *not_converged = 0;
    grid.sync();
    for (int i = grid.thread_rank(); i < n; i += grid.size()) {
      float next = 0.5f * x[i];
      if (fabsf(next - x[i]) > tol)
        atomicOr(not_converged, 1);
      x[i] = next;
    }
    grid.sync();
    again = *not_converged;
    grid.sync();
  }
}

// N37. match_any() on the full tile; its result only steers plain atomics.
__global__ void match_any_full_tile(int *hist, const int *bucket) {
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<32> tile = cg::tiled_partition<32>(block);
  int b = bucket[blockIdx.x * blockDim.x + threadIdx.x];
  unsigned peers = tile.match_any(b);
  if (static_cast<int>(tile.thread_rank()) == __ffs(peers) - 1)
    atomicAdd(&hist[b], __popc(peers));
}

// N38. __constant__ memory is the same for every thread.
__constant__ int c_num_stages;
__global__ void barrier_under_constant_memory(float *out, const float *in) {
  cg::thread_block block = cg::this_thread_block();
  __shared__ float s[1024];
  float v = in[blockIdx.x * blockDim.x + threadIdx.x];
  for (int stage = 0; stage < c_num_stages; ++stage) {
    s[threadIdx.x] = v;
    block.sync();
    v = 0.5f * (v + s[(threadIdx.x + 1) % blockDim.x]);
    block.sync();
  }
  out[blockIdx.x * blockDim.x + threadIdx.x] = v;
}

// N39. The cluster size is the same for every thread of the cluster.
__global__ void __cluster_dims__(2, 1, 1) cluster_sync_when_clustered(float *out, const float *in) {
  cg::cluster_group cluster = cg::this_cluster();
  __shared__ float s[1024];
  s[threadIdx.x] = in[blockIdx.x * blockDim.x + threadIdx.x];
  float v = s[threadIdx.x];
  if (cluster.num_blocks() > 1) {
    cluster.sync();
    float *peer = cluster.map_shared_rank(s, (cluster.block_rank() + 1) % cluster.num_blocks());
    v += peer[threadIdx.x];
    cluster.sync();
  }
  out[blockIdx.x * blockDim.x + threadIdx.x] = v;
}

// N40. blockIdx is uniform in every tile too.
__global__ void tile_reduce_by_block_parity(float *out, const float *in) {
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<32> tile = cg::tiled_partition<32>(block);
  float v = in[blockIdx.x * blockDim.x + threadIdx.x];
  if (blockIdx.x % 2 == 0)
    v = cg::reduce(tile, v, cg::plus<float>());
  else
    v = cg::reduce(tile, v, cg::greater<float>());
  if (tile.thread_rank() == 0)
    out[blockIdx.x * blockDim.x / 32 + tile.meta_group_rank()] = v;
}

// N41. A warp-cooperative work loop: tile.any() in the condition is the same for the whole tile.
__global__ void tile_work_loop(int *done, const int *work) {
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<32> tile = cg::tiled_partition<32>(block);
  int mine = work[blockIdx.x * blockDim.x + threadIdx.x];
  int finished = 0;
  while (tile.any(mine > 0)) {
    finished += cg::reduce(tile, mine > 0 ? 1 : 0, cg::plus<int>());
    if (mine > 0)
      --mine;
  }
  if (tile.thread_rank() == 0)
    atomicAdd(done, finished);
}

// N42. A value broadcast from lane 0 is the same in the whole tile.
__global__ void leader_broadcast_decides(float *out, const float *in, const int *budget) {
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<32> tile = cg::tiled_partition<32>(block);
  float v = in[blockIdx.x * blockDim.x + threadIdx.x];
  int b = tile.thread_rank() == 0 ? budget[blockIdx.x * blockDim.x / 32 + tile.meta_group_rank()] : 0;
  b = tile.shfl(b, 0);
  if (b > 0)
    v = cg::reduce(tile, v, cg::plus<float>());
  out[blockIdx.x * blockDim.x + threadIdx.x] = v;
}

// N43. cuda-samples jacobiCudaGraphs finalError: threadIdx.x < 32 selects warp 0 as a whole tile.
__global__ void final_error_first_warp(double *g_sum, const double *x, int n) {
  cg::thread_block cta = cg::this_thread_block();
  cg::thread_block_tile<32> tile32 = cg::tiled_partition<32>(cta);
  extern __shared__ double warpSum[];
  double sum = 0.0;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
    sum += fabs(x[i] - 1.0);
  for (int offset = tile32.size() / 2; offset > 0; offset /= 2)
    sum += tile32.shfl_down(sum, offset);
  if (tile32.thread_rank() == 0)
    warpSum[threadIdx.x / 32] = sum;
  cg::sync(cta);
  double blockSum = 0.0;
  if (threadIdx.x < blockDim.x / 32)
    blockSum = warpSum[threadIdx.x];
  if (threadIdx.x < 32) {
    for (int offset = tile32.size() / 2; offset > 0; offset /= 2)
      blockSum += tile32.shfl_down(blockSum, offset);
    if (tile32.thread_rank() == 0)
      atomicAdd(g_sum, blockSum);
  }
}

// N44. A read-only table indexed by blockIdx: never written by the kernel, so uniform in the block.
__global__ void barrier_under_read_only_table(float *out, const float *in, const int *tile_flags) {
  cg::thread_block block = cg::this_thread_block();
  __shared__ float s[1024];
  float v = in[blockIdx.x * blockDim.x + threadIdx.x];
  if (tile_flags[blockIdx.x] != 0) {
    s[threadIdx.x] = v;
    block.sync();
    v = s[blockDim.x - 1 - threadIdx.x];
  }
  out[blockIdx.x * blockDim.x + threadIdx.x] = v;
}

// N45. cuda-samples' cdpQuadtree: a method reads the point count of the block's node, before the
// kernel writes any node: the same in the whole block.
struct QuadNode {
  int begin, end;
  __device__ int count() const { return end - begin; }
  __device__ void set_range(int b, int e) { begin = b; end = e; }
};
__global__ void tile_vote_on_block_node(QuadNode *nodes, int *out, int min_points) {
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<32> tile = cg::tiled_partition<32>(block);
  QuadNode &node = nodes[blockIdx.x];
  int n = node.count();
  if (n > min_points) {
    int any = tile.any(static_cast<int>(threadIdx.x) < n);
    if (tile.thread_rank() == 0)
      out[blockIdx.x] = any;
  }
  block.sync();
  if (threadIdx.x == 0)
    nodes[gridDim.x + blockIdx.x].set_range(0, n / 2);
}

// N46. cuda-samples' imageDenoising: a bounds guard on the global pixel index wraps the rest of
// the kernel, barrier included. The threads past the image leave the kernel, as after
// `if (ix >= w || iy >= h) return;`, and exited threads are excused from block barriers on
// CUDA (probes P1, P2): reported under --strict only (cg-divergent-collective.strict.cu).
__global__ void barrier_under_bounds_guard(float *dst, int w, int h) {
  cg::thread_block cta = cg::this_thread_block();
  __shared__ float weights[64];
  const int ix = blockDim.x * blockIdx.x + threadIdx.x;
  const int iy = blockDim.y * blockIdx.y + threadIdx.y;
  if (ix < w && iy < h) {
    weights[threadIdx.y * 8 + threadIdx.x] = ix * 0.5f;
    cg::sync(cta);
    dst[iy * w + ix] = weights[63 - threadIdx.y * 8 - threadIdx.x];
  }
}

// N47. The last-block test in a helper: thread 0 takes the ticket, the helper's barrier orders
// the flag before every thread reads it, and the helper returns it to the whole block.
__device__ unsigned int tickets;
__device__ bool finished_last() {
  __shared__ bool last;
  __threadfence();
  if (threadIdx.x == 0)
    last = atomicAdd(&tickets, 1) == gridDim.x - 1;
  __syncthreads();
  return last;
}
__global__ void last_block_from_helper(float *out, const float *partial) {
  __shared__ float sums[128];
  if (finished_last()) {
    sums[threadIdx.x] = partial[threadIdx.x];
    __syncthreads();
    out[threadIdx.x] = sums[127 - threadIdx.x];
  }
}

// N48. Block-index tests returned by helpers and methods.
__device__ bool is_last_block() { return blockIdx.x == gridDim.x - 1; }
__device__ bool owns_tile(int tile) { return tile % gridDim.x == blockIdx.x; }
struct BlockRange {
  int first, count;
  __device__ bool holds() const { return blockIdx.x - first < count; }
};
__global__ void block_tests_in_helpers(float *out, int tiles, BlockRange range) {
  __shared__ float s[128];
  if (is_last_block() || range.holds()) {
    s[threadIdx.x] = 1.0f;
    __syncthreads();
    out[threadIdx.x] = s[127 - threadIdx.x];
  }
  for (int t = 0; t < tiles; ++t)
    if (owns_tile(t)) {
      s[threadIdx.x] = t;
      __syncthreads();
      out[t] += s[0];
      __syncthreads();
    }
}

// =================================================================================================
// DECIDED EDGE CASES (first written as open questions)
// =================================================================================================

// P-E1. Both sides of a thread-dependent branch call __syncthreads(). The programming guide forbids
// it and synccheck aborts the kernel, although the H100 pairs the two sites as one barrier
// (gpu-probes P3): each barrier is reached by part of the block, so each is reported.
__global__ void barrier_on_both_sides(float *out, const float *in) {
  __shared__ float s[1024];
  unsigned t = threadIdx.x;
  if (t < 32) { // expected-note 2 {{this condition differs between threads of the block}}
    s[t] = in[blockIdx.x * blockDim.x + t];
    __syncthreads(); // expected-error {{__syncthreads() is reached only by threads for which 't < 32' holds; every thread of the block must call it}}
  } else {
    s[t] = 0.0f;
    __syncthreads(); // expected-error {{__syncthreads() is reached only by threads for which 't < 32' does not hold}}
  }
  out[blockIdx.x * blockDim.x + t] = s[t % 32];
}

// P-E2. Two barriers in one divergent region: each collective is its own finding.
__global__ void two_barriers_one_branch(float *out, const float *in) {
  __shared__ float s[1024];
  unsigned t = threadIdx.x;
  if (t < 32) { // expected-note 2 {{this condition differs between threads of the block}}
    s[t] = in[blockIdx.x * blockDim.x + t];
    __syncthreads(); // expected-error {{__syncthreads() is reached only by threads for which 't < 32' holds}}
    s[t] += s[(t + 1) % 32]; // expected-error {{lane 0 reads 's[(t + 1) % 32]', which lane 1 of the same warp overwrites after this read}} expected-note {{lane 1 writes 's[t]' here}}
    __syncthreads(); // expected-error {{__syncthreads() is reached only by threads for which 't < 32' holds}}
  }
  __syncthreads();
  out[blockIdx.x * blockDim.x + t] = s[t % 32];
}

// N-E1. The cooperative-groups form of seed_both_branches_shfl_clean: both sides of a lane branch
// shuffle the same warp-sized tile. The two sites pair like one warp instruction (legal from
// sm_70, gpu-probes P14): no finding.
__global__ void tile_shuffle_on_both_sides(float *v) {
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<32> tile = cg::tiled_partition<32>(block);
  unsigned tid = threadIdx.x;
  float val = v[tid];
  if (tile.thread_rank() < 16)
    v[tid] = tile.shfl_xor(val, 16) + 1.0f;
  else
    v[tid] = tile.shfl_xor(val, 16) - 1.0f;
}

// N-E2. A kernel exit before a warp-tile reduction (gpu-probes P23: exited lanes read as 0). An exit
// is never this rule's root cause: cg-early-exit-before-sync and cg-warp-mask own exits.
__global__ void exit_before_tile_reduce(float *out, const float *in, int n) {
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<32> tile = cg::tiled_partition<32>(block);
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  float v = cg::reduce(tile, in[i], cg::greater<float>());
  if (tile.thread_rank() == 0)
    out[i / 32] = v;
}

// P-E3. The condition is a function of the label, so it never splits a label group, yet CUDA's
// labeled_partition() of a tile matches over the whole tile's mask: the lanes with key < 0 are
// waited for. Reported.
__global__ void labeled_partition_by_label_condition(int *hist, const int *keys) {
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<32> tile32 = cg::tiled_partition<32>(block);
  int key = keys[blockIdx.x * blockDim.x + threadIdx.x];
  if (key >= 0) { // expected-note {{this condition differs between threads of the tile}}
    cg::coalesced_group same_key = cg::labeled_partition(tile32, key); // expected-error {{cg::labeled_partition(tile32) is reached only by threads for which 'key >= 0' holds; the condition splits the groups it creates}}
    if (same_key.thread_rank() == 0)
      atomicAdd(&hist[key], static_cast<int>(same_key.size()));
  }
}

// P-E4. A helper that makes its own block handle and warp tile, called under a bounds check: one
// finding at the call, for the first error-level collective (the partition that splits the tiles);
// the reduce on that tile and the handle warning are the same root cause.
__device__ float warp_max(float v) {
  cg::thread_block_tile<32> tile = cg::tiled_partition<32>(cg::this_thread_block()); // expected-note {{cg::tiled_partition<32>(cg::this_thread_block()) is called here}}
  return cg::reduce(tile, v, cg::greater<float>());
}

__global__ void helper_makes_its_own_tile(float *out, const float *in, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) // expected-note {{this condition differs between threads of the tile}}
    out[i] = warp_max(in[i]); // expected-error {{cg::tiled_partition<32>(cg::this_thread_block()) (in 'warp_max') is reached only by threads for which 'i < n' holds; the condition splits the tiles it creates}}
}

// NOLINT comments cover error findings in every front door.
__global__ void covered_by_nolint(int *out) {
  cg::grid_group grid = cg::this_grid();
  if (threadIdx.x == 0)
    grid.sync(); // NOLINT(cg-divergent-collective)
  if (threadIdx.x == 1)
    // NOLINTNEXTLINE(cg-*)
    grid.sync();
  // NOLINTBEGIN(cg-divergent-collective)
  if (threadIdx.x == 2)
    grid.sync();
  // NOLINTEND(cg-divergent-collective)
  out[0] = 1;
}

// ---- loops whose lanes leave the kernel when they finish (probes P13, P15, P19) -----------------

// N-L1. cuda-samples' binaryPartitionCG: a grid-stride loop partitions the warp tile and syncs it
// each trip; lanes whose last element comes first leave the loop and the kernel, and the tile's
// collectives wait only for the lanes still there. It relies on that hardware rule, as an exit
// before a block barrier does: reported under --strict only (cg-divergent-collective.strict.cu).
__global__ void grid_stride_partitions(int *odd_count, const int *in, unsigned n) {
  cg::thread_block block = cg::this_thread_block();
  cg::grid_group grid = cg::this_grid();
  cg::thread_block_tile<32> tile32 = cg::tiled_partition<32>(block);
  for (unsigned i = grid.thread_rank(); i < n; i += grid.size()) {
    cg::coalesced_group parity = cg::binary_partition(tile32, (in[i] & 1) != 0);
    if ((in[i] & 1) && parity.thread_rank() == 0)
      atomicAdd(odd_count, static_cast<int>(parity.size()));
    cg::sync(tile32);
  }
}

// P-L2. The same loop followed by one more tile collective: lanes that finished the loop wait
// there while the others are still in the loop. An error.
__global__ void grid_stride_then_tile_sync(int *out, const int *in, unsigned n) {
  cg::thread_block block = cg::this_thread_block();
  cg::grid_group grid = cg::this_grid();
  cg::thread_block_tile<32> tile32 = cg::tiled_partition<32>(block);
  int total = 0;
  for (unsigned i = grid.thread_rank(); i < n; i += grid.size()) { // expected-note {{this condition differs between threads of the tile}}
    total += in[i];
    cg::sync(tile32); // expected-error {{cg::sync(tile32) is in a loop whose trip count differs between threads of the tile ('i < n'); every thread of the tile must call it the same number of times}}
  }
  total = cg::reduce(tile32, total, cg::plus<int>());
  if (tile32.thread_rank() == 0)
    atomicAdd(out, total);
}

// N-L3. Threads that leave the loop leave the kernel, and the block barrier in it orders no
// shared memory: the loop form of the bounds guard, reported only with --strict (issue 29;
// cg-divergent-collective.library.cu).
__global__ void grid_stride_block_sync(int *out, const int *in, unsigned n) {
  cg::grid_group grid = cg::this_grid();
  for (unsigned i = grid.thread_rank(); i < n; i += grid.size()) {
    out[i] = in[i];
    __syncthreads();
  }
}

// N-S1. BGHT's insert: one lane tries the compare-and-swap, tile.shfl() gives every lane its
// result, and the tile leaves or goes on together. CUDA 13's shfl takes its value by forwarding
// reference, which reads it and nothing more (e2e.real_toolkit parses this file with CUDA 13).
__device__ bool insert_by_leader(int *table, int key, const cg::thread_block_tile<16> &tile) {
  for (int i = 0; i < 8; ++i) {
    bool ok = false;
    if (tile.thread_rank() == 0)
      ok = atomicCAS(&table[i], -1, key) == -1;
    ok = tile.shfl(ok, 0);
    if (ok)
      return true;
    tile.sync();
  }
  return false;
}
__global__ void leader_inserts(int *table, const int *keys, bool *inserted) {
  auto tile = cg::tiled_partition<16>(cg::this_thread_block());
  inserted[blockIdx.x] = insert_by_leader(table, keys[blockIdx.x], tile);
}
