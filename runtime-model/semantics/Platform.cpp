#include "runtime-model/semantics/Platform.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"

namespace coopcheck::model {
namespace {

/// What differs between the platforms by name, one row each, in the order of Platform.
struct PlatformNames {
  llvm::StringRef Name, RuntimePrefix, CooperativeLaunch, MultiDeviceLaunch;
};
constexpr PlatformNames Names[] = {
    {"cuda", "cuda", "cudaLaunchCooperativeKernel", "cudaLaunchCooperativeKernelMultiDevice"},
    {"hip", "hip", "hipLaunchCooperativeKernel", "hipLaunchCooperativeKernelMultiDevice"},
    {"maca", "mc", "mcLaunchCooperativeKernel", "mcLaunchCooperativeKernelMultiDevice"},
};

const PlatformNames &namesOf(Platform P) { return Names[static_cast<unsigned>(P)]; }

} // namespace

llvm::StringRef platformName(Platform P) { return namesOf(P).Name; }

std::optional<Platform> parsePlatform(llvm::StringRef Name) {
  if (Name == "cuda")
    return Platform::Cuda;
  if (Name == "hip")
    return Platform::Hip;
  if (Name == "maca" || Name == "mxmaca")
    return Platform::Maca;
  return std::nullopt;
}

bool handleCreationIsCollective(Platform P) { return P != Platform::Hip; }

bool exitReleasesBlockBarrier(Platform P) { return P != Platform::Hip; }

bool warpRunsInLockstep(Platform P) { return P == Platform::Hip; }

std::optional<std::vector<Platform>> parsePlatformList(llvm::StringRef List) {
  llvm::SmallVector<llvm::StringRef, 4> Names;
  List.split(Names, ',', -1, /*KeepEmpty=*/false);
  std::vector<Platform> Out;
  for (llvm::StringRef Name : Names) {
    std::optional<Platform> P = parsePlatform(Name.trim());
    if (!P)
      return std::nullopt;
    if (!llvm::is_contained(Out, *P))
      Out.push_back(*P);
  }
  return Out;
}

unsigned warpSize(Platform P, bool HipWave32) {
  switch (P) {
  case Platform::Cuda:
    return 32;
  case Platform::Hip:
    return HipWave32 ? 32 : 64;
  case Platform::Maca:
    return 64;
  }
  return 32;
}

uint64_t fullWarpMask(Platform P, bool HipWave32) {
  return warpSize(P, HipWave32) == 64 ? ~uint64_t(0) : uint64_t(0xffffffffu);
}

llvm::StringRef runtimePrefix(Platform P) { return namesOf(P).RuntimePrefix; }

llvm::StringRef cooperativeLaunchName(Platform P) { return namesOf(P).CooperativeLaunch; }

llvm::StringRef multiDeviceLaunchName(Platform P) { return namesOf(P).MultiDeviceLaunch; }

} // namespace coopcheck::model
