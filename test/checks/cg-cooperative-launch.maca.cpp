// cg-cooperative-launch on MXMACA: mcLaunchCooperativeKernel and mcModuleLaunchCooperativeKernel,
// checked against the MetaX C500 (104 compute units of 64-lane warps). The unit reads
// mcDeviceProp::cooperativeLaunch, so there is no note about support.
//
// Positives: a constant grid beyond co-residency (runtime and module launch), an argument entry
// of the wrong type, a grid sized from the problem (also through a local that changes), an ignored
// error code. Negatives: the occupancy-sized launch of the MXMACA programming guide, a constant
// grid that fits, a grid computed from locals that keep their constant initializers.
#include <mc_runtime.h>
#include <maca_cooperative_groups.h>
using namespace cooperative_groups;

__global__ void histogram_sync(const int *keys, int *bins, int n, float scale) { // expected-note {{parameter 'scale' is declared here}}
  grid_group grid = this_grid();
  for (int i = grid.thread_rank(); i < n; i += grid.size())
    atomicAdd(&bins[keys[i]], 1);
  grid.sync();
  if (grid.thread_rank() < 256)
    bins[grid.thread_rank()] = static_cast<int>(bins[grid.thread_rank()] * scale);
}

// ---- positives --------------------------------------------------------------------------------

// M-P1. probe P11 on MXMACA: 100000 blocks of 1024 threads.
mcError_t too_many_blocks(const int *keys, int *bins, int n, float scale) {
  void *args[] = {&keys, &bins, &n, &scale};
  return mcLaunchCooperativeKernel((void *)histogram_sync, dim3(100000), dim3(1024), args, 0, 0); // expected-error {{a cooperative launch of 100000 blocks of 1024 threads; at most 208 (2 per CU x 104 CUs) can be co-resident on MetaX C500 (xcore1000); the launch fails with mcErrorCooperativeLaunchTooLarge}}
}

// M-P2. The module API with the grid in locals.
mcError_t module_launch(mcFunction_t f, mcStream_t stream, void **params) {
  unsigned blocks = 4096, threads = 256;
  return mcModuleLaunchCooperativeKernel(f, blocks, 1, 1, threads, 1, 1, 0, stream, params); // expected-error {{a cooperative launch of 4096 blocks of 256 threads; at most 832 (8 per CU x 104 CUs)}}
}

// M-P3. A double where the kernel reads a float.
mcError_t wrong_scale_type(const int *keys, int *bins, int n, double scale) {
  void *args[] = {&keys, &bins, &n, &scale}; // expected-note {{'args[3]' is set here}}
  return mcLaunchCooperativeKernel((void *)histogram_sync, dim3(104), dim3(256), args, 0, 0); // expected-error {{'args[3]' points to type 'double' but parameter 'scale' of kernel 'histogram_sync' has type 'float'}}
}

// M-P4. The grid follows the problem size; its error code is dropped too.
void sized_from_problem(const int *keys, int *bins, int n, float scale) {
  void *args[] = {&keys, &bins, &n, &scale};
  int blocks = n / 256 + 1;
  mcLaunchCooperativeKernel((void *)histogram_sync, dim3(blocks), dim3(256), args, 0, 0); // expected-warning {{the grid of this cooperative launch is sized from the problem ('n / 256') instead of the occupancy API}} expected-note {{the error code of mcLaunchCooperativeKernel is ignored}}
}

// M-P5. The problem size is a local, but one that changes before the launch: the grid grows with
// it.
void sized_from_changed_local(const int *keys, int *bins, int extra, float scale) {
  int n = 5 * 1024;
  n += extra;
  int blockSize = 256;
  int blocks = (n + blockSize - 1) / blockSize;
  void *args[] = {&keys, &bins, &n, &scale};
  mcError_t err = mcLaunchCooperativeKernel((void *)histogram_sync, blocks, blockSize, args, 0, 0); // expected-warning {{the grid of this cooperative launch is sized from the problem ('(n + blockSize - 1) / blockSize')}}
  (void)err;
}

// ---- negatives --------------------------------------------------------------------------------

// M-N3. The problem size is a constant in locals initialized once and never changed (the
// chapter 5 sample of the MXMACA guide): 20 blocks, which fit; handing n's address to the
// launch's argument array does not change it.
mcError_t constant_problem(const int *keys, int *bins, float scale) {
  int n = 5 * 1024;
  int blockSize = 256;
  int nBlocks = (n + blockSize - 1) / blockSize;
  void *args[] = {(void *)&keys, (void *)&bins, (void *)&n, (void *)&scale};
  return mcLaunchCooperativeKernel((void *)histogram_sync, nBlocks, blockSize, args, 0, 0);
}

// M-N1. The grid synchronization example of the MXMACA guide.
int occupancy_sized(const int *keys, int *bins, int n, float scale) {
  int dev = 0;
  mcDeviceProp deviceProp;
  mcGetDeviceProperties(&deviceProp, dev);
  if (!deviceProp.cooperativeLaunch)
    return 1;
  int numBlocksPerSm = 0;
  int numThreads = 128;
  mcOccupancyMaxActiveBlocksPerMultiprocessor(&numBlocksPerSm, histogram_sync, numThreads, 0);
  void *kernelArgs[] = {&keys, &bins, &n, &scale};
  dim3 dimBlock(numThreads, 1, 1);
  dim3 dimGrid(deviceProp.multiProcessorCount * numBlocksPerSm, 1, 1);
  return mcLaunchCooperativeKernel((void *)histogram_sync, dimGrid, dimBlock, kernelArgs, 0, 0);
}

// M-N2. Two blocks of 1024 threads per compute unit fit.
mcError_t fits(const int *keys, int *bins, int n, float scale) {
  void *args[] = {&keys, &bins, &n, &scale};
  return mcLaunchCooperativeKernel((void *)histogram_sync, dim3(208), dim3(1024), args, 0, 0);
}
