// The Clang CFG of one function with what the rules ask of it: which block a statement is in,
// which branches a block is control-dependent on, and reachability that stops at thread exits.
#pragma once
#include "analysis/flow/StatementParents.h"
#include "clang/AST/Decl.h"
#include "clang/Analysis/Analyses/Dominators.h"
#include "clang/Analysis/CFG.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SparseBitVector.h"
#include <map>
#include <memory>
#include <optional>
#include <vector>

namespace coopcheck::analysis {

class FunctionCFG {
public:
  /// Null when the function has no body or Clang cannot build its CFG.
  static std::unique_ptr<FunctionCFG> build(const clang::FunctionDecl *F, clang::ASTContext &Ctx);

  clang::CFG &cfg() { return *Graph; }

  /// The parents of the function's statements.
  const StatementParents &parents() const { return Parents; }

  /// The condition a user reads for a CFG branch: the whole `if`/loop condition around a `&&`/`||`
  /// operand, or the branch's own condition. Null for branches without one.
  const clang::Expr *userCondition(const clang::CFGBlock *Branch) const;

  /// The block evaluating S (every sub-expression is a CFG element here), or null.
  const clang::CFGBlock *blockOf(const clang::Stmt *S) const;

  /// Blocks whose branch decides whether B executes, directly or through other branches (the
  /// iterated post-dominance frontier), the nearest first.
  llvm::ArrayRef<clang::CFGBlock *> controlDependencies(const clang::CFGBlock *B);

  /// Whether statement To can execute after statement From (both CFG elements; a null From is
  /// the function's entry; a null To is the function's end) on a path that passes no statement
  /// for which Stops holds. Paths around loops count.
  bool reachesAvoiding(const clang::Stmt *From, const clang::Stmt *To,
                       llvm::function_ref<bool(const clang::Stmt *)> Stops) const;

  /// The statements for which Meets holds that can execute before statement To (a CFG element)
  /// with no other such statement between: walking back from To along every path, the first one
  /// met on each. What reachesAvoiding(S, To, Meets) asks of each S, in one walk however many
  /// statements meet: the reaching definitions of a use among thousands of definitions.
  llvm::SmallPtrSet<const clang::Stmt *, 4>
  nearestBefore(const clang::Stmt *To, llvm::function_ref<bool(const clang::Stmt *)> Meets) const;

  enum class Direction { Forward, Backward };
  /// The statements reachesAvoiding(From, S, Stops) holds for (Forward), or those for which
  /// reachesAvoiding(S, From, Stops) holds (Backward), found by one walk: what a statement meets
  /// with no barrier between, in a region of thousands of statements.
  llvm::SmallPtrSet<const clang::Stmt *, 16>
  reachableAvoiding(const clang::Stmt *From, Direction Way,
                    llvm::function_ref<bool(const clang::Stmt *)> Stops) const;

  /// Whether every path from the entry to statement To passes statement From first (both CFG
  /// elements): From's block dominates To's, or From comes before To in one block.
  bool alwaysBefore(const clang::Stmt *From, const clang::Stmt *To);

  /// Whether To can execute after From along CFG edges, not passing through a block in Barred
  /// (threads that reach a barred block leave the kernel). From itself is not barred.
  bool reaches(const clang::CFGBlock *From, const clang::CFGBlock *To,
               const llvm::SmallPtrSetImpl<const clang::CFGBlock *> &Barred) const;

  /// Whether the branch of block From decides if threads execute block To, along the successor
  /// edges for which Live(Block, SuccessorIndex) holds: To can be reached from From before the
  /// threads that took its different sides meet again (at From's post-dominators on those edges).
  /// Loops are taken to end; where a thread could be caught in a loop it cannot leave, true.
  bool decides(const clang::CFGBlock *From, const clang::CFGBlock *To,
               llvm::function_ref<bool(const clang::CFGBlock *, unsigned)> Live) const;

private:
  FunctionCFG(const clang::FunctionDecl &F, std::unique_ptr<clang::CFG> G);

  std::unique_ptr<clang::CFG> Graph;
  StatementParents Parents;
  llvm::DenseMap<const clang::Stmt *, const clang::CFGBlock *> BlockOfStmt;
  /// Position among its block's elements.
  llvm::DenseMap<const clang::Stmt *, unsigned> IndexOfStmt;
  friend class NearestBeforeIndex;
  /// Walks the statements that can execute after Start (Forward) or before it (Backward), path by
  /// path, each path ending at the first statement for which EndsPath holds.
  void walk(const clang::Stmt *Start, Direction Way,
            llvm::function_ref<bool(const clang::Stmt *)> EndsPath) const;
  void findDirectControlDependencies();
  /// By block ID: the branches deciding the block directly (its post-dominance frontier).
  std::vector<std::vector<clang::CFGBlock *>> DirectControlDeps;
  /// Node-based: controlDependencies hands out references to its entries.
  std::map<const clang::CFGBlock *, std::vector<clang::CFGBlock *>> ControlDeps;
  std::unique_ptr<clang::CFGDomTree> Dominators;
};

/// nearestBefore for one set of statements, answered for any number of statements To by one
/// pass over the CFG: which statements of the set reach each block's entry with none of the set
/// after them. What a variable used thousands of times far from its definitions asks.
class NearestBeforeIndex {
public:
  NearestBeforeIndex(const FunctionCFG &Cfg, llvm::ArrayRef<const clang::Stmt *> Set);
  llvm::SmallPtrSet<const clang::Stmt *, 4> before(const clang::Stmt *To) const;

private:
  const FunctionCFG &Cfg;
  std::vector<const clang::Stmt *> Members;
  llvm::DenseMap<const clang::Stmt *, unsigned> MemberIndex;
  /// By block ID: the members that reach the block's entry.
  std::vector<llvm::SparseBitVector<>> AtEntry;
  /// By block ID: the block's last member, which is all that leaves it.
  std::vector<std::optional<unsigned>> LastMember;
};

} // namespace coopcheck::analysis
