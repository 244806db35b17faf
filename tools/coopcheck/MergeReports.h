// `coopcheck merge -o OUT IN...`: the last step of a sharded CI job. SARIF reports of the
// shards become one report (report/SarifMerge.h); facts files (--export-facts) become one
// facts file for --facts. Also the reading of --facts files for a run.
#pragma once
#include "analysis/launch/CrossUnitFacts.h"
#include "llvm/Support/Error.h"
#include <string>
#include <vector>

namespace coopcheck::cli {

/// Runs `coopcheck merge` on the arguments after "merge"; returns the exit code (2 with a
/// one-line error for a bad input).
int mergeCommand(const std::vector<std::string> &Args);

/// The units of the facts files, each file once: a unit of a file that an earlier file already
/// holds (the same shard's facts given twice) is left out. The error is one line.
llvm::Expected<std::vector<analysis::UnitFacts>>
readFactsFiles(const std::vector<std::string> &Paths);

} // namespace coopcheck::cli
