// The grids a kernel is replayed on: the constant shapes of its launch sites, scaled down to what
// the executor replays quickly, with each launch's cooperation, then the default grid of two
// blocks of two warps, laid out in 2-D or 3-D when the kernel reads those indices.
#pragma once
#include "analysis/launch/CrossUnitFacts.h"
#include "runtime-model/semantics/LaunchShape.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/IR/Function.h"
#include <string>
#include <vector>

namespace coopcheck::confirmation {

struct ReplayShape {
  model::LaunchShape Shape;
  std::string Origin;      ///< "the launch at app.cu:42", "the default grid"
  bool AsLaunched = false; ///< exactly a launch the program makes: not scaled, not assumed
  bool Assumed = false;    ///< the default grid, not a launch of the program
};

/// The kernel's name without scope, template arguments or parameters, as both the IR (mangled)
/// and the facts (`solve<float>`) can give it.
std::string plainName(llvm::StringRef Name);

/// The instructions a kernel can execute: its own and those of the functions it calls.
std::vector<const llvm::Instruction *> kernelInstructions(const llvm::Function &Kernel);

std::vector<ReplayShape> replayShapes(const llvm::Function &Kernel,
                                      llvm::ArrayRef<analysis::LaunchFact> Launches,
                                      unsigned WarpSize);

/// "2 blocks of 64 threads", "2x2 blocks of 32x2 threads".
std::string describeGrid(const model::LaunchShape &Shape);

} // namespace coopcheck::confirmation
