// cg-non-cooperative-launch: launches of grid-syncing kernels, on CUDA.
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void syncs_grid(int *data) {
  cg::grid_group grid = cg::this_grid();
  data[grid.thread_rank()] += 1;
  grid.sync(); // expected-note 4 {{grid.sync() is called here}}
  data[grid.thread_rank()] += data[0];
}

__device__ void exchange(cg::grid_group &grid, float *x) {
  x[grid.thread_rank()] *= 0.5f;
  grid.sync(); // expected-note {{grid.sync() is called here}}
}

__global__ void syncs_in_callee(float *x) {
  cg::grid_group grid = cg::this_grid();
  exchange(grid, x); // expected-note {{'exchange' is called here}}
}

__device__ void generic_barrier(cg::thread_group g) { // expected-note {{'g' is a cg::thread_group passed by value; callers pass grid_group}}
  g.sync(); // expected-note {{g.sync() is called here}}
}

__global__ void syncs_through_thread_group(float *x) {
  cg::thread_group g = cg::this_grid();
  x[g.thread_rank()] = 1.0f;
  generic_barrier(g); // expected-note {{'generic_barrier' is called here}}
}

__global__ void rank_only(int *data) {
  cg::grid_group grid = cg::this_grid();
  data[grid.thread_rank()] = static_cast<int>(grid.size());
}

__global__ void block_sync_only(int *data) {
  cg::thread_block block = cg::this_thread_block();
  data[block.thread_rank()] = 1;
  block.sync();
}

template <typename T> __global__ void templated_solver(T *x) {
  auto grid = cg::this_grid();
  x[grid.thread_rank()] += T(1);
  grid.sync(); // expected-note {{grid.sync() is called here}}
}

__global__ void multi_grid_kernel(int *data) {
  cg::multi_grid_group mg = cg::this_multi_grid(); // expected-warning {{'cg::this_multi_grid()' uses multi_grid_group}}
  data[mg.thread_rank()] = 1; // expected-note {{'mg.thread_rank()' also uses multi_grid_group}}
  mg.sync(); // expected-note 2 {{mg.sync() is called here}} expected-note {{'mg.sync()' also uses multi_grid_group}}
}

int launch_all(int *d, float *f, int n, cudaStream_t stream) {
  void *args[] = {&d};
  void *fargs[] = {&f};

  syncs_grid<<<n, 128>>>(d); // expected-error {{kernel 'syncs_grid' calls grid.sync() but is launched with <<<...>>>, which is not a cooperative launch; the grid barrier traps with cudaErrorLaunchFailure: launch it with cudaLaunchCooperativeKernel}}
  syncs_grid<<<dim3(n), dim3(128), 0, stream>>>(d); // expected-error {{launched with <<<...>>>}}
  cudaLaunchKernel((void *)syncs_grid, dim3(n), dim3(128), args, 0, stream); // expected-error {{launched with cudaLaunchKernel}}
  syncs_in_callee<<<n, 256>>>(f); // expected-error {{kernel 'syncs_in_callee' calls grid.sync()}}
  syncs_through_thread_group<<<n, 256>>>(f); // expected-error {{kernel 'syncs_through_thread_group' calls g.sync()}}
  templated_solver<float><<<n, 64>>>(f); // expected-error {{kernel 'templated_solver<float>' calls grid.sync()}}

  // A cudaLaunchKernelEx without the cooperative attribute, and one that sets it to 0.
  cudaLaunchConfig_t plain = {};
  plain.gridDim = dim3(n);
  plain.blockDim = dim3(128);
  cudaLaunchKernelEx(&plain, syncs_grid, d); // expected-error {{launched with cudaLaunchKernelEx}}

  // Multi-grid barriers need the multi-device launch.
  cudaLaunchCooperativeKernel((void *)multi_grid_kernel, dim3(n), dim3(128), args, 0, stream); // expected-error {{kernel 'multi_grid_kernel' calls mg.sync() but is launched with cudaLaunchCooperativeKernel; a multi-grid barrier needs the multi-device cooperative launch cudaLaunchCooperativeKernelMultiDevice}} expected-note {{nothing in this translation unit asks whether the device supports cooperative launches}} expected-note {{the error code of cudaLaunchCooperativeKernel is ignored}}
  multi_grid_kernel<<<n, 128>>>(d); // expected-error {{kernel 'multi_grid_kernel' calls mg.sync() but is launched with <<<...>>>}}

  // --- negatives: cooperative launches, and kernels that do not grid-sync ---
  cudaLaunchCooperativeKernel((void *)syncs_grid, dim3(n), dim3(128), args, 0, stream); // expected-note {{the error code of cudaLaunchCooperativeKernel is ignored}}
  cudaLaunchCooperativeKernel(reinterpret_cast<void *>(&syncs_in_callee), dim3(n), dim3(256), fargs); // expected-note {{the error code of cudaLaunchCooperativeKernel is ignored}}
  rank_only<<<n, 128>>>(d);
  block_sync_only<<<n, 128>>>(d);
  cudaLaunchKernel((void *)rank_only, dim3(n), dim3(128), args, 0, stream);

  cudaLaunchAttribute attribute[1];
  attribute[0].id = cudaLaunchAttributeCooperative;
  attribute[0].val.cooperative = 1;
  cudaLaunchConfig_t config = {};
  config.gridDim = dim3(n);
  config.blockDim = dim3(128);
  config.attrs = attribute;
  config.numAttrs = 1;
  cudaLaunchKernelEx(&config, syncs_grid, d); // expected-note {{the error code of cudaLaunchKernelEx is ignored}}

  cudaLaunchParams params[2];
  for (int dev = 0; dev < 2; ++dev) {
    params[dev].func = (void *)multi_grid_kernel;
    params[dev].gridDim = dim3(n);
    params[dev].blockDim = dim3(128);
    params[dev].sharedMem = 0;
    params[dev].stream = stream;
    params[dev].args = args;
  }
  return cudaLaunchCooperativeKernelMultiDevice(params, 2, 0);
}

// A configuration built by the caller: its attributes cannot be seen here, so no finding.
cudaError_t launch_with_config(const cudaLaunchConfig_t *config, int *d) {
  return cudaLaunchKernelEx(config, syncs_grid, d);
}

// The kernel reaches the launch through a variable, a template parameter or a helper: the finding
// is where the grid-syncing kernel is chosen, with a note at the helper's launch.
__global__ void persistent_sweep(float *x) {
  cg::this_grid().sync(); // expected-note 5 {{cg::this_grid().sync() is called here}}
  x[0] = 0.0f;
}
__global__ void plain_scale(float *x) { x[threadIdx.x] *= 2.0f; }

template <typename Kernel> void launch_on(Kernel kernel, float *x) {
  kernel<<<4, 128>>>(x); // expected-note {{the helper launches the kernel it is given here, with <<<...>>>}}
}
template <void (*Kernel)(float *)> void launch_fixed(float *x) {
  Kernel<<<4, 128>>>(x); // expected-error {{kernel 'persistent_sweep' calls cg::this_grid().sync() but is launched with <<<...>>>, which is not a cooperative launch}}
}
void launch_through_api(void (*kernel)(float *), float *x) {
  void *args[] = {&x};
  cudaLaunchKernel((void *)kernel, dim3(4), dim3(128), args, 0, 0); // expected-note 2 {{the helper launches the kernel it is given here, with cudaLaunchKernel}}
}
void launch_twice_removed(void (*kernel)(float *), float *x) { launch_through_api(kernel, x); }
cudaError_t launch_cooperatively(void (*kernel)(float *), float *x) {
  void *args[] = {&x};
  return cudaLaunchCooperativeKernel((void *)kernel, dim3(4), dim3(128), args, 0, 0);
}

void launch_through_helpers(float *x) {
  void (*chosen)(float *) = persistent_sweep;
  chosen<<<4, 128>>>(x); // expected-error {{kernel 'persistent_sweep' calls cg::this_grid().sync() but is launched with <<<...>>>}}
  launch_on(persistent_sweep, x); // expected-error {{kernel 'persistent_sweep' calls cg::this_grid().sync() but is launched with <<<...>>>}}
  launch_fixed<persistent_sweep>(x);
  launch_through_api(persistent_sweep, x); // expected-error {{kernel 'persistent_sweep' calls cg::this_grid().sync() but is launched with cudaLaunchKernel}}
  launch_twice_removed(persistent_sweep, x); // expected-error {{launched with cudaLaunchKernel}}
  // Not findings: a kernel without a grid barrier, and a helper that launches cooperatively.
  launch_on(plain_scale, x);
  launch_through_api(plain_scale, x);
  launch_cooperatively(persistent_sweep, x);
}
