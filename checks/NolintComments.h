// NOLINT comments as clang-tidy reads them: NOLINT and NOLINTNEXTLINE with optional check globs,
// and NOLINTBEGIN/NOLINTEND regions. clang-tidy never lets one cover an error-level diagnostic, so
// the checks read them for their error findings, and the CLI for the executor's findings.
#pragma once
#include "llvm/ADT/StringRef.h"

namespace coopcheck::checks {

/// Whether a NOLINT comment in Source covers a finding of Check on 1-based Line.
bool nolintCovers(llvm::StringRef Source, unsigned Line, llvm::StringRef Check);

} // namespace coopcheck::checks
