// --baseline: a run reports only the findings that an earlier SARIF report (the baseline) does
// not already hold, so that a project can adopt coopcheck with known findings and fail only on
// new ones. A result is identified as GitHub code scanning identifies it across uploads: its rule,
// its file and its partialFingerprints.primaryLocationLineHash, which hashes the text from the
// start of the line on and not the line number, so inserting lines above a finding keeps it known.
#pragma once
#include "checks/report/Finding.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include <map>
#include <string>

namespace coopcheck::report {

class Baseline {
public:
  /// Reads a SARIF 2.1.0 log; the error is one line naming the file.
  static llvm::Expected<Baseline> read(const std::string &Path);
  /// The same from the log's text; Name stands for the file in the error.
  static llvm::Expected<Baseline> parse(llvm::StringRef Text, const std::string &Name);

  /// Removes from \p R the findings the baseline holds. Each baseline result accounts for one
  /// finding, so a second identical finding on the same line is still new.
  void removeKnownFindings(Report &R) const;

private:
  /// Identity of a result → how many results of the baseline have it.
  std::map<std::string, unsigned> Known;
};

} // namespace coopcheck::report
