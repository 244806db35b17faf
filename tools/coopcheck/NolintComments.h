// NOLINT comments for the findings that do not go through clang-tidy (cg-deadlock, from the
// executor): NOLINT and NOLINTNEXTLINE with optional check globs, and NOLINTBEGIN/NOLINTEND
// regions, read as clang-tidy reads them.
#pragma once
#include "llvm/ADT/StringRef.h"

namespace coopcheck::cli {

/// Whether a NOLINT comment in Source covers a finding of Check on 1-based Line.
bool nolintCovers(llvm::StringRef Source, unsigned Line, llvm::StringRef Check);

} // namespace coopcheck::cli
