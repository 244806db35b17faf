// cg-memcpy-async-wait on MXMACA (maca_cooperative_groups.h, 64-lane warps).
//
// Positives: 3 kernels, one error each. Negatives: 3 kernels, no diagnostic.
#include <maca_cooperative_groups.h>
namespace cg = cooperative_groups;

#define N 512

// ---- positives --------------------------------------------------------------------------------

// M-P1. The second of two copies is still in flight after wait_prior<1>.
__global__ void latest_copy_read(float *out, const float *x, const float *y) {
  cg::thread_block block = cg::this_thread_block();
  __shared__ float lhs[N], rhs[N];
  cg::memcpy_async(block, lhs, x + blockIdx.x * N, sizeof(float) * N);
  cg::memcpy_async(block, rhs, y + blockIdx.x * N, sizeof(float) * N); // expected-note {{the copy into 'rhs' starts here}}
  cg::wait_prior<1>(block);
  out[blockIdx.x * N + threadIdx.x] = lhs[threadIdx.x] * rhs[threadIdx.x]; // expected-error {{'rhs' is read before the copy into it by cg::memcpy_async(block) has completed}}
  cg::wait(block); // expected-note {{the copy is waited for only here}}
}

// M-P2. A warp of 64 accumulates into its slice while its copy may still overwrite it.
__global__ void accumulate_into_slice(float *out, const float *in) {
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<64> warp = cg::tiled_partition<64>(block);
  __shared__ float acc[N];
  float *slice = acc + 64 * warp.meta_group_rank();
  cg::memcpy_async(warp, slice, in + blockIdx.x * N + 64 * warp.meta_group_rank(), sizeof(float) * 64); // expected-note {{the copy into 'acc' starts here}}
  slice[warp.thread_rank()] += 1.0f; // expected-error {{'acc' is written before the copy into it by cg::memcpy_async(warp) has completed}}
  cg::wait(warp); // expected-note {{the copy is waited for only here}}
  out[blockIdx.x * N + threadIdx.x] = acc[threadIdx.x];
}

// M-P3. Early exit for the last block leaves its copy in flight.
__global__ void tail_block_exits(float *out, const float *in, int nblocks) {
  cg::thread_block block = cg::this_thread_block();
  __shared__ float tile[N];
  cg::memcpy_async(block, tile, in + blockIdx.x * N, sizeof(float) * N); // expected-error {{the copy into 'tile' by cg::memcpy_async(block) is not waited for on some path to the end of kernel 'tail_block_exits'}}
  if (blockIdx.x == nblocks - 1)
    return;
  cg::wait(block); // expected-note {{it is waited for here, but not on every path}}
  out[blockIdx.x * N + threadIdx.x] = tile[threadIdx.x];
}

// ---- negatives --------------------------------------------------------------------------------

// M-N1. Copy, wait, barrier, transpose through shared memory.
__global__ void staged_reverse(float *out, const float *in) {
  cg::thread_block block = cg::this_thread_block();
  __shared__ float tile[N];
  cg::memcpy_async(block, tile, in + blockIdx.x * N, sizeof(float) * N);
  cg::wait(block);
  block.sync();
  out[blockIdx.x * N + threadIdx.x] = tile[N - 1 - threadIdx.x];
}

// M-N2. Both copies complete before the reads: wait_prior<0> is a full wait.
__global__ void wait_prior_zero(float *out, const float *x, const float *y) {
  cg::thread_block block = cg::this_thread_block();
  __shared__ float lhs[N], rhs[N];
  cg::memcpy_async(block, lhs, x + blockIdx.x * N, sizeof(float) * N);
  cg::memcpy_async(block, rhs, y + blockIdx.x * N, sizeof(float) * N);
  cg::wait_prior<0>(block);
  out[blockIdx.x * N + threadIdx.x] = lhs[threadIdx.x] + rhs[threadIdx.x];
}

// M-N3. A prefetch loop that waits at the top for the copy issued at the bottom.
__global__ void prefetch_loop(float *out, const float *in, int n) {
  cg::thread_block block = cg::this_thread_block();
  __shared__ float tile[N];
  float acc = 0.0f;
  if (n <= 0)
    return;
  cg::memcpy_async(block, tile, in, sizeof(float) * N);
  for (int k = 0; k < n; ++k) {
    cg::wait(block);
    acc += tile[threadIdx.x];
    block.sync();
    if (k + 1 < n)
      cg::memcpy_async(block, tile, in + (k + 1) * N, sizeof(float) * N);
  }
  out[blockIdx.x * N + threadIdx.x] = acc;
}
