// Files coopcheck writes (fixed sources, reports, facts) appear whole or not at all: the text goes
// to a temporary file beside the target, which is renamed over it only once complete, so a crash
// or a kill mid-run never leaves a half-written source or report.
#pragma once
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include <chrono>

namespace coopcheck::analysis {

/// Replaces Path with Contents atomically. An existing file keeps its permissions, and a symbolic
/// link stays a link: the file it points to is replaced.
llvm::Error writeAtomically(llvm::StringRef Path, llvm::StringRef Contents);

/// Removes the temporary files that writes into Directory left behind when the process was killed
/// (writeAtomically's `*.coopcheck-XXXXXX`, a precompiled header's `*.tmp`) and that are older than
/// Age: a younger one may be a concurrent run's write in progress. A cache calls it when it opens.
void removeStaleTemporaries(llvm::StringRef Directory, std::chrono::hours Age);

/// Writes an output the user names (a report, facts, fixes) as any program writes there: "-" is
/// standard output; a path under /dev/ or /proc/ (/dev/null, /dev/stdout, /dev/fd/N), or one that
/// is not a regular file once links are followed (a device, a FIFO, a socket), is opened and
/// written in place, never replaced; a regular file or a new one is replaced atomically.
llvm::Error writeOutput(llvm::StringRef Path, llvm::StringRef Contents);

} // namespace coopcheck::analysis
