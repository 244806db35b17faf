#include "checks/WarpMaskCheck.h"
#include "analysis/flow/Groups.h"
#include "analysis/rules/WarpMasks.h"
#include "analysis/warp/LaneSets.h"
#include "checks/FindingAnchor.h"
#include "llvm/ADT/bit.h"

using namespace clang;
using namespace coopcheck::analysis;

namespace coopcheck::checks {
namespace {

DiagnosticIDs::Level levelOf(MaskProblem::Level L) {
  switch (L) {
  case MaskProblem::Level::Error:
    return DiagnosticIDs::Error;
  case MaskProblem::Level::Warning:
    return DiagnosticIDs::Warning;
  // A finding of its own at note level: clang-tidy's notes attach to the finding before them.
  case MaskProblem::Level::Note:
    return DiagnosticIDs::Remark;
  }
  return DiagnosticIDs::Error;
}

std::string message(const MaskProblem &P, unsigned WarpSize, std::optional<unsigned> Arch) {
  const std::string &Name = P.Intrinsic;
  bool One = llvm::popcount(P.Lanes) == 1;
  switch (P.What) {
  case MaskProblem::Kind::Width:
    if (WarpSize == 64)
      return "the mask " + hexMask(P.Mask) +
             " names lanes 0-31 only, but a warp has 64 lanes on "
             "this platform; lanes 32-63 are left out of " +
             Name + " (use a 64-bit mask: 0xffffffffffffffffull)";
    return "the mask " + hexMask(P.Mask) +
           " is wider than the 32 lanes of a warp on this "
           "platform; " +
           Name + " takes a 32-bit mask and the upper bits are dropped";
  case MaskProblem::Kind::Narrowed:
    return "the mask is computed in 64 bits but " +
           (P.Holder ? "kept in the 32-bit variable '" + P.Holder->getName().str() + "'"
                     : std::string("cast to 32 bits")) +
           ", which drops lanes 32-63 of the warp; " + Name +
           " then leaves them out (keep masks in 64-bit variables on this platform)";
  case MaskProblem::Kind::NotAMask:
    return "the first argument of " + Name +
           " is its lane mask, but this value is not a mask (were the arguments of a "
           "mask-less intrinsic shifted when it was ported to the _sync form?)";
  case MaskProblem::Kind::CallerNotInMask:
    return (One ? "lane " : "lanes ") + laneRanges(P.Lanes) + (One ? " calls " : " call ") + Name +
           " with the mask " + hexMask(P.Mask) + ", which does not name " + (One ? "it" : "them") +
           "; the calling lane must be in the mask";
  case MaskProblem::Kind::LanesNeverArrive:
    return "the mask " + hexMask(P.Mask) + (One ? " names lane " : " names lanes ") +
           laneRanges(P.Lanes) +
           (One ? ", which never reaches this call; " : ", which never reach this call; ") + Name +
           (One ? " waits for it" : " waits for them");
  case MaskProblem::Kind::LanesMayNotArrive:
    return "the mask " + hexMask(P.Mask) +
           " names lanes that may not reach this call: a condition that differs between lanes "
           "decides it, and " +
           Name +
           " waits for every lane of the mask (compute the mask with __ballot_sync over "
           "that condition before the branch, or call it where the whole mask arrives)";
  case MaskProblem::Kind::SourceLaneNotInMask:
    return "the source lane " + std::to_string(P.SourceLane) + " of " + Name +
           " is not in its mask " + hexMask(P.Mask) + "; the value read from it is undefined";
  case MaskProblem::Kind::ExitedLanes:
    return "the mask " + hexMask(P.Mask) +
           " names lanes that may have left the kernel before "
           "this call; on sm_70 and later " +
           Name +
           " reads 0 from them, which is right for a "
           "sum but wrong for a maximum, a minimum or a product";
  case MaskProblem::Kind::ActiveMaskInDivergentCode:
    return "__activemask() names the lanes that happen to be converged here, not the lanes that "
           "reach " +
           Name +
           " under a data-dependent condition; compute the mask with "
           "__ballot_sync over that condition before the branch";
  case MaskProblem::Kind::PairedBeforeVolta:
    return "both sides of this branch call " + Name +
           " with the full mask: this pairs only with "
           "independent thread scheduling (sm_70 and later); the target sm_" +
           std::to_string(Arch.value_or(0) / 10) +
           " executes the sides one after the other and deadlocks";
  }
  return std::string();
}

/// A problem a caller makes for a helper's intrinsic, said at the caller's call of the helper.
std::string messageThroughCall(const MaskProblem &P) {
  std::string Helper = "'" + calleeName(P.Via).str() + "'";
  bool One = llvm::popcount(P.Lanes) == 1;
  if (P.What == MaskProblem::Kind::LanesNeverArrive)
    return Helper + " calls " + P.Intrinsic + " with the mask " + hexMask(P.Mask) +
           ", which names " + (One ? "lane " : "lanes ") + laneRanges(P.Lanes) +
           (One ? "; it never reaches this call, and " : "; they never reach this call, and ") +
           P.Intrinsic + (One ? " waits for it" : " waits for them");
  return Helper + " calls " + P.Intrinsic + " with the mask " + hexMask(P.Mask) +
         ", but a condition that differs between lanes decides which lanes reach this call, and " +
         P.Intrinsic +
         " waits for every lane of the mask (compute the mask with __ballot_sync over that "
         "condition and pass it in, or call it where the whole mask arrives)";
}

/// The note at the condition or exit a finding names, if any.
std::string noteOf(const MaskProblem &P) {
  bool One = llvm::popcount(P.Lanes) == 1;
  switch (P.What) {
  case MaskProblem::Kind::LanesNeverArrive:
    return (One ? "lane " : "lanes ") + laneRanges(P.Lanes) +
           (One ? " does not pass this condition" : " do not pass this condition");
  case MaskProblem::Kind::ExitedLanes:
    return "lanes where this condition holds leave the kernel";
  case MaskProblem::Kind::LanesMayNotArrive:
  case MaskProblem::Kind::ActiveMaskInDivergentCode:
    return "this condition differs between lanes of a warp";
  default:
    return std::string();
  }
}

} // namespace

void WarpMaskCheck::checkTranslationUnit(UnitCache &TU) {
  // A call in a template is reported once, for its first instantiation with a problem.
  llvm::SmallPtrSet<const void *, 32> Reported;
  for (const FunctionDecl *F : TU.inTime(TU.deviceFunctions())) {
    const CallExpr *Current = nullptr;
    bool Skip = false;
    for (const MaskProblem &P : maskProblems(TU, F)) {
      const CallExpr *At = P.Via ? P.Via : P.Call;
      SourceLocation Loc = userLocation(TU, At->getBeginLoc());
      if (At != Current) {
        Current = At;
        Skip = !reportableAt(TU, Loc) || Reported.count(Loc.getPtrEncoding());
      }
      if (Skip)
        continue;
      Reported.insert(Loc.getPtrEncoding());
      diag(Loc, P.Via ? messageThroughCall(P) : message(P, TU.warpSize(), TU.cudaArch()),
           levelOf(P.Severity))
          << userRange(TU, At->getSourceRange()) << AnchorCall{P.Call};
      if (P.Condition)
        diag(userLocation(TU, P.Condition->getBeginLoc()), noteOf(P), DiagnosticIDs::Note)
            << userRange(TU, P.Condition->getSourceRange());
      if (P.Via)
        diag(userLocation(TU, P.Call->getBeginLoc()), "%0 is called here", DiagnosticIDs::Note)
            << P.Intrinsic << userRange(TU, P.Call->getSourceRange());
    }
  }
}

} // namespace coopcheck::checks
