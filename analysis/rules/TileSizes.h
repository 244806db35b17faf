// Tile sizes that the target cannot make, for cg-tile-size: tiled_partition<N>(g),
// tiled_partition(g, n) with a constant n (a literal, a const or constexpr variable, a template
// argument of the instantiation), and thread_block_tile<N> parameters, checked against the
// platform's limits (runtime-model/TileLimits.h) and against the size of the parent group when it
// is a tile of known size.
#pragma once
#include "runtime-model/semantics/TileLimits.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include <vector>

namespace coopcheck::analysis {

class UnitCache;

struct BadTileSize {
  /// The partition call, or null for a parameter declared as thread_block_tile<N>.
  const clang::CallExpr *Call = nullptr;
  const clang::ParmVarDecl *Parameter = nullptr;
  unsigned Size = 0;
  model::TileForm Form = model::TileForm::Static;
  model::TileTarget Target;
  /// What the platform says of Size; Valid when the parent is the problem.
  model::TileSizeVerdict Verdict = model::TileSizeVerdict::Valid;
  /// When Verdict is Valid: the size of the parent tile that Size exceeds or does not divide.
  unsigned ParentSize = 0;
};

/// The bad tile sizes of the partitions F calls and of F's own parameters, in source order of
/// the calls, then the parameters.
std::vector<BadTileSize> badTileSizes(UnitCache &TU, const clang::FunctionDecl *F);

} // namespace coopcheck::analysis
