#include "analysis/flow/MemoryWaits.h"
#include "analysis/flow/Summaries.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "llvm/ADT/SmallPtrSet.h"

using namespace clang;

namespace coopcheck::analysis {
namespace {

/// Atomics by name: atomicAdd, __hip_atomic_load, __nvvm_atom_*, cuda::atomic_ref<T>::load.
bool isAtomicCall(const CallExpr *Call) {
  const FunctionDecl *Callee = Call->getDirectCallee();
  if (!Callee)
    return false;
  auto Atomic = [](const NamedDecl *D) {
    return D->getDeclName().isIdentifier() && D->getName().contains_insensitive("atom");
  };
  if (Atomic(Callee))
    return true;
  const auto *Method = dyn_cast<CXXMethodDecl>(Callee);
  return Method && Atomic(Method->getParent());
}

bool inSystemHeader(const FunctionDecl *F) {
  return F->getASTContext().getSourceManager().isInSystemHeader(F->getLocation());
}

class WaitFinder : public RecursiveASTVisitor<WaitFinder> {
public:
  bool Found = false;

  bool VisitImplicitCastExpr(ImplicitCastExpr *Cast) {
    Found |= Cast->getCastKind() == CK_LValueToRValue &&
             Cast->getSubExpr()->getType().isVolatileQualified();
    return !Found;
  }
  bool VisitBinaryOperator(BinaryOperator *BO) {
    Found |= BO->isAssignmentOp() && BO->getLHS()->getType().isVolatileQualified();
    return !Found;
  }
  bool VisitAsmStmt(AsmStmt *) {
    Found = true;
    return false;
  }
  bool VisitCallExpr(CallExpr *Call) {
    Found |= isAtomicCall(Call);
    // The user's own waits are in the user's code: a toolkit's texture fetch runs inline asm
    // and its atomics are called by name here.
    const FunctionDecl *Callee = summarisableDefinition(Call->getDirectCallee());
    if (Callee && !inSystemHeader(Callee) && Visited.insert(Callee).second)
      Pending.push_back(Callee);
    return !Found;
  }

  void search(const FunctionDecl *F) {
    Visited.insert(F);
    Pending.push_back(F);
    while (!Found && !Pending.empty()) {
      const FunctionDecl *Next = Pending.pop_back_val();
      if (Next->hasBody())
        TraverseStmt(Next->getBody());
    }
  }

private:
  llvm::SmallPtrSet<const FunctionDecl *, 16> Visited;
  llvm::SmallVector<const FunctionDecl *, 16> Pending;
};

} // namespace

bool mayWaitOnMemory(const FunctionDecl *Kernel) {
  WaitFinder Finder;
  Finder.search(Kernel);
  return Finder.Found;
}

} // namespace coopcheck::analysis
