// Runs the clang-tidy engine with the coopcheck module on one translation unit, the way the
// clang-tidy binary does (so findings, NOLINT handling and messages are those of the plugin),
// and collects the TU's cross-TU facts from the same parse.
#pragma once
#include "analysis/frontend/DeviceIR.h"
#include "analysis/frontend/LineVisibility.h"
#include "analysis/frontend/PrecompiledPrefix.h"
#include "analysis/launch/CrossUnitFacts.h"
#include "analysis/support/AnalysisStage.h"
#include "checks/confirmation/Confirmation.h"
#include "checks/report/Finding.h"
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace coopcheck::cli {

struct TidyRequest {
  std::string File;              ///< absolute path of the source
  std::string Directory;         ///< working directory of the compile command
  std::vector<std::string> Args; ///< Clang arguments, without compiler and input
  std::string Checks = "-*,cg-*";
  std::map<std::string, std::string> CheckOptions;
  unsigned TimeLimitSeconds = 0; ///< the unit's analysis bound; 0: none
  /// Where the unit's -include headers are loaded precompiled from; null: parsed every time.
  analysis::PrecompiledPrefixes *Prefixes = nullptr;
  /// Where the unit's session records its stage, for the caller's crash report; null: nowhere.
  analysis::StageRecord *Stages = nullptr;
  /// Args are those the executor lowers the device side with: the parse is then lowered to IR
  /// once the rules are done with it, when the replays will want it
  /// (confirmation::replaysWanted).
  bool LowersDeviceIR = false;
  confirmation::ConfirmOptions Confirmation; ///< how the executor will replay the unit
};

struct TidyResult {
  std::vector<report::Finding> Findings;
  std::optional<analysis::UnitFacts> Facts;
  /// Set when nothing of the TU could be analysed: the first compile error, on one line.
  std::optional<std::string> Failure;
  /// Compile errors and the functions they kept from analysis (File is left to the caller).
  report::PartialAnalysis Partial;
  /// What the parse read: the files, and the directories it searched for headers.
  std::vector<std::string> FilesRead, DirectoriesSearched;
  /// The lines of the project's files that the parse's preprocessor skipped.
  analysis::LineVisibility Lines;
  /// The parse lowered to IR (TidyRequest::LowersDeviceIR), when the replays will want it.
  std::optional<analysis::DeviceModule> DeviceIR;
};

TidyResult runTidy(const TidyRequest &Request);

/// The lines of the project's files that the request's preprocessor alone skips: a fraction of a
/// parse's cost, to tell whether the parse would see anything another one did not.
analysis::LineVisibility preprocessedLines(const TidyRequest &Request);

} // namespace coopcheck::cli
