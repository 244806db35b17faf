// cg-non-cooperative-launch on HIP: hipLaunchKernelGGL is a standard launch.
#include <hip/hip_runtime.h>
#include <hip/hip_cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void relax(float *x, int iterations) {
  cg::grid_group grid = cg::this_grid();
  for (int it = 0; it < iterations; ++it) {
    x[grid.thread_rank()] *= 0.5f;
    grid.sync(); // expected-note 2 {{grid.sync() is called here}}
  }
}

int main() {
  float *x;
  int iterations = 10;
  hipMalloc(&x, 1024 * sizeof(float));
  hipLaunchKernelGGL(relax, dim3(8), dim3(128), 0, 0, x, iterations); // expected-error {{kernel 'relax' calls grid.sync() but is launched with hipLaunchKernelGGL, which is not a cooperative launch; the grid barrier traps with hipErrorLaunchFailure: launch it with hipLaunchCooperativeKernel}}
  relax<<<8, 128>>>(x, iterations); // expected-error {{launched with <<<...>>>}}
  void *args[] = {&x, &iterations};
  hipLaunchCooperativeKernel((void *)relax, dim3(8), dim3(128), args, 0, 0); // expected-note {{nothing in this translation unit asks whether the device supports cooperative launches}} expected-note {{the error code of hipLaunchCooperativeKernel is ignored}}
  return 0;
}
