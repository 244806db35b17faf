// Test support: a kernel given as source text, lowered to device IR with the model headers and
// replayed by the executor.
#pragma once
#include "analysis/frontend/DeviceIR.h"
#include "analysis/frontend/ParseSetup.h"
#include "runtime-model/executor/Replay.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"
#include "gtest/gtest.h"

namespace coopcheck::testing_support {

inline model::executor::ReplayResult
replaySource(const char *Source, const model::executor::Bounds &Limits = {},
             model::LaunchShape Shape = {{2}, {64}, 32, model::LaunchCooperation::Cooperative}) {
  llvm::SmallString<128> Path;
  int Fd;
  EXPECT_FALSE(llvm::sys::fs::createTemporaryFile("replay", "cu", Fd, Path));
  {
    llvm::raw_fd_ostream Out(Fd, /*shouldClose=*/true);
    Out << Source;
  }
  llvm::Expected<analysis::DeviceModule> IR = analysis::lowerToDeviceIR(
      std::string(Path),
      analysis::parseArguments(model::Platform::Cuda, analysis::ParseOptions(), nullptr));
  llvm::sys::fs::remove(Path);
  if (!IR) {
    ADD_FAILURE() << llvm::toString(IR.takeError());
    return {};
  }
  for (const llvm::Function &F : *IR->Module)
    if (!F.isDeclaration() && F.getCallingConv() == llvm::CallingConv::PTX_Kernel)
      return model::executor::replay(F, Shape, model::Semantics::Hardware, Limits, {},
                                     analysis::modelIncludeDir());
  ADD_FAILURE() << "no kernel";
  return {};
}

} // namespace coopcheck::testing_support
