#include "checks/EarlyExitBeforeSyncCheck.h"
#include "analysis/flow/Groups.h"
#include "analysis/rules/EarlyExits.h"
#include "checks/BuildTargets.h"
#include "checks/FindingAnchor.h"

using namespace clang;
using coopcheck::model::Scope;

namespace coopcheck::checks {

EarlyExitBeforeSyncCheck::EarlyExitBeforeSyncCheck(llvm::StringRef Name,
                                                   tidy::ClangTidyContext *Context)
    : CoopcheckCheck(Name, Context), Strict(boolOption("Strict")),
      Targets(stringOption("Targets")) {}

void EarlyExitBeforeSyncCheck::storeOptions(tidy::ClangTidyOptions::OptionMap &Opts) {
  Options.store(Opts, "Strict", Strict);
  Options.store(Opts, "Targets", Targets);
}

namespace {

/// Why the early exit matters at this barrier, measured on an H100 (probe P5-P7, P20, P1), and
/// fixed in AMD code (model::exitReleasesBlockBarrier) when the targets include AMD GPUs.
std::string consequence(const analysis::EarlyExit &E, bool AwaitedOnAmd) {
  if (E.BarrierScope == Scope::Block && AwaitedOnAmd)
    return "on AMD GPUs a thread that left the kernel is still awaited at a block barrier: the "
           "block deadlocks or faults (return after the barrier, or keep the threads in and "
           "guard only their work)";
  switch (E.BarrierScope) {
  case Scope::Grid:
    return "a grid barrier is not released by exited threads: the grid hangs once a whole block, "
           "or thread 0 of a block, has left";
  case Scope::MultiGrid:
    return "a multi-grid barrier is not released by exited threads: every grid hangs once a whole "
           "block, or thread 0 of a block, has left";
  case Scope::Tile:
    return "the barrier of a " + std::to_string(E.TileSize) +
           "-thread tile is not released by exited threads: the tile hangs once a whole warp has "
           "left";
  default:
    return "every thread of the block must call it; exited threads stop counting on NVIDIA "
           "hardware, so this appears to work, but the programming model does not allow it";
  }
}

std::string exitNote(const Stmt *Exit) {
  if (isa<ReturnStmt>(Exit))
    return "threads that take this branch return from the kernel here";
  return "threads that take this branch end here";
}

} // namespace

void EarlyExitBeforeSyncCheck::checkTranslationUnit(analysis::UnitCache &TU) {
  ASTContext &Ctx = TU.context();
  BuildTargets Built(TU.platform(), Targets);
  std::vector<model::Platform> Awaiting = Built.awaitingExitedThreads();
  analysis::EarlyExitOptions Opts{Strict || !Awaiting.empty()};
  for (const FunctionDecl *Kernel : TU.inTime(TU.kernels()))
    for (const analysis::EarlyExit &E : analysis::findEarlyExits(TU, Kernel, Opts)) {
      if (!reportableAt(TU, E.Call->getBeginLoc()))
        continue;
      bool Block = E.BarrierScope == Scope::Block;
      auto Level = Block && Awaiting.empty() ? DiagnosticIDs::Warning : DiagnosticIDs::Error;
      diag(userLocation(TU, E.Call->getBeginLoc()),
           "threads that left the kernel early never arrive at %0; %1%2", Level)
          << describeCollective(E.Barrier) << consequence(E, !Awaiting.empty())
          << (Block ? Built.onlyOn(Awaiting) : std::string())
          << userRange(TU, E.Call->getSourceRange()) << AnchorCall{E.Barrier.Site};
      for (const analysis::ThreadExit &Exit : E.Exits)
        diag(userLocation(TU, Exit.Exit->getBeginLoc()), exitNote(Exit.Exit) + " (condition '%0')",
             DiagnosticIDs::Note)
            << analysis::sourceText(Exit.Condition, Ctx)
            << userRange(TU, Exit.Exit->getSourceRange());
      if (!E.Barrier.Chain.empty())
        noteCallChain(TU, E.Barrier, E.Barrier.Spelling + " is called here",
                      /*FirstCallIsPrimary=*/true);
      for (const analysis::EarlyExit::Skipped &Later : E.AlsoSkipped)
        diag(userLocation(TU, Later.Call->getBeginLoc()),
             "the same threads never arrive at %0 either", DiagnosticIDs::Note)
            << describeCollective(Later.Barrier) << userRange(TU, Later.Call->getSourceRange());
    }
}

} // namespace coopcheck::checks
