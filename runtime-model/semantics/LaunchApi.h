// The kernel launch APIs of the three platforms, as data: which ones are cooperative and where
// their kernel, grid, block and argument-array parameters are. No Clang here: the analysis layer
// matches calls by name against this table.
#pragma once
#include "runtime-model/semantics/Platform.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include <string>

namespace coopcheck::model {

enum class LaunchKind {
  Standard,               ///< <<<...>>>, cudaLaunchKernel, hipLaunchKernelGGL, cuLaunchKernel ...
  Cooperative,            ///< cudaLaunchCooperativeKernel, cuLaunchCooperativeKernel ...
  CooperativeMultiDevice, ///< cudaLaunchCooperativeKernelMultiDevice: kernels named in a params
                          ///< list
  ByAttribute,            ///< cudaLaunchKernelEx: cooperative iff its attributes say so
};

struct LaunchApi {
  llvm::StringRef Name;
  Platform Plat;
  LaunchKind Kind;
  int KernelArg; ///< argument holding the kernel (function or CUfunction handle); -1: in a params
                 ///< list
  int GridArg;   ///< first grid-dimension argument; -1: in a config or params struct
  int BlockArg;  ///< first block-dimension argument; -1: in a config or params struct
  int ArgsArg;   ///< the void** argument array; -1: arguments passed directly or in a params struct
  int ConfigArg; ///< the launch configuration (attributes) of ByAttribute launches; -1 otherwise
  bool Driver;   ///< driver API: the kernel is a CUfunction handle, dimensions are scalars
};

llvm::ArrayRef<LaunchApi> launchApis();
const LaunchApi *findLaunchApi(llvm::StringRef Name);

/// Enumerators naming the cooperative launch attribute (cudaLaunchAttributeCooperative, ...).
bool isCooperativeAttributeName(llvm::StringRef EnumeratorName);

/// The argument holding a launch's dynamic shared-memory size: after the argument array of
/// runtime launches, after the block dimensions of driver launches; -1 where a configuration
/// or parameter struct holds it.
int sharedMemoryArg(const LaunchApi &Api);

/// The error a cooperative launch larger than co-residency returns:
/// cudaErrorCooperativeLaunchTooLarge, CUDA_ERROR_COOPERATIVE_LAUNCH_TOO_LARGE, ...
std::string cooperativeLaunchTooLargeError(const LaunchApi &Api);

/// Occupancy queries whose first argument receives a grid-size bound: blocks per
/// multiprocessor (cudaOccupancyMaxActiveBlocksPerMultiprocessor[WithFlags], cuOccupancy...,
/// hip/hipModule/mc equivalents) or the minimum grid of full occupancy (...MaxPotentialBlockSize).
bool isOccupancyQueryName(llvm::StringRef FunctionName);

/// The occupancy query of a launch's API family, for messages:
/// cudaOccupancyMaxActiveBlocksPerMultiprocessor, cuOccupancy..., hipModuleOccupancy...
std::string occupancyQueryFor(const LaunchApi &Api);

/// Device attribute enumerators and device-properties fields that give the multiprocessor count.
bool isMultiprocessorCountName(llvm::StringRef Name);

/// Device attribute enumerators that ask whether the device supports cooperative launches.
llvm::ArrayRef<llvm::StringRef> cooperativeLaunchSupportAttributes();
/// The device-properties structs, whose `cooperativeLaunch` field tells the same.
llvm::ArrayRef<llvm::StringRef> devicePropertiesStructs();

/// How the platform asks for cooperative launch support, for messages:
/// "cudaDeviceGetAttribute(..., cudaDevAttrCooperativeLaunch, device)".
std::string cooperativeLaunchSupportQuery(const LaunchApi &Api);

} // namespace coopcheck::model
