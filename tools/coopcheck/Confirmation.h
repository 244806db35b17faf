// Confirmation of error-level findings by the symbolic executor: the unit's device code is lowered
// to IR, each kernel that holds such a finding is replayed on the default grid, and a run that
// hangs, traps or breaks a collective's contract at a finding's locations confirms it with a
// witness.
#pragma once
#include "runtime-model/Collectives.h"
#include "tools/coopcheck/Inputs.h"
#include "tools/report/Finding.h"
#include <string>
#include <vector>

namespace coopcheck::cli {

struct ConfirmOptions {
  model::Semantics Model = model::Semantics::Hardware; ///< --model=hw|spec
  unsigned WarpSize = 32;
  bool Verbose = false; ///< executor statistics on stderr
};

void confirmFindings(const TranslationUnitInput &Unit, const std::vector<std::string> &DeviceArgs,
                     const ConfirmOptions &Options, std::vector<report::Finding> &Findings);

} // namespace coopcheck::cli
