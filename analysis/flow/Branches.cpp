#include "analysis/flow/Branches.h"
#include "analysis/flow/Groups.h"
#include "analysis/flow/Summaries.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/SmallPtrSet.h"

using namespace clang;
using Shape = coopcheck::analysis::DivergentBranch::Shape;

namespace coopcheck::analysis {
namespace {

/// Whether S contains a statement that leaves it sideways: return, break, continue, goto, or an
/// exit of the thread. KernelExitOnly: only what ends the thread in a kernel.
class JumpFinder : public RecursiveASTVisitor<JumpFinder> {
public:
  explicit JumpFinder(bool KernelExitOnly) : KernelExitOnly(KernelExitOnly) {}
  bool Found = false;
  bool VisitReturnStmt(ReturnStmt *) { return !(Found = true); }
  bool VisitBreakStmt(BreakStmt *) { return KernelExitOnly || !(Found = true); }
  bool VisitContinueStmt(ContinueStmt *) { return KernelExitOnly || !(Found = true); }
  bool VisitGotoStmt(GotoStmt *) { return KernelExitOnly || !(Found = true); }
  bool VisitGCCAsmStmt(GCCAsmStmt *A) { return !(Found = isThreadExit(A)); }
  bool VisitCallExpr(CallExpr *C) { return !(Found = isTrapCall(C)); }
  bool TraverseLambdaExpr(LambdaExpr *) { return true; }

private:
  bool KernelExitOnly;
};

bool leavesSideways(const Stmt *S, bool KernelExitOnly) {
  if (!S)
    return false;
  JumpFinder Finder(KernelExitOnly);
  Finder.TraverseStmt(const_cast<Stmt *>(S));
  return Finder.Found;
}

/// Node and the statements around it up to its function, walking up the AST's parents: the
/// statements Node is within. Collected once per target, however many branches decide it and
/// however deep it is nested.
llvm::SmallPtrSet<const Stmt *, 32> enclosingStatements(const Stmt *Node,
                                                        const StatementParents &Parents) {
  llvm::SmallPtrSet<const Stmt *, 32> Within;
  DynTypedNode Current = DynTypedNode::create(*Node);
  for (;;) {
    if (const Stmt *S = Current.get<Stmt>())
      Within.insert(S);
    DynTypedNode Parent = Parents.parentOf(Current);
    // Up through variable declarations (`bool b = tile.any(p);`), never out of a function.
    if (Parent.getNodeKind().isNone() || Parent.get<FunctionDecl>() || Parent.get<LambdaExpr>())
      return Within;
    Current = Parent;
  }
}

const Stmt *ownerOf(const Expr *Condition, const StatementParents &Parents) {
  const Stmt *Child = Condition;
  for (int Depth = 0; Depth < 8; ++Depth) {
    const Stmt *Parent = Parents.parentStatement(*Child);
    if (!Parent)
      return nullptr;
    if (!isa<ImplicitCastExpr, ParenExpr, ExprWithCleanups, ConstantExpr>(Parent))
      return Parent;
    Child = Parent;
  }
  return nullptr;
}

/// describeBranch for a target within the statements TargetWithin (enclosingStatements).
std::optional<BranchShape> describeBranchOf(const FunctionCFG &Cfg, const CFGBlock *Branch,
                                            const llvm::SmallPtrSetImpl<const Stmt *> &TargetWithin,
                                            const FunctionDecl *F,
                                            std::optional<bool> ReturnsEndThread) {
  const Expr *Condition = Cfg.userCondition(Branch);
  if (!Condition)
    return std::nullopt;
  // Containment by the AST, not by source ranges: a kernel written inside a macro has all its
  // statements at one expansion location.
  auto Contains = [&](const Stmt *S) { return S && TargetWithin.count(S); };
  BranchShape Result{{Condition, Shape::Depends}, false, nullptr, Branch};
  const Stmt *Owner = ownerOf(Condition, Cfg.parents());
  if (const auto *If = dyn_cast_or_null<IfStmt>(Owner)) {
    if (Contains(If->getThen())) {
      Result.Branch.Form = Shape::Holds;
      Result.OtherSide = If->getElse();
    } else if (Contains(If->getElse())) {
      Result.Branch.Form = Shape::DoesNotHold;
      Result.OtherSide = If->getThen();
    } else { // the target comes after the if: one side jumped away
      bool ThenLeaves = leavesSideways(If->getThen(), false);
      bool ElseLeaves = leavesSideways(If->getElse(), false);
      Result.Branch.Form = ThenLeaves   ? Shape::DoesNotHold
                           : ElseLeaves ? Shape::Holds
                                        : Shape::Depends;
      Result.GuardsKernelExit =
          ReturnsEndThread.value_or(F->hasAttr<CUDAGlobalAttr>()) &&
          (leavesSideways(If->getThen(), true) || leavesSideways(If->getElse(), true));
    }
  } else if (const auto *For = dyn_cast_or_null<ForStmt>(Owner)) {
    Result.Branch.Form =
        Contains(For->getBody()) || Contains(For->getInc()) ? Shape::LoopTripCount : Shape::Depends;
  } else if (const auto *While = dyn_cast_or_null<WhileStmt>(Owner)) {
    Result.Branch.Form = Contains(While->getBody()) ? Shape::LoopTripCount : Shape::Depends;
  } else if (const auto *Do = dyn_cast_or_null<DoStmt>(Owner)) {
    Result.Branch.Form = Contains(Do->getBody()) ? Shape::LoopTripCount : Shape::Depends;
  } else if (const auto *CO = dyn_cast_or_null<AbstractConditionalOperator>(Owner)) {
    Result.Branch.Form = Contains(CO->getTrueExpr())    ? Shape::Holds
                         : Contains(CO->getFalseExpr()) ? Shape::DoesNotHold
                                                        : Shape::Depends;
  } else if (const auto *BO = dyn_cast_or_null<BinaryOperator>(Owner);
             BO && BO->isLogicalOp() && Contains(BO->getRHS())) {
    Result.Branch.Form = BO->getOpcode() == BO_LAnd ? Shape::Holds : Shape::DoesNotHold;
  }
  return Result;
}

} // namespace

std::vector<BranchShape> branchesDeciding(FunctionCFG &Cfg, const CFGBlock *Block,
                                          const Stmt *Target, const FunctionDecl *F,
                                          std::optional<bool> ReturnsEndThread) {
  std::vector<BranchShape> Branches;
  llvm::ArrayRef<CFGBlock *> Deciding = Cfg.controlDependencies(Block);
  if (Deciding.empty())
    return Branches;
  llvm::SmallPtrSet<const Stmt *, 32> TargetWithin = enclosingStatements(Target, Cfg.parents());
  for (const CFGBlock *Branch : Deciding) {
    auto Shape = describeBranchOf(Cfg, Branch, TargetWithin, F, ReturnsEndThread);
    Branches.push_back(Shape ? *Shape
                             : BranchShape{{nullptr, Shape::Depends}, false, nullptr, Branch});
  }
  return Branches;
}

} // namespace coopcheck::analysis
