// The translation units of a run: files named on the command line, checked for being readable
// source, each with its compile command from -p when there is a database.
#pragma once
#include "analysis/frontend/CompileDatabase.h"
#include "analysis/frontend/FlagTranslator.h"
#include "checks/report/Finding.h"
#include <optional>
#include <string>
#include <vector>

namespace coopcheck::cli {

struct TranslationUnitInput {
  std::string File;      ///< absolute path
  std::string Directory; ///< where its compile command runs
  std::string Contents;
  std::optional<analysis::TranslatedCommand> Command; ///< from the database, when -p is given
  /// Set when File is analysed for a header it includes (named on the command line with no
  /// entry of its own): only the findings in that header are reported.
  std::optional<std::string> OnlyFindingsIn = std::nullopt;
};

struct Inputs {
  std::vector<TranslationUnitInput> Units;
  std::vector<report::InputFailure> Failures;
  /// Entries analysed otherwise than they say (an empty command, a missing directory): one line
  /// each, for stderr.
  std::vector<std::string> Warnings;
};

/// Why a path cannot be analysed (missing, a directory, unreadable, binary), or nullopt.
std::optional<std::string> unreadableReason(const std::string &Path);

/// Files given explicitly; with a database, each through its entry, or through a unit that
/// includes it, or else with the nearest entry's command. With a database and no files, every
/// entry of the database, an entry whose command parses like an earlier one's for the same file
/// (they differ in -o and the like) once.
Inputs gatherInputs(const std::vector<std::string> &Files,
                    const std::vector<analysis::CompileEntry> *Database);

} // namespace coopcheck::cli
