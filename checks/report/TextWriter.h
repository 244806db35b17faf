// The clang-style text output of the CLI:
//   src/k.cu:12:3: error: message [cg-rule-id]
//      12 |   grid.sync();
//         |   ^~~~~~~~~
//   src/k.cu:9:5: note: message
//   ...
//   1 warning and 2 errors generated.          (only when something was reported)
// Inputs that could not be analysed are not part of it: the CLI reports them on stderr.
// Paths inside Report::SourceRoot are shown relative to it. Suppressed findings are not shown.
#pragma once
#include "checks/report/Finding.h"
#include <ostream>

namespace coopcheck::report {

/// Writes \p R to \p OS; \p Color adds clang's ANSI colours. Source lines are read from disk; a
/// file that cannot be read just has no snippet.
void writeText(std::ostream &OS, const Report &R, bool Color);

} // namespace coopcheck::report
