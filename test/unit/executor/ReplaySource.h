// Test support: a kernel given as source text, lowered to device IR with the model headers and
// replayed by the executor.
#pragma once
#include "../support/LoweredSource.h"
#include "runtime-model/executor/Replay.h"
#include <limits>

namespace coopcheck::testing_support {

/// Bounds for tests of what a replay decides: the product's, without the replay's step and query
/// budgets, which end a long search without a verdict (BoundsTest checks them).
inline model::executor::Bounds verdictBounds() {
  model::executor::Bounds Limits;
  Limits.Steps = std::numeric_limits<uint64_t>::max() - 1;
  Limits.SolverWork = std::numeric_limits<uint64_t>::max();
  return Limits;
}

inline model::executor::ReplayResult
replaySource(const char *Source, const model::executor::Bounds &Limits = verdictBounds(),
             model::LaunchShape Shape = {{2}, {64}, 32, model::LaunchCooperation::Cooperative},
             model::Semantics Model = model::Semantics::Hardware,
             const model::executor::KnownArguments &Known = {}) {
  std::optional<analysis::DeviceModule> IR = lowerSource(Source);
  if (!IR)
    return {};
  for (const llvm::Function &F : *IR->Module)
    if (!F.isDeclaration() && F.getCallingConv() == llvm::CallingConv::PTX_Kernel)
      return model::executor::replay(F, Shape, Model, Limits, Known, analysis::modelIncludeDir());
  ADD_FAILURE() << "no kernel";
  return {};
}

} // namespace coopcheck::testing_support
