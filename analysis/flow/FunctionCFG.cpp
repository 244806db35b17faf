#include "analysis/flow/FunctionCFG.h"
#include "clang/AST/ParentMapContext.h"
#include "llvm/ADT/SmallVector.h"
#include <optional>

using namespace clang;

namespace coopcheck::analysis {

std::unique_ptr<FunctionCFG> FunctionCFG::build(const FunctionDecl *F, ASTContext &Ctx) {
  if (!F || !F->hasBody())
    return nullptr;
  CFG::BuildOptions Options;
  Options.setAllAlwaysAdd();
  Options.AddImplicitDtors = false;
  Options.AddTemporaryDtors = false;
  std::unique_ptr<CFG> Graph = CFG::buildCFG(F, F->getBody(), &Ctx, Options);
  if (!Graph)
    return nullptr;
  return std::unique_ptr<FunctionCFG>(new FunctionCFG(std::move(Graph)));
}

FunctionCFG::FunctionCFG(std::unique_ptr<CFG> G) : Graph(std::move(G)) {
  for (const CFGBlock *B : *Graph) {
    unsigned Index = 0;
    for (const CFGElement &E : *B) {
      if (auto S = E.getAs<CFGStmt>()) {
        BlockOfStmt.try_emplace(S->getStmt(), B);
        IndexOfStmt.try_emplace(S->getStmt(), Index);
      }
      ++Index;
    }
    if (const Stmt *T = B->getTerminatorStmt())
      BlockOfStmt.try_emplace(T, B);
  }
}

const CFGBlock *FunctionCFG::blockOf(const Stmt *S) const {
  auto It = BlockOfStmt.find(S);
  return It == BlockOfStmt.end() ? nullptr : It->second;
}

llvm::ArrayRef<CFGBlock *> FunctionCFG::controlDependencies(const CFGBlock *B) {
  if (!ControlDeps)
    ControlDeps = std::make_unique<ControlDependencyCalculator>(Graph.get());
  return ControlDeps->getControlDependencies(const_cast<CFGBlock *>(B));
}

bool FunctionCFG::reachesAvoiding(const Stmt *From, const Stmt *To,
                                  llvm::function_ref<bool(const Stmt *)> Stops) const {
  const CFGBlock *Start = From ? blockOf(From) : &Graph->getEntry();
  if (!Start || (To && !blockOf(To)))
    return false;
  // Scans one block from an element on; true: To found; false: stopped; nullopt: fell through.
  auto Scan = [&](const CFGBlock *B, unsigned First) -> std::optional<bool> {
    for (unsigned I = First; I < B->size(); ++I)
      if (auto S = (*B)[I].getAs<CFGStmt>()) {
        if (S->getStmt() == To)
          return true;
        if (Stops(S->getStmt()))
          return false;
      }
    return std::nullopt;
  };
  // From a block's terminator (not one of its elements) the scan starts at its successors.
  unsigned First = 0;
  if (From) {
    auto It = IndexOfStmt.find(From);
    First = It == IndexOfStmt.end() ? Start->size() : It->second + 1;
  }
  if (auto Done = Scan(Start, First))
    return *Done;
  llvm::SmallPtrSet<const CFGBlock *, 32> Seen;
  llvm::SmallVector<const CFGBlock *, 32> Work(Start->succ_begin(), Start->succ_end());
  while (!Work.empty()) {
    const CFGBlock *B = Work.pop_back_val();
    if (!B || !Seen.insert(B).second)
      continue;
    if (!To && B == &Graph->getExit())
      return true;
    if (auto Done = Scan(B, 0)) {
      if (*Done)
        return true;
      continue;
    }
    Work.append(B->succ_begin(), B->succ_end());
  }
  return false;
}

bool FunctionCFG::reaches(const CFGBlock *From, const CFGBlock *To,
                          const llvm::SmallPtrSetImpl<const CFGBlock *> &Barred) const {
  llvm::SmallPtrSet<const CFGBlock *, 32> Seen;
  llvm::SmallVector<const CFGBlock *, 32> Work;
  for (const CFGBlock *Succ : From->succs())
    if (Succ)
      Work.push_back(Succ);
  while (!Work.empty()) {
    const CFGBlock *B = Work.pop_back_val();
    if (B == To)
      return true;
    if (Barred.count(B) || !Seen.insert(B).second)
      continue;
    for (const CFGBlock *Succ : B->succs())
      if (Succ)
        Work.push_back(Succ);
  }
  return false;
}

const Expr *userCondition(const CFGBlock *Branch, ASTContext &Ctx) {
  const Expr *Cond =
      dyn_cast_or_null<Expr>(const_cast<CFGBlock *>(Branch)->getTerminatorCondition());
  if (!Cond)
    return nullptr;
  // Climb from an operand of && / || to the whole condition the user wrote.
  const Expr *Whole = Cond;
  for (int Depth = 0; Depth < 16; ++Depth) {
    auto Parents = Ctx.getParents(*Whole);
    if (Parents.empty())
      break;
    const auto *Parent = Parents[0].get<Expr>();
    if (!Parent)
      break;
    const auto *BO = dyn_cast<BinaryOperator>(Parent->IgnoreParens());
    if (isa<ParenExpr>(Parent) || isa<ImplicitCastExpr>(Parent) || (BO && BO->isLogicalOp()) ||
        (isa<UnaryOperator>(Parent) && cast<UnaryOperator>(Parent)->getOpcode() == UO_LNot)) {
      Whole = Parent;
      continue;
    }
    break;
  }
  return Whole->IgnoreParenImpCasts();
}

} // namespace coopcheck::analysis
