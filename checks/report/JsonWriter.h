// The JSON output of the CLI (--format=json), a stable interface for scripts. Format version 1:
// {
//   "version": 1,                                  // of this format; bumped on incompatible change
//   "tool": {"name": "coopcheck", "version": "0.1.0"},
//   "findings": [{
//     "rule": "cg-early-exit-before-sync", "level": "error" | "warning" | "note",
//     "message": "...", "file": "/abs/path.cu", "line": 12, "column": 3,   // 1-based, bytes
//     "endLine": 12, "endColumn": 14,                                      // end exclusive
//     "notes": [{"message", "file", "line", "column", "endLine", "endColumn"}],
//     "fixes": [{"replacement", "file", "line", "column", "endLine", "endColumn"}],
//     "suppressed": false,                         // true: a NOLINT comment covers it
//     "confirmed": true, "witness": {...}          // only when the executor replayed it
//   }],
//   "failures": [{"file": "/abs/missing.cu", "reason": "..."}],
//   "partial": [{"file", "reason", "compileErrors", "firstError", "functionsNotAnalysed",
//                "functions", "collectiveFunctionsNotAnalysed", "collectiveFunctions",
//                "incomplete", "stoppedAfterSeconds" (only when incomplete)}]
// }
// Every key is always present; an unknown position is 0. Suppressed findings are included.
#pragma once
#include "checks/report/Finding.h"
#include <nlohmann/json.hpp>
#include <ostream>

namespace coopcheck::report {

constexpr int JsonFormatVersion = 1;

nlohmann::ordered_json toJson(const Report &R);
/// toJson(R), indented by two spaces, with a final newline.
void writeJson(std::ostream &OS, const Report &R);

} // namespace coopcheck::report
