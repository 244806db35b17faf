#include "runtime-model/LaunchApi.h"

namespace coopcheck::model {
namespace {

using P = Platform;
using K = LaunchKind;

// Runtime APIs take (kernel, dim3 grid, dim3 block, void **args, ...); driver APIs take
// (CUfunction, gx, gy, gz, bx, by, bz, shmem, stream, void **params, ...).
const LaunchApi Table[] = {
    // name                                      platform kind                    kern grid blk args cfg driver
    {"cudaLaunchKernel",                        P::Cuda, K::Standard,               0, 1, 2, 3, -1, false},
    {"cudaLaunchCooperativeKernel",             P::Cuda, K::Cooperative,            0, 1, 2, 3, -1, false},
    {"cudaLaunchCooperativeKernelMultiDevice",  P::Cuda, K::CooperativeMultiDevice,-1,-1,-1,-1, -1, false},
    {"cudaLaunchKernelEx",                      P::Cuda, K::ByAttribute,            1,-1,-1,-1,  0, false},
    {"cudaLaunchKernelExC",                     P::Cuda, K::ByAttribute,            1,-1,-1, 2,  0, false},
    {"cuLaunchKernel",                          P::Cuda, K::Standard,               0, 1, 4, 9, -1, true},
    {"cuLaunchCooperativeKernel",               P::Cuda, K::Cooperative,            0, 1, 4, 9, -1, true},
    {"cuLaunchCooperativeKernelMultiDevice",    P::Cuda, K::CooperativeMultiDevice,-1,-1,-1,-1, -1, true},
    {"cuLaunchKernelEx",                        P::Cuda, K::ByAttribute,            1,-1,-1, 2,  0, true},
    {"hipLaunchKernel",                         P::Hip,  K::Standard,               0, 1, 2, 3, -1, false},
    {"hipLaunchKernelGGL",                      P::Hip,  K::Standard,               0, 1, 2,-1, -1, false},
    {"hipLaunchKernelGGLInternal",              P::Hip,  K::Standard,               0, 1, 2,-1, -1, false},
    {"hipExtLaunchKernelGGL",                   P::Hip,  K::Standard,               0, 1, 2,-1, -1, false},
    {"hipExtLaunchKernelGGLInternal",           P::Hip,  K::Standard,               0, 1, 2,-1, -1, false},
    {"hipExtLaunchKernel",                      P::Hip,  K::Standard,               0, 1, 2, 3, -1, false},
    {"hipLaunchCooperativeKernel",              P::Hip,  K::Cooperative,            0, 1, 2, 3, -1, false},
    {"hipLaunchCooperativeKernelMultiDevice",   P::Hip,  K::CooperativeMultiDevice,-1,-1,-1,-1, -1, false},
    {"hipLaunchKernelEx",                       P::Hip,  K::ByAttribute,            1,-1,-1,-1,  0, false},
    {"hipLaunchKernelExC",                      P::Hip,  K::ByAttribute,            1,-1,-1, 2,  0, false},
    {"hipModuleLaunchKernel",                   P::Hip,  K::Standard,               0, 1, 4, 9, -1, true},
    {"hipModuleLaunchCooperativeKernel",        P::Hip,  K::Cooperative,            0, 1, 4, 9, -1, true},
    {"hipModuleLaunchCooperativeKernelMultiDevice", P::Hip, K::CooperativeMultiDevice,-1,-1,-1,-1,-1, true},
    {"mcLaunchKernel",                          P::Maca, K::Standard,               0, 1, 2, 3, -1, false},
    {"mcLaunchCooperativeKernel",               P::Maca, K::Cooperative,            0, 1, 2, 3, -1, false},
    {"mcLaunchCooperativeKernelMultiDevice",    P::Maca, K::CooperativeMultiDevice,-1,-1,-1,-1, -1, false},
    {"mcLaunchKernelEx",                        P::Maca, K::ByAttribute,            1,-1,-1,-1,  0, false},
    {"mcLaunchKernelExC",                       P::Maca, K::ByAttribute,            1,-1,-1, 2,  0, false},
    {"mcModuleLaunchKernel",                    P::Maca, K::Standard,               0, 1, 4, 9, -1, true},
    {"mcModuleLaunchCooperativeKernel",         P::Maca, K::Cooperative,            0, 1, 4, 9, -1, true},
};

} // namespace

llvm::ArrayRef<LaunchApi> launchApis() { return Table; }

const LaunchApi *findLaunchApi(llvm::StringRef Name) {
  for (const LaunchApi &A : Table)
    if (A.Name == Name)
      return &A;
  return nullptr;
}

bool isCooperativeAttributeName(llvm::StringRef Name) {
  return Name == "cudaLaunchAttributeCooperative" || Name == "CU_LAUNCH_ATTRIBUTE_COOPERATIVE" ||
         Name == "hipLaunchAttributeCooperative" || Name == "mcLaunchAttributeCooperative";
}

} // namespace coopcheck::model
