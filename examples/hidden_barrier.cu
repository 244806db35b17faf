// A block-wide helper hides a barrier; calling it from half the block makes the other half never
// arrive. The second kernel passes its group explicitly and calls the helper from every thread.
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__device__ float block_sum(float *scratch, float value) {
  unsigned t = threadIdx.x;
  scratch[t] = value;
  __syncthreads();
  for (unsigned stride = blockDim.x / 2; stride > 0; stride /= 2) {
    if (t < stride)
      scratch[t] += scratch[t + stride];
    __syncthreads();
  }
  return scratch[0];
}

__global__ void normalize_first_half(float *data, int n) {
  extern __shared__ float scratch[];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (threadIdx.x < blockDim.x / 2 && i < n)
    data[i] /= block_sum(scratch, data[i]);
}

__device__ float tile_sum(const cg::thread_block_tile<32> &tile, float value) {
  for (int offset = tile.size() / 2; offset > 0; offset /= 2)
    value += tile.shfl_down(value, offset);
  return value;
}

__global__ void normalize_all(float *data, int n) {
  cg::thread_block block = cg::this_thread_block();
  auto tile = cg::tiled_partition<32>(block);
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float value = i < n ? data[i] : 0.0f;
  float sum = tile_sum(tile, value);
  if (i < n && sum != 0.0f)
    data[i] = value / sum;
}
