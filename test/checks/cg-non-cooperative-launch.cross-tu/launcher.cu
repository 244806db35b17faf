// Launches kernels defined in solver_kernel.cu.
__global__ void jacobi_step(float *x, const float *b, int n, int iterations);
__global__ void scale(float *x, float s, int n);

void solve(float *x, const float *b, int n) {
  int blocks = (n + 255) / 256;
  jacobi_step<<<blocks, 256>>>(x, b, n, 100); // expected-error {{kernel 'jacobi_step' calls grid.sync() but is launched with <<<...>>>, which is not a cooperative launch}}
  scale<<<blocks, 256>>>(x, 2.0f, n);
  int iterations = 100;
  void *args[] = {&x, &b, &n, &iterations};
  cudaLaunchCooperativeKernel((void *)jacobi_step, dim3(blocks), dim3(256), args); // expected-warning {{the grid of this cooperative launch is sized from the problem ('(n + 255) / 256')}} expected-note {{nothing in this translation unit asks whether the device supports cooperative launches}} expected-note {{the error code of cudaLaunchCooperativeKernel is ignored}}
}

// The runtime API's standard launch, of the kernel defined in the other file.
cudaError_t solve_with_api(float *x, const float *b, int n) {
  int iterations = 10;
  void *args[] = {&x, &b, &n, &iterations};
  return cudaLaunchKernel((void *)jacobi_step, dim3(4), dim3(256), args, 0, 0); // expected-error {{kernel 'jacobi_step' calls grid.sync() but is launched with cudaLaunchKernel, which is not a cooperative launch}}
}
