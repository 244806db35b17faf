#include "analysis/flow/StmtSearch.h"
#include "clang/AST/Expr.h"
#include "llvm/ADT/STLExtras.h"

using namespace clang;

namespace coopcheck::analysis {

bool anyWithin(const Stmt *S, llvm::function_ref<bool(const Stmt *)> Matches) {
  if (!S)
    return false;
  if (Matches(S))
    return true;
  return llvm::any_of(S->children(), [&](const Stmt *C) { return anyWithin(C, Matches); });
}

bool mentions(const Stmt *S, const llvm::SmallPtrSetImpl<const VarDecl *> &Variables) {
  return anyWithin(S, [&](const Stmt *N) {
    const auto *Use = dyn_cast<DeclRefExpr>(N);
    const auto *Var = Use ? dyn_cast<VarDecl>(Use->getDecl()) : nullptr;
    return Var && Variables.count(Var);
  });
}

} // namespace coopcheck::analysis
