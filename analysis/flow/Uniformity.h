// Scope-relative uniformity: how widely the value of an expression is shared. Every thread of
// one block, grid or multi-grid instance computes the same value, or, below a block, every
// aligned run of Granule consecutive threads does (32: each warp; 8: each 8-thread tile).
// Sources: thread ranks vary per thread (arithmetic on them gives granules: tid / 32, tid < 8);
// blockIdx varies across the grid only; kernel parameters and launch dimensions are uniform in
// the grid; results of collectives are uniform in their group; loads are uniform where nothing
// writes the memory, or where a barrier of the scope orders every write before the load.
// A device function's parameters are unknown: values depending on them carry the parameters,
// and the caller decides with its arguments.
#pragma once
#include "analysis/flow/FunctionCFG.h"
#include "runtime-model/semantics/Scope.h"
#include "clang/AST/Expr.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include <cstdint>
#include <functional>
#include <optional>

namespace coopcheck::analysis {

class SummaryTable;

struct UniformValue {
  /// Thread (then see Granule), Block, Cluster, Grid or MultiGrid.
  model::Scope Level = model::Scope::Thread;
  /// Below a block: the length of the aligned runs of consecutive threads that share the value.
  unsigned Granule = 1;
  /// The value is the thread's rank within aligned runs (threadIdx.x, tid % 32, thread_rank()):
  /// comparing or dividing it by constants gives granules.
  bool Rank = false;
  /// The value is as uniform as these parameters of the function (bit i: parameter i).
  uint64_t Params = 0;

  static UniformValue everywhere() { return {model::Scope::MultiGrid, 1, false, 0}; }
  static UniformValue at(model::Scope S) { return {S, 1, false, 0}; }
  static UniformValue granule(unsigned G) { return {model::Scope::Thread, G, false, 0}; }
  static UniformValue rank() { return {model::Scope::Thread, 1, true, 0}; }
  static UniformValue perThread() { return {model::Scope::Thread, 1, false, 0}; }
  bool operator==(const UniformValue &O) const {
    return Level == O.Level && Granule == O.Granule && Rank == O.Rank && Params == O.Params;
  }
};

/// The value of an operation on two values: shared as narrowly as the narrower of the two.
UniformValue meet(UniformValue A, UniformValue B);

/// What a collective needs its conditions to be uniform over: every thread of a Level instance,
/// or, for tiles and warps (Level Thread), aligned runs of Granule threads.
struct UniformRequirement {
  model::Scope Level = model::Scope::Block;
  unsigned Granule = 0;
  static UniformRequirement scope(model::Scope S) { return {S, 0}; }
  static UniformRequirement tile(unsigned Size) { return {model::Scope::Thread, Size}; }
};

/// Whether V meets R when its parameters are uniform.
bool satisfies(UniformValue V, UniformRequirement R);

class Uniformity {
public:
  /// Cfg may be null; then definitions are not weighed by the branches they depend on.
  /// Summaries, when given, tell which calls are barriers (for loads ordered by a barrier).
  Uniformity(const clang::FunctionDecl *F, FunctionCFG *Cfg, clang::ASTContext &Ctx,
             SummaryTable *Summaries = nullptr);

  UniformValue valueOf(const clang::Expr *E);

  /// Whether E is uniform at R, its parameters taken as uniform.
  bool isUniformAt(const clang::Expr *E, UniformRequirement R) { return satisfies(valueOf(E), R); }
  bool isUniformAt(const clang::Expr *E, model::Scope S) {
    return isUniformAt(E, UniformRequirement::scope(S));
  }

  /// The statements (initializer, assignment, ++) that give the local variable Use names the
  /// value it has there; nullopt when Use names no local variable of this function, its address
  /// escapes, or a parameter may still hold the caller's value there.
  std::optional<llvm::SmallVector<const clang::Stmt *, 2>>
  definitionsReaching(const clang::DeclRefExpr *Use);

private:
  UniformValue exprValue(const clang::Expr *E);
  UniformValue exprValueAt(const clang::Expr *E);
  /// A variable, parameter, enumerator or function that an expression names.
  UniformValue namedValue(const clang::DeclRefExpr *DRE);
  UniformValue unaryValue(const clang::UnaryOperator *UO);
  UniformValue binaryValue(const clang::BinaryOperator *BO);
  /// An object built from Parts (constructor arguments, initializer list items).
  UniformValue partsValue(llvm::ArrayRef<const clang::Expr *> Parts);
  UniformValue declRefValue(const clang::ValueDecl *D);
  UniformValue callValue(const clang::CallExpr *Call);
  UniformValue loadValue(const clang::Expr *Access);
  /// The conditions of the branches that decide whether Def runs but not whether Use does.
  UniformValue branchValue(const clang::Stmt *Def, const clang::Stmt *Use);
  UniformValue useValue(const clang::DeclRefExpr *Use, const clang::VarDecl *Var);
  UniformValue definitionValue(const clang::Stmt *Def);
  llvm::ArrayRef<const clang::Stmt *> reachingDefinitions(const clang::DeclRefExpr *Use,
                                                          const clang::VarDecl *Var);
  std::optional<model::Scope> orderedByBarrier(const clang::Decl *Root, const clang::Expr *Load);
  void collectDefinitions();
  void solveDefinitions();

  const clang::FunctionDecl *Function;
  FunctionCFG *Cfg;
  clang::ASTContext &Ctx;
  SummaryTable *Summaries;
  bool IsKernel;
  /// Each local variable with the statements that give it a value (init, assignment, ++).
  llvm::DenseMap<const clang::VarDecl *, llvm::SmallVector<const clang::Stmt *, 4>> Definitions;
  /// Variables whose address escapes: any thread may change them, they vary.
  llvm::DenseSet<const clang::VarDecl *> Escaped;
  /// Roots (parameters, globals, shared arrays) of memory the function writes, with the
  /// statements that write them (assignments, atomics, calls given a pointer to them).
  llvm::DenseMap<const clang::Decl *, llvm::SmallVector<const clang::Stmt *, 2>> Writes;
  /// The value each definition gives its variable, solved to a fixpoint over all definitions.
  llvm::DenseMap<const clang::Stmt *, UniformValue> DefinitionValue;
  /// The definitions of its variable that reach each use (flow-sensitive: a later assignment of
  /// a broadcast value replaces a per-thread one).
  llvm::DenseMap<const clang::DeclRefExpr *, llvm::SmallVector<const clang::Stmt *, 2>> Reaching;
  bool Solved = false, Solving = false;
  unsigned Depth = 0; ///< of exprValue's recursion
};

/// The value Definition, one of Uniformity::definitionsReaching's, gives Var: its initializer,
/// or the right side of a plain `=`; null for compound assignments and increments.
const clang::Expr *definedValue(const clang::VarDecl *Var, const clang::Stmt *Definition);

/// The declaration memory reached through E is rooted at (a parameter, a local or global
/// variable), looking through subscripts, member accesses, pointer arithmetic and casts.
/// Steps, when given, receives the subscripts, pointer arithmetic and local pointer variables
/// passed on the way, outermost first: they select which part of the root E reaches.
const clang::Decl *memoryRoot(const clang::Expr *E,
                              llvm::SmallVectorImpl<const clang::Expr *> *Steps = nullptr);

} // namespace coopcheck::analysis
