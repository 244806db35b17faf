// The kernel lives in this unit; launcher.cu launches it.
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void jacobi_step(float *x, const float *b, int n, int iterations) {
  cg::grid_group grid = cg::this_grid();
  for (int it = 0; it < iterations; ++it) {
    unsigned i = grid.thread_rank();
    if (i < n) x[i] = 0.5f * (x[i] + b[i]);
    grid.sync(); // expected-note 2 {{grid.sync() is called here}}
  }
}

__global__ void scale(float *x, float s, int n) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) x[i] *= s;
}
