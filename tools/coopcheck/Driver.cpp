#include "tools/coopcheck/Driver.h"
#include "analysis/flow/StableOrder.h"
#include "analysis/support/AnalysisStage.h"
#include "checks/report/FindingOrder.h"
#include "tools/coopcheck/AtomicWrite.h"
#include "tools/coopcheck/TidyRunner.h"
#include "tools/coopcheck/UnitIsolation.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"
#include <atomic>
#include <mutex>
#include <thread>

namespace coopcheck::cli {
namespace {

struct UnitResult {
  std::vector<report::Finding> Findings;
  std::optional<analysis::UnitFacts> Facts;
  std::optional<std::string> Failure;
  std::optional<report::PartialAnalysis> Partial;
};

std::map<std::string, std::string> checkOptions(const RunOptions &Options,
                                                const std::string &FactsFile) {
  std::map<std::string, std::string> Map;
  if (Options.Strict) {
    Map["cg-early-exit-before-sync.Strict"] = "true";
    Map["cg-divergent-collective.Strict"] = "true";
  }
  if (!Options.Targets.empty()) {
    Map["cg-early-exit-before-sync.Targets"] = Options.Targets;
    Map["cg-divergent-collective.Targets"] = Options.Targets;
  }
  if (!FactsFile.empty())
    Map["cg-non-cooperative-launch.FactsFile"] = FactsFile;
  if (!Options.Arch.empty())
    Map["cg-cooperative-launch.Arch"] = Options.Arch;
  return Map;
}

/// The executor replays the unit's kernels on its platform's warps.
void confirmUnit(const TranslationUnitInput &Unit, const RunOptions &Options,
                 const std::optional<analysis::UnitFacts> &Facts, bool DeviceCodeBroken,
                 std::vector<report::Finding> &Findings) {
  // Codegen stops at the first error in device code: the static findings stay as they are.
  if (DeviceCodeBroken)
    return;
  std::optional<std::set<std::string>> MayWait;
  if (Facts) {
    MayWait.emplace();
    for (const analysis::KernelFact &K : Facts->Kernels)
      if (K.MayWaitOnMemory)
        MayWait->insert(K.Name);
  }
  confirmation::UnitToConfirm ToConfirm{Unit.File,
                                        Unit.Contents,
                                        Unit.Command ? &*Unit.Command : nullptr,
                                        Options.Parse,
                                        Facts ? Facts->Launches
                                              : std::vector<analysis::LaunchFact>(),
                                        MayWait};
  analysis::AnalysisStage Stage("the executor");
  confirmation::confirmUnit(ToConfirm, Options.Confirmation, Findings);
}

std::string realPath(const std::string &Path) {
  llvm::SmallString<256> Real;
  return llvm::sys::fs::real_path(Path, Real) ? Path : std::string(Real);
}

/// A header analysed through a unit that includes it reports what is in the header.
void keepFindingsIn(const std::string &Header, std::vector<report::Finding> &Findings) {
  std::string Wanted = realPath(Header);
  llvm::erase_if(Findings,
                 [&](const report::Finding &F) { return realPath(F.Location.File) != Wanted; });
}

/// Device side always; the host side too when the source has code only it sees.
UnitResult analyseUnit(const TranslationUnitInput &Unit, const RunOptions &Options,
                       const std::string &FactsFile) {
  UnitResult Result;
  bool DeviceCodeBroken = false;
  bool BothSides = analysis::needsHostSidePass(Unit.Contents);
  for (bool HostSide : {false, true}) {
    if (HostSide && !BothSides)
      break;
    TidyRequest Request{Unit.File,
                        Unit.Directory,
                        unitArguments(Unit, Options, HostSide),
                        Options.Checks,
                        checkOptions(Options, FactsFile),
                        Options.UnitTimeLimitSeconds};
    TidyResult Side = runTidy(Request);
    if (Side.Failure) {
      Result.Failure = Side.Failure;
      Result.Findings.clear();
      return Result;
    }
    // Both sides of a unit see mostly the same errors: the first side with errors speaks.
    if ((Side.Partial.CompileErrors || Side.Partial.StoppedAfterSeconds) && !Result.Partial) {
      Result.Partial = std::move(Side.Partial);
      Result.Partial->File = Unit.File;
    }
    Result.Findings.insert(Result.Findings.end(), Side.Findings.begin(), Side.Findings.end());
    DeviceCodeBroken |= !HostSide && Side.DeviceCodeBroken;
    if (!Result.Facts)
      Result.Facts = std::move(Side.Facts);
    else if (Side.Facts)
      analysis::mergeFacts(*Result.Facts, *Side.Facts);
  }
  if (Unit.OnlyFindingsIn)
    keepFindingsIn(*Unit.OnlyFindingsIn, Result.Findings);
  if (Options.Confirm)
    confirmUnit(Unit, Options, Result.Facts, DeviceCodeBroken, Result.Findings);
  return Result;
}

/// analyseUnit on a thread of its own: a crash costs this unit's findings only.
UnitResult analyseIsolated(const TranslationUnitInput &Unit, const RunOptions &Options,
                           const std::string &FactsFile) {
  UnitResult Result;
  if (std::optional<std::string> Stage =
          runIsolated([&] { Result = analyseUnit(Unit, Options, FactsFile); }))
    Result = UnitResult{{}, std::nullopt, "analysis crashed in " + *Stage + "; report this", {}};
  return Result;
}

std::vector<UnitResult> analyseAll(const std::vector<TranslationUnitInput> &Units,
                                   const RunOptions &Options) {
  std::vector<UnitResult> Results(Units.size());
  std::atomic<size_t> Next{0};
  std::mutex ProgressLock;
  size_t Started = 0;
  auto Worker = [&] {
    for (size_t I = Next++; I < Units.size(); I = Next++) {
      if (Options.Progress) {
        std::lock_guard<std::mutex> Guard(ProgressLock);
        llvm::errs() << "[" << ++Started << "/" << Units.size() << "] " << Units[I].File << "\n";
      }
      Results[I] = analyseIsolated(Units[I], Options, "");
    }
  };
  unsigned Threads = std::max(1u, std::min<unsigned>(Options.Jobs, Units.size()));
  std::vector<std::thread> Pool;
  for (unsigned T = 1; T < Threads; ++T)
    Pool.emplace_back(Worker);
  Worker();
  for (std::thread &T : Pool)
    T.join();
  return Results;
}

std::optional<std::string> writeTemporaryFacts(const analysis::CrossUnitFacts &Index) {
  llvm::SmallString<128> Path;
  int Fd;
  if (llvm::sys::fs::createTemporaryFile("coopcheck-facts", "json", Fd, Path))
    return std::nullopt;
  llvm::raw_fd_ostream Out(Fd, /*shouldClose=*/true);
  Out << Index.toJson();
  return std::string(Path);
}

} // namespace

std::vector<std::string> unitArguments(const TranslationUnitInput &Unit, const RunOptions &Options,
                                       bool HostSide) {
  analysis::ParseOptions Parse = Options.Parse;
  Parse.HostSide = HostSide;
  const analysis::TranslatedCommand *Command = Unit.Command ? &*Unit.Command : nullptr;
  model::Platform P = analysis::detectPlatform(Unit.File, Unit.Contents, Command, Parse);
  return analysis::parseArguments(P, Parse, Command);
}

report::Report analyse(Inputs In, const RunOptions &Options) {
  report::Report Report;
  Report.Failures = std::move(In.Failures);
  std::vector<UnitResult> Results = analyseAll(In.Units, Options);

  analysis::CrossUnitFacts Index;
  for (UnitResult &R : Results)
    if (R.Facts)
      Index.add(*R.Facts);
  if (Options.ExportFacts) {
    if (llvm::Error Err = writeAtomically(*Options.ExportFacts, Index.toJson()))
      Report.Failures.push_back(
          {*Options.ExportFacts, "cannot write facts: " + llvm::toString(std::move(Err))});
  }

  // Launches of kernels defined in another unit: analyse those units again with the joined facts.
  std::vector<std::string> Rerun = Index.filesWithCrossUnitLaunchProblems();
  if (!Rerun.empty())
    if (auto FactsFile = writeTemporaryFacts(Index)) {
      for (size_t I = 0; I < In.Units.size(); ++I)
        if (llvm::is_contained(Rerun, In.Units[I].File))
          Results[I] = analyseIsolated(In.Units[I], Options, *FactsFile);
      (void)llvm::sys::fs::remove(*FactsFile); // a leftover temporary file is harmless
    }

  for (size_t I = 0; I < Results.size(); ++I) {
    if (Results[I].Failure)
      Report.Failures.push_back({In.Units[I].File, *Results[I].Failure});
    if (Results[I].Partial)
      Report.Partial.push_back(std::move(*Results[I].Partial));

    for (report::Finding &F : Results[I].Findings)
      Report.Findings.push_back(std::move(F));
  }
  report::sortAndDedupe(Report.Findings);
  // Notifications in file order, not in the order the files were given or finished in.
  analysis::stableSort(
      Report.Failures,
      [](const report::InputFailure &A, const report::InputFailure &B) { return A.File < B.File; });
  analysis::stableSort(Report.Partial,
                       [](const report::PartialAnalysis &A, const report::PartialAnalysis &B) {
                         return A.File < B.File;
                       });
  return Report;
}

} // namespace coopcheck::cli
