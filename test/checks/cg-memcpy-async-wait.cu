// cg-memcpy-async-wait on CUDA: the destination of cg::memcpy_async used before cg::wait or
// cg::wait_prior completes the copy, and copies a kernel never waits for.
//
// Positives: 17 kernels or helpers, one finding each. Negatives: 18 kernels, no diagnostic.
// Groups are passed by const reference (cg-group-by-value stays quiet) and every collective is
// reached by the whole group: the only rule that speaks in this file is cg-memcpy-async-wait.
#include <cooperative_groups.h>
#include <cooperative_groups/memcpy_async.h>
#include <cuda/barrier>
namespace cg = cooperative_groups;

#define TILE 256

__device__ float sum_tile(const float *s, int n) {
  float total = 0.0f;
  for (int i = 0; i < n; ++i)
    total += s[i];
  return total;
}

// =================================================================================================
// POSITIVES
// =================================================================================================

// P1. The tile is read right after the copy starts; the wait comes too late.
__global__ void read_before_wait(float *out, const float *in) {
  cg::thread_block block = cg::this_thread_block();
  __shared__ float tile[TILE];
  cg::memcpy_async(block, tile, in + blockIdx.x * TILE, sizeof(float) * TILE); // expected-note {{the copy into 'tile' starts here}}
  float v = tile[threadIdx.x]; // expected-error {{'tile' is read before the copy into it by cg::memcpy_async(block) has completed; wait for the copy with cg::wait or cg::wait_prior on the same group first}}
  cg::wait(block); // expected-note {{the copy is waited for only here}}
  out[blockIdx.x * TILE + threadIdx.x] = v;
}

// P2. A sentinel written into the buffer while the copy may still overwrite it.
__global__ void write_before_wait(float *out, const float *in, int n) {
  cg::thread_block block = cg::this_thread_block();
  __shared__ float buf[TILE + 1];
  cg::memcpy_async(block, buf, in + blockIdx.x * TILE, sizeof(float) * TILE); // expected-note {{the copy into 'buf' starts here}}
  if (threadIdx.x == 0)
    buf[TILE] = 0.0f; // expected-error {{'buf' is written before the copy into it by cg::memcpy_async(block) has completed}}
  cg::wait(block); // expected-note {{the copy is waited for only here}}
  block.sync();
  out[blockIdx.x * TILE + threadIdx.x] = buf[threadIdx.x] + buf[TILE];
}

// P3. block.sync() is not a wait: the copy may still be in flight after the barrier.
__global__ void sync_instead_of_wait(float *out, const float *in) {
  cg::thread_block block = cg::this_thread_block();
  __shared__ float tile[TILE];
  cg::memcpy_async(block, tile, in + blockIdx.x * TILE, sizeof(float) * TILE); // expected-note {{the copy into 'tile' starts here}}
  block.sync();
  out[blockIdx.x * TILE + threadIdx.x] = tile[TILE - 1 - threadIdx.x]; // expected-error {{'tile' is read before the copy into it by cg::memcpy_async(block) has completed}}
}

// P4. The copy is started but the kernel never waits for it.
__global__ void never_waited(float *out, const float *in) {
  cg::thread_block block = cg::this_thread_block();
  __shared__ float tile[TILE];
  cg::memcpy_async(block, tile, in + blockIdx.x * TILE, sizeof(float) * TILE); // expected-error {{the copy into 'tile' by cg::memcpy_async(block) is not waited for on some path to the end of kernel 'never_waited'; call cg::wait on the same group before the kernel returns}}
  out[blockIdx.x * TILE + threadIdx.x] = in[threadIdx.x];
}

// P5. Blocks past the end return with their copy in flight; the others wait.
__global__ void early_return_before_wait(float *out, const float *in, int nblocks) {
  cg::thread_block block = cg::this_thread_block();
  __shared__ float tile[TILE];
  cg::memcpy_async(block, tile, in + blockIdx.x * TILE, sizeof(float) * TILE); // expected-error {{the copy into 'tile' by cg::memcpy_async(block) is not waited for on some path to the end of kernel 'early_return_before_wait'}}
  if (blockIdx.x >= nblocks)
    return;
  cg::wait(block); // expected-note {{it is waited for here, but not on every path}}
  out[blockIdx.x * TILE + threadIdx.x] = tile[threadIdx.x];
}

// P6. A pointer into the shared array: the access through it is an access of the destination.
__global__ void read_through_row_pointer(float *out, const float *in) {
  cg::thread_block block = cg::this_thread_block();
  __shared__ float tile[TILE];
  cg::memcpy_async(block, tile, in + blockIdx.x * TILE, sizeof(float) * TILE); // expected-note {{the copy into 'tile' starts here}}
  const float *row = tile + 32 * (threadIdx.x / 32);
  float first = row[0]; // expected-error {{'tile' is read before the copy into it by cg::memcpy_async(block) has completed}}
  cg::wait(block); // expected-note {{the copy is waited for only here}}
  out[blockIdx.x * TILE + threadIdx.x] = first + row[threadIdx.x % 32];
}

// P7. Dynamic shared memory reinterpreted as floats.
__global__ void extern_shared_read(float *out, const float *in, int n) {
  cg::thread_block block = cg::this_thread_block();
  extern __shared__ char smem[];
  float *stage = reinterpret_cast<float *>(smem);
  cg::memcpy_async(block, stage, in + blockIdx.x * n, sizeof(float) * n); // expected-note {{the copy into 'smem' starts here}}
  float v = stage[threadIdx.x]; // expected-error {{'smem' is read before the copy into it by cg::memcpy_async(block) has completed}}
  cg::wait(block); // expected-note {{the copy is waited for only here}}
  out[blockIdx.x * n + threadIdx.x] = v;
}

// P8. The warp's wait does not complete the block's copy.
__global__ void wait_on_other_group(float *out, const float *in) {
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<32> warp = cg::tiled_partition<32>(block);
  __shared__ float tile[TILE];
  cg::memcpy_async(block, tile, in + blockIdx.x * TILE, sizeof(float) * TILE); // expected-note {{the copy into 'tile' starts here}}
  cg::wait(warp);
  out[blockIdx.x * TILE + threadIdx.x] = tile[threadIdx.x]; // expected-error {{'tile' is read before the copy into it by cg::memcpy_async(block) has completed}}
  cg::wait(block); // expected-note {{the copy is waited for only here}}
}

// P9. wait_prior<1> leaves the latest copy in flight: 'b' is not ready yet ('a' is).
__global__ void wait_prior_reads_latest(float *out, const float *x, const float *y) {
  cg::thread_block block = cg::this_thread_block();
  __shared__ float a[TILE], b[TILE];
  cg::memcpy_async(block, a, x + blockIdx.x * TILE, sizeof(float) * TILE);
  cg::memcpy_async(block, b, y + blockIdx.x * TILE, sizeof(float) * TILE); // expected-note {{the copy into 'b' starts here}}
  cg::wait_prior<1>(block);
  float sum = a[threadIdx.x] + b[threadIdx.x]; // expected-error {{'b' is read before the copy into it by cg::memcpy_async(block) has completed}}
  cg::wait(block); // expected-note {{the copy is waited for only here}}
  out[blockIdx.x * TILE + threadIdx.x] = sum;
}

// P10. The destination handed to a helper that reads it, before the wait.
__global__ void passed_before_wait(float *out, const float *in) {
  cg::thread_block block = cg::this_thread_block();
  __shared__ float tile[TILE];
  cg::memcpy_async(block, tile, in + blockIdx.x * TILE, sizeof(float) * TILE); // expected-note {{the copy into 'tile' starts here}}
  float total = sum_tile(tile, TILE); // expected-error {{'tile' is passed to 'sum_tile' before the copy into it by cg::memcpy_async(block) has completed}}
  cg::wait(block); // expected-note {{the copy is waited for only here}}
  if (threadIdx.x == 0)
    out[blockIdx.x] = total;
}

// P11. A helper starts the copy; the kernel reads the tile without waiting first.
__device__ void stage_in(const cg::thread_block &block, float *dst, const float *src) {
  cg::memcpy_async(block, dst, src, sizeof(float) * TILE); // expected-note {{the copy into 'tile' starts here}}
}
__global__ void copy_started_in_helper(float *out, const float *in) {
  cg::thread_block block = cg::this_thread_block();
  __shared__ float tile[TILE];
  stage_in(block, tile, in + blockIdx.x * TILE); // expected-note {{'stage_in' is called here}}
  float v = tile[threadIdx.x]; // expected-error {{'tile' is read before the copy into it by cg::memcpy_async(block) (in 'stage_in') has completed}}
  cg::wait(block); // expected-note {{the copy is waited for only here}}
  out[blockIdx.x * TILE + threadIdx.x] = v;
}

// P12. In a pipeline, the stage just issued is read in the same iteration without a wait.
__global__ void same_stage_in_loop(float *out, const float *in, int n) {
  cg::thread_block block = cg::this_thread_block();
  __shared__ float buf[2][TILE];
  float acc = 0.0f;
  for (int k = 0; k < n; ++k) {
    cg::memcpy_async(block, buf[k % 2], in + k * TILE, sizeof(float) * TILE); // expected-note {{the copy into 'buf' starts here}}
    acc += buf[k % 2][threadIdx.x]; // expected-error {{'buf' is read before the copy into it by cg::memcpy_async(block) has completed}}
    cg::wait(block); // expected-note {{the copy is waited for only here}}
    block.sync();
  }
  out[blockIdx.x * TILE + threadIdx.x] = acc;
}

// P13. Off by one stage: wait_prior<1> completes stage k, but the loop reads stage k + 1.
__global__ void reads_stage_in_flight(float *out, const float *in, int n) {
  cg::thread_block block = cg::this_thread_block();
  __shared__ float buf[2][TILE];
  float acc = 0.0f;
  cg::memcpy_async(block, buf[0], in, sizeof(float) * TILE);
  for (int k = 0; k + 1 < n; ++k) {
    cg::memcpy_async(block, buf[(k + 1) % 2], in + (k + 1) * TILE, sizeof(float) * TILE); // expected-note {{the copy into 'buf' starts here}}
    cg::wait_prior<1>(block);
    acc += buf[(k + 1) % 2][threadIdx.x]; // expected-error {{'buf' is read before the copy into it by cg::memcpy_async(block) has completed}}
    block.sync();
  }
  cg::wait(block); // expected-note {{the copy is waited for only here}}
  out[blockIdx.x * TILE + threadIdx.x] = acc;
}

// P14. A warp copies its slice and reads it back before waiting (in a device function).
__device__ float warp_slice(const cg::thread_block_tile<32> &warp, float *slice, const float *src) {
  cg::memcpy_async(warp, slice, src, sizeof(float) * 32); // expected-note {{the copy into 'slice' starts here}}
  float v = slice[31 - warp.thread_rank()]; // expected-error {{'slice' is read before the copy into it by cg::memcpy_async(warp) has completed}}
  cg::wait(warp); // expected-note {{the copy is waited for only here}}
  return v;
}
__global__ void warp_slices(float *out, const float *in) {
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<32> warp = cg::tiled_partition<32>(block);
  __shared__ float slices[TILE];
  float *mine = slices + 32 * warp.meta_group_rank();
  out[blockIdx.x * TILE + threadIdx.x] = warp_slice(warp, mine, in + blockIdx.x * TILE + 32 * warp.meta_group_rank());
}

// P15. An element loop over the tile before the wait (the loop makes no copies).
__global__ void element_loop_before_wait(float *out, const float *in) {
  cg::thread_block block = cg::this_thread_block();
  __shared__ float tile[TILE];
  cg::memcpy_async(block, tile, in + blockIdx.x * TILE, sizeof(float) * TILE); // expected-note {{the copy into 'tile' starts here}}
  float total = 0.0f;
  for (int i = 0; i < TILE; i += 32)
    total += tile[i + threadIdx.x % 32]; // expected-error {{'tile' is read before the copy into it by cg::memcpy_async(block) has completed}}
  cg::wait(block); // expected-note {{the copy is waited for only here}}
  out[blockIdx.x * TILE + threadIdx.x] = total;
}

// P16. The loop body reads before it waits: on the first iteration the prologue copy is in flight.
__global__ void use_then_wait_in_loop(float *out, const float *in, int n) {
  cg::thread_block block = cg::this_thread_block();
  __shared__ float tile[TILE];
  float acc = 0.0f;
  cg::memcpy_async(block, tile, in, sizeof(float) * TILE); // expected-note {{the copy into 'tile' starts here}}
  for (int k = 0; k < n; ++k) {
    acc += tile[threadIdx.x]; // expected-error {{'tile' is read before the copy into it by cg::memcpy_async(block) has completed}}
    cg::wait(block); // expected-note {{the copy is waited for only here}}
    block.sync();
    if (k + 1 < n)
      cg::memcpy_async(block, tile, in + (k + 1) * TILE, sizeof(float) * TILE);
  }
  out[blockIdx.x * TILE + threadIdx.x] = acc;
}

// P17. The same condition guards the copy and the use, but the wait comes after the use.
__global__ void guarded_use_before_wait(float *out, const float *in, bool load) {
  cg::thread_block block = cg::this_thread_block();
  __shared__ float tile[TILE];
  if (load)
    cg::memcpy_async(block, tile, in + blockIdx.x * TILE, sizeof(float) * TILE); // expected-note {{the copy into 'tile' starts here}}
  float v = 0.0f;
  if (load)
    v = tile[threadIdx.x]; // expected-error {{'tile' is read before the copy into it by cg::memcpy_async(block) has completed}}
  cg::wait(block); // expected-note {{the copy is waited for only here}}
  out[blockIdx.x * TILE + threadIdx.x] = v;
}

// =================================================================================================
// NEGATIVES
// =================================================================================================

// N1. The basic pattern: copy, wait, use.
__global__ void copy_wait_use(float *out, const float *in) {
  cg::thread_block block = cg::this_thread_block();
  __shared__ float tile[TILE];
  cg::memcpy_async(block, tile, in + blockIdx.x * TILE, sizeof(float) * TILE);
  cg::wait(block);
  out[blockIdx.x * TILE + threadIdx.x] = tile[TILE - 1 - threadIdx.x];
}

// N2. Copy, wait, block.sync(), then work on the tile.
__global__ void copy_wait_sync_use(float *out, const float *in) {
  cg::thread_block block = cg::this_thread_block();
  __shared__ float tile[TILE];
  cg::memcpy_async(block, tile, in + blockIdx.x * TILE, sizeof(float) * TILE);
  cg::wait(block);
  block.sync();
  tile[threadIdx.x] *= 2.0f;
  block.sync();
  out[blockIdx.x * TILE + threadIdx.x] = tile[TILE - 1 - threadIdx.x];
}

// N3. The programming guide's two-stage pipeline: copy stage k, wait_prior<1>, compute stage k - 1.
__global__ void pipeline_wait_prior(float *out, const float *in, size_t nstages) {
  cg::thread_block block = cg::this_thread_block();
  __shared__ float shared[2][TILE];
  float acc = 0.0f;
  cg::memcpy_async(block, shared[0], in, sizeof(float) * TILE);
  for (size_t stage = 1; stage < nstages; ++stage) {
    cg::memcpy_async(block, shared[stage & 1], in + stage * TILE, sizeof(float) * TILE);
    cg::wait_prior<1>(block);
    acc += shared[(stage - 1) & 1][threadIdx.x];
    block.sync();
  }
  cg::wait(block);
  acc += shared[(nstages - 1) & 1][threadIdx.x];
  out[blockIdx.x * TILE + threadIdx.x] = acc;
}

// N4. Prefetch of the next tile at the bottom of the loop, waited for at the top.
__global__ void prefetch_waited_at_top(float *out, const float *in, int n) {
  cg::thread_block block = cg::this_thread_block();
  __shared__ float tile[TILE];
  float acc = 0.0f;
  cg::memcpy_async(block, tile, in, sizeof(float) * TILE);
  for (int k = 0; k < n; ++k) {
    cg::wait(block);
    acc += tile[threadIdx.x];
    block.sync();
    if (k + 1 < n)
      cg::memcpy_async(block, tile, in + (k + 1) * TILE, sizeof(float) * TILE);
  }
  out[blockIdx.x * TILE + threadIdx.x] = acc;
}

// N5. Double buffering with two arrays and swapped pointers.
__global__ void swapped_buffers(float *out, const float *in, int n) {
  cg::thread_block block = cg::this_thread_block();
  __shared__ float buf0[TILE], buf1[TILE];
  float *cur = buf0, *nxt = buf1;
  float acc = 0.0f;
  cg::memcpy_async(block, cur, in, sizeof(float) * TILE);
  for (int k = 1; k < n; ++k) {
    cg::memcpy_async(block, nxt, in + k * TILE, sizeof(float) * TILE);
    cg::wait_prior<1>(block);
    acc += cur[threadIdx.x];
    block.sync();
    float *t = cur;
    cur = nxt;
    nxt = t;
  }
  cg::wait(block);
  out[blockIdx.x * TILE + threadIdx.x] = acc + cur[threadIdx.x];
}

// N6. A helper that copies and waits: the caller sees a finished tile.
__device__ void load_tile(const cg::thread_block &block, float *dst, const float *src) {
  cg::memcpy_async(block, dst, src, sizeof(float) * TILE);
  cg::wait(block);
}
__global__ void load_and_wait_helper(float *out, const float *in) {
  cg::thread_block block = cg::this_thread_block();
  __shared__ float tile[TILE];
  load_tile(block, tile, in + blockIdx.x * TILE);
  out[blockIdx.x * TILE + threadIdx.x] = tile[threadIdx.x];
}

// N7. The wait is in a helper.
__device__ void finish_copies(const cg::thread_block &block) { cg::wait(block); }
__global__ void wait_in_helper(float *out, const float *in) {
  cg::thread_block block = cg::this_thread_block();
  __shared__ float tile[TILE];
  cg::memcpy_async(block, tile, in + blockIdx.x * TILE, sizeof(float) * TILE);
  finish_copies(block);
  out[blockIdx.x * TILE + threadIdx.x] = tile[threadIdx.x];
}

// N8. A helper only starts the copy (handing it to its caller), and the caller waits.
__device__ void start_copy(const cg::thread_block &block, float *dst, const float *src) {
  cg::memcpy_async(block, dst, src, sizeof(float) * TILE);
}
__global__ void caller_waits(float *out, const float *in) {
  cg::thread_block block = cg::this_thread_block();
  __shared__ float tile[TILE];
  start_copy(block, tile, in + blockIdx.x * TILE);
  cg::wait(block);
  out[blockIdx.x * TILE + threadIdx.x] = tile[threadIdx.x];
}

// N9. While 'b' is copied, the block works on 'a', which it already waited for.
__global__ void overlap_other_array(float *out, const float *x, const float *y) {
  cg::thread_block block = cg::this_thread_block();
  __shared__ float a[TILE], b[TILE];
  cg::memcpy_async(block, a, x + blockIdx.x * TILE, sizeof(float) * TILE);
  cg::wait(block);
  cg::memcpy_async(block, b, y + blockIdx.x * TILE, sizeof(float) * TILE);
  float scaled = 2.0f * a[threadIdx.x];
  cg::wait(block);
  out[blockIdx.x * TILE + threadIdx.x] = scaled + b[threadIdx.x];
}

// N10. Unrolled double buffering: tile[1] is copied while tile[0] is used.
__global__ void unrolled_two_stages(float *out, const float *in) {
  cg::thread_block block = cg::this_thread_block();
  __shared__ float tile[2][TILE];
  cg::memcpy_async(block, tile[0], in, sizeof(float) * TILE);
  cg::wait(block);
  cg::memcpy_async(block, tile[1], in + TILE, sizeof(float) * TILE);
  float first = tile[0][threadIdx.x];
  cg::wait(block);
  out[threadIdx.x] = first + tile[1][threadIdx.x];
}

// N11. wait_prior<1> after two copies completes the first: only 'a' is read before the final wait.
__global__ void wait_prior_reads_oldest(float *out, const float *x, const float *y) {
  cg::thread_block block = cg::this_thread_block();
  __shared__ float a[TILE], b[TILE];
  cg::memcpy_async(block, a, x + blockIdx.x * TILE, sizeof(float) * TILE);
  cg::memcpy_async(block, b, y + blockIdx.x * TILE, sizeof(float) * TILE);
  cg::wait_prior<1>(block);
  float first = a[threadIdx.x];
  cg::wait(block);
  out[blockIdx.x * TILE + threadIdx.x] = first * b[threadIdx.x];
}

// N12. Each warp copies its own slice with its tile and waits with the same tile.
__global__ void per_warp_slices(float *out, const float *in) {
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<32> warp = cg::tiled_partition<32>(block);
  __shared__ float slices[TILE];
  float *mine = slices + 32 * warp.meta_group_rank();
  cg::memcpy_async(warp, mine, in + blockIdx.x * TILE + 32 * warp.meta_group_rank(), sizeof(float) * 32);
  cg::wait(warp);
  out[blockIdx.x * TILE + threadIdx.x] = mine[31 - warp.thread_rank()];
}

// N13. The wait names the block through a thread_group variable.
__global__ void wait_through_thread_group(float *out, const float *in) {
  cg::thread_block block = cg::this_thread_block();
  cg::thread_group g = block;
  __shared__ float tile[TILE];
  cg::memcpy_async(block, tile, in + blockIdx.x * TILE, sizeof(float) * TILE);
  cg::wait(g);
  out[blockIdx.x * TILE + threadIdx.x] = tile[threadIdx.x];
}

// N14. Global memory work overlaps the copy; the tile is only touched after the wait.
__global__ void overlap_global_work(float *out, const float *in, const float *bias) {
  cg::thread_block block = cg::this_thread_block();
  __shared__ float tile[TILE];
  cg::memcpy_async(block, tile, in + blockIdx.x * TILE, sizeof(float) * TILE);
  float b = bias[blockIdx.x * TILE + threadIdx.x] * 0.5f;
  out[blockIdx.x * TILE + threadIdx.x] = b;
  cg::wait(cg::this_thread_block());
  out[blockIdx.x * TILE + threadIdx.x] += tile[threadIdx.x];
}

// N15. cuda::memcpy_async completing on a cuda::barrier is not a cooperative-groups copy.
__global__ void barrier_completed_copy(float *out, const float *in) {
  cg::thread_block block = cg::this_thread_block();
  __shared__ float tile[TILE];
  __shared__ cuda::barrier<cuda::thread_scope_block> bar;
  if (block.thread_rank() == 0)
    init(&bar, block.size());
  block.sync();
  cuda::memcpy_async(block, tile, in + blockIdx.x * TILE, sizeof(float) * TILE, bar);
  bar.arrive_and_wait();
  out[blockIdx.x * TILE + threadIdx.x] = tile[threadIdx.x];
}

// N16. Three-stage pipeline with wait_prior<2>: the loop computes on the stage two copies back.
__global__ void three_stage_pipeline(float *out, const float *in, int n) {
  cg::thread_block block = cg::this_thread_block();
  __shared__ float stages[3][TILE];
  float acc = 0.0f;
  cg::memcpy_async(block, stages[0], in, sizeof(float) * TILE);
  cg::memcpy_async(block, stages[1], in + TILE, sizeof(float) * TILE);
  for (int k = 2; k < n; ++k) {
    cg::memcpy_async(block, stages[k % 3], in + k * TILE, sizeof(float) * TILE);
    cg::wait_prior<2>(block);
    acc += stages[(k - 2) % 3][threadIdx.x];
    block.sync();
  }
  cg::wait(block);
  out[blockIdx.x * TILE + threadIdx.x] = acc;
}

// N17. The copy and its wait under the same condition; the tile is used after both.
__global__ void guarded_copy_and_wait(float *out, const float *in, bool load) {
  cg::thread_block block = cg::this_thread_block();
  __shared__ float tile[TILE];
  tile[threadIdx.x] = 0.0f;
  block.sync();
  if (load)
    cg::memcpy_async(block, tile, in + blockIdx.x * TILE, sizeof(float) * TILE);
  if (load)
    cg::wait(block);
  out[blockIdx.x * TILE + threadIdx.x] = tile[threadIdx.x];
}

// N18. After `if (n <= 0) return;` the loop, which waits at its top, runs at least once: the
// epilogue reads a completed tile.
__global__ void epilogue_after_waiting_loop(float *out, const float *in, int n) {
  cg::thread_block block = cg::this_thread_block();
  __shared__ float tile[TILE];
  if (n <= 0)
    return;
  float acc = 0.0f;
  cg::memcpy_async(block, tile, in, sizeof(float) * TILE);
  for (int k = 0; k < n; ++k) {
    cg::wait(block);
    acc += tile[threadIdx.x];
    block.sync();
    if (k + 1 < n)
      cg::memcpy_async(block, tile, in + (k + 1) * TILE, sizeof(float) * TILE);
  }
  out[blockIdx.x * TILE + threadIdx.x] = acc + tile[TILE - 1];
}
