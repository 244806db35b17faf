// One coopcheck run over its translation units: analyse each (in parallel with --jobs), join
// their facts, analyse again the units whose launches need another unit's kernel facts, and
// gather everything into one report.
#pragma once
#include "analysis/frontend/ParseSetup.h"
#include "checks/confirmation/Confirmation.h"
#include "checks/report/Finding.h"
#include "tools/coopcheck/Configuration.h"
#include "tools/coopcheck/HeaderFilter.h"
#include "tools/coopcheck/Inputs.h"
#include <map>
#include <optional>
#include <string>

namespace coopcheck::cli {

struct RunOptions {
  analysis::ParseOptions Parse;
  /// The rules each unit runs and their options, by configurationPath (.clang-tidy files,
  /// --config, the flags); a unit not in it runs Rules.
  std::map<std::string, UnitConfiguration> RulesByFile;
  UnitConfiguration Rules;
  unsigned Jobs = 1;
  bool Progress = false;                  ///< [n/N] file on stderr
  std::optional<HeaderFilter> Headers;    ///< --header-filter: findings in headers shown
  std::optional<std::string> ExportFacts; ///< write the joined facts here
  /// --facts: the units other runs analysed (the other shards of a CI job), joined with this
  /// run's own so that launches here are checked against kernels defined there.
  std::vector<analysis::UnitFacts> OtherFacts;
  bool FactsOnly = false;            ///< --facts-only: collect the facts, skip the second pass
  bool Confirm = true;               ///< replay kernels with error findings (--no-confirm)
  unsigned UnitTimeLimitSeconds = 0; ///< --unit-time-limit; 0: none
  /// --cache-dir: precompiled headers and unit results kept between runs; none: --no-cache
  std::optional<std::string> CacheDirectory;
  confirmation::ConfirmOptions Confirmation;
};

report::Report analyse(Inputs Units, const RunOptions &Options);

/// The Clang arguments coopcheck parses one unit with (for --print-parse-args).
std::vector<std::string> unitArguments(const TranslationUnitInput &Unit, const RunOptions &Options,
                                       bool HostSide);

} // namespace coopcheck::cli
