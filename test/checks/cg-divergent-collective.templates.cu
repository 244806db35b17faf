// Function templates that no valid code instantiates are analysed in their generic form: a
// template parameter is the same in every thread, what depends on a template's type is unknown,
// and no finding rests on an unknown value. Templates that are instantiated are analysed as their
// instantiations only (cg-divergent-collective.cu).
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

// A block barrier under a thread-dependent branch, in a kernel template nothing launches.
template <int Block, typename T>
__global__ void reduce_rows(T *out, const T *in) {
  __shared__ T partial[Block];
  partial[threadIdx.x] = in[blockIdx.x * Block + threadIdx.x];
  if (threadIdx.x < Block / 2) // expected-note {{this condition differs between threads of the block}}
    __syncthreads(); // expected-error {{__syncthreads() is reached only by threads for which 'threadIdx.x < Block / 2' holds}}
  out[blockIdx.x] = partial[0];
}

// A tile of a template-parameter size, synchronized by its first thread only.
template <unsigned Tile>
__global__ void tile_leader_sync(float *out) {
  auto tile = cg::tiled_partition<Tile>(cg::this_thread_block());
  if (tile.thread_rank() == 0) // expected-note {{this condition differs between threads of the tile}}
    tile.sync(); // expected-error {{tile.sync() is reached only by threads for which 'tile.thread_rank() == 0' holds}}
  out[threadIdx.x] = 1.0f;
}

// Negative: loop bounds and conditions of template parameters are the same in every thread.
template <int Stages, bool Wide>
__global__ void staged_copy(float *out, const float *in) {
  for (int s = 0; s < Stages; ++s) {
    out[s * blockDim.x + threadIdx.x] = in[s * blockDim.x + threadIdx.x];
    __syncthreads();
  }
  if (Wide && Stages > 1)
    __syncthreads();
}

// Negative: a condition read through a type the template does not know yet is unknown.
template <typename Layout>
__global__ void by_layout(float *out, Layout layout) {
  if (layout.owns(threadIdx.x))
    __syncthreads();
  out[threadIdx.x] = 0.0f;
}

// Negative: a member of a template-parameter class, read per instantiation.
template <typename Config>
__global__ void by_config(float *out) {
  if (Config::kStages > 1)
    __syncthreads();
  out[threadIdx.x] = 0.0f;
}

// Negative: a tile's whole threads agree on a tile-wide reduction of a template-typed value.
template <unsigned Tile, typename T>
__device__ void tile_vote(T v, T *out) {
  auto tile = cg::tiled_partition<Tile>(cg::this_thread_block());
  if (tile.any(v > T(0)))
    tile.sync();
  out[threadIdx.x] = v;
}

// Instantiated: only the instantiation is analysed, and it never diverges.
template <int Half>
__global__ void split_once(float *out) {
  if (Half == 0 || threadIdx.x < 32)
    __syncthreads();
  out[threadIdx.x] = 0.0f;
}
template __global__ void split_once<0>(float *);

// Through a call: a generic helper's barrier, reached by part of the block of a generic kernel.
template <int Rows>
__device__ void stage_rows(float *rows) {
  rows[threadIdx.x % Rows] = 0.0f;
  __syncthreads(); // expected-note {{__syncthreads() is called here}}
}
template <int Rows>
__global__ void staged_rows(float *rows) {
  if (threadIdx.x < Rows) // expected-note {{this condition differs between threads of the block}}
    stage_rows<Rows>(rows); // expected-error {{__syncthreads() (in 'stage_rows') is reached only by threads for which 'threadIdx.x < Rows' holds}}
}
