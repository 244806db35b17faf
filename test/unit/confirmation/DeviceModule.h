// A CUDA source with the cooperative-groups header, lowered to device IR for the confirmation
// tests; its kernels found by name.
#pragma once
#include "../support/LoweredSource.h"
#include "llvm/Demangle/Demangle.h"
#include <string>

namespace coopcheck::confirmation::test {

class DeviceModule {
public:
  explicit DeviceModule(const std::string &Source)
      : IR(testing_support::lowerSource("#include <cooperative_groups.h>\n" + Source)) {}

  /// The kernel whose name, demangled, starts with Name.
  const llvm::Function &kernel(llvm::StringRef Name) const {
    if (IR)
      for (const llvm::Function &F : *IR->Module)
        if (!F.isDeclaration() && F.getCallingConv() == llvm::CallingConv::PTX_Kernel &&
            llvm::StringRef(llvm::demangle(F.getName().str())).starts_with(Name))
          return F;
    llvm::report_fatal_error("the test source has no such kernel");
  }

private:
  std::optional<analysis::DeviceModule> IR;
};

} // namespace coopcheck::confirmation::test
