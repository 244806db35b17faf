// Recognition of cooperative-groups types and of the collective operations called on them, for
// the model headers and the real toolkits alike (matched by name inside namespace
// cooperative_groups, whatever inline or detail namespaces the toolkit adds).
#pragma once
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
  Warp,        ///< the warp an intrinsic (__shfl_sync, __syncwarp) works on; no group object
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

enum class CollectiveKind {
  Barrier,           ///< g.sync(), cg::sync(g), __syncthreads*, barrier_wait
  WarpBarrier,       ///< __syncwarp(mask)
  Shuffle,           ///< tile/coalesced shfl*, __shfl*_sync
  Vote,              ///< any/all/ballot, __any/__all/__ballot_sync
  Match,             ///< match_any/match_all, __match_*_sync
  Reduce,            ///< cg::reduce, __reduce_*_sync
  Scan,              ///< cg::inclusive_scan / exclusive_scan
  MemcpyAsync,       ///< cg::memcpy_async on a group
  Wait,              ///< cg::wait / wait_prior
  Partition,         ///< tiled_partition, labeled_partition, binary_partition
  HandleCreation,    ///< this_grid(), this_thread_block(), this_multi_grid(), this_cluster()
  CoalescedCreation, ///< coalesced_threads(): made from the threads active there, never divergent
};

/// One call of a collective operation.
struct CollectiveCall {
  const clang::CallExpr *Call = nullptr;
  CollectiveKind Kind = CollectiveKind::Barrier;
  /// The group operand (object of a member call, first argument of cg::sync(g) ...), or null for
  /// intrinsics that name no group (__syncthreads, __shfl_sync).
  const clang::Expr *GroupExpr = nullptr;
  /// Static type of the group operand, or for intrinsics the group they imply (block, warp).
  GroupType Group;
  /// "grid.sync()", "__syncthreads()", "cg::sync(block)": how the message names the operation.
  std::string Spelling;
};

/// Classifies a call as a cooperative-groups or warp collective; nullopt for anything else.
std::optional<CollectiveCall> classifyCollective(const clang::CallExpr *Call,
                                                 const clang::ASTContext &Ctx);

/// __ballot(1) / __ballot(true): the lanes that are active, which is what __activemask() returns.
bool isBallotOfTrue(const clang::CallExpr *Call);

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
