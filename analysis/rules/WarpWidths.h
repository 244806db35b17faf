// Warp-synchronous code that takes the warp to have 32 lanes, for cg-warp-size: on a 64-lane
// wavefront (HIP wave64, MXMACA) such code drops or double-counts half of every warp.
#pragma once
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include <string>
#include <vector>

namespace coopcheck::analysis {

class UnitCache;

struct WidthAssumption {
  enum class Shape {
    /// A shuffle loop whose offsets halve from 16 (a butterfly or reduction over 32 lanes).
    OffsetsFrom16,
    /// A shuffle loop whose offsets double up to 16 (a scan over 32 lanes).
    OffsetsTo32,
    /// The lane of a thread as `% 32` or `& 31` of its index.
    LaneOf32,
    /// The warp of a thread as `/ 32` or `>> 5` of its index.
    WarpOf32,
  };
  Shape What;
  /// The operation that assumes 32 lanes (the loop's start or bound, the arithmetic).
  const clang::Expr *Where = nullptr;
  /// The source text to replace and its warpSize-relative form; Replaced is invalid where the
  /// operator to rewrite comes from a macro.
  clang::SourceRange Replaced;
  std::string Replacement;
};

/// The places in F, in source order, where warp-synchronous code assumes 32 lanes: shuffle loops
/// over 32 lanes, and the lane or warp of a thread computed with 32, each written as a literal,
/// in a function that also reads across the halves of a 64-lane warp (a vote, a ballot, a match,
/// a broadcast from a constant lane): code that works in 32-lane halves throughout is right on
/// 64 lanes. Code under a branch on warpSize, widths with a name (macros, template parameters)
/// and functions whose shuffles give an explicit width (sub-warps chosen on purpose) are left
/// out.
std::vector<WidthAssumption> widthAssumptions(UnitCache &TU, const clang::FunctionDecl *F);

} // namespace coopcheck::analysis
