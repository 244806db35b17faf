#include "checks/DivergentCollectiveCheck.h"
#include "analysis/rules/EarlyExits.h"
#include "llvm/ADT/SmallPtrSet.h"

using namespace clang;
using namespace coopcheck::analysis;
using Shape = DivergentBranch::Shape;

namespace coopcheck::checks {
namespace {

std::string reachPart(const GuardedEffect &G, const std::string &Op, const std::string &Cond,
                      const std::string &Group) {
  Shape Form = G.Branch ? G.Branch->Form : Shape::Depends;
  switch (Form) {
  case Shape::Holds:
    return Op + " is reached only by threads for which '" + Cond + "' holds";
  case Shape::DoesNotHold:
    return Op + " is reached only by threads for which '" + Cond + "' does not hold";
  case Shape::LoopTripCount:
    return Op + " is in a loop whose trip count differs between threads of the " + Group + " ('" +
           Cond + "')";
  case Shape::Depends:
    return Op + " is reached only by threads for which '" + Cond + "' takes this path";
  }
  return Op;
}

std::string consequence(const GuardedEffect &G, const std::string &Group) {
  switch (G.Effect.Kind) {
  case CollectiveKind::HandleCreation:
    return "creating a " + Group + " handle is collective: every thread of the " + Group +
           " should create it";
  case CollectiveKind::Partition:
    return calleeName(G.Effect.Site) == "tiled_partition"
               ? "the condition splits the tiles it creates"
               : "the condition splits the groups it creates";
  default:
    if (G.Branch && G.Branch->Form == Shape::LoopTripCount)
      return "every thread of the " + Group + " must call it the same number of times";
    return "every thread of the " + Group + " must call it";
  }
}

} // namespace

void DivergentCollectiveCheck::checkTranslationUnit(UnitCache &TU) {
  llvm::SmallPtrSet<const void *, 32> Reported;
  for (const FunctionDecl *F : TU.deviceFunctions()) {
    const std::vector<GuardedEffect> &Effects = TU.get<DivergenceAnalysis>().effectsOf(F);
    // A collective on a tile whose creation is itself reported is part of that finding.
    llvm::SmallPtrSet<const Expr *, 8> DivergentPartitions;
    for (const GuardedEffect &G : Effects)
      if (G.Divergent && G.Effect.Kind == CollectiveKind::Partition && G.Effect.Chain.empty())
        DivergentPartitions.insert(G.Effect.Site);
    // One finding per place (a call may reach several collectives; template instantiations
    // repeat places): errors first, then the handle-creation warnings.
    for (bool Handles : {false, true}) {
      if (Handles && !model::handleCreationIsCollective(TU.platform()))
        continue;
      for (const GuardedEffect &G : Effects) {
        if (!G.Divergent || DivergentPartitions.count(G.Effect.Group.Source) ||
            Handles != (G.Effect.Kind == CollectiveKind::HandleCreation))
          continue;
        const CallExpr *At = G.Effect.Chain.empty() ? G.Effect.Site : G.Effect.Chain.front();
        SourceLocation Loc = userLocation(TU, At->getBeginLoc());
        if (reportableAt(TU, Loc) && Reported.insert(Loc.getPtrEncoding()).second)
          report(TU, F, G);
      }
    }
  }
}

/// A warp-wide collective in a loop whose trip count alone differs, where the threads that finish
/// the loop first leave the kernel: the hardware releases the collective once the lanes still
/// there arrive (probes P13, P15, P19, measured on NVIDIA only), so the threads do not hang; the
/// code only relies on that.
static bool lanesThatFinishLeave(UnitCache &TU, const FunctionDecl *F, const GuardedEffect &G,
                                 UniformRequirement Needed) {
  if (TU.platform() != model::Platform::Cuda)
    return false;
  bool WarpWide =
      Needed.Level == model::Scope::Warp || (Needed.Level == model::Scope::Thread &&
                                             Needed.Granule > 0 && Needed.Granule <= TU.warpSize());
  return WarpWide && G.Effect.Kind != CollectiveKind::HandleCreation && G.Branch &&
         G.Branch->Form == Shape::LoopTripCount && loopEndLeavesKernel(TU, F, G.Branch->Condition);
}

void DivergentCollectiveCheck::report(UnitCache &TU, const FunctionDecl *F,
                                      const GuardedEffect &G) {
  auto Needed = requirementOf(G.Effect, TU.warpSize());
  std::string Group = groupNoun(*Needed).str();
  std::string Cond = G.Branch ? sourceText(G.Branch->Condition, TU.context()) : "";
  const CallExpr *At = G.Effect.Chain.empty() ? G.Effect.Site : G.Effect.Chain.front();
  bool Tolerated = lanesThatFinishLeave(TU, F, G, *Needed);
  auto Level = G.Effect.Kind == CollectiveKind::HandleCreation || Tolerated ? DiagnosticIDs::Warning
                                                                            : DiagnosticIDs::Error;
  std::string Consequence =
      Tolerated ? "the threads that finish the loop first leave the kernel, and the hardware "
                  "releases it once the threads still in the loop arrive; every thread of the " +
                      Group + " should call it the same number of times"
                : consequence(G, Group);
  diag(userLocation(TU, At->getBeginLoc()), "%0; %1", Level)
      << reachPart(G, describeCollective(G.Effect), Cond, Group) << Consequence
      << userRange(TU, At->getSourceRange());
  if (G.Branch)
    diag(userLocation(TU, G.Branch->Condition->getBeginLoc()),
         "this condition differs between threads of the %0", DiagnosticIDs::Note)
        << Group << userRange(TU, G.Branch->Condition->getSourceRange());
  if (!G.Effect.Chain.empty())
    noteCallChain(TU, G.Effect, G.Effect.Spelling + " is called here", /*FirstCallIsPrimary=*/true);
}

} // namespace coopcheck::checks
