#include "runtime-model/executor/QuietBranches.h"
#include "llvm/IR/IntrinsicInst.h"
#include <vector>

using namespace llvm;

namespace coopcheck::model::executor {

namespace {

/// Reads and arithmetic are quiet; intrinsics that neither write nor synchronise are too.
bool quietInstruction(const Instruction &I) {
  if (I.mayWriteToMemory() || isa<ReturnInst, UnreachableInst, CallBrInst, InvokeInst>(I))
    return false;
  if (auto *Call = dyn_cast<CallBase>(&I))
    return isa<IntrinsicInst>(Call) && !Call->isConvergent() && !Call->mayHaveSideEffects();
  return true;
}

} // namespace

bool QuietBranches::isQuiet(const BranchInst &Branch) {
  auto [It, Inserted] = Known.try_emplace(&Branch, false);
  if (Inserted)
    It->second = computeQuiet(Branch);
  return It->second;
}

bool QuietBranches::computeQuiet(const BranchInst &Branch) {
  const Function *F = Branch.getFunction();
  std::unique_ptr<PostDominatorTree> &Tree = Trees[F];
  if (!Tree)
    Tree = std::make_unique<PostDominatorTree>(const_cast<Function &>(*F));
  const BasicBlock *Join =
      Tree->findNearestCommonDominator(Branch.getSuccessor(0), Branch.getSuccessor(1));
  if (!Join)
    return false; // a side leaves the function
  std::vector<const BasicBlock *> Work(succ_begin(&Branch), succ_end(&Branch));
  SmallPtrSet<const BasicBlock *, 16> Seen;
  while (!Work.empty()) {
    const BasicBlock *B = Work.back();
    Work.pop_back();
    if (B == Join || !Seen.insert(B).second)
      continue;
    for (const Instruction &I : *B)
      if (!quietInstruction(I))
        return false;
    Work.insert(Work.end(), succ_begin(B), succ_end(B));
  }
  return true;
}

} // namespace coopcheck::model::executor
