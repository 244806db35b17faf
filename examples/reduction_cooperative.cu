// A correct multi-block reduction in the style of NVIDIA's reductionMultiBlockCG: every thread
// reaches the grid barrier, and the launch is cooperative and sized by the occupancy API.
#include <cooperative_groups.h>
#include <cstdio>
namespace cg = cooperative_groups;

__device__ float block_reduce(cg::thread_block block, float *scratch, float value) {
  unsigned t = block.thread_rank();
  scratch[t] = value;
  block.sync();
  for (unsigned stride = block.size() / 2; stride > 0; stride /= 2) {
    if (t < stride)
      scratch[t] += scratch[t + stride];
    block.sync();
  }
  return scratch[0];
}

__global__ void reduce(const float *in, float *partial, float *out, unsigned n) {
  extern __shared__ float scratch[];
  cg::grid_group grid = cg::this_grid();
  cg::thread_block block = cg::this_thread_block();
  float sum = 0.0f;
  for (unsigned i = grid.thread_rank(); i < n; i += grid.size())
    sum += in[i];
  float block_sum = block_reduce(block, scratch, sum);
  if (block.thread_rank() == 0)
    partial[blockIdx.x] = block_sum;
  grid.sync();
  if (grid.thread_rank() == 0) {
    float total = 0.0f;
    for (unsigned b = 0; b < gridDim.x; ++b)
      total += partial[b];
    *out = total;
  }
}

int main() {
  int device = 0, supports = 0, sms = 0, per_sm = 0;
  cudaDeviceGetAttribute(&supports, cudaDevAttrCooperativeLaunch, device);
  if (!supports)
    return 1;
  cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device);
  const int threads = 256;
  const size_t shared = threads * sizeof(float);
  cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, reduce, threads, shared);
  unsigned n = 1u << 24;
  float *in, *partial, *out;
  cudaMalloc(&in, n * sizeof(float));
  cudaMalloc(&partial, sms * per_sm * sizeof(float));
  cudaMalloc(&out, sizeof(float));
  void *args[] = {&in, &partial, &out, &n};
  cudaError_t err = cudaLaunchCooperativeKernel((void *)reduce, dim3(sms * per_sm), dim3(threads),
                                                args, shared);
  printf("%s\n", cudaGetErrorString(err));
  return err == cudaSuccess ? 0 : 1;
}
