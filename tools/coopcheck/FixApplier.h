// coopcheck --fix: the fix-its of the report's unsuppressed findings applied to the files in
// place, each file rewritten once.
#pragma once
#include "checks/report/Finding.h"
#include "llvm/ADT/StringRef.h"
#include <optional>

namespace coopcheck::cli {

/// A fix-it reported more than once (a header seen by several units, both compilation sides) is
/// applied once; a finding whose fix-its conflict with one already taken, or no longer match its
/// file, is left unfixed (with a warning on stderr). Returns false when a file could not be
/// rewritten.
bool applyFixes(const report::Report &Report);

/// Byte offset in \p Text of a 1-based line and byte column, as findings and fix-its give them;
/// nullopt when it lies outside the text.
std::optional<unsigned> byteOffset(llvm::StringRef Text, unsigned Line, unsigned Column);

} // namespace coopcheck::cli
