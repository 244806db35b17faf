#include "runtime-model/semantics/LaunchApi.h"

namespace coopcheck::model {
namespace {

using P = Platform;
using K = LaunchKind;

// Runtime APIs take (kernel, dim3 grid, dim3 block, void **args, ...); driver APIs take
// (CUfunction, gx, gy, gz, bx, by, bz, shmem, stream, void **params, ...).
const LaunchApi Table[] = {
    // name                                      platform kind                    kern grid blk args
    // cfg driver
    {"cudaLaunchKernel", P::Cuda, K::Standard, 0, 1, 2, 3, -1, false},
    {"cudaLaunchCooperativeKernel", P::Cuda, K::Cooperative, 0, 1, 2, 3, -1, false},
    {"cudaLaunchCooperativeKernelMultiDevice", P::Cuda, K::CooperativeMultiDevice, -1, -1, -1, -1,
     -1, false},
    {"cudaLaunchKernelEx", P::Cuda, K::ByAttribute, 1, -1, -1, -1, 0, false},
    {"cudaLaunchKernelExC", P::Cuda, K::ByAttribute, 1, -1, -1, 2, 0, false},
    {"cuLaunchKernel", P::Cuda, K::Standard, 0, 1, 4, 9, -1, true},
    {"cuLaunchCooperativeKernel", P::Cuda, K::Cooperative, 0, 1, 4, 9, -1, true},
    {"cuLaunchCooperativeKernelMultiDevice", P::Cuda, K::CooperativeMultiDevice, -1, -1, -1, -1, -1,
     true},
    {"cuLaunchKernelEx", P::Cuda, K::ByAttribute, 1, -1, -1, 2, 0, true},
    {"hipLaunchKernel", P::Hip, K::Standard, 0, 1, 2, 3, -1, false},
    {"hipLaunchKernelGGL", P::Hip, K::Standard, 0, 1, 2, -1, -1, false},
    {"hipLaunchKernelGGLInternal", P::Hip, K::Standard, 0, 1, 2, -1, -1, false},
    {"hipExtLaunchKernelGGL", P::Hip, K::Standard, 0, 1, 2, -1, -1, false},
    {"hipExtLaunchKernelGGLInternal", P::Hip, K::Standard, 0, 1, 2, -1, -1, false},
    {"hipExtLaunchKernel", P::Hip, K::Standard, 0, 1, 2, 3, -1, false},
    {"hipLaunchCooperativeKernel", P::Hip, K::Cooperative, 0, 1, 2, 3, -1, false},
    {"hipLaunchCooperativeKernelMultiDevice", P::Hip, K::CooperativeMultiDevice, -1, -1, -1, -1, -1,
     false},
    {"hipLaunchKernelEx", P::Hip, K::ByAttribute, 1, -1, -1, -1, 0, false},
    {"hipLaunchKernelExC", P::Hip, K::ByAttribute, 1, -1, -1, 2, 0, false},
    {"hipModuleLaunchKernel", P::Hip, K::Standard, 0, 1, 4, 9, -1, true},
    {"hipModuleLaunchCooperativeKernel", P::Hip, K::Cooperative, 0, 1, 4, 9, -1, true},
    {"hipModuleLaunchCooperativeKernelMultiDevice", P::Hip, K::CooperativeMultiDevice, -1, -1, -1,
     -1, -1, true},
    {"mcLaunchKernel", P::Maca, K::Standard, 0, 1, 2, 3, -1, false},
    {"mcLaunchCooperativeKernel", P::Maca, K::Cooperative, 0, 1, 2, 3, -1, false},
    {"mcLaunchCooperativeKernelMultiDevice", P::Maca, K::CooperativeMultiDevice, -1, -1, -1, -1, -1,
     false},
    {"mcLaunchKernelEx", P::Maca, K::ByAttribute, 1, -1, -1, -1, 0, false},
    {"mcLaunchKernelExC", P::Maca, K::ByAttribute, 1, -1, -1, 2, 0, false},
    {"mcModuleLaunchKernel", P::Maca, K::Standard, 0, 1, 4, 9, -1, true},
    {"mcModuleLaunchCooperativeKernel", P::Maca, K::Cooperative, 0, 1, 4, 9, -1, true},
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

int sharedMemoryArg(const LaunchApi &Api) {
  if (Api.GridArg < 0 || Api.BlockArg < 0)
    return -1;
  // Driver: (f, gx, gy, gz, bx, by, bz, sharedMemBytes, ...); runtime: (f, grid, block, args,
  // sharedMem, ...), or (f, grid, block, sharedMem, ...) when the arguments follow directly.
  if (Api.Driver)
    return Api.BlockArg + 3;
  return Api.ArgsArg >= 0 ? Api.ArgsArg + 1 : Api.BlockArg + 1;
}

std::string cooperativeLaunchTooLargeError(const LaunchApi &Api) {
  if (Api.Driver && Api.Plat == Platform::Cuda)
    return "CUDA_ERROR_COOPERATIVE_LAUNCH_TOO_LARGE";
  return runtimePrefix(Api.Plat).str() + "ErrorCooperativeLaunchTooLarge";
}

bool isOccupancyQueryName(llvm::StringRef Name) {
  return Name.contains("OccupancyMaxActiveBlocksPerMultiprocessor") ||
         Name.contains("OccupancyMaxPotentialBlockSize");
}

std::string occupancyQueryFor(const LaunchApi &Api) {
  llvm::StringRef Family = !Api.Driver                  ? runtimePrefix(Api.Plat)
                           : Api.Plat == Platform::Cuda ? "cu"
                           : Api.Plat == Platform::Hip  ? "hipModule"
                                                        : "mcModule";
  return Family.str() + "OccupancyMaxActiveBlocksPerMultiprocessor";
}

bool isMultiprocessorCountName(llvm::StringRef Name) {
  return Name == "cudaDevAttrMultiProcessorCount" ||
         Name == "CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT" ||
         Name == "hipDeviceAttributeMultiprocessorCount" ||
         Name == "mcDevAttrMultiProcessorCount" || Name == "multiProcessorCount";
}

// Indexed by platform, with the CUDA driver's spelling last.
static const llvm::StringRef SupportAttributes[] = {
    "cudaDevAttrCooperativeLaunch", "hipDeviceAttributeCooperativeLaunch",
    "mcDevAttrCooperativeLaunch", "CU_DEVICE_ATTRIBUTE_COOPERATIVE_LAUNCH"};

llvm::ArrayRef<llvm::StringRef> cooperativeLaunchSupportAttributes() { return SupportAttributes; }

llvm::ArrayRef<llvm::StringRef> devicePropertiesStructs() {
  static const llvm::StringRef Names[] = {"cudaDeviceProp", "hipDeviceProp_t", "mcDeviceProp"};
  return Names;
}

std::string cooperativeLaunchSupportQuery(const LaunchApi &Api) {
  bool CudaDriver = Api.Driver && Api.Plat == Platform::Cuda;
  llvm::StringRef Prefix = CudaDriver ? "cu" : runtimePrefix(Api.Plat);
  llvm::StringRef Attribute = SupportAttributes[CudaDriver ? 3 : static_cast<int>(Api.Plat)];
  return Prefix.str() + "DeviceGetAttribute(..., " + Attribute.str() + ", device)";
}

} // namespace coopcheck::model
