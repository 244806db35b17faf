// A unit's results kept between runs, as ccache keeps a compiler's: pre-commit hooks and CI run
// coopcheck again and again on mostly unchanged code. An entry is keyed by everything the results
// depend on that is known before parsing (coopcheck's build, the run's options, the unit's file,
// directory, arguments and contents, the rules and check options its configuration gives it, the
// cross-unit facts it was given), and holds the files the
// parse read: it is valid while each of them is unchanged and, for a unit with compile errors
// (often a header not found), while no file appears in a directory it searched. Entries are
// written whole (temporary file and rename), so parallel units and concurrent runs share the
// cache; an entry that does not read is ignored and written again.
#pragma once
#include "analysis/launch/CrossUnitFacts.h"
#include "checks/report/Finding.h"
#include <chrono>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

namespace coopcheck::cli {

/// What the analysis of one unit gives the run.
struct UnitResult {
  std::vector<report::Finding> Findings;
  std::optional<analysis::UnitFacts> Facts;
  std::optional<std::string> Failure;
  std::optional<report::PartialAnalysis> Partial;
  /// Absolute paths of what its parses read: the files, and the directories searched for headers.
  std::vector<std::string> FilesRead = {}, DirectoriesSearched = {};
  /// Set when the result must not be kept (a crash, the --unit-time-limit safety net):
  /// another run may do better.
  bool Transient = false;
};

class ResultCache {
public:
  /// Directory: where entries are kept. RunOptions: the options of the run that change results.
  ResultCache(std::string Directory, const std::string &RunOptions);

  /// The key of a unit's entry; UnitInputs names everything of the unit known before parsing.
  std::string keyOf(const std::string &UnitInputs) const;
  std::optional<UnitResult> lookup(const std::string &Key) const;
  /// Keeps R unless it is transient or one of its files changed since Started (it may then have
  /// been read half old, half new).
  void store(const std::string &Key, const UnitResult &R,
             std::chrono::system_clock::time_point Started) const;

private:
  std::string Directory;
  std::string RunKey;
  mutable std::once_flag NoSpaceWarned;
};

} // namespace coopcheck::cli
