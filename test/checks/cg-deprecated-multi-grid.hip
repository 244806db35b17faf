// cg-deprecated-multi-grid is not reported on HIP: ROCm still provides multi_grid_group and
// hipLaunchCooperativeKernelMultiDevice. (Negative test: no diagnostic expected.)
#include <hip/hip_runtime.h>
#include <hip/hip_cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void exchange_across_devices(int *buf) {
  cg::multi_grid_group mg = cg::this_multi_grid();
  buf[mg.grid_rank()] = static_cast<int>(mg.num_grids());
  mg.sync();
}
