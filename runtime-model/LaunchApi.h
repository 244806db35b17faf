// The kernel launch APIs of the three platforms, as data: which ones are cooperative and where
// their kernel, grid, block and argument-array parameters are. No Clang here: the analysis layer
// matches calls by name against this table.
#pragma once
#include "runtime-model/Platform.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

namespace coopcheck::model {

enum class LaunchKind {
  Standard,               ///< <<<...>>>, cudaLaunchKernel, hipLaunchKernelGGL, cuLaunchKernel ...
  Cooperative,            ///< cudaLaunchCooperativeKernel, cuLaunchCooperativeKernel ...
  CooperativeMultiDevice, ///< cudaLaunchCooperativeKernelMultiDevice: kernels named in a params list
  ByAttribute,            ///< cudaLaunchKernelEx: cooperative iff its attributes say so
};

struct LaunchApi {
  llvm::StringRef Name;
  Platform Plat;
  LaunchKind Kind;
  int KernelArg; ///< argument holding the kernel (function or CUfunction handle); -1: in a params list
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

} // namespace coopcheck::model
