// Test support: CUDA source text lowered to device IR the way confirmation lowers a unit,
// hermetically with the model headers (through a temporary file, removed once lowered).
#pragma once
#include "analysis/frontend/DeviceIR.h"
#include "analysis/frontend/ParseSetup.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"
#include "gtest/gtest.h"
#include <optional>

namespace coopcheck::testing_support {

/// The device module of Source; a test failure and nullopt when it does not lower.
inline std::optional<analysis::DeviceModule> lowerSource(const std::string &Source) {
  llvm::SmallString<128> Path;
  int Fd;
  EXPECT_FALSE(llvm::sys::fs::createTemporaryFile("lowered", "cu", Fd, Path));
  {
    llvm::raw_fd_ostream Out(Fd, /*shouldClose=*/true);
    Out << Source;
  }
  llvm::Expected<analysis::DeviceModule> IR = analysis::lowerToDeviceIR(
      std::string(Path),
      analysis::parseArguments(model::Platform::Cuda, analysis::ParseOptions(), nullptr));
  (void)llvm::sys::fs::remove(Path);
  if (!IR) {
    ADD_FAILURE() << llvm::toString(IR.takeError());
    return std::nullopt;
  }
  IR->promoteAllLocals(); // as the replays of its kernels would have them
  return std::move(*IR);
}

} // namespace coopcheck::testing_support
