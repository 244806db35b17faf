// A persistent iterative solver: every block stays resident and the grid synchronizes between
// sweeps. Two bugs: out-of-range threads return before the grid barrier, and the kernel is
// launched with <<<...>>>, which is not a cooperative launch.
#include <cooperative_groups.h>
#include <cstdio>
namespace cg = cooperative_groups;

__global__ void jacobi(float *x, float *x_new, const float *b, int n, int sweeps) {
  cg::grid_group grid = cg::this_grid();
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  for (int s = 0; s < sweeps; ++s) {
    float left = i > 0 ? x[i - 1] : 0.0f;
    float right = i + 1 < n ? x[i + 1] : 0.0f;
    x_new[i] = 0.5f * (b[i] + left + right);
    grid.sync();
    x[i] = x_new[i];
    grid.sync();
  }
}

int main() {
  const int n = 1 << 20;
  float *x, *x_new, *b;
  cudaMalloc(&x, n * sizeof(float));
  cudaMalloc(&x_new, n * sizeof(float));
  cudaMalloc(&b, n * sizeof(float));
  jacobi<<<(n + 255) / 256, 256>>>(x, x_new, b, n, 100);
  cudaError_t err = cudaDeviceSynchronize();
  printf("%s\n", cudaGetErrorString(err));
  return 0;
}
