// A CUDA source lowered to device IR for the confirmation tests, the way confirmation lowers a
// unit: hermetically, with the model headers.
#pragma once
#include "../report/TempTree.h"
#include "analysis/frontend/DeviceIR.h"
#include "analysis/frontend/ParseSetup.h"
#include "llvm/Demangle/Demangle.h"
#include "gtest/gtest.h"
#include <string>

namespace coopcheck::confirmation::test {

class DeviceModule {
public:
  explicit DeviceModule(const std::string &Source)
      : File(Tree.write("unit.cu", "#include <cooperative_groups.h>\n" + Source)) {
    llvm::Expected<analysis::DeviceModule> Lowered = analysis::lowerToDeviceIR(File, arguments());
    if (!Lowered) {
      ADD_FAILURE() << llvm::toString(Lowered.takeError());
      return;
    }
    IR = std::move(*Lowered);
  }

  /// The kernel whose name, demangled, starts with Name.
  const llvm::Function &kernel(llvm::StringRef Name) const {
    for (const llvm::Function &F : *IR.Module)
      if (!F.isDeclaration() && F.getCallingConv() == llvm::CallingConv::PTX_Kernel &&
          llvm::StringRef(llvm::demangle(F.getName().str())).starts_with(Name))
        return F;
    ADD_FAILURE() << "no kernel " << Name.str();
    return *IR.Module->begin();
  }

  static std::vector<std::string> arguments() {
    return analysis::parseArguments(model::Platform::Cuda, analysis::ParseOptions(), nullptr);
  }

  report::test::TempTree Tree;
  std::string File;
  analysis::DeviceModule IR;
};

} // namespace coopcheck::confirmation::test
