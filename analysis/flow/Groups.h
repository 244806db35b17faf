// Recognition of cooperative-groups types and of the collective operations called on them, for
// the model headers and the real toolkits alike (matched by name inside namespace
// cooperative_groups, whatever inline or detail namespaces the toolkit adds).
#pragma once
#include "runtime-model/semantics/Operations.h"
#include "runtime-model/semantics/Scope.h"
#include "clang/AST/Expr.h"
#include "clang/AST/Type.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include <optional>
#include <string>
#include <vector>

namespace coopcheck::analysis {

enum class GroupKind {
  ThreadBlock, ///< thread_block
  Tile,        ///< thread_block_tile<N>: TileSize is N
  DynamicTile, ///< tiled_partition(parent, n): a thread_group whose size is only known at run time
  Coalesced,   ///< coalesced_group, and groups partitioned from it
  Cluster,     ///< cluster_group
  Grid,        ///< grid_group
  MultiGrid,   ///< multi_grid_group
  Generic,     ///< thread_group: holds any of the above
  Warp,        ///< the warp a warp intrinsic works on; no group object
};

struct GroupType {
  GroupKind Kind = GroupKind::Generic;
  unsigned TileSize = 0;

  bool operator==(const GroupType &O) const { return Kind == O.Kind && TileSize == O.TileSize; }
};

/// The group type named by T (references, cv-qualifiers and typedefs looked through).
std::optional<GroupType> groupTypeOf(clang::QualType T);

/// The N of thread_block_tile<N> (with any parent; references and typedefs looked through), or
/// nullopt for every other type.
std::optional<unsigned> staticTileSize(clang::QualType T);

/// The scope whose every thread a collective on such a group needs. Generic has none.
std::optional<model::Scope> scopeOf(GroupType G);

/// How users write the group in messages: "grid", "block", "tile", "multi_grid", ...
llvm::StringRef groupNoun(GroupType G);

/// True for declarations inside namespace cooperative_groups (at any depth).
bool isInCooperativeGroupsNamespace(const clang::Decl *D);

/// How analyses group collectives: barriers, warp barriers, shuffles, votes ... (the operations
/// table says which class each operation is of).
using CollectiveKind = model::CollectiveClass;

/// One call of a collective operation.
struct CollectiveCall {
  const clang::CallExpr *Call = nullptr;
  CollectiveKind Kind = CollectiveKind::Barrier;
  /// The group operand (object of a member call, first argument of cg::sync(g) ...), or null for
  /// intrinsics, which name no group.
  const clang::Expr *GroupExpr = nullptr;
  /// Static type of the group operand, or for intrinsics the group they imply (block, warp).
  GroupType Group;
  /// The operation's row in the operations table.
  const model::Operation *Op = nullptr;
  /// "grid.sync()", "cg::sync(block)", an intrinsic's name with "()": how the message names the
  /// operation.
  std::string Spelling;
};

/// Classifies a call as a cooperative-groups or warp collective; nullopt for anything else.
std::optional<CollectiveCall> classifyCollective(const clang::CallExpr *Call,
                                                 const clang::ASTContext &Ctx);

/// The legacy ballot of a true predicate: the lanes that are active, which is what the active-mask
/// intrinsic returns.
bool isBallotOfTrue(const clang::CallExpr *Call);

/// The row of the intrinsic a call calls (a function at global scope, by its name), or null.
const model::Operation *intrinsicOf(const clang::CallExpr *Call);

/// The row of the cooperative_groups function a call calls, or null.
const model::Operation *groupFunctionOf(const clang::CallExpr *Call);
/// Whether a call calls the cooperative_groups function of row Id (tiled_partition ...).
bool callsGroupFunction(const clang::CallExpr *Call, model::OperationId Id);

/// The function a call calls: its direct callee, or in a template's generic form the function
/// its unresolved name stands for when every candidate shares that name and scope; else null.
const clang::FunctionDecl *calleeOf(const clang::CallExpr *Call);

/// The group type of the object a collective is called on: its static type, or in a generic
/// form the type that the function initializing an `auto` variable returns.
std::optional<GroupType> objectGroupType(const clang::Expr *Object);

/// The callee's name, looking through member calls and static members called on an object
/// (CUDA 13 makes thread_block::sync() static).
llvm::StringRef calleeName(const clang::CallExpr *Call);

/// The object a (possibly static) member function is called on, or null.
const clang::Expr *memberCallObject(const clang::CallExpr *Call);

/// The calls in F's body for which Keep holds, in source order; not those in the lambdas F
/// defines, which are functions of their own.
std::vector<const clang::CallExpr *>
callsIn(const clang::FunctionDecl *F, llvm::function_ref<bool(const clang::CallExpr *)> Keep);

/// Source text of an expression as written (macro-expanded locations mapped to the file).
std::string sourceText(const clang::Expr *E, const clang::ASTContext &Ctx);

} // namespace coopcheck::analysis
