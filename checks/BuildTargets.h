// The platforms a unit's code is built for: the unit's own and those the `Targets` option of a
// check adds (`cuda,hip`: CUDA code that a hipify-style project also builds for ROCm). A
// finding that depends on the target holds where any of them breaks, and says which.
#pragma once
#include "runtime-model/semantics/Platform.h"
#include <string>
#include <vector>

namespace coopcheck::checks {

class BuildTargets {
public:
  /// Option: the check option's value, a comma-separated list (a list with an unknown name is
  /// ignored; the command line rejects it before).
  BuildTargets(model::Platform Unit, llvm::StringRef Option);

  const std::vector<model::Platform> &platforms() const { return Platforms; }
  /// The targets where threads that left the kernel are still awaited at a block barrier.
  std::vector<model::Platform> awaitingExitedThreads() const;
  /// For a finding that holds on Some of the targets only: " (on the hip target)"; else empty.
  std::string onlyOn(const std::vector<model::Platform> &Some) const;

private:
  std::vector<model::Platform> Platforms;
};

} // namespace coopcheck::checks
