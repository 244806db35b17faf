// The Clang CFG of one function with what the rules ask of it: which block a statement is in,
// which branches a block is control-dependent on, and reachability that stops at thread exits.
#pragma once
#include "clang/AST/Decl.h"
#include "clang/Analysis/Analyses/Dominators.h"
#include "clang/Analysis/CFG.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallPtrSet.h"
#include <memory>

namespace coopcheck::analysis {

class FunctionCFG {
public:
  /// Null when the function has no body or Clang cannot build its CFG.
  static std::unique_ptr<FunctionCFG> build(const clang::FunctionDecl *F, clang::ASTContext &Ctx);

  clang::CFG &cfg() { return *Graph; }

  /// The block evaluating S (every sub-expression is a CFG element here), or null.
  const clang::CFGBlock *blockOf(const clang::Stmt *S) const;

  /// Blocks whose branch decides whether B executes (post-dominance frontier).
  llvm::ArrayRef<clang::CFGBlock *> controlDependencies(const clang::CFGBlock *B);

  /// Whether statement To can execute after statement From (both CFG elements; a null From is
  /// the function's entry; a null To is the function's end) on a path that passes no statement
  /// for which Stops holds. Paths around loops count.
  bool reachesAvoiding(const clang::Stmt *From, const clang::Stmt *To,
                       llvm::function_ref<bool(const clang::Stmt *)> Stops) const;

  /// Whether To can execute after From along CFG edges, not passing through a block in Barred
  /// (threads that reach a barred block leave the kernel). From itself is not barred.
  bool reaches(const clang::CFGBlock *From, const clang::CFGBlock *To,
               const llvm::SmallPtrSetImpl<const clang::CFGBlock *> &Barred) const;

private:
  explicit FunctionCFG(std::unique_ptr<clang::CFG> G);

  std::unique_ptr<clang::CFG> Graph;
  llvm::DenseMap<const clang::Stmt *, const clang::CFGBlock *> BlockOfStmt;
  /// Position among its block's elements.
  llvm::DenseMap<const clang::Stmt *, unsigned> IndexOfStmt;
  std::unique_ptr<clang::ControlDependencyCalculator> ControlDeps;
};

/// The condition a user reads for a CFG branch: the whole `if`/loop condition around a `&&`/`||`
/// operand, or the branch's own condition. Null for branches without one.
const clang::Expr *userCondition(const clang::CFGBlock *Branch, clang::ASTContext &Ctx);

} // namespace coopcheck::analysis
