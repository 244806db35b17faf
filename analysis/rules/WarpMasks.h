// The masks of warp intrinsics (shuffles, votes, matches, the warp barrier and reductions)
// checked against the lanes that reach each call, for cg-warp-mask: which lanes a mask names that
// never arrive, which calling or source lane it leaves out, whether it has the width of the
// platform's warp, whether it names lanes that left the kernel, and whether it is the active-lane
// mask in data-dependent code.
#pragma once
#include "clang/AST/Expr.h"
#include <cstdint>
#include <string>
#include <vector>

namespace coopcheck::analysis {

class UnitCache;

struct MaskProblem {
  enum class Kind {
    /// (e) a 32-bit all-ones mask on a 64-lane warp, or a mask wider than a 32-lane warp.
    Width,
    /// (e) on a 64-lane warp, a mask computed in 64 bits (a ballot, the active-lane mask) but kept
    /// in a
    /// 32-bit variable or cast to 32 bits: lanes 32-63 are dropped.
    Narrowed,
    /// The mask argument is not a mask at all: a floating-point or pointer value (arguments
    /// shifted when a legacy shuffle `(v, 1, 32)` became its `_sync` form `(v, 1, 32)`).
    NotAMask,
    /// (b) lanes call the intrinsic with a mask that does not name them.
    CallerNotInMask,
    /// (a) the mask names lanes that never reach the call.
    LanesNeverArrive,
    /// (a) the mask is a constant, but a condition that differs between lanes for reasons only
    /// the run knows (a bounds check, loaded data, a loop's trips) decides whether lanes reach
    /// the call.
    LanesMayNotArrive,
    /// (d) the source lane of a shuffle from a lane is not in the mask.
    SourceLaneNotInMask,
    /// (f) a full-mask shuffle or reduction after lanes may have left the kernel.
    ExitedLanes,
    /// (c) the active-lane mask as the mask under a data-dependent condition.
    ActiveMaskInDivergentCode,
    /// Both sides of a lane-divergent branch call the intrinsic with the full mask, which pairs
    /// only under independent thread scheduling; reported when the target is older than sm_70.
    PairedBeforeVolta,
  };
  enum class Level { Error, Warning, Note };

  Kind What;
  Level Severity;
  const clang::CallExpr *Call;
  std::string Intrinsic;
  /// The variable that narrows the mask (Narrowed); may be null for a cast.
  const clang::VarDecl *Holder = nullptr;
  /// The mask as written (Width) or as the intrinsic sees it.
  uint64_t Mask = 0;
  /// The lanes concerned: outside the mask (CallerNotInMask), never arriving (LanesNeverArrive).
  uint64_t Lanes = 0;
  /// The source lane outside the mask (SourceLaneNotInMask).
  unsigned SourceLane = 0;
  /// For notes: the condition that keeps the lanes out (LanesNeverArrive, LanesMayNotArrive),
  /// the exit condition
  /// (ExitedLanes), the data-dependent condition (ActiveMaskInDivergentCode); may be null.
  const clang::Expr *Condition = nullptr;
  /// The call into F, in one of its callers, that lets only part of the mask's lanes in: the
  /// problem is that caller's (`if (lane < 16) warpSum(v)` with a full-mask shuffle in warpSum).
  /// Null when F's own code decides it.
  const clang::CallExpr *Via = nullptr;
};

/// The mask problems of the warp intrinsics called in F, in the order of the calls: at most one
/// of Width .. ActiveMaskInDivergentCode per call (the first that applies, in the order above),
/// and PairedBeforeVolta, before it, when the call also pairs across a branch. Then, for a device
/// function, the calls of F that keep lanes of a constant mask from an intrinsic F's own code
/// lets every lane reach (LanesNeverArrive or LanesMayNotArrive with Via), one per call of F.
std::vector<MaskProblem> maskProblems(UnitCache &TU, const clang::FunctionDecl *F);

} // namespace coopcheck::analysis
