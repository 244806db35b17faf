#include "checks/DivergentCollectiveCheck.h"
#include "analysis/rules/EarlyExits.h"
#include "checks/BuildTargets.h"
#include "checks/FindingAnchor.h"
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
    return analysis::callsGroupFunction(G.Effect.Site, model::OperationId::TiledPartition)
               ? "the condition splits the tiles it creates"
               : "the condition splits the groups it creates";
  default:
    if (G.Branch && G.Branch->Form == Shape::LoopTripCount)
      return "every thread of the " + Group + " must call it the same number of times";
    return "every thread of the " + Group + " must call it";
  }
}

/// Why a collective that the threads skipping it leave the kernel past is only a warning.
std::string toleratedConsequence(const GuardedEffect &G, const std::string &Group) {
  if (G.Branch->Form == Shape::LoopTripCount)
    return "the threads that finish the loop first leave the kernel, and the hardware releases "
           "it once the threads still in the loop arrive; every thread of the " +
           Group + " should call it the same number of times";
  return "the threads that skip it leave the kernel, and the hardware releases it once the "
         "threads still there arrive; every thread of the " +
         Group + " should call it";
}

} // namespace

DivergentCollectiveCheck::DivergentCollectiveCheck(llvm::StringRef Name,
                                                   tidy::ClangTidyContext *Context)
    : CoopcheckCheck(Name, Context), Strict(boolOption("Strict")),
      Targets(stringOption("Targets")) {}

void DivergentCollectiveCheck::storeOptions(tidy::ClangTidyOptions::OptionMap &Opts) {
  Options.store(Opts, "Strict", Strict);
  Options.store(Opts, "Targets", Targets);
}

void DivergentCollectiveCheck::checkTranslationUnit(UnitCache &TU) {
  for (const FunctionDecl *F : TU.inTime(TU.deviceFunctions())) {
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
        if (firstUserFindingAt(TU, Loc))
          report(TU, F, G);
      }
    }
  }
}

void DivergentCollectiveCheck::report(UnitCache &TU, const FunctionDecl *F,
                                      const GuardedEffect &G) {
  auto Needed = requirementOf(G.Effect, TU.warpSize());
  std::string Group = groupNoun(*Needed).str();
  std::string Cond = G.Branch ? sourceText(G.Branch->Condition, TU.context()) : "";
  const CallExpr *At = G.Effect.Chain.empty() ? G.Effect.Site : G.Effect.Chain.front();
  // The targets where the threads that skip it are still awaited.
  BuildTargets Built(TU.platform(), Targets);
  std::vector<model::Platform> Breaks;
  for (model::Platform P : Built.platforms())
    if (!skippersLeave(TU, F, G, P))
      Breaks.push_back(P);
  bool Tolerated = Breaks.empty();
  if (Tolerated && !Strict)
    return;
  auto Level = G.Effect.Kind == CollectiveKind::HandleCreation || Tolerated ? DiagnosticIDs::Warning
                                                                            : DiagnosticIDs::Error;
  std::string Consequence = Tolerated ? toleratedConsequence(G, Group) : consequence(G, Group);
  diag(userLocation(TU, At->getBeginLoc()), "%0; %1%2", Level)
      << reachPart(G, describeCollective(G.Effect), Cond, Group) << Consequence
      << Built.onlyOn(Breaks) << userRange(TU, At->getSourceRange()) << AnchorCall{G.Effect.Site};
  if (G.Branch)
    diag(userLocation(TU, G.Branch->Condition->getBeginLoc()),
         "this condition differs between threads of the %0", DiagnosticIDs::Note)
        << Group << userRange(TU, G.Branch->Condition->getSourceRange());
  if (!G.Effect.Chain.empty())
    noteCallChain(TU, G.Effect, G.Effect.Spelling + " is called here", /*FirstCallIsPrimary=*/true);
}

} // namespace coopcheck::checks
