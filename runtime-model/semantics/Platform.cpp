#include "runtime-model/semantics/Platform.h"

namespace coopcheck::model {

llvm::StringRef platformName(Platform P) {
  switch (P) {
  case Platform::Cuda:
    return "cuda";
  case Platform::Hip:
    return "hip";
  case Platform::Maca:
    return "maca";
  }
  return "cuda";
}

std::optional<Platform> parsePlatform(llvm::StringRef Name) {
  if (Name == "cuda")
    return Platform::Cuda;
  if (Name == "hip")
    return Platform::Hip;
  if (Name == "maca" || Name == "mxmaca")
    return Platform::Maca;
  return std::nullopt;
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

llvm::StringRef runtimePrefix(Platform P) {
  switch (P) {
  case Platform::Cuda:
    return "cuda";
  case Platform::Hip:
    return "hip";
  case Platform::Maca:
    return "mc";
  }
  return "cuda";
}

llvm::StringRef cooperativeLaunchName(Platform P) {
  switch (P) {
  case Platform::Cuda:
    return "cudaLaunchCooperativeKernel";
  case Platform::Hip:
    return "hipLaunchCooperativeKernel";
  case Platform::Maca:
    return "mcLaunchCooperativeKernel";
  }
  return "cudaLaunchCooperativeKernel";
}

llvm::StringRef multiDeviceLaunchName(Platform P) {
  switch (P) {
  case Platform::Cuda:
    return "cudaLaunchCooperativeKernelMultiDevice";
  case Platform::Hip:
    return "hipLaunchCooperativeKernelMultiDevice";
  case Platform::Maca:
    return "mcLaunchCooperativeKernelMultiDevice";
  }
  return "cudaLaunchCooperativeKernelMultiDevice";
}

} // namespace coopcheck::model
