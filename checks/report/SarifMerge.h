// `coopcheck merge`: joins the SARIF reports of the shards of one job (coopcheck runs over parts
// of the same units, --shard=K/N) into the report one run over all the units writes: one run,
// one tool.driver.rules[] (as GitHub code scanning wants), the results in the order and with
// the deduplication of report/FindingOrder.h, the artifacts renumbered in the order the results
// mention them, the notifications in file order, executionSuccessful only when every shard's was.
#pragma once
#include "llvm/Support/Error.h"
#include <string>
#include <vector>

namespace coopcheck::report {

struct SarifShard {
  std::string Name; ///< the file it came from, for errors
  std::string Text;
};

/// The merged log, written as writeSarif writes one. Errors are one line naming the input: not
/// JSON, not a SARIF 2.1.0 log of one run, written by another tool, or by another coopcheck
/// version or category than the first input.
llvm::Expected<std::string> mergeSarif(const std::vector<SarifShard> &Shards);

} // namespace coopcheck::report
