// A deterministic order for findings, and the merge of the host and device passes: both may
// report the same finding at the same place, which the user must see once.
#pragma once
#include "checks/report/Finding.h"
#include <vector>

namespace coopcheck::report {

/// Sorts by file, line, column, rule id (then end of range and message, so that the order never
/// depends on the order of the passes) and keeps one finding of each group with the same rule,
/// range and message: the one with the most notes, then the most fix-its, then the first.
void sortAndDedupe(std::vector<Finding> &Findings);

} // namespace coopcheck::report
