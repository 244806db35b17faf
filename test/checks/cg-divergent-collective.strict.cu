// cg-divergent-collective with --strict: collectives that threads which left the kernel skip
// become warnings: warp-wide collectives after a loop whose lanes finish early, block barriers
// under a bounds guard or in a loop over the data whose threads past its end finish first
// (without --strict: cg-divergent-collective.cu P26, N-L1, N46).
// coopcheck-args: --strict
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

// P-S1. The cooperative-groups form of the threshold-bits loop: lanes past dataLen leave the loop
// one iteration early and miss the last ballot. They leave the kernel too, and a tile collective
// waits only for the lanes that have not exited (probes P13, P15): a warning under --strict.
__global__ void ballot_in_lane_strided_loop(unsigned *bits, const float *data, int dataLen, float threshold) {
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<32> tile = cg::tiled_partition<32>(block);
  for (int i = tile.thread_rank(); i < dataLen; i += 32) { // expected-note {{this condition differs between threads of the tile}}
    unsigned pack = tile.ballot(data[i] > threshold); // expected-warning {{tile.ballot() is in a loop whose trip count differs between threads of the tile ('i < dataLen'); the threads that finish the loop first leave the kernel, and the hardware releases it once the threads still in the loop arrive; every thread of the tile should call it the same number of times}}
    if (tile.thread_rank() == 0)
      bits[i / 32] = pack;
  }
}


// P-S2. cuda-samples' binaryPartitionCG: a grid-stride loop partitions the warp tile and syncs it
// each trip; lanes whose last element comes first leave the loop and the kernel, and the tile's
// collectives wait only for the lanes still there. A warning under --strict: it relies on that
// hardware rule.
__global__ void grid_stride_partitions(int *odd_count, const int *in, unsigned n) {
  cg::thread_block block = cg::this_thread_block();
  cg::grid_group grid = cg::this_grid();
  cg::thread_block_tile<32> tile32 = cg::tiled_partition<32>(block);
  for (unsigned i = grid.thread_rank(); i < n; i += grid.size()) { // expected-note 2 {{this condition differs between threads of the tile}}
    cg::coalesced_group parity = cg::binary_partition(tile32, (in[i] & 1) != 0); // expected-warning {{cg::binary_partition(tile32) is in a loop whose trip count differs between threads of the tile ('i < n'); the threads that finish the loop first leave the kernel}}
    if ((in[i] & 1) && parity.thread_rank() == 0)
      atomicAdd(odd_count, static_cast<int>(parity.size()));
    cg::sync(tile32); // expected-warning {{cg::sync(tile32) is in a loop whose trip count differs between threads of the tile ('i < n'); the threads that finish the loop first leave the kernel}}
  }
}


// P-S3. A bounds guard on the global pixel index wraps the barrier and the rest of the kernel.
__global__ void barrier_under_bounds_guard(float *dst, int w, int h) {
  cg::thread_block cta = cg::this_thread_block();
  __shared__ float weights[64];
  const int ix = blockDim.x * blockIdx.x + threadIdx.x;
  const int iy = blockDim.y * blockIdx.y + threadIdx.y;
  if (ix < w && iy < h) { // expected-note {{this condition differs between threads of the block}}
    weights[threadIdx.y * 8 + threadIdx.x] = ix * 0.5f;
    cg::sync(cta); // expected-warning {{cg::sync(cta) is reached only by threads for which 'ix < w && iy < h' holds; the threads that skip it leave the kernel, and the hardware releases it once the threads still there arrive; every thread of the block should call it}}
    dst[iy * w + ix] = weights[63 - threadIdx.y * 8 - threadIdx.x];
  }
}

// P-S4. A guard on threadIdx alone splits every block: an error, --strict or not.
__global__ void barrier_under_thread_split(float *dst) {
  __shared__ float half[64];
  if (threadIdx.x < blockDim.x / 2) { // expected-note {{this condition differs between threads of the block}}
    half[threadIdx.x] = threadIdx.x;
    __syncthreads(); // expected-error {{__syncthreads() is reached only by threads for which 'threadIdx.x < blockDim.x / 2' holds; every thread of the block must call it}}
    dst[threadIdx.x] = half[63 - threadIdx.x];
  }
}

// P-S5. The loop form of the bounds guard: a grid-stride loop over rows whose threads past the
// last row finish first and leave, the block barriers inside waiting only for the others.
__global__ void barrier_in_rows_loop(float *data, int rows, int width) {
  __shared__ float tile[256];
  const int first = blockIdx.x * width + threadIdx.x;
  for (int i = first; i < rows * width; i += gridDim.x * width) { // expected-note {{this condition differs between threads of the block}}
    tile[threadIdx.x] = data[i];
    __syncthreads(); // expected-warning {{__syncthreads() is in a loop whose trip count differs between threads of the block ('i < rows * width'); the threads that finish the loop first leave the kernel}}
    data[i] = tile[(threadIdx.x + 1) % blockDim.x];
  }
}
