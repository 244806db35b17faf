// The clang-style text output of the CLI:
//   src/k.cu:12:3: error: message [cg-rule-id]
//      12 |   grid.sync();
//         |   ^~~~~~~~~
//   src/k.cu:9:5: note: message
//   ...
//   src/k.cu:12:3: warning: message [cg-legacy-warp-intrinsic]
//      12 |   shuffle(v, 0);
//         |   ^~~~~~~~~~~~
//         |   shuffle_sync 0xffffffff,                (fix-its: their replacement texts)
//   1 warning and 2 errors generated.          (only when something was reported)
//   Rule documentation:                        (each rule named, once: checks::ruleDocsUrl)
//     https://github.com/coopcheck/coopcheck/blob/main/docs/checks/cg-legacy-warp-intrinsic.md
// Inputs that could not be analysed are not part of it: the CLI reports them on stderr.
// Paths inside Report::SourceRoot are shown relative to it. Suppressed findings are not shown.
#pragma once
#include "checks/report/Finding.h"
#include <ostream>
#include <string>

namespace coopcheck::report {

/// Writes \p R to \p OS; \p Color adds clang's ANSI colours. Source lines are read from disk; a
/// file that cannot be read just has no snippet. The pages of the rules shown are linked under
/// \p DocsBaseUrl (checks::docsBaseUrl()); none where it is empty.
void writeText(std::ostream &OS, const Report &R, bool Color, const std::string &DocsBaseUrl = "");

} // namespace coopcheck::report
