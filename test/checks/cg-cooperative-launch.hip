// cg-cooperative-launch on HIP: hipLaunchCooperativeKernel and hipModuleLaunchCooperativeKernel.
// Without --arch, grids are checked against the HIP part that holds the most blocks of the
// launch at once (MI300X: 304 CUs of 2048 threads; MI355X where LDS decides: 160 KiB per CU).
//
// Positives: constant grids beyond co-residency (threads, LDS, module launch), an argument array
// one short, a grid sized from the problem, ignored error codes. Negatives: the occupancy-sized
// launch of the HIP cooperative-groups samples, a constant grid that fits every part, the module
// API sized from hipModuleOccupancyMaxActiveBlocksPerMultiprocessor, a checked result. The unit
// asks for hipDeviceAttributeCooperativeLaunch, so there is no note about support.
#include <hip/hip_runtime.h>
#include <hip/hip_cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void relax(float *x, int n, int iterations) { // expected-note {{parameter 'iterations' of 'relax' is declared here}}
  cg::grid_group grid = cg::this_grid();
  for (int it = 0; it < iterations; ++it) {
    for (int i = grid.thread_rank(); i < n; i += grid.size())
      x[i] *= 0.5f;
    grid.sync();
  }
}

__global__ void lds_reduce(const float *in, float *out, int n) {
  __shared__ float partial[12288]; // 48 KiB of LDS
  cg::grid_group grid = cg::this_grid();
  partial[threadIdx.x] = grid.thread_rank() < n ? in[grid.thread_rank()] : 0.0f;
  grid.sync();
  if (grid.thread_rank() == 0)
    out[0] = partial[0];
}

bool supportsCooperativeLaunch(int device) {
  int supported = 0;
  hipDeviceGetAttribute(&supported, hipDeviceAttributeCooperativeLaunch, device);
  return supported != 0;
}

// ---- positives --------------------------------------------------------------------------------

// H-P1. gpu-probes P11 on HIP: 100000 blocks of 1024 threads.
hipError_t too_many_blocks(float *x, int n, int iterations) {
  void *args[] = {&x, &n, &iterations};
  return hipLaunchCooperativeKernel((void *)relax, dim3(100000), dim3(1024), args, 0, 0); // expected-error {{a cooperative launch of 100000 blocks of 1024 threads; at most 608 (2 per CU x 304 CUs) can be co-resident on MI300X (gfx942); the launch fails with hipErrorCooperativeLaunchTooLarge}}
}

// H-P2. LDS decides: 48 KiB per block, three per CU at best (MI355X).
hipError_t lds_bound(const float *in, float *out, int n, hipStream_t stream) {
  void *args[] = {&in, &out, &n};
  return hipLaunchCooperativeKernel((void *)lds_reduce, dim3(1000), dim3(256), args, 0, stream); // expected-error {{a cooperative launch of 1000 blocks of 256 threads using 49152 bytes of shared memory; at most 768 (3 per CU x 256 CUs) can be co-resident on MI355X (gfx950)}}
}

// H-P3. The module API: grid and block as scalars.
hipError_t module_launch(hipFunction_t solver, hipStream_t stream, void **params) {
  return hipModuleLaunchCooperativeKernel(solver, 5000, 1, 1, 256, 1, 1, 0, stream, params); // expected-error {{a cooperative launch of 5000 blocks of 256 threads; at most 2432 (8 per CU x 304 CUs) can be co-resident on MI300X (gfx942); the launch fails with hipErrorCooperativeLaunchTooLarge}}
}

// H-P4. gpu-probes P12 on HIP: 'iterations' has no entry.
hipError_t args_short(float *x, int n) {
  void *args[] = {&x, &n};
  return hipLaunchCooperativeKernel((void *)relax, dim3(8), dim3(256), args, 0, 0); // expected-error {{the argument array 'args' of this cooperative launch holds 2 entries but kernel 'relax' has 3 parameters; parameter 'iterations' has no entry}}
}

// H-P5. The grid follows the problem size.
hipError_t sized_from_problem(float *x, int n, int iterations) {
  void *args[] = {&x, &n, &iterations};
  unsigned blocks = (n + 1023) >> 10;
  return hipLaunchCooperativeKernel((void *)relax, dim3(blocks), dim3(1024), args, 0, 0); // expected-warning {{the grid of this cooperative launch is sized from the problem ('(n + 1023) >> 10') instead of the occupancy API: once the problem needs more blocks than the device holds at once, the launch fails with hipErrorCooperativeLaunchTooLarge; size the grid with hipOccupancyMaxActiveBlocksPerMultiprocessor times the CU count}}
}

// H-P6. The error code is dropped.
void fire_and_forget(float *x, int n, int iterations, int blocks) {
  void *args[] = {&x, &n, &iterations};
  hipLaunchCooperativeKernel((void *)relax, dim3(blocks), dim3(256), args, 0, 0); // expected-note {{the error code of hipLaunchCooperativeKernel is ignored: a cooperative launch larger than the device holds at once returns hipErrorCooperativeLaunchTooLarge and the kernel silently never runs}}
  hipDeviceSynchronize();
}

// ---- negatives --------------------------------------------------------------------------------

// H-N1. The HIP samples: occupancy times the CU count from the device properties.
hipError_t occupancy_sized(float *x, int n, int iterations, int device) {
  hipDeviceProp_t props;
  hipGetDeviceProperties(&props, device);
  int blocksPerCu = 0;
  hipOccupancyMaxActiveBlocksPerMultiprocessor(&blocksPerCu, relax, 256, 0);
  void *args[] = {&x, &n, &iterations};
  dim3 grid(blocksPerCu * props.multiProcessorCount);
  return hipLaunchCooperativeKernel((void *)relax, grid, dim3(256), args, 0, 0);
}

// H-N2. One block of 1024 threads per CU of the largest part fits every part that has the CUs.
hipError_t one_block_per_cu(float *x, int n, int iterations) {
  void *args[] = {&x, &n, &iterations};
  return hipLaunchCooperativeKernel((void *)relax, dim3(304), dim3(1024), args, 0, 0);
}

// H-N3. The module API sized from its occupancy query and the CU attribute.
hipError_t module_occupancy(hipFunction_t solver, hipStream_t stream, void **params, int device) {
  int perCu = 0, cus = 0;
  hipModuleOccupancyMaxActiveBlocksPerMultiprocessor(&perCu, solver, 256, 0);
  hipDeviceGetAttribute(&cus, hipDeviceAttributeMultiprocessorCount, device);
  return hipModuleLaunchCooperativeKernel(solver, perCu * cus, 1, 1, 256, 1, 1, 0, stream, params);
}

// H-N4. A checked launch whose arguments match.
bool checked(float *x, int n, int iterations) {
  void *args[] = {&x, &n, &iterations};
  hipError_t e = hipLaunchCooperativeKernel((void *)relax, dim3(64), dim3(256), args, 0, 0);
  return e == hipSuccess;
}
