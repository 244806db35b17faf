#include "analysis/FunctionCFG.h"
#include "llvm/ADT/SmallVector.h"

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
  return std::unique_ptr<FunctionCFG>(new FunctionCFG(F, std::move(Graph)));
}

FunctionCFG::FunctionCFG(const FunctionDecl *F, std::unique_ptr<CFG> G)
    : Function(F), Graph(std::move(G)) {
  for (const CFGBlock *B : *Graph) {
    for (const CFGElement &E : *B)
      if (auto S = E.getAs<CFGStmt>())
        BlockOfStmt.try_emplace(S->getStmt(), B);
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

} // namespace coopcheck::analysis
