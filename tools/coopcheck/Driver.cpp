#include "tools/coopcheck/Driver.h"
#include "analysis/flow/StableOrder.h"
#include "analysis/frontend/ProjectHeaders.h"
#include "analysis/support/AnalysisStage.h"
#include "analysis/support/AtomicWrite.h"
#include "analysis/support/Digest.h"
#include "checks/report/FindingOrder.h"
#include "tools/coopcheck/ResultCache.h"
#include "tools/coopcheck/TidyRunner.h"
#include "tools/coopcheck/UnitIsolation.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/VirtualFileSystem.h"
#include "llvm/Support/raw_ostream.h"
#include <atomic>
#include <mutex>
#include <numeric>
#include <set>
#include <thread>

namespace coopcheck::cli {
namespace {

/// What every unit of the run shares.
struct Run {
  const RunOptions &Options;
  analysis::PrecompiledPrefixes *Prefixes = nullptr;
  const ResultCache *Cache = nullptr;
};

/// The unit's rules; none with --facts-only, whose facts are collected beside the rules.
const UnitConfiguration &rulesOf(const TranslationUnitInput &Unit, const RunOptions &Options) {
  static const UnitConfiguration NoRules{{}, {}};
  if (Options.FactsOnly)
    return NoRules;
  auto It = Options.RulesByFile.find(configurationPath(Unit));
  return It == Options.RulesByFile.end() ? Options.Rules : It->second;
}

/// The unit's check options; the facts this run joined replace a configured FactsFile.
std::map<std::string, std::string> checkOptions(const UnitConfiguration &Rules,
                                                const std::string &FactsFile) {
  std::map<std::string, std::string> Map = Rules.CheckOptions;
  if (!FactsFile.empty())
    Map["cg-non-cooperative-launch.FactsFile"] = FactsFile;
  return Map;
}

/// The run's confirmation options for the unit: cg-deadlock as its configuration says.
confirmation::ConfirmOptions confirmationOptions(const TranslationUnitInput &Unit,
                                                 const RunOptions &Options) {
  confirmation::ConfirmOptions Confirmation = Options.Confirmation;
  Confirmation.ReportDeadlocks = rulesOf(Unit, Options).enables("cg-deadlock");
  return Confirmation;
}

confirmation::UnitToConfirm unitToConfirm(const TranslationUnitInput &Unit,
                                          const RunOptions &Options) {
  return {Unit.File, Unit.Contents, Unit.Command ? &*Unit.Command : nullptr, Options.Parse, {}};
}

/// Whether the rules' device-side parse of the unit is what the executor would lower: then it
/// is lowered from there, and the unit is parsed once.
bool rulesParseLowers(const TranslationUnitInput &Unit, const RunOptions &Options) {
  return Options.Confirm && unitArguments(Unit, Options, /*HostSide=*/false) ==
                                confirmation::deviceArguments(unitToConfirm(Unit, Options));
}

/// The executor replays the unit's kernels on its platform's warps (Lowered: the device side
/// lowered from the rules' parse, if it was).
void confirmUnit(const TranslationUnitInput &Unit, const RunOptions &Options,
                 const std::optional<analysis::UnitFacts> &Facts,
                 std::optional<analysis::DeviceModule> &Lowered, analysis::StageRecord &Stages,
                 std::vector<report::Finding> &Findings) {
  std::optional<std::set<std::string>> MayWait;
  if (Facts) {
    MayWait.emplace();
    for (const analysis::KernelFact &K : Facts->Kernels)
      if (K.MayWaitOnMemory)
        MayWait->insert(K.Name);
  }
  confirmation::UnitToConfirm ToConfirm = unitToConfirm(Unit, Options);
  if (Facts)
    ToConfirm.Launches = Facts->Launches;
  ToConfirm.KernelsThatMayWait = MayWait;
  ToConfirm.Lowered = Lowered ? &*Lowered : nullptr;
  analysis::AnalysisStage Stage(Stages, "the executor");
  confirmation::confirmUnit(ToConfirm, confirmationOptions(Unit, Options), Findings);
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

std::string absoluteIn(const std::string &Directory, const std::string &Path) {
  llvm::SmallString<256> Abs(Path);
  if (llvm::sys::path::is_relative(Abs))
    llvm::sys::path::make_absolute(Directory, Abs);
  // Not "..": the directory before it may be a symbolic link.
  llvm::sys::path::remove_dots(Abs);
  return std::string(Abs);
}

/// Adds what one parse read to what the unit read, as absolute paths.
void addInputsRead(const TranslationUnitInput &Unit, const TidyResult &Side, UnitResult &Result) {
  for (const std::string &F : Side.FilesRead)
    Result.FilesRead.push_back(absoluteIn(Unit.Directory, F));
  for (const std::string &D : Side.DirectoriesSearched)
    Result.DirectoriesSearched.push_back(absoluteIn(Unit.Directory, D));
  for (std::vector<std::string> *List : {&Result.FilesRead, &Result.DirectoriesSearched}) {
    llvm::sort(*List);
    List->erase(std::unique(List->begin(), List->end()), List->end());
  }
}

/// Device side always; the host side too when its preprocessor keeps lines of the project's
/// files that the device side's skipped (code under `#ifndef __CUDA_ARCH__`, `#else` branches of
/// architecture tests): a preprocessor-only run of the host side decides, far cheaper than its
/// parse.
UnitResult analyseUnit(const TranslationUnitInput &Unit, const Run &R, const std::string &FactsFile,
                       analysis::StageRecord &Stages) {
  const RunOptions &Options = R.Options;
  UnitResult Result;
  analysis::LineVisibility DeviceLines;
  std::optional<analysis::DeviceModule> Lowered;
  const UnitConfiguration &Rules = rulesOf(Unit, Options);
  for (bool HostSide : {false, true}) {
    TidyRequest Request{Unit.File,
                        Unit.Directory,
                        unitArguments(Unit, Options, HostSide),
                        Rules.checkList(),
                        checkOptions(Rules, FactsFile),
                        Options.UnitTimeLimitSeconds,
                        R.Prefixes,
                        &Stages,
                        !HostSide && rulesParseLowers(Unit, Options),
                        confirmationOptions(Unit, Options)};
    if (HostSide && (!analysis::needsHostSidePass(Unit.Contents) ||
                     !analysis::seesLinesHiddenFrom(preprocessedLines(Request), DeviceLines)))
      break;
    TidyResult Side = runTidy(Request);
    if (!HostSide) {
      DeviceLines = std::move(Side.Lines);
      Lowered = std::move(Side.DeviceIR);
    }
    addInputsRead(Unit, Side, Result);
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
    if (!Result.Facts)
      Result.Facts = std::move(Side.Facts);
    else if (Side.Facts)
      analysis::mergeFacts(*Result.Facts, *Side.Facts);
  }
  Result.Transient = Result.Partial && Result.Partial->StoppedAfterSeconds;
  if (Unit.OnlyFindingsIn)
    keepFindingsIn(*Unit.OnlyFindingsIn, Result.Findings);
  // Replays are bounded by counts: a unit whose replays spent their budget confirms the same
  // findings on every run, and its result is kept like any other.
  if (Options.Confirm)
    confirmUnit(Unit, Options, Result.Facts, Lowered, Stages, Result.Findings);
  return Result;
}

/// analyseUnit on a thread of its own: a crash costs this unit's findings only. Keep, if given,
/// runs there too, after the analysis: the cache's temporary files make LLVM's signal handling
/// give a thread without a large enough signal stack one of its own, which it never frees; a unit
/// thread has one.
UnitResult analyseIsolated(const TranslationUnitInput &Unit, const Run &R,
                           const std::string &FactsFile,
                           llvm::function_ref<void(const UnitResult &)> Keep = nullptr) {
  UnitResult Result;
  analysis::StageRecord Stages;
  if (!runIsolated([&] {
        Result = analyseUnit(Unit, R, FactsFile, Stages);
        if (Keep)
          Keep(Result);
      })) {
    Result = UnitResult{};
    Result.Failure = "analysis crashed in " + Stages.current() + "; report this";
    Result.Transient = true;
  }
  return Result;
}

/// Everything of a unit that its results depend on and that is known before it is parsed.
std::string unitInputs(const TranslationUnitInput &Unit, const RunOptions &Options,
                       const std::string &FactsFile) {
  std::string Text = Unit.File + '\0' + Unit.Directory + '\0' + Unit.OnlyFindingsIn.value_or("");
  // The repository it is in: which of its system headers are the project's own.
  Text += '\0' + analysis::repositoryRoot(Unit.File, *llvm::vfs::getRealFileSystem());
  for (bool HostSide : {false, true})
    if (!HostSide || analysis::needsHostSidePass(Unit.Contents))
      for (const std::string &Arg : unitArguments(Unit, Options, HostSide))
        Text += '\0' + Arg;
  Text += '\0' + analysis::digestOf(Unit.Contents);
  // The rules and options its configuration gives it: editing a .clang-tidy changes the key.
  Text += '\0' + rulesOf(Unit, Options).checkList();
  for (const auto &[Key, Value] : checkOptions(rulesOf(Unit, Options), FactsFile)) {
    if (Key != "cg-non-cooperative-launch.FactsFile") {
      Text += '\0' + Key + '=' + Value;
      continue;
    }
    // The facts by what they say: the run's own are in a new temporary file each time.
    auto Facts = llvm::MemoryBuffer::getFile(Value);
    Text += '\0' + Key + '=' +
            (Facts ? analysis::digestOf((*Facts)->getBuffer()) : "unreadable " + Value);
  }
  return Text;
}

/// The unit's results from the cache, else analysed and kept there.
UnitResult analyseCached(const TranslationUnitInput &Unit, const Run &R,
                         const std::string &FactsFile) {
  if (!R.Cache)
    return analyseIsolated(Unit, R, FactsFile);
  std::string Key = R.Cache->keyOf(unitInputs(Unit, R.Options, FactsFile));
  if (std::optional<UnitResult> Kept = R.Cache->lookup(Key)) {
    if (R.Options.Confirmation.Verbose) // no replay prints its statistics
      llvm::errs() << "coopcheck: cache: " << Unit.File << ": the results of an earlier run\n";
    return std::move(*Kept);
  }
  auto Started = std::chrono::system_clock::now();
  return analyseIsolated(Unit, R, FactsFile,
                         [&](const UnitResult &Result) { R.Cache->store(Key, Result, Started); });
}

/// Analyses the units at Indices, on --jobs threads, the largest sources first so that no long
/// unit starts last; each result goes to its unit's place in Results.
void analyseAll(const std::vector<TranslationUnitInput> &Units, std::vector<size_t> Indices,
                const Run &R, const std::string &FactsFile, std::vector<UnitResult> &Results) {
  analysis::stableSort(Indices, [&](size_t A, size_t B) {
    return Units[A].Contents.size() > Units[B].Contents.size();
  });
  std::atomic<size_t> Next{0};
  std::mutex ProgressLock;
  size_t Started = 0;
  auto Worker = [&] {
    for (size_t I = Next++; I < Indices.size(); I = Next++) {
      const TranslationUnitInput &Unit = Units[Indices[I]];
      if (R.Options.Progress) {
        std::lock_guard<std::mutex> Guard(ProgressLock);
        llvm::errs() << "[" << ++Started << "/" << Indices.size() << "] " << Unit.File << "\n";
      }
      Results[Indices[I]] = analyseCached(Unit, R, FactsFile);
    }
  };
  unsigned Threads = std::max(1u, std::min<unsigned>(R.Options.Jobs, Indices.size()));
  std::vector<std::thread> Pool;
  for (unsigned T = 1; T < Threads; ++T)
    Pool.emplace_back(Worker);
  Worker();
  for (std::thread &T : Pool)
    T.join();
}

/// The result cache's part of the run's options: what changes a unit's results beyond its own
/// inputs.
std::string optionsAffectingResults(const RunOptions &O) {
  const confirmation::ConfirmOptions &C = O.Confirmation;
  std::string Text =
      // The rules and their options are each unit's own (unitInputs).
      std::string(O.Confirm ? "confirm" : "") + '\0' + std::to_string(O.UnitTimeLimitSeconds) +
      '\0' + std::to_string(static_cast<int>(C.Model)) + '\0' + std::to_string(C.UnitSteps) + '\0' +
      std::to_string(C.UnitSolverWork) + '\0' + std::to_string(C.FindingSteps) + '\0' +
      std::to_string(C.FindingSolverWork) + '\0' + std::to_string(C.HuntSteps) + '\0' +
      std::to_string(C.HuntSolverWork);
  for (const std::optional<model::Dim3> &D : {C.Grid, C.Block})
    if (D)
      Text += '\0' + std::to_string(D->X) + "x" + std::to_string(D->Y) + "x" + std::to_string(D->Z);
  return Text;
}

/// The facts of this run's units and of the other runs' units it does not analyse itself, by
/// file: a run over a shard of the units then joins the same facts, in the same order, as one
/// run over all of them (the same kernel wins where two units define it, and the facts file of
/// the second pass, part of its units' result cache key, is the same).
analysis::CrossUnitFacts joinedFacts(const std::vector<UnitResult> &Results,
                                     const std::vector<analysis::UnitFacts> &OtherFacts) {
  std::vector<analysis::UnitFacts> Units;
  std::set<std::string> Own;
  for (const UnitResult &Result : Results)
    if (Result.Facts) {
      Units.push_back(*Result.Facts);
      Own.insert(Result.Facts->File);
    }
  for (const analysis::UnitFacts &Other : OtherFacts)
    if (!Own.count(Other.File))
      Units.push_back(Other);
  analysis::stableSort(Units, [](const analysis::UnitFacts &A, const analysis::UnitFacts &B) {
    return A.File < B.File;
  });
  analysis::CrossUnitFacts Index;
  for (analysis::UnitFacts &Unit : Units)
    Index.add(std::move(Unit));
  return Index;
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
  std::unique_ptr<analysis::PrecompiledPrefixes> Prefixes;
  std::optional<ResultCache> Cache;
  if (Options.CacheDirectory) {
    Prefixes = std::make_unique<analysis::PrecompiledPrefixes>(*Options.CacheDirectory + "/pch",
                                                               /*ManyUnits=*/In.Units.size() > 1);
    Cache.emplace(*Options.CacheDirectory + "/results", optionsAffectingResults(Options));
  }
  Run R{Options, Prefixes.get(), Cache ? &*Cache : nullptr};
  std::vector<UnitResult> Results(In.Units.size());
  std::vector<size_t> All(In.Units.size());
  std::iota(All.begin(), All.end(), 0);
  analyseAll(In.Units, All, R, "", Results);

  analysis::CrossUnitFacts Index = joinedFacts(Results, Options.OtherFacts);
  if (Options.ExportFacts) {
    if (llvm::Error Err = analysis::writeOutput(*Options.ExportFacts, Index.toJson()))
      Report.Failures.push_back(
          {*Options.ExportFacts, "cannot write facts: " + llvm::toString(std::move(Err))});
  }

  // Launches of kernels defined in another unit: analyse those units again with the joined facts.
  std::vector<std::string> Rerun = Index.filesWithCrossUnitLaunchProblems();
  if (!Rerun.empty() && !Options.FactsOnly)
    if (auto FactsFile = writeTemporaryFacts(Index)) {
      std::vector<size_t> Again;
      for (size_t I = 0; I < In.Units.size(); ++I)
        if (llvm::is_contained(Rerun, In.Units[I].File))
          Again.push_back(I);
      analyseAll(In.Units, Again, R, *FactsFile, Results);
      (void)llvm::sys::fs::remove(*FactsFile); // a leftover temporary file is harmless
    }

  for (size_t I = 0; I < Results.size(); ++I) {
    if (Results[I].Failure)
      Report.Failures.push_back({In.Units[I].File, *Results[I].Failure});
    if (Results[I].Partial)
      Report.Partial.push_back(std::move(*Results[I].Partial));

    const TranslationUnitInput &Unit = In.Units[I];
    for (report::Finding &F : Results[I].Findings)
      if (!Options.Headers ||
          Options.Headers->shows(F.Location.File, Unit.OnlyFindingsIn.value_or(Unit.File)))
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
