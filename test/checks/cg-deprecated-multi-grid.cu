// cg-deprecated-multi-grid: multi_grid_group and this_multi_grid() are deprecated since CUDA 11.3
// and removed in CUDA 13. One finding per function at its first this_multi_grid() call, notes at
// the other uses.
//
// Positives: the corpus seed, a kernel that also reads grid_rank()/num_grids(), a device helper
// taking the group as a parameter, a kernel template (reported once), cg::sync on the group.
// Negatives: grid_group and this_grid(), a kernel that only declares other groups, a multi-device
// launch of kernels that do not use multi_grid_group, a name that merely contains "multi_grid".
#include <cooperative_groups.h>
namespace cg = cooperative_groups;
using namespace cooperative_groups;

// ---- positives --------------------------------------------------------------------------------

// P1. The corpus seed: the finding at the call, the other uses as notes.
__global__ void my_kernel(int *x) {
  multi_grid_group multi_grid = this_multi_grid(); // expected-warning {{'this_multi_grid()' uses multi_grid_group, deprecated since CUDA 11.3 and removed in CUDA 13; it works only in kernels compiled with -rdc=true and launched with cudaLaunchCooperativeKernelMultiDevice (also deprecated): synchronise each device's grid with this_grid().sync() and coordinate the devices from the host}}
  x[threadIdx.x] = multi_grid.grid_rank(); // expected-note {{'multi_grid.grid_rank()' also uses multi_grid_group}}
  multi_grid.sync(); // expected-note {{'multi_grid.sync()' also uses multi_grid_group}}
}

// P2. Device ranks across GPUs: every query is a use.
__global__ void scatter_by_device(float *out, const float *in, int n) {
  cg::multi_grid_group mg = cg::this_multi_grid(); // expected-warning {{'cg::this_multi_grid()' uses multi_grid_group}}
  unsigned long long rank = mg.thread_rank(); // expected-note {{'mg.thread_rank()' also uses}}
  if (rank < (unsigned long long)n)
    out[rank] = in[rank] * mg.num_grids(); // expected-note {{'mg.num_grids()' also uses}}
}

// P3. A helper taking the group: reported at its parameter; the kernel at its call.
__device__ void exchange(cg::multi_grid_group mg, int *buf) { // expected-warning {{a multi_grid_group parameter uses multi_grid_group}}
  buf[mg.grid_rank()] = 1; // expected-note {{'mg.grid_rank()' also uses}}
  mg.sync(); // expected-note {{'mg.sync()' also uses}}
}
__global__ void exchange_kernel(int *buf) {
  exchange(cg::this_multi_grid(), buf); // expected-warning {{'cg::this_multi_grid()' uses multi_grid_group}}
}

// P4. cg::sync on the group, in a kernel template instantiated twice: one finding.
template <typename T>
__global__ void accumulate(T *data) {
  auto all = cg::this_multi_grid(); // expected-warning {{'cg::this_multi_grid()' uses multi_grid_group}}
  data[threadIdx.x] += T(1);
  cg::sync(all); // expected-note {{'cg::sync(all)' also uses}}
}
template __global__ void accumulate<float>(float *);
template __global__ void accumulate<int>(int *);

// P5. Only the handle is created (e.g. to test is_valid()).
__global__ void probe_valid(int *flag) {
  if (cg::this_multi_grid().is_valid()) // expected-warning {{'cg::this_multi_grid()' uses multi_grid_group}} expected-note {{'cg::this_multi_grid().is_valid()' also uses}}
    *flag = 1;
}

// ---- negatives --------------------------------------------------------------------------------

// N1. The single-device grid is the replacement.
__global__ void grid_only(int *x) {
  cg::grid_group grid = cg::this_grid();
  x[grid.thread_rank()] = 1;
  grid.sync();
}

// N2. Other groups, and a variable whose name only mentions the multi-grid.
__global__ void block_and_tiles(int *x) {
  cg::thread_block block = cg::this_thread_block();
  auto tile = cg::tiled_partition<32>(block);
  int multi_grid_rank = tile.meta_group_rank();
  x[block.thread_rank()] = multi_grid_rank;
  block.sync();
}

// N3. A host function launching on several devices with the multi-device API is the launch rules'
// business, not this rule's (the kernel itself uses grid_group only).
void launch_per_device(cudaLaunchParams *params, unsigned int devices) {
  for (unsigned int d = 0; d < devices; ++d)
    params[d].func = (void *)grid_only;
  (void)cudaLaunchCooperativeKernelMultiDevice(params, devices, 0);
}
