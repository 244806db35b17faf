// cg-memcpy-async-wait on HIP: cooperative_groups::memcpy_async and wait, with 64-lane wavefronts.
//
// Positives: 3 kernels, one error each. Negatives: 3 kernels, no diagnostic.
#include <hip/hip_runtime.h>
#include <hip/hip_cooperative_groups.h>
namespace cg = cooperative_groups;

// ---- positives --------------------------------------------------------------------------------

// H-P1. The tile is read before the copy is waited for.
__global__ void read_before_wait(float *out, const float *in) {
  cg::thread_block block = cg::this_thread_block();
  __shared__ float tile[256];
  cg::memcpy_async(block, tile, in + blockIdx.x * 256, sizeof(float) * 256); // expected-note {{the copy into 'tile' starts here}}
  float v = tile[threadIdx.x]; // expected-error {{'tile' is read before the copy into it by cg::memcpy_async(block) has completed}}
  cg::wait(block); // expected-note {{the copy is waited for only here}}
  out[blockIdx.x * 256 + threadIdx.x] = v;
}

// H-P2. A wavefront's copy never waited for.
__global__ void wave_copy_never_waited(float *out, const float *in) {
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<64> wave = cg::tiled_partition<64>(block);
  __shared__ float slices[256];
  cg::memcpy_async(wave, slices + 64 * wave.meta_group_rank(), in + blockIdx.x * 256, sizeof(float) * 64); // expected-error {{the copy into 'slices' by cg::memcpy_async(wave) is not waited for on some path to the end of kernel 'wave_copy_never_waited'}}
  out[blockIdx.x * 256 + threadIdx.x] = in[threadIdx.x];
}

// H-P3. A barrier instead of the wait.
__global__ void syncthreads_instead_of_wait(float *out, const float *in) {
  cg::thread_block block = cg::this_thread_block();
  __shared__ float tile[256];
  cg::memcpy_async(block, tile, in + blockIdx.x * 256, sizeof(float) * 256); // expected-note {{the copy into 'tile' starts here}}
  __syncthreads();
  out[blockIdx.x * 256 + threadIdx.x] = tile[255 - threadIdx.x]; // expected-error {{'tile' is read before the copy into it by cg::memcpy_async(block) has completed}}
}

// ---- negatives --------------------------------------------------------------------------------

// H-N1. Copy, wait, use.
__global__ void copy_wait_use(float *out, const float *in) {
  cg::thread_block block = cg::this_thread_block();
  __shared__ float tile[256];
  cg::memcpy_async(block, tile, in + blockIdx.x * 256, sizeof(float) * 256);
  cg::wait(block);
  out[blockIdx.x * 256 + threadIdx.x] = tile[255 - threadIdx.x];
}

// H-N2. Each wavefront copies and waits for its own slice.
__global__ void wave_slices(float *out, const float *in) {
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<64> wave = cg::tiled_partition<64>(block);
  __shared__ float slices[256];
  float *mine = slices + 64 * wave.meta_group_rank();
  cg::memcpy_async(wave, mine, in + blockIdx.x * 256 + 64 * wave.meta_group_rank(), sizeof(float) * 64);
  cg::wait(wave);
  out[blockIdx.x * 256 + threadIdx.x] = mine[63 - wave.thread_rank()];
}

// H-N3. Two-stage pipeline with wait_prior<1>.
__global__ void pipeline(float *out, const float *in, int n) {
  cg::thread_block block = cg::this_thread_block();
  __shared__ float buf[2][256];
  float acc = 0.0f;
  cg::memcpy_async(block, buf[0], in, sizeof(float) * 256);
  for (int k = 1; k < n; ++k) {
    cg::memcpy_async(block, buf[k % 2], in + k * 256, sizeof(float) * 256);
    cg::wait_prior<1>(block);
    acc += buf[(k - 1) % 2][threadIdx.x];
    block.sync();
  }
  cg::wait(block);
  out[blockIdx.x * 256 + threadIdx.x] = acc;
}
