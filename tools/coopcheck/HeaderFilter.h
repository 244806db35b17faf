// --header-filter and --exclude-header-filter, with clang-tidy's meaning: a finding in a header is
// reported when the header's path matches the first and not the second; a finding in the unit's
// own source (or in the header the unit is analysed for) always is.
#pragma once
#include "llvm/Support/Error.h"
#include "llvm/Support/Regex.h"
#include <memory>
#include <string>

namespace coopcheck::cli {

class HeaderFilter {
public:
  /// An error naming the option when a regular expression does not compile.
  static llvm::Expected<HeaderFilter> create(llvm::StringRef Include, llvm::StringRef Exclude);

  /// Whether a finding in File is reported from a unit whose own file is UnitFile.
  bool shows(llvm::StringRef File, llvm::StringRef UnitFile) const;

private:
  std::shared_ptr<llvm::Regex> Include, Exclude; // shared: llvm::Regex cannot be copied
};

} // namespace coopcheck::cli
