// cudaLaunchKernelEx with cudaLaunchAttributeCooperative set to 0 is not cooperative (gpu-probes P10).
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void k(int *data, int *out, int seed) {
  cg::grid_group g = cg::this_grid();
  data[blockIdx.x] = seed;
  g.sync(); // expected-note {{g.sync() is called here}}
  out[blockIdx.x] = data[(blockIdx.x + 1) % gridDim.x];
}

int main() {
  int *data, *out, seed = 1;
  cudaMalloc(&data, 16);
  cudaMalloc(&out, 16);
  cudaLaunchConfig_t cfg = {};
  cfg.gridDim = dim3(4);
  cfg.blockDim = dim3(128);
  cudaLaunchAttribute attr[1];
  attr[0].id = cudaLaunchAttributeCooperative;
  attr[0].val.cooperative = 0;
  cfg.attrs = attr;
  cfg.numAttrs = 1;
  return cudaLaunchKernelEx(&cfg, k, data, out, seed); // expected-error {{kernel 'k' calls g.sync() but is launched with cudaLaunchKernelEx, which is not a cooperative launch}}
}
