// Scope-relative uniformity: the widest scope S such that every thread of one S-instance computes
// the same value for an expression. Sources: thread indices vary per thread, blockIdx per block,
// kernel parameters and launch dimensions are uniform in the grid. Local variables take the
// narrowest scope of their definitions and of the branches those definitions depend on.
#pragma once
#include "analysis/FunctionCFG.h"
#include "runtime-model/Scope.h"
#include "clang/AST/Expr.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"

namespace coopcheck::analysis {

class Uniformity {
public:
  /// Cfg may be null; then definitions are not weighed by the branches they depend on.
  Uniformity(const clang::FunctionDecl *F, FunctionCFG *Cfg, clang::ASTContext &Ctx);

  /// The widest scope at which E is uniform; Scope::Thread when it may differ between any threads.
  model::Scope uniformScope(const clang::Expr *E);

  bool isUniformAt(const clang::Expr *E, model::Scope S) {
    return model::isWiderOrEqual(uniformScope(E), S);
  }

private:
  model::Scope exprScope(const clang::Expr *E);
  model::Scope declRefScope(const clang::ValueDecl *D);
  model::Scope callScope(const clang::CallExpr *Call);
  model::Scope loadScope(const clang::Expr *Address);
  model::Scope branchScope(const clang::Stmt *S);
  void collectDefinitions();
  void solveVariables();

  const clang::FunctionDecl *Function;
  FunctionCFG *Cfg;
  clang::ASTContext &Ctx;
  bool IsKernel;
  /// Each local variable with the statements that give it a value (init, assignment, ++).
  llvm::DenseMap<const clang::VarDecl *, llvm::SmallVector<const clang::Stmt *, 4>> Definitions;
  /// Variables whose address escapes: any thread may change them, they vary.
  llvm::DenseSet<const clang::VarDecl *> Escaped;
  /// Roots (parameters, globals) of memory the function writes: loads from them may vary.
  llvm::DenseSet<const clang::Decl *> WrittenRoots;
  llvm::DenseMap<const clang::VarDecl *, model::Scope> VariableScope;
  bool Solving = false;
};

/// The declaration memory reached through E is rooted at (a parameter, a local or global
/// variable), looking through subscripts, member accesses, pointer arithmetic and casts.
const clang::Decl *memoryRoot(const clang::Expr *E);

} // namespace coopcheck::analysis
