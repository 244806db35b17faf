#include "checks/confirmation/Confirmation.h"
#include "analysis/frontend/DeviceIR.h"
#include "analysis/frontend/ParseSetup.h"
#include "checks/NolintComments.h"
#include "checks/RuleTable.h"
#include "checks/confirmation/ReplayShapes.h"
#include "checks/confirmation/Witnesses.h"
#include "checks/report/SourceCache.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/Instructions.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"
#include <chrono>

namespace coopcheck::confirmation {
namespace {

using namespace model;
using namespace model::executor;

using SourceLine = std::pair<std::string, unsigned>;

/// What the rule table (checks/Rules.def) lets the executor do with the finding's rule.
checks::ExecutorRole executorRole(const report::Finding &F) {
  const checks::RuleInfo *Rule = checks::findRule(F.RuleId);
  return Rule ? Rule->Executor : checks::ExecutorRole::None;
}

/// Whether the executor may rule the finding out (downgrade it to a note).
bool executorRefutes(const report::Finding &F) {
  return executorRole(F) == checks::ExecutorRole::ConfirmsOrRefutes;
}

bool needsConfirmation(const report::Finding &F) {
  return F.Severity == report::Level::Error && !F.Suppressed && !F.Confirmed &&
         executorRole(F) != checks::ExecutorRole::None;
}

/// The source lines a kernel's code comes from, inlined callers included. A kernel of a large
/// unit reaches many thousands of instructions from a few files: each file's path is made once.
std::set<SourceLine> linesOf(const llvm::Function &Kernel) {
  std::set<SourceLine> Lines;
  llvm::DenseMap<const llvm::DIFile *, std::string> Paths;
  for (const llvm::Instruction *I : kernelInstructions(Kernel))
    for (const llvm::DILocation *Loc = I->getDebugLoc().get(); Loc; Loc = Loc->getInlinedAt()) {
      auto [Known, New] = Paths.try_emplace(Loc->getFile());
      if (New)
        Known->second = normalisedPath(sourcePointOf(*Loc).File);
      Lines.insert({Known->second, Loc->getLine()});
    }
  return Lines;
}

/// What is left of Budget once Spent is done.
uint64_t left(uint64_t Budget, uint64_t Spent) { return Budget - std::min(Budget, Spent); }

/// Where a kernel is defined, which every instance of a template shares (none without line
/// tables).
std::optional<SourceLine> definitionOf(const llvm::Function &Kernel) {
  const llvm::DISubprogram *Subprogram = Kernel.getSubprogram();
  if (!Subprogram)
    return std::nullopt;
  return SourceLine{normalisedPath(Subprogram->getFilename().str()), Subprogram->getLine()};
}

bool hasCollective(const llvm::Function &Kernel) {
  return llvm::any_of(kernelInstructions(Kernel), [](const llvm::Instruction *I) {
    auto *Call = llvm::dyn_cast<llvm::CallBase>(I);
    return Call && Call->isConvergent();
  });
}

/// Whether the run went wrong at the finding's collective call: at its anchor's line and column,
/// or on its line where the line tables gave the failure no column. Two collectives on one line
/// are thus told apart; a finding without an anchor names no call and matches nothing.
bool failsAt(const report::Finding &F, const std::set<SourcePlace> &Points) {
  if (!F.Anchor)
    return false;
  std::string File = normalisedPath(F.Anchor->File);
  return Points.count({File, F.Anchor->Line, F.Anchor->Column}) ||
         Points.count({File, F.Anchor->Line, 0});
}

/// The work of the unit's replays so far: in all, in those that only hunted for deadlocks, and
/// for each finding they tried to confirm.
struct WorkSpent {
  executor::Work Unit, Hunt;
  std::vector<executor::Work> PerFinding; ///< by the finding's index in the unit's findings
  /// Findings (by index) whose replays in a kernel defined at a place all stopped at a bound
  /// without a witness: the other instances of that template share the code the search could not
  /// finish, so they are not tried.
  std::set<std::pair<size_t, SourceLine>> Inconclusive;
};

/// One kernel's findings and what its replays showed.
class KernelReplay {
public:
  /// Spent: the work of the unit's replays so far, which this one's add to. MayWait: whether the
  /// kernel can wait on memory, so that only a replay finds its hangs. Definition: where the
  /// kernel is defined, if known.
  KernelReplay(const llvm::Function &Kernel, const ConfirmOptions &Options,
               std::vector<report::Finding> &Findings, WorkSpent &Spent, bool MayWait,
               std::optional<SourceLine> Definition)
      : Kernel(Kernel), Options(Options), Findings(Findings), Spent(Spent),
        HuntsDeadlocks(Options.ReportDeadlocks && MayWait && hasCollective(Kernel)),
        Definition(std::move(Definition)) {}

  bool worthReplaying() const { return anyPending() || hunting(); }
  bool huntsDeadlocks() const { return HuntsDeadlocks; }

  void run(const std::vector<ReplayShape> &Shapes) {
    // Ruled out only on the launches the program makes, each replayed as launched.
    std::vector<ReplayShape> Launched;
    std::vector<size_t> Tried = pendingFindings();
    bool RuledOut = true, Bounded = !Shapes.empty();
    for (const ReplayShape &S : Shapes) {
      // A hunt takes the default grid only for a kernel the program launches nowhere known.
      if (S.Assumed && !anyPending() && &S != &Shapes.front())
        break;
      ReplayResult R = replay(S, Options.Model);
      for (const PathResult &P : R.Failures)
        attribute(P, S.Shape);
      if (S.AsLaunched)
        Launched.push_back(S);
      RuledOut &= S.Assumed || (S.AsLaunched && R.Failures.empty() && R.Exhausted);
      Bounded &= !R.BoundHit.empty();
      if (!worthReplaying())
        break;
    }
    if (RuledOut && !Launched.empty() && anyDowngradable() && ruledOutBySpecification(Launched))
      downgrade(Launched);
    for (size_t I : Tried)
      if (Bounded && Definition && unconfirmed(Findings[I]))
        Spent.Inconclusive.insert({I, *Definition});
  }

  std::vector<report::Finding> Deadlocks;

private:
  bool inKernel(const report::Finding &F) const {
    return F.Anchor && lines().count({normalisedPath(F.Anchor->File), F.Anchor->Line}) > 0;
  }
  /// Made when a finding is first looked for: most kernels of a unit have none to confirm.
  const std::set<SourceLine> &lines() const {
    if (!Lines)
      Lines = linesOf(Kernel);
    return *Lines;
  }
  bool unconfirmed(const report::Finding &F) const { return needsConfirmation(F) && inKernel(F); }
  /// A finding of this kernel that replays may still confirm or rule out.
  bool pending(const report::Finding &F) const {
    size_t I = &F - Findings.data();
    return unconfirmed(F) &&
           Spent.PerFinding[I].within(Options.FindingSteps, Options.FindingSolverWork) &&
           !(Definition && Spent.Inconclusive.count({I, *Definition}));
  }
  std::vector<size_t> pendingFindings() const {
    std::vector<size_t> Pending;
    for (size_t I = 0; I < Findings.size(); ++I)
      if (pending(Findings[I]))
        Pending.push_back(I);
    return Pending;
  }
  bool anyPending() const {
    return llvm::any_of(Findings, [&](const report::Finding &F) { return pending(F); });
  }
  bool hunting() const {
    return HuntsDeadlocks && Spent.Hunt.Steps < Options.HuntSteps &&
           Spent.Hunt.SolverWork < Options.HuntSolverWork;
  }
  /// Replays under the specification model only serve downgrades.
  bool anyDowngradable() const {
    return llvm::any_of(Findings,
                        [&](const report::Finding &F) { return pending(F) && executorRefutes(F); });
  }

  ReplayResult replay(const ReplayShape &S, Semantics Model) {
    auto Start = std::chrono::steady_clock::now();
    bool Hunt = !anyPending();
    ReplayResult R = executor::replay(Kernel, S.Shape, Model, bounds(), KnownArguments(),
                                      analysis::modelIncludeDir());
    if (Hunt)
      Spent.Hunt += R.Done;
    for (report::Finding &F : Findings)
      if (pending(F))
        Spent.PerFinding[&F - Findings.data()] += R.Done;
    Spent.Unit += R.Done;
    if (Options.Verbose)
      llvm::errs() << "coopcheck: executor: " << Kernel.getName() << " on " << describeGrid(S.Shape)
                   << " (" << S.Origin
                   << (Model == Semantics::Specification ? ", specification" : "")
                   << "): " << R.PathsExplored << " paths, " << R.Done.Steps << " steps, "
                   << R.Done.SolverWork << " solver work, " << R.Failures.size() << " failing"
                   << (R.BoundHit.empty() ? "" : ", stopped: " + R.BoundHit) << ", "
                   << llvm::format("%.0f", std::chrono::duration<double, std::milli>(
                                               std::chrono::steady_clock::now() - Start)
                                               .count())
                   << " ms\n";
    return R;
  }

  /// A kernel with no finding is replayed only to look for deadlocks: a shorter search, within
  /// what is left of the unit's hunt.
  Bounds bounds() const {
    Bounds Limits;
    if (!anyPending()) {
      Limits.Steps = std::min(Limits.Steps / 4, left(Options.HuntSteps, Spent.Hunt.Steps));
      Limits.SolverWork =
          std::min(Limits.SolverWork / 4, left(Options.HuntSolverWork, Spent.Hunt.SolverWork));
      Limits.Paths = 16;
    }
    return Limits;
  }

  /// A failing run confirms the findings it goes wrong at, also those past their budget, which
  /// cost nothing more; with none, it is a cg-deadlock.
  void attribute(const PathResult &P, const LaunchShape &Shape) {
    std::set<SourcePlace> Points = failurePoints(P);
    bool Explained = false;
    for (report::Finding &F : Findings) {
      if (!inKernel(F) || !failsAt(F, Points))
        continue;
      Explained = true;
      if (unconfirmed(F)) {
        F.Confirmed = true;
        F.Witness = witnessOf(P, Shape, describeGrid(Shape));
      }
    }
    if (Explained || !Options.ReportDeadlocks || !Deadlocks.empty())
      return;
    if (std::optional<report::Finding> D = deadlockFinding(P, Shape, describeGrid(Shape)))
      Deadlocks.push_back(std::move(*D));
  }

  /// The contract itself holds on every path: no thread of a group skips its collectives.
  bool ruledOutBySpecification(const std::vector<ReplayShape> &Shapes) {
    if (Options.Model == Semantics::Specification)
      return true;
    return llvm::all_of(Shapes, [&](const ReplayShape &S) {
      ReplayResult R = replay(S, Semantics::Specification);
      return R.Failures.empty() && R.Exhausted;
    });
  }

  void downgrade(const std::vector<ReplayShape> &Shapes) {
    std::string Where;
    for (const ReplayShape &S : Shapes)
      Where += (Where.empty() ? "" : ", ") + S.Origin + " (" + describeGrid(S.Shape) + ")";
    // Also a finding whose budget these replays have just spent.
    for (report::Finding &F : Findings)
      if (unconfirmed(F) && executorRefutes(F)) {
        F.Severity = report::Level::Note;
        F.Confirmed = false;
        F.Notes.push_back({F.Location, "ruled out by the executor: on every path of " + Where +
                                           ", every thread of each group reaches it"});
      }
  }

  const llvm::Function &Kernel;
  const ConfirmOptions &Options;
  std::vector<report::Finding> &Findings;
  WorkSpent &Spent;
  mutable std::optional<std::set<SourceLine>> Lines;
  bool HuntsDeadlocks;
  std::optional<SourceLine> Definition;
};

/// Whether a kernel of the IR is one the static facts say can wait on memory.
bool mayWait(const llvm::Function &Kernel, const UnitToConfirm &Unit) {
  std::string Name = plainName(Kernel.getName());
  return !Unit.KernelsThatMayWait ||
         llvm::any_of(*Unit.KernelsThatMayWait,
                      [&](const std::string &Waiting) { return plainName(Waiting) == Name; });
}

/// The replays of a unit's kernels, once its device side is lowered.
void confirmFindings(const UnitToConfirm &Unit, analysis::DeviceModule &IR,
                     model::Platform Platform, const ConfirmOptions &Options,
                     std::vector<report::Finding> &Findings) {
  std::vector<report::Finding> Deadlocks;
  unsigned WarpSize = warpSize(Platform, Unit.Parse.HipWave32);
  WorkSpent Spent;
  Spent.PerFinding.resize(Findings.size());
  unsigned NotReplayed = 0;
  std::set<SourceLine> Hunted; // where the kernels hunted in so far are defined
  for (const llvm::Function &Kernel : *IR.Module) {
    if (Kernel.isDeclaration() || Kernel.getCallingConv() != llvm::CallingConv::PTX_Kernel)
      continue;
    std::optional<SourceLine> Definition = definitionOf(Kernel);
    KernelReplay Replay(Kernel, Options, Findings, Spent,
                        mayWait(Kernel, Unit) && !(Definition && Hunted.count(*Definition)),
                        Definition);
    if (!Replay.worthReplaying())
      continue;
    if (Definition && Replay.huntsDeadlocks())
      Hunted.insert(*Definition);
    if (!Spent.Unit.within(Options.UnitSteps, Options.UnitSolverWork)) {
      ++NotReplayed;
      continue;
    }
    std::vector<ReplayShape> Shapes =
        Options.Grid && Options.Block
            ? std::vector<ReplayShape>{{{*Options.Grid, *Options.Block, WarpSize,
                                         LaunchCooperation::Cooperative},
                                        "the grid of --grid",
                                        false}}
            : replayShapes(Kernel, Unit.Launches, WarpSize);
    for (ReplayShape &S : Shapes) {
      S.Shape.ExitReleasesBlockBarrier = model::exitReleasesBlockBarrier(Platform);
      S.Shape.WarpRunsInLockstep = model::warpRunsInLockstep(Platform);
    }
    IR.promoteLocals(model::executor::reachableFunctions(Kernel));
    Replay.run(Shapes);
    Deadlocks.insert(Deadlocks.end(), Replay.Deadlocks.begin(), Replay.Deadlocks.end());
  }
  if (NotReplayed && Options.Verbose)
    llvm::errs() << "coopcheck: executor: " << Unit.File << ": the unit's budget is spent; "
                 << NotReplayed << " kernels not replayed\n";
  report::SourceCache Sources;
  for (report::Finding &D : Deadlocks) {
    const std::string *Text = Sources.contents(D.Location.File);
    D.Suppressed = Text && checks::nolintCovers(*Text, D.Location.Line, D.RuleId);
  }
  Findings.insert(Findings.end(), Deadlocks.begin(), Deadlocks.end());
}

} // namespace

std::vector<std::string> deviceArguments(const UnitToConfirm &Unit) {
  Platform P = analysis::detectPlatform(Unit.File, Unit.Contents, Unit.Command, Unit.Parse);
  analysis::ParseOptions Hermetic = Unit.Parse;
  Hermetic.CudaPath.reset();
  Hermetic.HostSide = false;
  std::optional<analysis::TranslatedCommand> HermeticCommand;
  if (Unit.Command) {
    HermeticCommand = *Unit.Command;
    HermeticCommand->CudaPath.reset();
  }
  return analysis::parseArguments(P, Hermetic, HermeticCommand ? &*HermeticCommand : nullptr);
}

bool replaysWanted(bool FindingsToConfirm, const ConfirmOptions &Options,
                   std::optional<bool> KernelMayWait) {
  return FindingsToConfirm || (Options.ReportDeadlocks && KernelMayWait.value_or(true));
}

void confirmUnit(const UnitToConfirm &Unit, const ConfirmOptions &Options,
                 std::vector<report::Finding> &Findings) {
  std::optional<bool> KernelMayWait;
  if (Unit.KernelsThatMayWait)
    KernelMayWait = !Unit.KernelsThatMayWait->empty();
  if (!replaysWanted(llvm::any_of(Findings, needsConfirmation), Options, KernelMayWait))
    return;
  Platform P = analysis::detectPlatform(Unit.File, Unit.Contents, Unit.Command, Unit.Parse);
  if (Unit.Lowered) {
    confirmFindings(Unit, *Unit.Lowered, P, Options, Findings);
    return;
  }
  llvm::Expected<analysis::DeviceModule> IR =
      analysis::lowerToDeviceIR(Unit.File, deviceArguments(Unit));
  if (!IR) {
    // Findings stay as the static rules reported them.
    llvm::consumeError(IR.takeError());
    return;
  }
  confirmFindings(Unit, *IR, P, Options, Findings);
}

} // namespace coopcheck::confirmation
