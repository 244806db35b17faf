// --line-filter: the findings kept are those on the listed lines, in clang-tidy's JSON form, so
// that clang-tidy-diff style tools (coopcheck-diff, the pre-commit hook's --changed-lines) report
// only what a change touched. A finding is on a line when its primary location is: its notes (a
// kernel's grid.sync() in another file, the condition a collective depends on) point at code the
// finding is about, not code it is reported at, and a review of a change should not be shown the
// findings of lines it left alone. The filter applies after analysis: cross-unit facts still come
// from whole units.
#pragma once
#include "checks/report/Finding.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include <string>
#include <utility>
#include <vector>

namespace coopcheck::report {

class LineFilter {
public:
  /// Parses `[{"name":"file.cu","lines":[[1,3],[5,7]]},{"name":"other.cuh"}]`; the error is one
  /// line saying what is wrong and where.
  static llvm::Expected<LineFilter> parse(llvm::StringRef Json);

  /// As clang-tidy: the first entry whose name is a suffix of File decides; an entry without
  /// lines keeps the whole file; a file no entry names is filtered out; an empty list keeps
  /// everything, and so does a finding without a file.
  bool keeps(llvm::StringRef File, unsigned Line) const;

  /// Whether the filter keeps the finding's primary location.
  bool keeps(const Finding &F) const;

  /// Removes from \p R the findings the filter does not keep.
  void removeFilteredFindings(Report &R) const;

private:
  struct FileLines {
    std::string Name;
    std::vector<std::pair<unsigned, unsigned>> Lines; ///< inclusive ranges
  };
  std::vector<FileLines> Files;
};

} // namespace coopcheck::report
