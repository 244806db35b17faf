// Branches as the user reads them: the whole condition that decides whether a statement runs,
// and how (the then-side, the else-side, after an early return, a loop's trip count). Shared by
// the uniformity of values and the divergence of collectives.
#pragma once
#include "analysis/flow/FunctionCFG.h"
#include "clang/AST/ASTContext.h"
#include <optional>
#include <vector>

namespace coopcheck::analysis {

/// A branch that decides whether a thread reaches a collective, as the user reads it.
struct DivergentBranch {
  enum class Shape {
    Holds,         ///< reached where the condition holds (then-side, && right operand)
    DoesNotHold,   ///< reached where it does not (else-side, after an early return or break)
    Depends,       ///< reached depending on it (switch, goto)
    LoopTripCount, ///< inside a loop whose trip count it decides
  };
  const clang::Expr *Condition = nullptr; ///< the whole condition as written
  Shape Form = Shape::Depends;
};

/// How the branch Branch decides whether the statement at Target runs: the user's condition and
/// the shape of the decision. Also whether the branch only guards a kernel exit taken before
/// Target (`if (i >= n) return;`), which belongs to cg-early-exit-before-sync.
struct BranchShape {
  DivergentBranch Branch;
  bool GuardsKernelExit = false;
  /// When an if decides it: the side Target is not on (null when Target comes after the if).
  const clang::Stmt *OtherSide = nullptr;
  /// The CFG block whose branch this is.
  const clang::CFGBlock *Block = nullptr;
};

/// Every branch that decides whether Target (in Block of F's CFG) runs: its control
/// dependences, each described as above. A branch with no condition a user could read (a
/// computed goto) keeps a null Branch.Condition. ReturnsEndThread: whether a return from F ends
/// the thread (by default, when F is a kernel; UnitCache::returnsEndThread also knows helpers
/// that kernels call only as their last action).
std::vector<BranchShape> branchesDeciding(FunctionCFG &Cfg, const clang::CFGBlock *Block,
                                          const clang::Stmt *Target, const clang::FunctionDecl *F,
                                          std::optional<bool> ReturnsEndThread = std::nullopt);

} // namespace coopcheck::analysis
