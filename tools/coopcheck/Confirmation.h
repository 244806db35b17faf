// Confirmation of error-level findings by the symbolic executor (RULES.md "Confirmation"): the
// unit's device code is lowered to IR and each kernel is replayed on the launch shapes found at
// its constant launch sites (scaled down) and on the default grid. A run that hangs, traps or
// breaks a collective's contract at a finding's locations confirms it with a witness; a finding
// that every explored path of the launches the program makes rules out becomes a note; a
// deadlock no static rule explains is reported as cg-deadlock.
#pragma once
#include "analysis/Facts.h"
#include "runtime-model/Collectives.h"
#include "runtime-model/LaunchShape.h"
#include <chrono>
#include <optional>
#include "tools/coopcheck/Inputs.h"
#include "tools/report/Finding.h"
#include <string>
#include <vector>

namespace coopcheck::cli {

struct ConfirmOptions {
  model::Semantics Model = model::Semantics::Hardware; ///< --model=hw|spec
  unsigned WarpSize = 32;
  bool Verbose = false;         ///< executor statistics on stderr
  bool ReportDeadlocks = false; ///< cg-deadlock is enabled: replay every kernel with collectives
  /// What one translation unit's replays may take in all: kernels past it keep their findings
  /// as the static rules reported them.
  std::chrono::milliseconds UnitBudget{30000};
  /// --grid: the only grid kernels are replayed on.
  std::optional<model::Dim3> Grid, Block;
};

void confirmFindings(const TranslationUnitInput &Unit, const std::vector<std::string> &DeviceArgs,
                     const std::vector<analysis::LaunchFact> &Launches,
                     const ConfirmOptions &Options, std::vector<report::Finding> &Findings);

} // namespace coopcheck::cli
