// cg-cooperative-launch on CUDA: runtime, driver and extensible cooperative launches. Parsed for
// the default sm_80, so grids are checked against the largest sm_80 part (A100, 108 SMs).
//
// Positives: constant grids beyond co-residency (gpu-probes P11, through locals, limited by
// threads, by shared memory, by the block count whatever the block size, driver and extensible
// launches), argument arrays one entry short (P12: in place, malloc'ed, filled element by
// element), one entry too many, entries of the wrong type (swapped, a device pointer instead of
// its address), grids sized from the problem (warning), ignored error codes and no support query
// in the unit (notes). Negatives: occupancy-sized launches as in NVIDIA's samples, grids from
// the SM count, a constant grid that fits, grids that are parameters or come from helpers,
// qualifier differences, checked or (void)-cast results, arrays built in loops or elsewhere,
// grids checked against the occupancy before the launch.
#include <cooperative_groups.h>
#include <cuda.h>
#include <cstdio>
#include <cstdlib>
namespace cg = cooperative_groups;

#define checkCudaErrors(call)                                                                      \
  do {                                                                                             \
    cudaError_t err_ = (call);                                                                     \
    if (err_ != cudaSuccess) {                                                                     \
      fprintf(stderr, "%s\n", cudaGetErrorString(err_));                                          \
      exit(1);                                                                                     \
    }                                                                                              \
  } while (0)

__global__ void count_blocks(int *out) {
  cg::grid_group grid = cg::this_grid();
  if (threadIdx.x == 0)
    atomicAdd(&out[0], 1);
  grid.sync();
  if (grid.thread_rank() == 0)
    out[1] = out[0];
}

__global__ void axpy_sync(float a, const float *x, float *y, int n) { // expected-note 5 {{parameter 'n' of 'axpy_sync' is declared here}} expected-note {{'axpy_sync' is declared here}} expected-note {{parameter 'a' is declared here}} expected-note {{parameter 'n' is declared here}} expected-note {{parameter 'x' is declared here}}
  cg::grid_group grid = cg::this_grid();
  for (int i = grid.thread_rank(); i < n; i += grid.size())
    y[i] += a * x[i];
  grid.sync();
}

__global__ void tiled_stencil(const float *in, float *out, int n) {
  __shared__ float tile[12288]; // 48 KiB of static shared memory
  extern __shared__ float halo[];
  cg::grid_group grid = cg::this_grid();
  tile[threadIdx.x] = in[grid.thread_rank() % n];
  halo[threadIdx.x] = tile[threadIdx.x];
  grid.sync();
  out[grid.thread_rank() % n] = halo[threadIdx.x];
}

// ---- positives --------------------------------------------------------------------------------

// P1. gpu-probes P11: 100000 blocks of 1024 threads, the grid in a local dim3.
cudaError_t probe_too_many_blocks(int *out) {
  void *args[] = {&out};
  dim3 grid(100000);
  cudaError_t e = cudaLaunchCooperativeKernel((void *)count_blocks, grid, dim3(1024), args, 0, 0); // expected-error {{a cooperative launch of 100000 blocks of 1024 threads; at most 216 (2 per SM x 108 SMs) can be co-resident on A100 80GB (sm_80); the launch fails with cudaErrorCooperativeLaunchTooLarge}} expected-note {{nothing in this translation unit asks whether the device supports cooperative launches; on a device without that support the launch fails: check cudaDeviceGetAttribute(..., cudaDevAttrCooperativeLaunch, device) first}}
  return e;
}

// P2. Constants in int locals: 4096 blocks of 512 threads, 4 per SM.
cudaError_t too_many_mid_blocks(int *out, cudaStream_t stream) {
  int blocks = 4096;
  int threads = 512;
  void *args[] = {&out};
  return cudaLaunchCooperativeKernel((void *)count_blocks, dim3(blocks), dim3(threads), args, 0, stream); // expected-error {{a cooperative launch of 4096 blocks of 512 threads; at most 432 (4 per SM x 108 SMs)}}
}

// P3. Shared memory decides: 48 KiB static plus 32 KiB dynamic (and the runtime's 1 KiB).
cudaError_t stencil_too_wide(const float *in, float *out, int n) {
  void *args[] = {&in, &out, &n};
  size_t dynamic = 32 * 1024;
  return cudaLaunchCooperativeKernel((void *)tiled_stencil, dim3(400), dim3(256), args, dynamic); // expected-error {{a cooperative launch of 400 blocks of 256 threads using 81920 bytes of shared memory; at most 216 (2 per SM x 108 SMs)}}
}

// P4. The block size is unknown, but no SM holds more than 32 blocks of any size.
cudaError_t too_many_blocks_of_any_size(int *out, int threads) {
  void *args[] = {&out};
  return cudaLaunchCooperativeKernel((void *)count_blocks, dim3(64, 64), dim3(threads), args); // expected-error {{a cooperative launch of 4096 blocks; at most 3456 (32 per SM x 108 SMs) can be co-resident on A100 80GB (sm_80) whatever the block size}}
}

// P5. The driver API: three grid scalars, the error is CUDA_ERROR_COOPERATIVE_LAUNCH_TOO_LARGE.
CUresult driver_launch(CUfunction solver, CUstream stream, CUdeviceptr data) {
  void *params[] = {&data};
  return cuLaunchCooperativeKernel(solver, 1000, 1, 1, 1024, 1, 1, 0, stream, params); // expected-error {{a cooperative launch of 1000 blocks of 1024 threads; at most 216 (2 per SM x 108 SMs) can be co-resident on A100 80GB (sm_80); the launch fails with CUDA_ERROR_COOPERATIVE_LAUNCH_TOO_LARGE}}
}

// P6. cudaLaunchKernelEx with the cooperative attribute: the grid is in the configuration.
cudaError_t extensible_launch(int *out) {
  cudaLaunchAttribute attribute[1];
  attribute[0].id = cudaLaunchAttributeCooperative;
  attribute[0].val.cooperative = 1;
  cudaLaunchConfig_t config = {};
  config.gridDim = dim3(2000);
  config.blockDim = dim3(1024);
  config.attrs = attribute;
  config.numAttrs = 1;
  return cudaLaunchKernelEx(&config, count_blocks, out); // expected-error {{a cooperative launch of 2000 blocks of 1024 threads; at most 216}}
}

// P7. gpu-probes P12 "stack": {&a, &x, &y} for (float, const float *, float *, int).
cudaError_t args_one_short(float a, const float *x, float *y) {
  void *args[] = {&a, &x, &y};
  return cudaLaunchCooperativeKernel((void *)axpy_sync, dim3(4), dim3(128), args, 0, 0); // expected-error {{the argument array 'args' of this cooperative launch holds 3 entries but kernel 'axpy_sync' has 4 parameters; parameter 'n' has no entry: the runtime reads past the end of the array, which crashes the host or hands the kernel garbage}}
}

// P8. gpu-probes P12 "heap": a malloc'ed array of three entries.
cudaError_t heap_args_one_short(float a, const float *x, float *y) {
  void **args = (void **)malloc(3 * sizeof(void *));
  args[0] = &a;
  args[1] = &x;
  args[2] = &y;
  cudaError_t e = cudaLaunchCooperativeKernel((void *)axpy_sync, dim3(4), dim3(128), args, 0, 0); // expected-error {{the argument array 'args' of this cooperative launch holds 3 entries but kernel 'axpy_sync' has 4 parameters}}
  free(args);
  return e;
}

// P9. Room for four, three filled: args[3] stays whatever the stack held.
cudaError_t filled_one_short(float a, const float *x, float *y, cudaStream_t stream) {
  void *args[4];
  args[0] = &a;
  args[1] = &x;
  args[2] = &y;
  return cudaLaunchCooperativeKernel((void *)axpy_sync, dim3(8), dim3(256), args, 0, stream); // expected-error {{holds 3 entries but kernel 'axpy_sync' has 4 parameters; parameter 'n' has no entry}}
}

// P10. One entry too many: the arguments were meant for another kernel.
cudaError_t args_one_too_many(float a, const float *x, float *y, int n, int iterations) {
  void *args[] = {&a, &x, &y, &n, &iterations};
  return cudaLaunchCooperativeKernel((void *)axpy_sync, dim3(8), dim3(256), args); // expected-error {{the argument array 'args' of this cooperative launch holds 5 entries but kernel 'axpy_sync' has 4 parameters; the runtime reads the first 4 only}}
}

// P11. Swapped scalars: the kernel reads an int's bytes as a float and a float's as an int.
cudaError_t swapped_scalars(float a, const float *x, float *y, int n) {
  void *args[] = {&n, &x, &y, &a}; // expected-note {{'args[0]' is set here}} expected-note {{'args[3]' is set here}}
  return cudaLaunchCooperativeKernel((void *)axpy_sync, dim3(8), dim3(256), args); // expected-error {{'args[0]' points to type 'int' but parameter 'a' of kernel 'axpy_sync' has type 'float'; the runtime copies the bytes unchecked and the kernel reinterprets them}} expected-error {{'args[3]' points to type 'float' but parameter 'n' of kernel 'axpy_sync' has type 'int'}}
}

// P12. The device pointer itself instead of its address.
cudaError_t pointer_not_address(float a, const float *x, float *y, int n) {
  void *args[] = {&a, (void *)x, &y, &n}; // expected-note {{'args[1]' is set here}}
  return cudaLaunchCooperativeKernel((void *)axpy_sync, dim3(8), dim3(256), args); // expected-error {{'args[1]' points to type 'const float' but parameter 'x' of kernel 'axpy_sync' has type 'const float *'}}
}

// P13. cudaLaunchKernelExC takes the argument array too.
cudaError_t extensible_args_short(float a, const float *x, float *y) {
  cudaLaunchAttribute attribute[1];
  attribute[0].id = cudaLaunchAttributeCooperative;
  attribute[0].val.cooperative = 1;
  cudaLaunchConfig_t config = {};
  config.gridDim = dim3(16);
  config.blockDim = dim3(128);
  config.attrs = attribute;
  config.numAttrs = 1;
  void *args[] = {&a, &x, &y};
  return cudaLaunchKernelExC(&config, (const void *)axpy_sync, args); // expected-error {{the argument array 'args' of this cooperative launch holds 3 entries but kernel 'axpy_sync' has 4 parameters}}
}

// P14. The grid follows the problem size: fine for small inputs, a failed launch for large ones.
cudaError_t sized_from_problem(float a, const float *x, float *y, int n) {
  int blocks = (n + 255) / 256;
  void *args[] = {&a, &x, &y, &n};
  return cudaLaunchCooperativeKernel((void *)axpy_sync, dim3(blocks), dim3(256), args); // expected-warning {{the grid of this cooperative launch is sized from the problem ('(n + 255) / 256') instead of the occupancy API: once the problem needs more blocks than the device holds at once, the launch fails with cudaErrorCooperativeLaunchTooLarge; size the grid with cudaOccupancyMaxActiveBlocksPerMultiprocessor times the SM count and loop over the problem in the kernel}}
}

// P15. The same through the extensible launch's configuration, with a ceil-division macro.
#define DIV_UP(a, b) (((a) + (b)-1) / (b))
cudaError_t configured_from_problem(int *out, int elements) {
  cudaLaunchAttribute attribute[1];
  attribute[0].id = cudaLaunchAttributeCooperative;
  attribute[0].val.cooperative = 1;
  cudaLaunchConfig_t config = {};
  config.gridDim = dim3(DIV_UP(elements, 128));
  config.blockDim = dim3(128);
  config.attrs = attribute;
  config.numAttrs = 1;
  return cudaLaunchKernelEx(&config, count_blocks, out); // expected-warning {{the grid of this cooperative launch is sized from the problem}}
}

// P16. The error code is dropped: a launch that does not fit fails without a trace.
void fire_and_forget(float a, const float *x, float *y, int n, int sms) {
  void *args[] = {&a, &x, &y, &n};
  cudaLaunchCooperativeKernel((void *)axpy_sync, dim3(sms), dim3(256), args); // expected-note {{the error code of cudaLaunchCooperativeKernel is ignored: a cooperative launch larger than the device holds at once returns cudaErrorCooperativeLaunchTooLarge and the kernel silently never runs}}
  cudaDeviceSynchronize();
}

// P17. A launch in a template is reported once, for all its instantiations.
template <typename T> cudaError_t launch_short(T a, const float *x, float *y) {
  void *args[] = {&a, &x, &y};
  return cudaLaunchCooperativeKernel((void *)axpy_sync, dim3(4), dim3(128), args); // expected-error {{holds 3 entries but kernel 'axpy_sync' has 4 parameters}}
}
template cudaError_t launch_short<float>(float, const float *, float *);
template cudaError_t launch_short<double>(double, const float *, float *);

// ---- negatives --------------------------------------------------------------------------------

// N1. NVIDIA's samples: occupancy times the SM count, the result checked through a macro.
void occupancy_sized(float a, const float *x, float *y, int n, int device) {
  int numBlocksPerSm = 0;
  int numThreads = 256;
  cudaDeviceProp deviceProp;
  checkCudaErrors(cudaGetDeviceProperties(&deviceProp, device));
  checkCudaErrors(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&numBlocksPerSm, axpy_sync, numThreads, 0));
  void *kernelArgs[] = {&a, &x, &y, &n};
  dim3 dimBlock(numThreads, 1, 1);
  dim3 dimGrid(deviceProp.multiProcessorCount * numBlocksPerSm, 1, 1);
  checkCudaErrors(cudaLaunchCooperativeKernel((void *)axpy_sync, dimGrid, dimBlock, kernelArgs));
}

// N2. The SM count from an attribute, capped by the problem size.
cudaError_t capped_by_problem(int *out, int n, int device) {
  int sms = 0, perSm = 0;
  cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device);
  cudaOccupancyMaxActiveBlocksPerMultiprocessor(&perSm, count_blocks, 128, 0);
  int blocks = (n + 127) / 128;
  if (blocks > sms * perSm)
    blocks = sms * perSm;
  void *args[] = {&out};
  return cudaLaunchCooperativeKernel((void *)count_blocks, dim3(blocks), dim3(128), args);
}

// N3. A constant grid that fits: one block of 1024 threads per SM of an A100.
cudaError_t one_block_per_sm(int *out) {
  void *args[] = {&out};
  return cudaLaunchCooperativeKernel((void *)count_blocks, dim3(108), dim3(1024), args);
}

// N4. The grid is the caller's: nothing to tell here.
cudaError_t caller_sized(float a, const float *x, float *y, int n, int blocks, cudaStream_t s) {
  void *args[] = {&a, &x, &y, &n};
  return cudaLaunchCooperativeKernel((void *)axpy_sync, dim3(blocks), dim3(256), args, 0, s);
}

// N5. The grid comes from a helper this unit cannot see into.
int cooperativeGridFor(const void *kernel, int threads);
cudaError_t helper_sized(int *out, int n) {
  int blocks = cooperativeGridFor((const void *)count_blocks, 256) / 2;
  void *args[] = {&out};
  return cudaLaunchCooperativeKernel((void *)count_blocks, dim3(blocks), dim3(256), args);
}

// N6. Qualifiers and signedness do not change the bytes: float * for const float *, unsigned n.
cudaError_t qualified_arguments(float a, float *x, float *y, unsigned n) {
  void *args[] = {(void *)&a, (void *)&x, (void *)&y, (void *)&n};
  return cudaLaunchCooperativeKernel((void *)axpy_sync, dim3(8), dim3(256), args);
}

// N7. Deliberately discarded, and compared: no note.
void checked_results(int *out) {
  void *args[] = {&out};
  (void)cudaLaunchCooperativeKernel((void *)count_blocks, dim3(8), dim3(256), args);
  if (cudaLaunchCooperativeKernel((void *)count_blocks, dim3(8), dim3(256), args) != cudaSuccess)
    fprintf(stderr, "cooperative launch failed\n");
}

// N8. Arrays filled in a loop or handed in by the caller are not counted.
cudaError_t filled_in_loop(void **values, int count) {
  void *args[4];
  for (int i = 0; i < count; ++i)
    args[i] = values[i];
  return cudaLaunchCooperativeKernel((void *)axpy_sync, dim3(8), dim3(256), args);
}
cudaError_t forwarded(void **args, cudaStream_t stream) {
  return cudaLaunchCooperativeKernel((void *)axpy_sync, dim3(8), dim3(256), args, 0, stream);
}

// N9. The driver API sized from cuOccupancyMaxActiveBlocksPerMultiprocessor and the SM count.
CUresult driver_occupancy_sized(CUfunction solver, CUdevice device, CUstream stream, CUdeviceptr data) {
  int perSm = 0, sms = 0;
  cuOccupancyMaxActiveBlocksPerMultiprocessor(&perSm, solver, 1024, 0);
  cuDeviceGetAttribute(&sms, CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT, device);
  void *params[] = {&data};
  return cuLaunchCooperativeKernel(solver, perSm * sms, 1, 1, 1024, 1, 1, 0, stream, params);
}

// N10. cudaOccupancyMaxPotentialBlockSize gives the grid of full occupancy.
cudaError_t potential_block_size(float a, const float *x, float *y, int n) {
  int minGridSize = 0, blockSize = 0;
  cudaOccupancyMaxPotentialBlockSize(&minGridSize, &blockSize, axpy_sync, 0, 0);
  void *args[] = {&a, &x, &y, &n};
  return cudaLaunchCooperativeKernel((void *)axpy_sync, dim3(minGridSize), dim3(blockSize), args);
}

// N11. A standard launch is not this rule's business, whatever its configuration.
__global__ void scale(float *x, float s) { x[blockIdx.x * blockDim.x + threadIdx.x] *= s; }
cudaError_t standard_launch(float *x, float s) {
  void *args[] = {&x};
  return cudaLaunchKernel((void *)scale, dim3(100000), dim3(1024), args, 0, 0);
}

// N12. Sized from the problem but checked against the device first (hip-tests): a grid too
// large never reaches the launch.
cudaError_t checked_against_device(int *out, int n, int device) {
  cudaDeviceProp properties;
  cudaGetDeviceProperties(&properties, device);
  int perSm = 0;
  cudaOccupancyMaxActiveBlocksPerMultiprocessor(&perSm, count_blocks, 128, 0);
  int blocks = (n + 127) / 128;
  if (blocks > perSm * properties.multiProcessorCount)
    return cudaErrorCooperativeLaunchTooLarge;
  void *args[] = {&out};
  return cudaLaunchCooperativeKernel((void *)count_blocks, dim3(blocks), dim3(128), args);
}
