// Confirmation of error-level findings by the symbolic executor (docs/architecture.md,
// "Confirmation"): the unit's device code is lowered to IR and each kernel is replayed on the
// launch shapes found at its constant launch sites (scaled down) and on the default grid. A run
// that hangs, traps or breaks a collective's contract at a finding's locations confirms it with a
// witness; a finding that every explored path of the launches the program makes rules out becomes a
// note; a deadlock no static rule explains is reported as cg-deadlock.
#pragma once
#include "analysis/frontend/DeviceIR.h"
#include "analysis/frontend/ParseSetup.h"
#include "analysis/launch/CrossUnitFacts.h"
#include "checks/report/Finding.h"
#include "runtime-model/semantics/Collectives.h"
#include "runtime-model/semantics/LaunchShape.h"
#include "runtime-model/semantics/Platform.h"
#include <cstdint>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace coopcheck::confirmation {

struct ConfirmOptions {
  model::Semantics Model = model::Semantics::Hardware; ///< --model=hw|spec
  bool Verbose = false;                                ///< executor statistics on stderr
  bool ReportDeadlocks = false; ///< cg-deadlock is enabled: replay every kernel with collectives
  /// The work one translation unit's replays may do in all (each replay is bounded by
  /// executor::Bounds too), instructions interpreted and the solver's resource count: kernels
  /// past it keep their findings as the static rules reported them. Counts, not times, so that
  /// every machine confirms the same findings.
  uint64_t UnitSteps = 24000000, UnitSolverWork = 36000000;
  /// The work the replays that try to confirm one finding may do: a finding in a template that
  /// the unit instantiates many times (a block sort for each key type and block size) is
  /// confirmed or not in the first few instances as in the rest, so past this it keeps its level.
  /// A finding whose replays in one instance all stop at a bound is not tried in the others.
  uint64_t FindingSteps = 8000000, FindingSolverWork = 12000000;
  /// The work the replays that only hunt for deadlocks (of kernels without a finding to confirm)
  /// may do in all, that of one such replay: a hunt looks for what no rule reported, and replaying
  /// every kernel that may wait on memory cost some units ten times their parse. A template's
  /// instances share the code a hang comes from, so only the first instance is hunted, on the
  /// launches the program makes (on the default grid when none is known).
  uint64_t HuntSteps = 500000, HuntSolverWork = 750000;
  /// --grid: the only grid kernels are replayed on.
  std::optional<model::Dim3> Grid, Block;
};

/// One unit whose findings are confirmed: its source, how the static rules parsed it, and the
/// launches it makes (their constant shapes are replayed).
struct UnitToConfirm {
  std::string File; ///< absolute path
  std::string Contents;
  const analysis::TranslatedCommand *Command = nullptr; ///< from the database, if any
  analysis::ParseOptions Parse;
  std::vector<analysis::LaunchFact> Launches;
  /// The names of the kernels that can wait on memory (static facts, analysis/flow/MemoryWaits.h;
  /// unknown: all). Without findings to confirm only they are replayed, so a unit without one is
  /// not lowered at all.
  std::optional<std::set<std::string>> KernelsThatMayWait = std::nullopt;
  /// The device side already lowered from the rules' own parse, which had deviceArguments(); null:
  /// lowered here.
  analysis::DeviceModule *Lowered = nullptr;
};

/// Whether a unit is lowered and replayed at all: it has a finding to confirm, or deadlocks are
/// hunted and a kernel may wait on memory (unknown: it may).
bool replaysWanted(bool FindingsToConfirm, const ConfirmOptions &Options,
                   std::optional<bool> KernelMayWait);

/// The Clang arguments the unit's device side is lowered with (without the file).
std::vector<std::string> deviceArguments(const UnitToConfirm &Unit);

/// Lowers the unit's device side to IR (always with the model headers, whose operations the
/// executor implements, also when the rules parsed a real toolkit), replays its kernels on the
/// platform's warps and updates Findings: confirmed with a witness, downgraded to notes, or
/// joined by cg-deadlock findings. Kernels past the unit's budget (UnitSteps, UnitSolverWork)
/// are not replayed, nor are findings past their own (FindingSteps, FindingSolverWork): they stay
/// as the rules reported them, on every run alike.
void confirmUnit(const UnitToConfirm &Unit, const ConfirmOptions &Options,
                 std::vector<report::Finding> &Findings);

} // namespace coopcheck::confirmation
