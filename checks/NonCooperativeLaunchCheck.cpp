#include "checks/NonCooperativeLaunchCheck.h"
#include "analysis/launch/GridBarriers.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;
using namespace coopcheck::analysis;

namespace coopcheck::checks {

NonCooperativeLaunchCheck::NonCooperativeLaunchCheck(llvm::StringRef Name,
                                                     tidy::ClangTidyContext *Context)
    : CoopcheckCheck(Name, Context), FactsFile(stringOption("FactsFile")) {
  if (FactsFile.empty())
    return;
  auto Loaded = CrossUnitFacts::load(FactsFile);
  if (Loaded)
    Facts = std::move(*Loaded);
  else
    FactsError = llvm::toString(Loaded.takeError());
}

void NonCooperativeLaunchCheck::storeOptions(tidy::ClangTidyOptions::OptionMap &Opts) {
  Options.store(Opts, "FactsFile", FactsFile);
}

void NonCooperativeLaunchCheck::checkTranslationUnit(UnitCache &TU) {
  if (!FactsError.empty() && !FactsErrorReported) {
    configurationDiag("%0") << FactsError;
    FactsErrorReported = true;
  }
  // A launch in a template is seen in each instantiation: report each location once.
  for (const LaunchSite &Launch : TU.get<UnitLaunchSites>().sites()) {
    if (!Launch.Kernel || !firstUserFindingAt(TU, Launch.reportedAt()->getBeginLoc()))
      continue;
    if (Launch.Kernel->isDefined())
      reportLocalKernel(TU, Launch);
    else
      reportForeignKernel(TU, Launch);
  }
}

void NonCooperativeLaunchCheck::reportLocalKernel(UnitCache &TU, const LaunchSite &Launch) {
  const FunctionDecl *Kernel = nullptr;
  Launch.Kernel->isDefined(Kernel);
  KernelGridBarriers Barriers = gridBarriersOf(TU.summaries(), Kernel);
  LaunchProblem Problem =
      launchProblem(Barriers.Grid.has_value(), Barriers.MultiGrid.has_value(), Launch.Coop);
  if (Problem == LaunchProblem::None)
    return;
  const CollectiveEffect &Barrier = Problem == LaunchProblem::MultiGridSyncWithoutMultiDevice
                                        ? *Barriers.MultiGrid
                                        : *Barriers.Grid;
  reportLaunch(TU, Launch, Problem, Barrier.Spelling);
  noteCallChain(TU, Barrier, Barrier.Spelling + " is called here",
                /*FirstCallIsPrimary=*/false);
}

void NonCooperativeLaunchCheck::reportForeignKernel(UnitCache &TU, const LaunchSite &Launch) {
  if (!Facts)
    return;
  const KernelFact *Kernel = Facts->kernel(usrOf(Launch.Kernel));
  if (!Kernel)
    return;
  LaunchProblem Problem = launchProblem(Kernel->GridBarrier.has_value(),
                                        Kernel->MultiGridBarrier.has_value(), Launch.Coop);
  if (Problem == LaunchProblem::None)
    return;
  const BarrierFact &Barrier = Problem == LaunchProblem::MultiGridSyncWithoutMultiDevice
                                   ? *Kernel->MultiGridBarrier
                                   : *Kernel->GridBarrier;
  reportLaunch(TU, Launch, Problem, Barrier.Spelling);
  // The barrier is in another file: load it so that the note points into it.
  SourceManager &SM = TU.context().getSourceManager();
  if (auto File = SM.getFileManager().getOptionalFileRef(Barrier.Where.File)) {
    FileID Id = SM.getOrCreateFileID(*File, SrcMgr::C_User);
    SourceLocation Loc = SM.translateLineCol(Id, Barrier.Where.Line, Barrier.Where.Column);
    diag(Loc, Barrier.Spelling + " is called here", DiagnosticIDs::Note);
  }
}

void NonCooperativeLaunchCheck::reportLaunch(UnitCache &TU, const LaunchSite &Launch,
                                             LaunchProblem Problem, llvm::StringRef Barrier) {
  model::Platform P = TU.platform();
  std::string Kernel = kernelName(Launch.Kernel);
  SourceLocation At = userLocation(TU, Launch.reportedAt()->getBeginLoc());
  CharSourceRange Range = userRange(TU, Launch.reportedAt()->getSourceRange());
  if (Problem == LaunchProblem::MultiGridSyncWithoutMultiDevice) {
    diag(At,
         "kernel '%0' calls %1 but is launched with %2; a multi-grid barrier needs the "
         "multi-device cooperative launch %3 (and -rdc=true)",
         DiagnosticIDs::Error)
        << Kernel << Barrier << Launch.Spelling << model::multiDeviceLaunchName(P) << Range;
    noteHelperLaunch(TU, Launch);
    return;
  }
  diag(At,
       "kernel '%0' calls %1 but is launched with %2, which is not a cooperative launch; the "
       "grid barrier traps with %3ErrorLaunchFailure: launch it with %4",
       DiagnosticIDs::Error)
      << Kernel << Barrier << Launch.Spelling << model::runtimePrefix(P)
      << model::cooperativeLaunchName(P) << Range;
  noteHelperLaunch(TU, Launch);
}

void NonCooperativeLaunchCheck::noteHelperLaunch(UnitCache &TU, const LaunchSite &Launch) {
  if (Launch.PassedBy)
    diag(userLocation(TU, Launch.Call->getBeginLoc()),
         "the helper launches the kernel it is given here, with %0", DiagnosticIDs::Note)
        << Launch.Spelling << userRange(TU, Launch.Call->getSourceRange());
}

} // namespace coopcheck::checks
