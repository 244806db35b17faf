// Branches whose choice only changes a thread's registers: both sides rejoin at the branch's
// post-dominator and nothing on the way writes memory, calls a function, waits at a collective
// or leaves. Forking the grid there multiplies paths without reaching new collective behaviour
// (a data-dependent trip count of a pure arithmetic loop, a conditional load).
#pragma once
#include "llvm/Analysis/PostDominators.h"
#include "llvm/IR/Instructions.h"
#include <map>
#include <memory>

namespace coopcheck::model::executor {

class QuietBranches {
public:
  bool isQuiet(const llvm::BranchInst &Branch);

private:
  bool computeQuiet(const llvm::BranchInst &Branch);
  std::map<const llvm::Function *, std::unique_ptr<llvm::PostDominatorTree>> Trees;
  std::map<const llvm::BranchInst *, bool> Known;
};

} // namespace coopcheck::model::executor
