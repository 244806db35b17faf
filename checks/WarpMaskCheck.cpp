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

/// How users spell an operation of the table in advice: the ballot that computes a mask.
llvm::StringRef spelling(model::OperationId Id) { return model::operation(Id).Spelling; }

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

/// How many lanes a finding names: the count its %plural forms choose by.
unsigned laneCount(const MaskProblem &P) { return llvm::popcount(P.Lanes); }

/// The note at the condition or exit a finding names, if any.
llvm::StringRef noteOf(const MaskProblem &P) {
  switch (P.What) {
  case MaskProblem::Kind::LanesNeverArrive:
    return "%plural{1:lane|:lanes}0 %1 %plural{1:does|:do}0 not pass this condition";
  case MaskProblem::Kind::ExitedLanes:
    return "lanes where this condition holds leave the kernel";
  case MaskProblem::Kind::LanesMayNotArrive:
  case MaskProblem::Kind::ActiveMaskInDivergentCode:
    return "this condition differs between lanes of a warp";
  default:
    return "";
  }
}

} // namespace

DiagnosticBuilder WarpMaskCheck::diagProblem(SourceLocation Loc, const MaskProblem &P,
                                             UnitCache &TU) {
  DiagnosticIDs::Level Level = levelOf(P.Severity);
  const std::string &Name = P.Intrinsic;
  std::string Mask = hexMask(P.Mask);
  switch (P.What) {
  case MaskProblem::Kind::Width:
    return diag(Loc,
                "the mask %0 %select{is wider than the 32 lanes of a warp on this platform; %1 "
                "takes a 32-bit mask and the upper bits are dropped|names lanes 0-31 only, but a "
                "warp has 64 lanes on this platform; lanes 32-63 are left out of %1 (use a 64-bit "
                "mask: 0xffffffffffffffffull)}2",
                Level)
           << Mask << Name << unsigned(TU.warpSize() == 64);
  case MaskProblem::Kind::Narrowed:
    return diag(Loc,
                "the mask is computed in 64 bits but %select{cast to 32 bits|kept in the 32-bit "
                "variable '%1'}0, which drops lanes 32-63 of the warp; %2 then leaves them out "
                "(keep masks in 64-bit variables on this platform)",
                Level)
           << unsigned(P.Holder != nullptr) << (P.Holder ? P.Holder->getName() : "") << Name;
  case MaskProblem::Kind::NotAMask:
    return diag(Loc,
                "the first argument of %0 is its lane mask, but this value is not a mask (were "
                "the arguments of a mask-less intrinsic shifted when it was ported to the _sync "
                "form?)",
                Level)
           << Name;
  case MaskProblem::Kind::CallerNotInMask:
    return diag(Loc,
                "%plural{1:lane|:lanes}0 %1 %plural{1:calls|:call}0 %2 with the mask %3, which "
                "does not name %plural{1:it|:them}0; the calling lane must be in the mask",
                Level)
           << laneCount(P) << laneRanges(P.Lanes) << Name << Mask;
  case MaskProblem::Kind::LanesNeverArrive:
    return diag(
               Loc,
               "the mask %0 names %plural{1:lane|:lanes}1 %2, which %plural{1:never reaches|:never "
               "reach}1 this call; %3 waits for %plural{1:it|:them}1",
               Level)
           << Mask << laneCount(P) << laneRanges(P.Lanes) << Name;
  case MaskProblem::Kind::LanesMayNotArrive:
    return diag(Loc,
                "the mask %0 names lanes that may not reach this call: a condition that differs "
                "between lanes decides it, and %1 waits for every lane of the mask (compute the "
                "mask with %2 over that condition before the branch, or call it where the whole "
                "mask arrives)",
                Level)
           << Mask << Name << spelling(model::OperationId::BallotSync);
  case MaskProblem::Kind::SourceLaneNotInMask:
    return diag(Loc,
                "the source lane %0 of %1 is not in its mask %2; the value read from it is "
                "undefined",
                Level)
           << P.SourceLane << Name << Mask;
  case MaskProblem::Kind::ExitedLanes:
    return diag(Loc,
                "the mask %0 names lanes that may have left the kernel before this call; on "
                "sm_70 and later %1 reads 0 from them, which is right for a sum but wrong for a "
                "maximum, a minimum or a product",
                Level)
           << Mask << Name;
  case MaskProblem::Kind::ActiveMaskInDivergentCode:
    return diag(Loc,
                "%1() names the lanes that happen to be converged here, not the lanes that reach "
                "%0 under a data-dependent condition; compute the mask with %2 over that "
                "condition before the branch",
                Level)
           << Name << spelling(model::OperationId::ActiveMask)
           << spelling(model::OperationId::BallotSync);
  case MaskProblem::Kind::PairedBeforeVolta:
    return diag(Loc,
                "both sides of this branch call %0 with the full mask: this pairs only with "
                "independent thread scheduling (sm_70 and later); the target sm_%1 executes the "
                "sides one after the other and deadlocks",
                Level)
           << Name << TU.cudaArch().value_or(0) / 10;
  }
  llvm_unreachable("every kind of mask problem is worded");
}

DiagnosticBuilder WarpMaskCheck::diagProblemThroughCall(SourceLocation Loc, const MaskProblem &P) {
  DiagnosticIDs::Level Level = levelOf(P.Severity);
  if (P.What == MaskProblem::Kind::LanesNeverArrive)
    return diag(Loc,
                "'%0' calls %1 with the mask %2, which names %plural{1:lane|:lanes}3 %4; "
                "%plural{1:it never reaches|:they never reach}3 this call, and %1 waits for "
                "%plural{1:it|:them}3",
                Level)
           << calleeDisplayName(P.Via) << P.Intrinsic << hexMask(P.Mask) << laneCount(P)
           << laneRanges(P.Lanes);
  return diag(Loc,
              "'%0' calls %1 with the mask %2, but a condition that differs between lanes decides "
              "which lanes reach this call, and %1 waits for every lane of the mask (compute the "
              "mask with %3 over that condition and pass it in, or call it where the whole mask "
              "arrives)",
              Level)
         << calleeDisplayName(P.Via) << P.Intrinsic << hexMask(P.Mask)
         << spelling(model::OperationId::BallotSync);
}

void WarpMaskCheck::checkTranslationUnit(UnitCache &TU) {
  // A call in a template is reported once, for its first instantiation with a problem.
  for (const FunctionDecl *F : TU.inTime(TU.deviceFunctions())) {
    const CallExpr *Current = nullptr;
    bool Skip = false;
    for (const MaskProblem &P : maskProblems(TU, F)) {
      const CallExpr *At = P.Via ? P.Via : P.Call;
      SourceLocation Loc = userLocation(TU, At->getBeginLoc());
      if (At != Current) {
        Current = At;
        Skip = !firstUserFindingAt(TU, Loc);
      }
      if (Skip)
        continue;
      (P.Via ? diagProblemThroughCall(Loc, P) : diagProblem(Loc, P, TU))
          << userRange(TU, At->getSourceRange()) << AnchorCall{P.Call};
      if (P.Condition)
        diag(userLocation(TU, P.Condition->getBeginLoc()), noteOf(P), DiagnosticIDs::Note)
            << laneCount(P) << laneRanges(P.Lanes) << userRange(TU, P.Condition->getSourceRange());
      if (P.Via)
        diag(userLocation(TU, P.Call->getBeginLoc()), "%0 is called here", DiagnosticIDs::Note)
            << P.Intrinsic << userRange(TU, P.Call->getSourceRange());
    }
  }
}

} // namespace coopcheck::checks
