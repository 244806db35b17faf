// Which lines of the project's own files a parse skipped as inactive preprocessor branches. A
// unit whose source tests __CUDA_ARCH__ may hold code that only its host side compiles; comparing
// the device side's skipped lines with a preprocessor-only run of the host side tells whether a
// second, host-side parse would see anything the device side did not.
#pragma once
#include "clang/Lex/PPCallbacks.h"
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace clang {
class SourceManager;
}

namespace coopcheck::analysis {

struct LineVisibility {
  /// Per file of the project (not a system header), by real path: for each time the parse
  /// entered it, the lines with code (not blank, not only a comment) it skipped, ascending.
  std::map<std::string, std::vector<std::vector<unsigned>>> SkippedPerInclusion;
};

/// Records the parse's skipped lines into Out as the preprocessor runs.
std::unique_ptr<clang::PPCallbacks> recordLineVisibility(const clang::SourceManager &SM,
                                                         LineVisibility &Out);

/// Whether Other's parse saw a line of code that Seen's parse skipped every time it entered its
/// file (or entered a project file that Seen's never did).
bool seesLinesHiddenFrom(const LineVisibility &Other, const LineVisibility &Seen);

} // namespace coopcheck::analysis
