// Files coopcheck writes (fixed sources, reports, facts) appear whole or not at all: the text goes
// to a temporary file beside the target, which is renamed over it only once complete, so a crash
// or a kill mid-run never leaves a half-written source or report.
#pragma once
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

namespace coopcheck::analysis {

/// Replaces Path with Contents atomically. An existing file keeps its permissions, and a symbolic
/// link stays a link: the file it points to is replaced.
llvm::Error writeAtomically(llvm::StringRef Path, llvm::StringRef Contents);

} // namespace coopcheck::analysis
